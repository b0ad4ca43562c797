import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { ConsoleLog, consoleLink } from './console-log';

const redact = (text: string) => text.replaceAll('hunter2', '<secret>PASSWORD</secret>');

test('entries go to console-<start time>.log as they arrive; each take links the lines written since the last', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'console-log-'));
  const start = Date.UTC(2026, 0, 2, 3, 4, 5, 678);
  const log = new ConsoleLog(dir, redact, start);
  expect(await log.take()).toBeUndefined();
  expect(existsSync(join(dir, 'console-2026-01-02T03-04-05-678Z.log'))).toBe(false);

  log.append(start + 12, '[LOG] one @ http://x/a.html:3');
  const first = await log.take();
  expect(first).toEqual({ file: join(dir, 'console-2026-01-02T03-04-05-678Z.log'), from: 1, to: 1 });
  expect(consoleLink('.playwright-mcp/c.log', first!)).toBe('.playwright-mcp/c.log#L1');

  log.append(start + 1500, 'Error: boom\n    at a.html:9');
  log.append(start + 1501, '[LOG] typed hunter2');
  const second = await log.take();
  expect(consoleLink('c.log', second!)).toBe('c.log#L2-L4');
  expect(await log.take()).toBeUndefined();
  expect(readFileSync(first!.file, 'utf8')).toBe(
    [
      '[      12ms] [LOG] one @ http://x/a.html:3',
      '[    1500ms] Error: boom',
      '    at a.html:9',
      '[    1501ms] [LOG] typed <secret>PASSWORD</secret>',
      '',
    ].join('\n'),
  );

  log.stop();
  log.append(start + 2000, '[LOG] after the page moved on');
  expect(await log.take()).toBeUndefined();
});
