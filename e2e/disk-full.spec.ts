import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openSession } from '../src/main/sessions/session-reader';
import { expect, test } from './support/fixtures';
import { connectHttp, startHttpServer } from './support/mcp';
import { openInspector } from './support/ui';

/** A 2 MB tmpfs for the recording: a real full disk. Where mounting is not allowed the test says so and skips. */
function mountSmallDisk(): { dir: string } | { skip: string } {
  const dir = mkdtempSync(join(tmpdir(), 'ai-full-disk-'));
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=2m', 'tmpfs', dir], { stdio: 'pipe' });
    return { dir };
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    return {
      skip: `cannot mount a 2 MB tmpfs to simulate a full disk: ${String((error as { stderr?: Buffer }).stderr ?? error).trim()}`,
    };
  }
}

/** Writes until the disk refuses: what is left is less than a block. */
function fillDisk(dir: string) {
  try {
    writeFileSync(join(dir, 'filler.bin'), Buffer.alloc(4 * 2 ** 20));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOSPC') throw error;
  }
}

test('a full disk while recording: the agent is told once and keeps working, the UI marks the session, the folder reads to the last whole step', async ({
  site,
}) => {
  const disk = mountSmallDisk();
  test.skip('skip' in disk, 'skip' in disk ? disk.skip : '');
  const { dir } = disk as { dir: string };
  const server = await startHttpServer(['--session-dir', dir], 'serve');
  let stderr = '';
  server.process.stderr!.on('data', chunk => (stderr += chunk));
  const { browser, page, errors } = await openInspector(server.url);
  const agent = await connectHttp(server.url);
  try {
    expect((await agent.call('browser_navigate', { url: `${site.url}/form.html` })).text).not.toContain(
      'Recording stopped',
    );
    expect((await agent.call('browser_snapshot')).text).not.toContain('Recording stopped');
    await expect(page.getByTestId('session-item')).toHaveCount(1);
    await expect(page.getByTestId('recording-failed-badge')).toHaveCount(0);

    fillDisk(dir);
    // The call itself works (the page is navigated and answered); its answer carries the note, once.
    const failed = await agent.call('browser_navigate', { url: `${site.url}/large.html?n=400` });
    expect(failed.isError).toBe(false);
    expect(failed.parsed.page?.url).toContain('/large.html');
    const sessionDir = join(dir, readdirSync(dir).find(name => name !== 'filler.bin')!);
    expect(failed.text).toContain(
      `Recording stopped: no space left on device (ENOSPC) (${sessionDir}); the browser keeps working, steps after 2 are not recorded.`,
    );
    const next = await agent.call('browser_snapshot');
    expect(next.isError).toBe(false);
    expect(next.parsed.snapshot?.yaml).toContain('Action 1');
    expect(next.text).not.toContain('Recording stopped');
    expect(stderr).toContain('recording stopped after step 2: no space left on device (ENOSPC)');

    // The UI: a toast that says what happened, a badge on the session that stays.
    await expect(
      page.getByRole('alert').filter({ hasText: 'Recording stopped: no space left on device (ENOSPC)' }),
    ).toBeVisible();
    const badge = page.getByTestId('recording-failed-badge');
    await expect(badge).toBeVisible();
    await expect(badge).toHaveAttribute('title', 'Recording stopped after step 2: no space left on device (ENOSPC)');
    // The live session still shows every step: the UI holds them in memory.
    await expect(page.getByTestId('session-item')).toContainText('4 steps');

    // On disk: the two whole steps, nothing torn, no stray temp file.
    const recorded = await openSession(sessionDir);
    expect(recorded.warnings).toEqual([]);
    expect(recorded.steps.map(step => step.seq)).toEqual([1, 2]);
    expect(readdirSync(join(sessionDir, 'artifacts')).filter(file => file.endsWith('.tmp'))).toEqual([]);
    expect(stderr).not.toMatch(/Unhandled/i);
    expect(errors).toEqual([]);
  } finally {
    await agent.close().catch(() => {});
    await browser.close();
    await server.stop();
    execFileSync('umount', [dir]);
    rmSync(dir, { recursive: true, force: true });
  }
});
