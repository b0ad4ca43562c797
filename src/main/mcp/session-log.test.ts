import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { expect, test } from '@playwright/test';
import { SessionLog } from './session-log';

const text = (value: string) => ({ type: 'text' as const, text: value });

test('each call is an entry of arguments and answer sections, as @playwright/mcp writes session.md', async () => {
  const root = mkdtempSync(join(tmpdir(), 'session-log-'));
  writeFileSync(join(root, 'page.yml'), '- heading "Hi" [ref=e1]');
  const log = await SessionLog.create(join(root, 'out'), root);
  expect(basename(dirname(log.file))).toMatch(/^session-\d{13}$/);
  await log.log(
    'browser_navigate',
    { url: 'https://example.com' },
    {
      content: [
        text(
          [
            '### Ran Playwright code',
            '```js',
            "await page.goto('https://example.com');",
            '```',
            '### Page',
            '- Page URL: https://example.com/',
            '### Snapshot',
            '- [Snapshot](page.yml)',
            '### Page changes',
            'New page: its whole tree.',
          ].join('\n'),
        ),
      ],
    },
  );
  await log.log(
    'browser_click',
    { target: 'e9' },
    { content: [text('### Error\nNo such ref'), text('### Note\nextra')], isError: true },
  );
  expect(readFileSync(log.file, 'utf8')).toBe(
    [
      '',
      '### Tool call: browser_navigate',
      '- Args',
      '```json',
      '{\n  "url": "https://example.com"\n}',
      '```',
      '- Result',
      '```json',
      JSON.stringify(
        {
          code: "await page.goto('https://example.com');",
          page: '- Page URL: https://example.com/',
          snapshot: '- heading "Hi" [ref=e1]',
        },
        null,
        2,
      ),
      '```',
      '',
      '### Tool call: browser_click',
      '- Args',
      '```json',
      '{\n  "target": "e9"\n}',
      '```',
      '- Result',
      '```json',
      JSON.stringify({ error: 'No such ref', isError: true, attachments: [text('### Note\nextra')] }, null, 2),
      '```',
      '',
    ].join('\n'),
  );
});

test('an entry that cannot be written is left out; the next ones go in once the folder is back', async () => {
  const root = mkdtempSync(join(tmpdir(), 'session-log-'));
  const log = await SessionLog.create(join(root, 'out'), root);
  rmSync(dirname(log.file), { recursive: true });
  await log.log('browser_snapshot', {}, { content: [text('### Page\n- Page URL: about:blank')] });
  mkdirSync(dirname(log.file));
  await log.log('browser_close', {}, { content: [text('### Result\nNo open tabs.')] });
  const written = readFileSync(log.file, 'utf8');
  expect(written).not.toContain('browser_snapshot');
  expect(written).toContain('### Tool call: browser_close');
});
