import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright';
import { expect, test } from './support/fixtures';
import { connectHttp, startHttpServer } from './support/mcp';
import { openInspector, stepRow } from './support/ui';

/** What the Negotiation tab must show for "Click the blue button" (seq 3: the interact call; seq 2: its click). */
async function expectBlueButtonRounds(page: Page) {
  await stepRow(page, 3).click();
  await page.getByTestId('tab-negotiation').click();
  const rounds = page.getByTestId('negotiation-round');
  await expect(rounds).toHaveCount(2);
  await expect(page.getByTestId('negotiation')).toContainText('“Click the blue button” · planner deterministic');
  // Round 1: semantic_v3 only; the planner asks for hybrid context and says why.
  await expect(rounds.nth(0)).toHaveAttribute('data-mode', 'semantic_v3');
  await expect(rounds.nth(0)).toContainText(/\d+ nodes · [\d.]+ (KB|B) · ≈[\d,]+ tokens/);
  await expect(rounds.nth(0).getByTestId('round-answer')).toContainText(/Asked for hybrid \(skeleton DOM \+ screenshot\): .*blue/);
  // Round 2: the retry's artifacts, as text and as an image, and the action with its target.
  await expect(rounds.nth(1)).toHaveAttribute('data-mode', 'hybrid');
  await expect(rounds.nth(1)).toContainText('screenshot');
  await expect(rounds.nth(1).getByTestId('round-screenshot')).toBeVisible();
  await rounds.nth(1).getByText(/Skeleton DOM sent/).click();
  await expect(rounds.nth(1).getByTestId('round-skeleton')).toContainText('data-llm-id');
  await expect(rounds.nth(1).getByTestId('round-answer')).toContainText(/click\(e\d+\)/);
  // The target is selected in the aria tree.
  const target = rounds.nth(1).getByTestId('round-target');
  const ref = (await target.textContent())!.replace('target ', '');
  await target.click();
  await expect(page.getByTestId('aria-tree').locator('[aria-selected=true]')).toHaveAttribute('data-ref', ref);
  // The chosen click (via interact) shows the same rounds.
  await stepRow(page, 2).click();
  await expect(rounds).toHaveCount(2);
  // Totals: 2 planned steps, 4 rounds; the skeleton-only query makes negotiation cheaper than always-hybrid.
  await expect(page.getByTestId('negotiation-totals')).toContainText('2 planned steps');
  await expect(page.getByTestId('negotiation-totals')).toContainText('4 rounds');
  await expect(page.getByTestId('negotiation-totals')).toContainText(/always-hybrid: [\d.]+ KB saved/);
  // A step that was not planned says so.
  await stepRow(page, 1).click();
  await expect(page.getByTestId('negotiation-none')).toBeVisible();
}

test('Negotiation tab: rounds, what was asked for and why, the retry\'s artifacts, the action and its target, totals; live and recorded', async ({ site }, testInfo) => {
  test.setTimeout(120_000);
  const sessions = mkdtempSync(join(tmpdir(), 'ui-negotiation-'));
  let server = await startHttpServer(['--session-dir', sessions], 'serve');
  try {
    const { browser, page, errors } = await openInspector(server.url);
    const agent = await connectHttp(server.url);
    try {
      await agent.call('browser_navigate', { url: `${site.url}/colors.html` });
      expect((await agent.call('browser_interact', { query: 'Click the blue button' })).isError).toBe(false);
      await agent.call('browser_navigate', { url: `${site.url}/plans.html` });
      expect((await agent.call('browser_interact', { query: 'Add the Pro plan to cart' })).isError).toBe(false);
      await expect(page.getByTestId('timeline-step')).toHaveCount(6);
      await expectBlueButtonRounds(page);
      await stepRow(page, 3).click();
      await page.getByTestId('negotiation-round').nth(1).getByText(/Skeleton DOM sent/).click();
      await page.screenshot({ path: testInfo.outputPath('negotiation.png') });
      await testInfo.attach('negotiation', { path: testInfo.outputPath('negotiation.png'), contentType: 'image/png' });
      expect(errors).toEqual([]);
    } finally {
      await agent.close();
      await browser.close();
    }
    await server.stop();

    // The same session opened from its recording by another inspector: the artifacts come back from its files.
    server = await startHttpServer(['--session-dir', sessions], 'serve');
    const { browser: again, page: recorded, errors: recordedErrors } = await openInspector(server.url);
    try {
      await recorded.getByTestId('session-item').first().click();
      await expect(recorded.getByTestId('timeline-step')).toHaveCount(6);
      await expectBlueButtonRounds(recorded);
      expect(recordedErrors).toEqual([]);
    } finally {
      await again.close();
    }
  } finally {
    await server.stop();
    rmSync(sessions, { recursive: true, force: true });
  }
});
