import { z } from 'zod';
import { linkPath, outputPath, resultOrFile, writeOutput } from '../files';
import { defineTool } from '../tool';

const snapshot = defineTool({
  name: 'browser_snapshot',
  title: 'Page snapshot',
  description: 'Capture accessibility snapshot of the current page, this is better than screenshot',
  schema: z.strictObject({
    target: z
      .string()
      .optional()
      .describe('Exact target element reference from the page snapshot, or a unique element selector'),
    filename: z
      .string()
      .optional()
      .describe(
        'Save snapshot to a file instead of returning it in the response. Relative file names are resolved against the workspace root.',
      ),
    depth: z.number().positive().optional().describe('Limit the depth of the snapshot tree'),
    boxes: z
      .boolean()
      .optional()
      .describe(
        "Include each element's bounding box as [box=x,y,width,height] in the snapshot. Coordinates are viewport-relative, in CSS pixels (Element.getBoundingClientRect)",
      ),
  }),
  scope: 'page',
  readOnly: true,
  async handler({ args, tab, context, response }) {
    if (!args.target && !args.filename) {
      response.includeSnapshot({ depth: args.depth, boxes: args.boxes, inline: true });
      return;
    }
    const options = { depth: args.depth, boxes: args.boxes ?? context.config.snapshotBoxes };
    // An element's snapshot becomes the one Playwright resolves refs in: the page's last one cannot be reused.
    if (args.target) tab.forgetSnapshot();
    const yaml = args.target
      ? await (await tab.locator(args.target)).locator.ariaSnapshot({ mode: 'ai', ...options })
      : await tab.snapshot(options);
    // As @playwright/mcp: under `### Snapshot`, inline or as a link to the file it was saved to.
    if (!args.filename) return response.setSnapshot({ yaml });
    const file = outputPath(context.workspace, args.filename, '');
    await writeOutput(context, file, yaml);
    response.setSnapshot({ file: linkPath(context.workspace, file, true) });
  },
});

/** Lines of context shown around each match, as @playwright/mcp shows them. */
const CONTEXT_LINES = 3;

const indentOf = (line: string) => line.length - line.trimStart().length;

/** The lines that open the nodes containing line `index`, outermost first. */
function ancestorsOf(lines: string[], index: number): number[] {
  const found: number[] = [];
  let indent = indentOf(lines[index]);
  for (let i = index - 1; i >= 0 && indent > 0; i--) {
    if (!lines[i].trim() || indentOf(lines[i]) >= indent) continue;
    found.push(i);
    indent = indentOf(lines[i]);
  }
  return found.reverse();
}

/**
 * Search snippets of the snapshot, in @playwright/mcp's form: each run of matches with a few lines of context, under
 * the path from the root; "..." marks a gap off that path. Empty when nothing matches.
 */
function findSnippets(yaml: string, matches: (line: string) => boolean): { count: number; snippets: string[] } {
  const lines = yaml.split('\n');
  const matched = lines.flatMap((line, index) => (matches(line) ? [index] : []));
  const windows: { start: number; end: number }[] = [];
  for (const index of matched) {
    const start = Math.max(0, index - CONTEXT_LINES);
    const end = Math.min(lines.length - 1, index + CONTEXT_LINES);
    const last = windows.at(-1);
    if (last && start <= last.end + 1) last.end = Math.max(last.end, end);
    else windows.push({ start, end });
  }
  const onPath = new Set(matched.flatMap(index => [index, ...ancestorsOf(lines, index)]));
  const snippets = windows.map(({ start, end }) => {
    const indices = [...ancestorsOf(lines, start), ...Array.from({ length: end - start + 1 }, (_, i) => start + i)];
    return indices
      .flatMap((index, i) => {
        const gap = i > 0 && index > indices[i - 1] + 1 && !onPath.has(index) && !onPath.has(indices[i - 1]);
        return gap ? [' '.repeat(indentOf(lines[index])) + '...', lines[index]] : [lines[index]];
      })
      .join('\n');
  });
  return { count: matched.length, snippets };
}

const find = defineTool({
  name: 'browser_find',
  title: 'Find in page snapshot',
  description:
    'Search the accessibility snapshot of the current page for text or a regular expression. Returns matching snapshot nodes with a few lines of surrounding context (like search snippets), each shown under its path from the root of the tree, which is cheaper than capturing the whole snapshot when you only need to locate an element and its ref.',
  schema: z.strictObject({
    text: z
      .string()
      .optional()
      .describe(
        'Plain text to search for in the page snapshot (case-insensitive substring match). Provide either text or regex, not both.',
      ),
    regex: z
      .string()
      .optional()
      .describe(
        'Regular expression to search for in the page snapshot. Matching is case-sensitive by default; wrap the pattern in slashes to add flags, e.g. "/error/i" for case-insensitive. Provide either text or regex, not both.',
      ),
    filename: z
      .string()
      .optional()
      .describe(
        'Save results to a file instead of returning them in the response. Relative file names are resolved against the workspace root.',
      ),
  }),
  scope: 'page',
  readOnly: true,
  async handler({ args, tab, context, response }) {
    if (!args.text && !args.regex) throw new Error('Provide either "text" or "regex" to search for.');
    if (args.text && args.regex) throw new Error('Provide only one of "text" or "regex", not both.');
    let query: string;
    let matches: (line: string) => boolean;
    if (args.text) {
      query = `"${args.text}"`;
      const needle = args.text.toLowerCase();
      matches = line => line.toLowerCase().includes(needle);
    } else {
      const slashed = args.regex!.match(/^\/(.*)\/([a-z]*)$/s);
      let regex: RegExp;
      try {
        // A global flag would make test() resume where the last match ended: dropped, as the peer does.
        regex = slashed ? new RegExp(slashed[1], slashed[2].replace(/g/g, '')) : new RegExp(args.regex!);
      } catch (error) {
        throw new Error(`Invalid regex "${args.regex}": ${(error as Error).message}`);
      }
      query = String(regex);
      matches = line => regex.test(line);
    }
    const { count, snippets } = findSnippets(await tab.snapshot(), matches);
    const text = count
      ? `Found ${count} ${count === 1 ? 'match' : 'matches'} for ${query}:\n\n${snippets.join('\n\n----\n\n')}`
      : `No matches found for ${query}.`;
    await resultOrFile(context, response, args.filename, text);
  },
});

export default [snapshot, find];
