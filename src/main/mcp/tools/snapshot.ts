import { z } from 'zod';
import { resultOrFile } from '../files';
import { defineTool } from '../tool';

const snapshot = defineTool({
  name: 'browser_snapshot',
  title: 'Page snapshot',
  description: 'Capture accessibility snapshot of the current page, this is better than screenshot',
  schema: z.strictObject({
    target: z.string().optional().describe('Exact target element reference from the page snapshot, or a unique element selector'),
    filename: z.string().optional().describe('Save snapshot to a file instead of returning it in the response. Relative file names are resolved against the workspace root.'),
    depth: z.number().positive().optional().describe('Limit the depth of the snapshot tree'),
    boxes: z.boolean().optional().describe('Include each element\'s bounding box as [box=x,y,width,height] in the snapshot. Coordinates are viewport-relative, in CSS pixels (Element.getBoundingClientRect)'),
  }),
  scope: 'page',
  readOnly: true,
  async handler({ args, tab, context, response }) {
    if (!args.target && !args.filename) {
      response.includeSnapshot({ depth: args.depth, boxes: args.boxes, inline: true });
      return;
    }
    const options = { depth: args.depth, boxes: args.boxes ?? context.config.snapshotBoxes };
    const yaml = args.target
      ? await (await tab.locator(args.target)).locator.ariaSnapshot({ mode: 'ai', ...options })
      : await tab.snapshot(options);
    await resultOrFile(context, response, args.filename, args.filename ? yaml : '```yaml\n' + yaml + '\n```');
    response.includePage();
  },
});

/** Lines of the snapshot matching the query, each with the path of its ancestors so the agent sees where it is. */
function findInSnapshot(yaml: string, matches: (line: string) => boolean): string[] {
  const found: string[] = [];
  const ancestors: { indent: number; line: string }[] = [];
  for (const line of yaml.split('\n')) {
    const indent = line.search(/\S/);
    while (ancestors.length && ancestors[ancestors.length - 1].indent >= indent) ancestors.pop();
    if (matches(line)) {
      const path = ancestors.map(a => a.line.trim().replace(/^- /, '').replace(/:$/, '')).filter(Boolean);
      const node = line.trim().replace(/:$/, '');
      found.push(path.length ? `${node}  (in: ${path.slice(-3).join(' > ')})` : node);
    }
    ancestors.push({ indent, line });
  }
  return found;
}

const find = defineTool({
  name: 'browser_find',
  title: 'Find in page snapshot',
  description: 'Find elements in the accessibility snapshot of the current page by text or regular expression, returning matching lines with their refs',
  schema: z.strictObject({
    text: z.string().optional().describe('Plain text to search for in the page snapshot (case-insensitive substring match). Provide either text or regex, not both.'),
    regex: z.string().optional().describe('Regular expression to search for in the page snapshot. Matching is case-sensitive by default; wrap the pattern in slashes to add flags, e.g. "/error/i" for case-insensitive. Provide either text or regex, not both.'),
    filename: z.string().optional().describe('Save results to a file instead of returning them in the response. Relative file names are resolved against the workspace root.'),
  }),
  scope: 'page',
  readOnly: true,
  async handler({ args, tab, context, response }) {
    if ((args.text === undefined) === (args.regex === undefined)) throw new Error('Provide either "text" or "regex", not both and not neither.');
    let matches: (line: string) => boolean;
    if (args.text !== undefined) {
      const needle = args.text.toLowerCase();
      matches = line => line.toLowerCase().includes(needle);
    } else {
      const slashed = args.regex!.match(/^\/(.*)\/([a-z]*)$/s);
      let regex: RegExp;
      try {
        regex = slashed ? new RegExp(slashed[1], slashed[2]) : new RegExp(args.regex!);
      } catch (error) {
        throw new Error(`Invalid regex "${args.regex}": ${(error as Error).message}`);
      }
      matches = line => { regex.lastIndex = 0; return regex.test(line); };
    }
    const found = findInSnapshot(await tab.snapshot(), matches);
    const text = found.length ? `Found ${found.length} match${found.length === 1 ? '' : 'es'}:\n${found.join('\n')}` : 'No matches.';
    await resultOrFile(context, response, args.filename, text);
  },
});

export default [snapshot, find];
