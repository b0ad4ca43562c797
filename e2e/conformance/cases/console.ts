import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { CaseTable } from '../harness';

const open = { tool: 'browser_navigate', args: { url: '{url}/console-log.html' }, setup: true };
const click = (name: string, setup = false) => ({
  tool: 'browser_click',
  args: { element: name, target: new RegExp(`button "${name}"`) },
  setup,
});

/** The --secrets file, outside both servers' workspaces: the value the page logs must not reach the log file. */
const secrets = join(mkdtempSync(join(tmpdir(), 'ai-conformance-console-')), 'secrets.env');
writeFileSync(secrets, 'TOKEN=s3cr3t-value\n');

/**
 * The console log file a response links (`New console entries: …console-<time>.log#L<a>-L<b>`): which entries go to
 * it, when a new file starts, and browser_console_messages. The harness compares the linked lines of both files too.
 */
export const consoleLog: CaseTable = {
  group: 'console',
  cases: [
    { name: 'a click that logs one entry', calls: [open, click('Log one')] },
    { name: 'a click that logs several entries', calls: [open, click('Log several')] },
    {
      name: 'entries logged between calls',
      calls: [open, click('Log later'), { tool: 'browser_wait_for', args: { time: 2 } }],
    },
    {
      name: 'a navigation starts a new file',
      calls: [
        open,
        click('Log several', true),
        { tool: 'browser_navigate', args: { url: '{url}/console-log.html?again' } },
        click('Log one'),
      ],
    },
    {
      name: '--console-level error',
      flags: ['--console-level', 'error'],
      calls: [open, click('Log one'), click('Log several')],
    },
    { name: '--console-level debug', flags: ['--console-level', 'debug'], calls: [open, click('Log several')] },
    { name: 'a secret is redacted in the file', flags: ['--secrets', secrets], calls: [open, click('Log secret')] },
    {
      name: 'console messages to a file',
      calls: [
        open,
        click('Log several', true),
        { tool: 'browser_console_messages', args: { filename: 'console.txt' } },
      ],
    },
    {
      name: 'console messages at level error to a file',
      calls: [
        open,
        click('Log several', true),
        { tool: 'browser_console_messages', args: { level: 'error', filename: 'errors.txt' } },
      ],
    },
  ],
};
