import { readFileSync } from 'node:fs';
import { appendFile, mkdir } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { splitSections } from '../../shared/response';

/** The answer's sections as the log names them; other sections (ours: Page changes, Browser State) are not logged. */
const LOGGED: Record<string, string> = {
  Result: 'result',
  Error: 'error',
  'Ran Playwright code': 'code',
  'Open tabs': 'tabs',
  Page: 'page',
  Events: 'events',
  'Modal state': 'modalState',
  Paused: 'paused',
};

/** The text inside a fenced block (```js … ```), or the text as is. */
const unfenced = (body: string) => body.match(/^```\w*\n([\s\S]*?)\n?```$/)?.[1] ?? body;

/**
 * --save-session's log as @playwright/mcp writes it: `session-<epoch ms>/session.md` in the output folder, its path
 * printed on stderr, then one entry per tool call that ran (its arguments, then its answer's sections as JSON, with the
 * snapshot a link points at read in). Entries are appended one after another; one that cannot be written is left out
 * and the next ones are still tried, so the log picks up again once the folder is writable.
 */
export class SessionLog {
  private writes: Promise<void> = Promise.resolve();

  private constructor(
    readonly file: string,
    private readonly root: string,
  ) {}

  /** `root`: the workspace root, which the answers' links are relative to. */
  static async create(outputDir: string, root: string): Promise<SessionLog> {
    const dir = join(outputDir, `session-${Date.now()}`);
    await mkdir(dir, { recursive: true });
    process.stderr.write(`Session: ${dir}\n`);
    return new SessionLog(join(dir, 'session.md'), root);
  }

  log(tool: string, args: Record<string, unknown>, result: CallToolResult): Promise<void> {
    const answer = this.answerOf(result);
    const entry = ['', `### Tool call: ${tool}`, '- Args', '```json', JSON.stringify(args, null, 2), '```'];
    if (answer) entry.push('- Result', '```json', JSON.stringify(answer, null, 2), '```');
    entry.push('');
    this.writes = this.writes.then(() => appendFile(this.file, entry.join('\n'))).catch(() => {});
    return this.writes;
  }

  /** The sections of the answer's first text (none when it starts with an image), the error flag, what follows the text. */
  private answerOf(result: CallToolResult): Record<string, unknown> | undefined {
    const [first, ...rest] = result.content;
    if (first?.type !== 'text') return undefined;
    const sections = new Map(
      splitSections(first.text).flatMap(section => (section.title ? [[section.title, section.body.trim()]] : [])),
    );
    const answer: Record<string, unknown> = {};
    for (const [title, key] of Object.entries(LOGGED)) {
      const body = sections.get(title);
      if (body !== undefined) answer[key] = key === 'code' ? unfenced(body) : body;
    }
    const snapshot = sections.get('Snapshot');
    const link = snapshot?.match(/\[Snapshot\]\(([^)]+)\)/);
    if (link) answer.snapshot = this.read(link[1]);
    else if (snapshot !== undefined) answer.inlineSnapshot = unfenced(snapshot);
    answer.isError = result.isError;
    if (rest.length) answer.attachments = rest;
    // In the peer's order: result, error, code, tabs, page, snapshot, inlineSnapshot, events, modalState, paused, …
    const order = [
      'result',
      'error',
      'code',
      'tabs',
      'page',
      'snapshot',
      'inlineSnapshot',
      'events',
      'modalState',
      'paused',
      'isError',
      'attachments',
    ];
    return Object.fromEntries(order.filter(key => answer[key] !== undefined).map(key => [key, answer[key]]));
  }

  /** A linked file's text; nothing when it cannot be read (the log leaves the key out). */
  private read(link: string): string | undefined {
    try {
      return readFileSync(resolve(this.root, link), 'utf8');
    } catch {
      return undefined;
    }
  }
}
