import { mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import WebSocket from 'ws';
import { expect, test } from './support/fixtures';
import { connectHttp, refOf, startHttpServer } from './support/mcp';
import { openInspector, stepRow } from './support/ui';

/** One bridge command over web mode's real WebSocket, as the UI sends it. */
async function bridgeCall(
  serverUrl: string,
  command: string,
  input: unknown,
): Promise<{ ok: boolean; error?: string; value?: unknown }> {
  const socket = new WebSocket(`${serverUrl.replace('http', 'ws')}/bridge`, { headers: { origin: serverUrl } });
  await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
  try {
    socket.send(JSON.stringify({ id: 1, command, input }));
    return await new Promise(resolve =>
      socket.on('message', data => {
        const message = JSON.parse(String(data));
        if (message.id === 1) resolve(message);
      }),
    );
  } finally {
    socket.close();
  }
}

test('Browser State tab: the files of a live session and of its recording, refs linked both ways, nothing outside the folder', async ({
  site,
}, testInfo) => {
  test.setTimeout(120_000);
  const workspace = mkdtempSync(join(tmpdir(), 'ui-state-files-'));
  const sessions = join(workspace, 'sessions');
  let server = await startHttpServer(['--session-dir', sessions], 'serve', workspace);
  try {
    const { browser, page, errors } = await openInspector(server.url);
    const agent = await connectHttp(server.url);
    let sessionId = '';
    try {
      const navigate = await agent.call('browser_navigate', { url: `${site.url}/form.html` });
      const name = refOf(navigate.parsed.snapshot!.yaml, /textbox "Full name"/);
      await agent.call('browser_type', { target: name, text: 'Ada Lovelace' });
      await agent.call('browser_click', { target: refOf(navigate.parsed.snapshot!.yaml, /button "Create account"/) });
      await expect(page.getByTestId('timeline-step')).toHaveCount(3);
      await stepRow(page, 3).click();
      await page.getByTestId('tab-state-files').click();

      const files = page.getByTestId('state-file');
      await expect(files.first()).toHaveAttribute('data-path', 'dom.html');
      await expect(files.nth(1)).toHaveAttribute('data-path', 'accessibility-tree.yaml');
      const clickDiff = page.locator('[data-testid=state-file][data-path^="diffs/"][data-path*="-click-"]');
      await expect(clickDiff).toHaveCount(1);
      await expect(page.getByTestId('state-folder')).toHaveText('diffs/ 1 file');
      const editor = page.getByTestId('state-file-editor');
      await expect(editor).toHaveAttribute('data-path', 'dom.html');
      await expect(editor).toContainText(`ref="${name}"`);

      // Clicking the ref in dom.html selects that node in the aria tree…
      await editor.getByText(`ref="${name}"`).first().click();
      await expect(page.getByTestId('aria-tree').locator('[aria-selected=true]')).toHaveAttribute('data-ref', name);
      // …and selecting a node in the tree reveals its line in the file.
      await page.getByTestId('aria-tree').locator('[data-ref="e2"]').click();
      await expect(editor).toHaveAttribute('data-selected-ref', 'e2');
      await expect(editor.locator('.code-step-line')).toHaveCount(1);
      // Both themes, with the tree's selection marked in dom.html (looked at: attachments state-files-light/dark).
      for (const theme of ['light', 'dark']) {
        if (theme === 'dark') await page.getByTestId('theme-toggle').click();
        await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
        // Monaco repaints its tokens in the new theme a frame or two later.
        await expect(editor.locator(`.monaco-editor.${theme === 'dark' ? 'vs-dark' : 'vs'}`)).toHaveCount(1);
        await page.waitForTimeout(300);
        await page.screenshot({ path: testInfo.outputPath(`state-files-${theme}.png`) });
        await testInfo.attach(`state-files-${theme}`, {
          path: testInfo.outputPath(`state-files-${theme}.png`),
          contentType: 'image/png',
        });
      }
      await page.getByTestId('theme-toggle').click();

      await clickDiff.click();
      await expect(editor).toContainText('Saved Ada Lovelace');
      await page.screenshot({ path: testInfo.outputPath('state-files.png') });
      await testInfo.attach('state-files', { path: testInfo.outputPath('state-files.png'), contentType: 'image/png' });

      // Only the folder's own files: traversal, absolute paths and a symlink out are refused with the path named.
      sessionId = (await page.getByTestId('session-item').first().getAttribute('data-session-id'))!;
      const outside = join(workspace, 'secret.txt');
      writeFileSync(outside, 'not for the inspector');
      const stateDir = join(workspace, '.playwright-mcp', 'browser-state', sessionId);
      symlinkSync(outside, join(stateDir, 'link.txt'));
      for (const [path, message] of [
        ['../../../secret.txt', "is outside the session's Browser State folder"],
        [outside, "is not a path inside the session's Browser State folder"],
        ['link.txt', "is outside the session's Browser State folder"],
        ['nope.html', 'No file "nope.html"'],
      ]) {
        const reply = await bridgeCall(server.url, 'readStateFile', { sessionId, seq: 2, path });
        expect(reply.ok, path).toBe(false);
        expect(reply.error, path).toContain(message);
      }
      const dom = await bridgeCall(server.url, 'readStateFile', { sessionId, seq: 2, path: 'dom.html' });
      expect(dom.ok).toBe(true);
      // A huge file is shown cut, and says so.
      writeFileSync(join(stateDir, 'huge.html'), '<p>x</p>\n'.repeat(300_000));
      await stepRow(page, 2).click();
      await page.locator('[data-testid=state-file][data-path="huge.html"]').click();
      await expect(page.getByTestId('state-file-truncated')).toHaveText(
        'huge.html is 2.6 MB: showing its first 2.0 MB.',
      );
      await expect(editor).toHaveAttribute('data-path', 'huge.html');
      expect(errors).toEqual([]);
    } finally {
      await agent.close();
      await browser.close();
    }
    await server.stop();

    // The recording, opened by another inspector: the same files rebuilt as of the selected step.
    server = await startHttpServer(['--session-dir', sessions], 'serve', workspace);
    const { browser: again, page: recorded } = await openInspector(server.url);
    try {
      await recorded.getByTestId('session-item').first().click();
      await stepRow(recorded, 1).click();
      await recorded.getByTestId('tab-state-files').click();
      await expect(recorded.getByTestId('state-note')).toHaveText('As after step 1, rebuilt from the recording.');
      await expect(recorded.getByTestId('state-file')).toHaveCount(2);
      await stepRow(recorded, 3).click();
      await expect(recorded.getByTestId('state-note')).toHaveText('As after step 3, rebuilt from the recording.');
      await recorded.locator('[data-testid=state-file][data-path^="diffs/003-click-"]').click();
      await expect(recorded.getByTestId('state-file-editor')).toContainText('Saved Ada Lovelace');
      const refused = await bridgeCall(server.url, 'readStateFile', { sessionId, seq: 2, path: '../events.jsonl' });
      expect(refused.error).toContain('No file "../events.jsonl" in this session\'s Browser State as of step 2');
    } finally {
      await again.close();
    }
  } finally {
    await server.stop();
    rmSync(workspace, { recursive: true, force: true });
  }
});
