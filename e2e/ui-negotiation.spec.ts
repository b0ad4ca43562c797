import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright';
import { expect, test } from './support/fixtures';
import { connectHttp, startHttpServer } from './support/mcp';
import { openInspector, stepRow } from './support/ui';

interface RecordedRound {
  type: string;
  query: string;
  round: number;
  requestBytes: number;
  nodeCount: number;
  artifacts: { name: string; bytes: number; tokens?: number }[];
  sentFiles?: unknown;
}

const readRounds = (folder: string): RecordedRound[] =>
  readFileSync(join(folder, 'events.jsonl'), 'utf8')
    .trim()
    .split('\n')
    .map(line => JSON.parse(line))
    .filter(record => record.type === 'negotiation-round');

const kb = (bytes: number) => (bytes < 1024 ? `${bytes} B` : `${(bytes / 1024).toFixed(1)} KB`);

/**
 * The Negotiation tab for "Click the blue button" (seq 2: the click it chose; seq 3: the interact call), checked
 * against the rounds the recorder wrote and against what the agent itself was told.
 */
async function expectBlueButton(page: Page, siteUrl: string, rounds: RecordedRound[], agentText?: string) {
  const blue = rounds.filter(round => round.query === 'Click the blue button');
  expect(blue.map(round => round.round)).toEqual([1, 2]);
  await stepRow(page, 3).click();
  await page.getByTestId('tab-negotiation').click();
  const items = page.getByTestId('negotiation-round');
  await expect(items).toHaveCount(2);
  await expect(page.getByTestId('negotiation-query')).toContainText(
    '“Click the blue button” · planner deterministic · 2 rounds',
  );

  // Round 1: the semantic tree alone; the planner asks for hybrid context and says why.
  const first = items.nth(0);
  await expect(first).toHaveAttribute('data-mode', 'semantic_v3');
  await expect(first.getByTestId('round-nodes')).toHaveText(`${blue[0].nodeCount} nodes`);
  await expect(first.getByTestId('round-bytes')).toHaveAttribute(
    'title',
    `${blue[0].requestBytes.toLocaleString('en-US')} bytes of request JSON. Tokens: text counted with o200k_base, screenshots estimated by the image tile rule.`,
  );
  await expect(first.getByTestId('round-bytes')).toContainText(
    `${blue[0].artifacts[0].tokens!.toLocaleString('en-US')} tokens (o200k_base)`,
  );
  await expect(first.locator('[data-artifact]')).toHaveCount(1);
  await expect(first.locator('[data-artifact=interactiveTree]')).toContainText(kb(blue[0].artifacts[0].bytes));
  await expect(first.getByTestId('round-requested')).toHaveText('hybrid');
  await expect(first.getByTestId('round-answer')).toContainText('(skeleton DOM + screenshot)');
  await expect(first.getByTestId('round-reason')).toContainText('blue');
  await expect(first.getByTestId('round-timing')).toContainText(
    /snapshot [\d.]+ ms · extraction [\d.]+ ms · planner [\d.]+ ms/,
  );
  await expect(first.getByTestId('round-artifacts')).toHaveCount(0);

  // Round 2: the retry, with the skeleton DOM as text and the screenshot as an image; the action and its target.
  const second = items.nth(1);
  await expect(second).toHaveAttribute('data-mode', 'hybrid');
  for (const artifact of blue[1].artifacts)
    await expect(second.locator(`[data-artifact=${artifact.name}]`)).toContainText(kb(artifact.bytes));
  await expect(second.getByTestId('round-timing')).toContainText(/artifacts [\d.]+ ms · planner/);
  const action = (await second.getByTestId('round-action').textContent())!;
  const ref = action.match(/^click\((e\d+)\)$/)![1];
  if (agentText) expect(agentText).toContain(`Action: ${action}`);
  await expect(second.getByTestId('round-thought')).toContainText('blue');
  const skeleton = second.getByTestId('round-skeleton');
  await expect(skeleton.locator('.view-lines')).toContainText(`data-llm-id="${ref}"`);
  await expect(skeleton.locator('.skeleton-target').first()).toBeVisible();
  const thumbnail = second.getByTestId('round-screenshot');
  await expect(thumbnail).toBeVisible();
  expect(await thumbnail.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(600);

  // The target: selected in the aria tree, outlined on the page view at its box.
  const target = second.getByTestId('round-target');
  await expect(target).toHaveAttribute('data-ref', ref);
  await expect(target).toContainText("getByRole('button', { name: 'Continue' })");
  await expect(page.getByTestId('aria-tree').locator('[aria-selected=true]')).toHaveAttribute('data-ref', ref);
  await expect(page.getByTestId('target-box')).toHaveCount(1);
  // Where the blue button is on the fixture page, at the controlled browser's 1280-pixel viewport, as fractions.
  const probe = await page
    .context()
    .browser()!
    .newPage({ viewport: { width: 1280, height: 720 } });
  await probe.goto(`${siteUrl}/colors.html`);
  const button = (await probe.locator('.blue').boundingBox())!;
  await probe.close();
  const frame = (await page.locator('.page-frame').boundingBox())!;
  const box = (await page.getByTestId('target-box').boundingBox())!;
  expect(Math.abs((box.x - frame.x) / frame.width - button.x / 1280)).toBeLessThan(0.01);
  expect(Math.abs(box.width / frame.width - button.width / 1280)).toBeLessThan(0.01);
  // Selecting something else in the tree and back through the target link.
  await page.getByTestId('aria-tree').locator('[data-ref=e2]').click();
  await target.click();
  await expect(page.getByTestId('aria-tree').locator('[aria-selected=true]')).toHaveAttribute('data-ref', ref);

  // The click the interact call chose shows the same rounds.
  await stepRow(page, 2).click();
  await expect(items).toHaveCount(2);
  await expect(items.nth(1).getByTestId('round-action')).toHaveText(action);
}

/** Session totals, from the recorded rounds: bytes sent, the always-hybrid estimate and what was saved. */
async function expectTotals(page: Page, rounds: RecordedRound[]) {
  const totals = page.getByTestId('negotiation-totals');
  const sent = rounds.reduce((sum, round) => sum + round.requestBytes, 0);
  await expect(totals.getByTestId('totals-steps')).toHaveText('2 planned steps');
  await expect(totals.getByTestId('totals-rounds')).toHaveText(`${rounds.length} rounds`);
  await expect(totals.getByTestId('totals-sent')).toHaveAttribute(
    'title',
    `${sent.toLocaleString('en-US')} bytes. Tokens: text counted with o200k_base, screenshots estimated by the image tile rule.`,
  );
  await expect(totals.getByTestId('totals-sent')).toContainText('o200k_base');
  // Blue sent hybrid: that request is its cost. The cart query sent the semantic tree and then a skeleton: always-hybrid
  // would have sent its first request plus its skeleton and the session's one screenshot.
  const hybrid = rounds.find(round => round.round === 2 && round.query === 'Click the blue button')!;
  const cart = rounds.filter(round => round.query === 'Add the Pro plan to cart');
  const size = (round: RecordedRound, name: string) => round.artifacts.find(a => a.name === name)?.bytes ?? 0;
  const estimate =
    hybrid.requestBytes + cart[0].requestBytes + size(cart[1], 'skeletonDom') + size(hybrid, 'screenshot');
  await expect(totals.getByTestId('totals-hybrid')).toHaveAttribute(
    'title',
    new RegExp(` ${estimate.toLocaleString('en-US')} bytes\\.$`),
  );
  await expect(totals.getByTestId('totals-saved')).toContainText(`${kb(estimate - sent)} saved`);
}

/** The duplicate "Add to cart" buttons: the planner asks for the skeleton DOM only. */
async function expectSkeletonOnly(page: Page) {
  await stepRow(page, 6).click();
  const items = page.getByTestId('negotiation-round');
  await expect(items).toHaveCount(2);
  await expect(items.nth(0).getByTestId('round-requested')).toHaveText('skeleton');
  await expect(items.nth(0).getByTestId('round-answer')).toContainText('(skeleton DOM)');
  await expect(items.nth(1)).toHaveAttribute('data-mode', 'skeleton');
  await expect(items.nth(1).getByTestId('round-skeleton').locator('.view-lines')).toContainText('Pro plan');
  await expect(items.nth(1).getByTestId('round-screenshot')).toHaveCount(0);
  await expect(page.getByTestId('target-box')).toHaveCount(1);
  // A call that was not planned says so, and draws no target.
  await stepRow(page, 4).click();
  await expect(page.getByTestId('negotiation-none')).toBeVisible();
}

test("Negotiation tab: rounds, what was asked for and why, the retry's artifacts, the action and its target, totals; live and recorded", async ({
  site,
}, testInfo) => {
  test.setTimeout(120_000);
  const sessions = mkdtempSync(join(tmpdir(), 'ui-negotiation-'));
  const elsewhere = mkdtempSync(join(tmpdir(), 'ui-negotiation-open-'));
  let server = await startHttpServer(['--session-dir', sessions], 'serve');
  try {
    const { browser, page, errors } = await openInspector(server.url);
    const agent = await connectHttp(server.url);
    let folder: string;
    try {
      await agent.call('browser_navigate', { url: `${site.url}/colors.html` });
      const blue = await agent.call('browser_interact', { query: 'Click the blue button' });
      expect(blue.isError).toBe(false);
      await agent.call('browser_navigate', { url: `${site.url}/plans.html` });
      expect((await agent.call('browser_interact', { query: 'Add the Pro plan to cart' })).isError).toBe(false);
      await expect(page.getByTestId('timeline-step')).toHaveCount(6);
      folder = join(sessions, readdirSync(sessions)[0]);
      const rounds = readRounds(folder);
      expect(rounds.map(round => round.round)).toEqual([1, 2, 1, 2]);

      await expectBlueButton(page, site.url, rounds, blue.text);
      await expectTotals(page, rounds);
      await expectSkeletonOnly(page);
      await stepRow(page, 3).click();
      await expect(page.getByTestId('round-screenshot')).toBeVisible();
      await page.screenshot({ path: test.info().outputPath('negotiation-live.png') });
      await page.getByTestId('theme-toggle').click();
      await page.screenshot({ path: test.info().outputPath('negotiation-live-dark.png') });
      await page.getByTestId('detail-expand').click();
      await expect(page.getByTestId('round-skeleton').locator('.view-lines')).toBeVisible();
      await page.screenshot({ path: test.info().outputPath('negotiation-expanded-dark.png') });
      await page.getByTestId('detail-expand').click();
      await testInfo.attach('negotiation', { body: await page.screenshot(), contentType: 'image/png' });
      expect(errors).toEqual([]);
    } finally {
      await agent.close();
      await browser.close();
    }
    await server.stop();

    // The recording opened by path in another inspector: the artifacts come back from its files.
    server = await startHttpServer(['--session-dir', elsewhere], 'serve');
    const { browser: again, page: recorded, errors: recordedErrors } = await openInspector(server.url);
    try {
      const rounds = readRounds(folder);
      expect(rounds.filter(round => round.sentFiles)).toHaveLength(2);
      await recorded.getByTestId('open-session-path').click();
      await recorded.getByTestId('open-path').fill(folder);
      await recorded.keyboard.press('Enter');
      await expect(recorded.getByTestId('timeline-step')).toHaveCount(6);
      await expectBlueButton(recorded, site.url, rounds);
      await expectTotals(recorded, rounds);
      await expectSkeletonOnly(recorded);
      await stepRow(recorded, 3).click();
      await expect(recorded.getByTestId('round-screenshot')).toBeVisible();
      await recorded.getByTestId('detail-expand').click();
      await recorded.screenshot({ path: test.info().outputPath('negotiation-recorded-expanded.png') });
      await recorded.getByTestId('detail-expand').click();
      await stepRow(recorded, 6).click();
      await recorded.screenshot({ path: test.info().outputPath('negotiation-recorded-skeleton.png') });
      await stepRow(recorded, 3).click();

      // A recording from before rounds kept their artifacts: sizes and answers still shown, the missing files explained.
      const older = join(elsewhere, 'older-recording');
      cpSync(folder, older, { recursive: true });
      const meta = JSON.parse(readFileSync(join(older, 'session.json'), 'utf8'));
      writeFileSync(join(older, 'session.json'), JSON.stringify({ ...meta, id: `${meta.id}-older` }));
      const lines = readFileSync(join(older, 'events.jsonl'), 'utf8')
        .trim()
        .split('\n')
        .map(line => JSON.parse(line));
      writeFileSync(
        join(older, 'events.jsonl'),
        lines.map(({ sentFiles: _files, ...record }) => JSON.stringify(record)).join('\n') + '\n',
      );
      await recorded.getByTestId('open-session-path').click();
      await recorded.getByTestId('open-path').fill(older);
      await recorded.keyboard.press('Enter');
      await expect(recorded.getByTestId('open-path')).toBeHidden();
      await expect(recorded.getByTestId('session-item')).toHaveCount(2);
      await stepRow(recorded, 3).click();
      const items = recorded.getByTestId('negotiation-round');
      await expect(items).toHaveCount(2);
      await expect(items.nth(1).getByTestId('round-artifacts-note')).toContainText('did not keep them');
      await expect(items.nth(1).locator('[data-artifact=screenshot]')).toBeVisible();
      await expect(items.nth(1).getByTestId('round-screenshot')).toHaveCount(0);
      await expect(items.nth(1).getByTestId('round-target')).toBeVisible();
      await recorded.screenshot({ path: test.info().outputPath('negotiation-older.png') });
      expect(recordedErrors).toEqual([]);
    } finally {
      await again.close();
    }
  } finally {
    await server.stop();
    rmSync(sessions, { recursive: true, force: true });
    rmSync(elsewhere, { recursive: true, force: true });
  }
});
