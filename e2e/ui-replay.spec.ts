import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright';
import { expect, test } from '@playwright/test';
import { connectHttp, refOf, startHttpServer, type HttpServerProcess } from './support/mcp';
import { startShop, type ShopSite } from './support/shop-site';
import { openInspector, stepRow } from './support/ui';

let server: HttpServerProcess;
let shop: ShopSite;
let sessions: string;

test.beforeEach(async () => {
  // Outside test-results/, which a concurrent run may clear.
  sessions = mkdtempSync(join(tmpdir(), 'ui-replay-'));
  shop = await startShop();
  await recordShop();
  // The UI comes from a second run of serve, so the session is a recording on disk (the agent's HTTP session would
  // otherwise still be open: an agent that never says goodbye is still "working").
  server = await startHttpServer(['--session-dir', sessions], 'serve');
});
test.afterEach(async () => {
  await server.stop();
  await shop.close();
  rmSync(sessions, { recursive: true, force: true });
});

/** An agent's session through `serve --session-dir`: 1 navigate, 2 type the quantity, 3 click Add to cart, 4 snapshot, 5 follow Details. */
async function recordShop() {
  const recorder = await startHttpServer(['--session-dir', sessions], 'serve');
  const agent = await connectHttp(recorder.url);
  const nav = await agent.call('browser_navigate', { url: `${shop.url}/shop` });
  const yaml = nav.parsed.snapshot!.yaml;
  await agent.call('browser_type', { element: 'Quantity', target: refOf(yaml, /textbox "Quantity"/), text: '3' });
  await agent.call('browser_click', { element: 'Add to cart', target: refOf(yaml, /button "Add to cart"/) });
  await agent.call('browser_snapshot');
  await agent.call('browser_click', { element: 'Details', target: refOf(yaml, /link "Details"/) });
  await agent.close();
  await recorder.stop();
}

const badge = (page: Page, seq: number) => stepRow(page, seq).getByTestId('replay-badge');

/** Records every value the progress bar shows from now on (a run of five steps is over in a second or two). */
function watchProgress(page: Page) {
  return page.evaluate(() => {
    const seen: string[] = [];
    (window as unknown as { __progress: string[] }).__progress = seen;
    new MutationObserver(() => {
      const bar = document.querySelector<HTMLElement>('[data-testid=replay-progress]');
      const text = bar?.textContent ?? '';
      if (bar && seen.at(-1) !== text) seen.push(text);
    }).observe(document.body, { subtree: true, childList: true, characterData: true, attributes: true });
  });
}

/** Replaces the editor's text the way a user would: select all, then type (inserted as one edit). */
async function setEditorText(page: Page, testId: string, text: string) {
  await page.getByTestId(testId).locator('.view-lines').click();
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.press('Delete');
  await page.keyboard.insertText(text);
}

test('F10 steps through a finished session, F8 runs the rest with a progress bar; a changed site shows drift at the right step', async ({}, testInfo) => {
  test.setTimeout(120_000);
  const { browser, page, errors } = await openInspector(server.url);
  try {
    await page.getByTestId('session-item').first().click();
    await expect(page.getByTestId('timeline-step')).toHaveCount(5);
    await expect(page.getByTestId('replay-bar')).toBeVisible();
    await expect(page.getByTestId('replay-help')).toHaveAttribute(
      'title',
      /F10: Step over[\s\S]*F8: Run all[\s\S]*Shift\+F8 or Esc: Stop/,
    );

    // Step over twice: two results, in order, each beside its step.
    await page.keyboard.press('F10');
    await expect(badge(page, 1)).toHaveAttribute('data-status', 'ok');
    await expect(page.getByTestId('replay-summary')).toContainText('1/5 replayed');
    await page.keyboard.press('F10');
    await expect(badge(page, 2)).toHaveAttribute('data-status', 'ok');
    await expect(page.getByTestId('replay-badge')).toHaveCount(2);

    // The Replay tab shows step 2 replayed beside its recording: both screenshots.
    await stepRow(page, 2).click();
    await page.getByTestId('tab-replay').click();
    await expect(page.getByTestId('replay-result')).toHaveAttribute('data-status', 'ok');
    await expect(page.getByTestId('replay-recorded-shot').locator('img')).toBeVisible();
    await expect(page.getByTestId('replay-replayed-shot').locator('img')).toBeVisible();

    // F8: the rest, with the progress bar counting.
    await watchProgress(page);
    await page.keyboard.press('F8');
    await expect(badge(page, 5)).toHaveAttribute('data-status', 'ok', { timeout: 30_000 });
    await expect(page.getByTestId('replay-summary')).toContainText('5/5 replayed');
    await expect(page.getByTestId('replay-summary')).toContainText('5 ok · 0 drift · 0 failed');
    // The replay was recorded and compared with the recording: they do not part.
    await expect(page.getByTestId('replay-divergence')).toHaveText('= no divergence');
    // The replay ran on a browser of its own: the one agents use was never started.
    await expect(page.getByTestId('browser-state')).toHaveText('stopped');
    const seen = await page.evaluate(() => (window as unknown as { __progress: string[] }).__progress);
    expect(seen.length).toBeGreaterThan(1);
    expect(seen).toContainEqual(expect.stringMatching(/^0\/3 · step 3 click/));
    expect(seen).toContainEqual(expect.stringMatching(/^2\/3 · step 5 click/));
    await page.screenshot({ path: test.info().outputPath('replay-clean.png') });

    // The site changes: the Details link now leads elsewhere. Run all again from the start.
    shop.detailsHref = '/other';
    await page.getByTestId('replay-reset').click();
    await expect(page.getByTestId('replay-badge')).toHaveCount(0);
    await page.keyboard.press('F8');
    await page.getByTestId('replay-bar').screenshot({ path: test.info().outputPath('replay-progress.png') });
    await expect(badge(page, 5)).toHaveAttribute('data-status', 'drift', { timeout: 30_000 });
    for (const seq of [1, 2, 3]) await expect(badge(page, seq)).toHaveAttribute('data-status', 'ok');
    // The snapshot at step 4 already shows the new link; step 5 lands on another URL.
    await expect(badge(page, 4)).toHaveAttribute('data-status', 'drift');
    // Once the run ended, a drifted step reads as its pair in the comparison with the recording, as Compare words it.
    await expect(badge(page, 5)).toHaveText('~ changed');
    await expect(badge(page, 5)).toHaveAttribute('data-pair', 'changed');
    await expect(badge(page, 5)).toHaveAttribute(
      'title',
      new RegExp(`url: ${shop.url}/details → ${shop.url}/other\npage: the aria snapshots differ`),
    );
    await stepRow(page, 4).click();
    await expect(page.getByTestId('replay-compared')).toContainText('~ changed compared with the recording');
    await expect(page.getByTestId('replay-compared')).toContainText('page: the aria snapshots differ');
    await expect(page.getByTestId('replay-diff').first()).toContainText('+    - /url: /other');
    await page.screenshot({ path: test.info().outputPath('replay-drift.png') });

    // The pages differ from step 1 on (the link's new address), but the runs first act differently at step 5.
    await expect(page.getByTestId('replay-divergence')).toHaveText('first divergence at step 5: ~ changed');
    await page.getByTestId('replay-compare').click();
    const view = page.getByTestId('compare-view');
    await expect(view).toContainText('Replay compared with the recording');
    await expect(view.getByTestId('compare-pair')).toHaveCount(5);
    await expect(view.getByTestId('compare-pair').nth(4)).toHaveAttribute('aria-selected', 'true');
    await expect(view.getByTestId('compare-first-divergence')).toBeVisible();
    await expect(view.getByTestId('compare-detail')).toContainText('A 5 click link "Details"');
    await expect(view.getByTestId('compare-differences')).toContainText(`url: ${shop.url}/details → ${shop.url}/other`);
    // B's screenshot is the replay's own, from its recording.
    await expect(view.getByTestId('compare-shots').locator('img')).toHaveCount(2);
    await expect(view.getByTestId('pixel-diff-summary')).toContainText('% of pixels differ');
    await page.screenshot({ path: test.info().outputPath('replay-compare.png') });
    await testInfo.attach('replay-compare', { body: await page.screenshot(), contentType: 'image/png' });
    await page.keyboard.press('Escape');
    await expect(view).toBeHidden();
    await testInfo.attach('replay-drift', { body: await page.screenshot(), contentType: 'image/png' });
    await page.getByTestId('theme-toggle').click();
    await page.screenshot({ path: test.info().outputPath('replay-drift-dark.png') });
    expect(errors).toEqual([]);
  } finally {
    await browser.close();
  }
});

test('run to here replays up to the selected step; Esc stops a run; edited code runs on the replay page and an error marks its line', async ({}, testInfo) => {
  test.setTimeout(120_000);
  const { browser, page, errors } = await openInspector(server.url);
  try {
    await page.getByTestId('session-item').first().click();
    await expect(page.getByTestId('timeline-step')).toHaveCount(5);
    await stepRow(page, 3).click();
    await page.getByTestId('replay-to').click();
    // The run starts a fresh browser and replays three steps: more than the default 5 s on a busy machine.
    await expect(badge(page, 3)).toHaveAttribute('data-status', 'ok', { timeout: 20_000 });
    await expect(page.getByTestId('replay-summary')).toContainText('3/5 replayed');
    await expect(badge(page, 4)).toHaveCount(0);

    // Esc during a run stops it after the step in flight; what was replayed stays.
    await page.keyboard.press('F8');
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('replay-summary')).toBeVisible();
    const replayed = Number((await page.getByTestId('replay-summary').textContent())!.match(/(\d)\/5 replayed/)![1]);
    expect(replayed).toBeGreaterThanOrEqual(3);

    await page.getByTestId('tab-run-code').click();
    await expect(page.getByTestId('run-code')).toContainText('full Playwright access');
    // Working code: runs on the replay browser's page and returns a value.
    await setEditorText(
      page,
      'run-code-editor',
      `await page.goto('${shop.url}/shop');\nawait page.getByRole('textbox', { name: 'Quantity' }).fill('7');\nawait page.getByRole('button', { name: 'Add to cart' }).click();\nreturn await page.getByRole('status').textContent();`,
    );
    await page.getByTestId('run-code-run').click();
    await expect(page.getByTestId('run-code-result')).toHaveAttribute('data-ok', 'true', { timeout: 20_000 });
    await expect(page.getByTestId('run-code-result')).toContainText('"Added 7"');
    await expect(page.getByTestId('run-code-result')).toContainText('the replay browser');

    // An error on line 3: named in the result, and the line marked in the editor.
    await setEditorText(
      page,
      'run-code-editor',
      `await page.goto('${shop.url}/shop');\nconst title = await page.title();\nawait page.getByRole('button', { name: 'Checkout' }).click({ timeout: 1000 });\nreturn title;`,
    );
    await page.getByTestId('run-code-run').click();
    const result = page.getByTestId('run-code-result');
    await expect(result).toHaveAttribute('data-ok', 'false', { timeout: 20_000 });
    await expect(result).toContainText(/Line 3: .*Timeout 1000ms exceeded/);
    await expect(page.getByTestId('run-code-editor')).toHaveAttribute('data-error-line', '3');
    const marked = await page.evaluate(() => {
      const tops = new Set(
        Array.from(
          document.querySelectorAll<HTMLElement>('[data-testid=run-code-editor] .run-error-line'),
          el => el.parentElement!.style.top,
        ),
      );
      return Array.from(document.querySelectorAll<HTMLElement>('[data-testid=run-code-editor] .view-line'))
        .filter(line => tops.has(line.style.top))
        .map(line => (line.textContent ?? '').replace(/\u00a0/g, ' '));
    });
    // One code line, perhaps wrapped over several view lines.
    expect(marked.join('')).toBe(`await page.getByRole('button', { name: 'Checkout' }).click({ timeout: 1000 });`);
    await page.screenshot({ path: test.info().outputPath('replay-run-code.png') });
    await testInfo.attach('run-code-error', { body: await page.screenshot(), contentType: 'image/png' });

    // A syntax error is caught before anything runs, at its line.
    await setEditorText(page, 'run-code-editor', `const a = 1;\nawait page.click(;`);
    await page.getByTestId('run-code-run').click();
    await expect(result).toContainText(/Line 2: SyntaxError/);
    expect(errors).toEqual([]);
  } finally {
    await browser.close();
  }
});

test('a live session cannot be replayed while the agent works; edited code runs on its own page without adding a step', async ({}) => {
  const { browser, page, errors } = await openInspector(server.url);
  const agent = await connectHttp(server.url);
  try {
    await agent.call('browser_navigate', { url: `${shop.url}/shop` });
    await expect(page.getByTestId('timeline-step')).toHaveCount(1);
    // A running session has the debugger's bar (Pause, Step, Continue) where an ended one has replay's.
    await expect(page.getByTestId('debug-bar')).toBeVisible();
    await expect(page.getByTestId('replay-bar')).toHaveCount(0);
    await page.keyboard.press('F8');
    await expect(page.getByTestId('replay-badge')).toHaveCount(0);

    await page.getByTestId('tab-run-code').click();
    await expect(page.getByTestId('run-code')).toContainText("on the live session's page");
    await setEditorText(
      page,
      'run-code-editor',
      `await page.getByRole('textbox', { name: 'Quantity' }).fill('2');\nreturn await page.getByRole('textbox', { name: 'Quantity' }).inputValue();`,
    );
    await page.getByTestId('run-code-run').click();
    await expect(page.getByTestId('run-code-result')).toHaveAttribute('data-ok', 'true');
    await expect(page.getByTestId('run-code-result')).toContainText('"2"');
    // The agent sees what the code did on its page; the code is not one of the agent's steps.
    const snapshot = await agent.call('browser_snapshot');
    expect(snapshot.parsed.snapshot!.yaml).toMatch(/textbox "Quantity".*: "?2"?/);
    await expect(page.getByTestId('timeline-step')).toHaveCount(2);
    await expect(stepRow(page, 2)).toContainText('snapshot');
    expect(errors).toEqual([]);
  } finally {
    await agent.close();
    await browser.close();
  }
});
