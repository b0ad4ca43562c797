import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from './support/fixtures';
import { connectHttp, refOf, startHttpServer } from './support/mcp';
import { openInspector, stepRow } from './support/ui';

const PASSWORD = 'ui-replay-pa55word';

test('a replay that needs a masked secret waits for it: the UI asks with a hidden field, the step then passes, the value is never sent back', async ({
  site,
}, testInfo) => {
  test.setTimeout(120_000);
  const sessions = mkdtempSync(join(tmpdir(), 'ui-replay-secrets-'));
  // Recorded through one serve, inspected in another: the session is a finished recording on disk.
  const recorder = await startHttpServer(['--session-dir', sessions], 'serve');
  const agent = await connectHttp(recorder.url);
  const nav = await agent.call('browser_navigate', { url: `${site.url}/form.html` });
  await agent.call('browser_type', {
    element: 'Password',
    target: refOf(nav.parsed.snapshot!.yaml, /textbox "Password"/),
    text: PASSWORD,
  });
  await agent.call('browser_snapshot');
  await agent.close();
  await recorder.stop();

  const server = await startHttpServer(['--session-dir', sessions], 'serve');
  let serverOutput = '';
  server.process.stdout!.on('data', chunk => (serverOutput += chunk));
  server.process.stderr!.on('data', chunk => (serverOutput += chunk));
  const { browser, page, errors } = await openInspector(server.url);
  // What the core sends the UI (events, replies): the value must never come back.
  const received: string[] = [];
  page.on('websocket', socket => socket.on('framereceived', frame => received.push(String(frame.payload))));
  try {
    await page.reload();
    await page.getByTestId('session-item').first().click();
    await expect(page.getByTestId('timeline-step')).toHaveCount(3);
    await page.keyboard.press('F8');

    // Step 1 replays, then the run waits before step 2, which types the masked password.
    const prompt = page.getByTestId('replay-secrets');
    await expect(prompt).toBeVisible({ timeout: 30_000 });
    await expect(prompt).toContainText('Step 2 types a secret the recording masked');
    await expect(page.getByTestId('replay-progress')).toContainText('waiting for secrets');
    await expect(stepRow(page, 1).getByTestId('replay-badge')).toHaveAttribute('data-status', 'ok');
    const field = page.getByTestId('replay-secret-PASSWORD');
    await expect(field).toHaveAttribute('type', 'password');
    await expect(page.getByTestId('replay-secrets-submit')).toBeDisabled();
    await field.fill(PASSWORD);
    await page.getByTestId('replay-bar').screenshot({ path: testInfo.outputPath('replay-secrets-prompt.png') });
    await page.screenshot({ path: testInfo.outputPath('replay-secrets-page.png') });
    await page.getByTestId('replay-secrets-submit').click();

    await expect(prompt).toHaveCount(0);
    await expect(page.getByTestId('replay-summary')).toContainText('3/3 replayed', { timeout: 30_000 });
    await expect(page.getByTestId('replay-summary')).toContainText('0 failed');
    await expect(stepRow(page, 2).getByTestId('replay-badge')).toHaveAttribute('data-status', 'ok');
    await page.screenshot({ path: testInfo.outputPath('replay-secrets-done.png') });

    expect(received.length).toBeGreaterThan(0);
    for (const frame of received) expect(frame).not.toContain(PASSWORD);
    expect(serverOutput).not.toContain(PASSWORD);
    expect(await page.content()).not.toContain(PASSWORD);
    // Nothing written: the recording folder holds the mask only.
    const files = readdirSync(sessions, { recursive: true, encoding: 'utf8' })
      .map(name => join(sessions, name))
      .filter(path => statSync(path).isFile());
    for (const file of files) expect(readFileSync(file).includes(PASSWORD), file).toBe(false);
    expect(errors).toEqual([]);
  } finally {
    await browser.close();
    await server.stop();
    rmSync(sessions, { recursive: true, force: true });
  }
});
