import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import type { ToolCallEvent } from '../../shared/events';
import { openSession } from './session-reader';
import { SessionWriter, type WriteFailure } from './session-writer';

const call = (seq: number, extra: Partial<ToolCallEvent>): ToolCallEvent =>
  ({
    type: 'tool-call',
    sessionId: 's',
    seq,
    tool: 'browser_click',
    args: {},
    outcome: 'ok',
    startedAt: seq,
    endedAt: seq,
    response: {},
    ...extra,
  }) as ToolCallEvent;

test('a large DomState diff goes to a file, a small one stays in the log; an unchanged screenshot is stored once', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'writer-'));
  const writer = new SessionWriter(dir, { type: 'session-started', sessionId: 's', transport: 'stdio', time: 1 });
  const shot = (text: string) => ({ mimeType: 'image/jpeg', base64: Buffer.from(text).toString('base64') });
  const bigDiff = `--- a/dom.html\n+++ b/dom.html\n@@ -1,2000 +1,2000 @@\n${'-<p>old</p>\n+<p>new</p>\n'.repeat(2000)}`;
  writer.write(
    call(1, {
      domState: { dom: '<p>a</p>', diff: '-a\n+b\n', extraction: 'utility-world' },
      screenshot: shot('page one'),
    }),
  );
  writer.write(
    call(2, {
      domState: { dom: '<p>b</p>', diff: bigDiff, extraction: 'utility-world' },
      screenshot: shot('page one'),
    }),
  );
  writer.write(call(3, { screenshot: shot('page two') }));
  await writer.flush();

  const session = await openSession(dir);
  const [one, two, three] = session.steps;
  expect(one.artifacts.domDiff).toBe('-a\n+b\n');
  expect(two.artifacts.domDiff).toEqual({ file: '0002-dom-state.diff.gz' });
  expect(await session.domStateDiff(two)).toBe(bigDiff);
  expect(await session.domStateDiff(one)).toBe('-a\n+b\n');
  expect([one.artifacts.screenshot, two.artifacts.screenshot, three.artifacts.screenshot]).toEqual([
    '0001-screenshot.jpg',
    '0001-screenshot.jpg',
    '0003-screenshot.jpg',
  ]);
  expect(readdirSync(join(dir, 'artifacts')).filter(file => file.endsWith('.jpg'))).toEqual([
    '0001-screenshot.jpg',
    '0003-screenshot.jpg',
  ]);
});

/** A 1 MB tmpfs: a real full disk, where the kernel writes what fits and then refuses (ENOSPC). */
function smallDisk(): { dir: string; release: () => void } | string {
  const dir = mkdtempSync(join(tmpdir(), 'full-disk-'));
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=1m', 'tmpfs', dir], { stdio: 'pipe' });
  } catch (error) {
    return `cannot mount a tmpfs here (${String((error as { stderr?: Buffer }).stderr ?? error).trim()})`;
  }
  return { dir, release: () => execFileSync('umount', [dir]) };
}

test('a full disk stops the recording once: the log keeps only whole records, each with its artifacts', async () => {
  const disk = smallDisk();
  test.skip(typeof disk === 'string', typeof disk === 'string' ? disk : '');
  const { dir, release } = disk as Exclude<typeof disk, string>;
  try {
    const failures: WriteFailure[] = [];
    const writer = new SessionWriter(
      dir,
      { type: 'session-started', sessionId: 's', transport: 'stdio', time: 1 },
      failure => failures.push(failure),
    );
    // Random bytes: no two screenshots are the same, so each is stored. Every third step has a 150 KB record and no
    // screenshot: the disk fills within a few steps, on an artifact or in the middle of a log line.
    const shot = () => ({ mimeType: 'image/png', base64: randomBytes(20 * 1024).toString('base64') });
    for (let seq = 1; seq <= 20; seq++) {
      writer.write(call(seq, seq % 3 ? { screenshot: shot() } : { response: { result: 'x'.repeat(150_000 + seq) } }));
    }
    await writer.flush();

    expect(failures).toHaveLength(1);
    expect(failures[0].reason).toBe('no space left on device (ENOSPC)');
    expect(writer.stopped).toBe(true);
    const session = await openSession(dir);
    expect(session.warnings).toEqual([]);
    expect(session.steps.length).toBeGreaterThan(0);
    expect(session.steps.at(-1)!.seq).toBe(failures[0].lastSeq);
    for (const step of session.steps)
      if (step.seq % 3) expect(existsSync(join(dir, 'artifacts', step.artifacts.screenshot!))).toBe(true);
    // Nothing half-written stays behind: no temp file of a failed artifact.
    expect(readdirSync(join(dir, 'artifacts')).filter(file => file.endsWith('.tmp'))).toEqual([]);
  } finally {
    release();
  }
});
