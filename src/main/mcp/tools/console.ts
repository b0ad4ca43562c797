import { z } from 'zod';
import { CONSOLE_LEVELS, formatConsoleEntry } from '../../browser/tab-events';
import { linkPath, outputPath, writeOutput } from '../files';
import { defineTool } from '../tool';

const consoleMessages = defineTool({
  name: 'browser_console_messages',
  title: 'Get console messages',
  description: 'Returns all console messages',
  schema: z.strictObject({
    level: z
      .enum(CONSOLE_LEVELS)
      .default('info')
      .describe(
        'Level of the console messages to return. Each level includes the messages of more severe levels. Defaults to "info".',
      ),
    all: z
      .boolean()
      .optional()
      .describe(
        'Return all console messages since the beginning of the session, not just since the last navigation. Defaults to false.',
      ),
    filename: z
      .string()
      .optional()
      .describe(
        'File name to save the console messages to. Relative file names are resolved against the workspace root. If not provided, messages are returned as text.',
      ),
  }),
  scope: 'page',
  readOnly: true,
  async handler({ args, tab, context, response }) {
    const maxSeverity = CONSOLE_LEVELS.indexOf(args.level);
    const source = args.all ? tab.console : tab.currentConsole();
    const entries = source.filter(entry => CONSOLE_LEVELS.indexOf(entry.level) <= maxSeverity);
    const count = (level: string) => source.filter(e => e.level === level).length;
    const text = [
      `Total messages: ${source.length} (Errors: ${count('error')}, Warnings: ${count('warning')})`,
      ...(entries.length === source.length ? [] : [`Returning ${entries.length} messages for level "${args.level}"`]),
      '',
      ...entries.map(formatConsoleEntry),
    ].join('\n');
    if (!args.filename) return response.addResult(text);
    // Linked as the peer links the file it wrote: `- [Console](./name)`.
    const file = outputPath(context.workspace, args.filename, '');
    await writeOutput(context, file, text);
    response.addResult(`- [Console](${linkPath(context.workspace, file, true)})`);
  },
});

export default [consoleMessages];
