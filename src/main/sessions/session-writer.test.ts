import { mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import type { ToolCallEvent } from '../../shared/events';
import { openSession } from './session-reader';
import { SessionWriter } from './session-writer';

const call = (seq: number, extra: Partial<ToolCallEvent>): ToolCallEvent => ({
  type: 'tool-call', sessionId: 's', seq, tool: 'browser_click', args: {}, outcome: 'ok', startedAt: seq, endedAt: seq,
  response: {}, ...extra,
} as ToolCallEvent);

test('a large DomState diff goes to a file, a small one stays in the log; an unchanged screenshot is stored once', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'writer-'));
  const writer = new SessionWriter(dir, { type: 'session-started', sessionId: 's', transport: 'stdio', time: 1 });
  const shot = (text: string) => ({ mimeType: 'image/jpeg', base64: Buffer.from(text).toString('base64') });
  const bigDiff = `--- a/dom.html\n+++ b/dom.html\n@@ -1,2000 +1,2000 @@\n${'-<p>old</p>\n+<p>new</p>\n'.repeat(2000)}`;
  writer.write(call(1, { domState: { dom: '<p>a</p>', diff: '-a\n+b\n', extraction: 'utility-world' }, screenshot: shot('page one') }));
  writer.write(call(2, { domState: { dom: '<p>b</p>', diff: bigDiff, extraction: 'utility-world' }, screenshot: shot('page one') }));
  writer.write(call(3, { screenshot: shot('page two') }));
  await writer.flush();

  const session = await openSession(dir);
  const [one, two, three] = session.steps;
  expect(one.artifacts.domDiff).toBe('-a\n+b\n');
  expect(two.artifacts.domDiff).toEqual({ file: '0002-dom-state.diff.gz' });
  expect(await session.domStateDiff(two)).toBe(bigDiff);
  expect(await session.domStateDiff(one)).toBe('-a\n+b\n');
  expect([one.artifacts.screenshot, two.artifacts.screenshot, three.artifacts.screenshot]).toEqual(['0001-screenshot.jpg', '0001-screenshot.jpg', '0003-screenshot.jpg']);
  expect(readdirSync(join(dir, 'artifacts')).filter(file => file.endsWith('.jpg'))).toEqual(['0001-screenshot.jpg', '0003-screenshot.jpg']);
});
