import { execFile } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Comparison } from '../src/shared/comparison';
import { expect, test } from './support/fixtures';
import { CLI, connectStdio, refOf, startHttpServer } from './support/mcp';
import { startShop } from './support/shop-site';
import { openInspector, snap } from './support/ui';

/** Records one run of the form task over stdio; `plan` is the radio it picks, `peek` adds a snapshot first. */
async function recordRun(siteUrl: string, { plan, peek }: { plan: 'Free' | 'Pro'; peek?: boolean }): Promise<string> {
  const root = mkdtempSync(join(tmpdir(), 'ai-compare-'));
  const mcp = await connectStdio(['--session-dir', root], { cwd: root });
  const nav = await mcp.call('browser_navigate', { url: `${siteUrl}/form.html` });
  const yaml = nav.parsed.snapshot!.yaml!;
  if (peek) await mcp.call('browser_snapshot');
  await mcp.call('browser_type', { element: 'Full name', target: refOf(yaml, /textbox "Full name"/), text: 'Ada' });
  await mcp.call('browser_click', { element: plan, target: refOf(yaml, new RegExp(`radio "${plan}"`)) });
  await mcp.call('browser_click', { element: 'terms', target: refOf(yaml, /checkbox "I accept the terms"/) });
  await mcp.close();
  return join(root, readdirSync(root).find(name => existsSync(join(root, name, 'session.json')))!);
}

function compareCli(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise(done =>
    execFile(process.execPath, [CLI, 'compare', ...args], (error, stdout, stderr) => {
      done({ code: error ? (typeof error.code === 'number' ? error.code : -1) : 0, stdout, stderr });
    }),
  );
}

test('compare: two runs aligned despite an inserted step; the first divergence, each pair, exit codes and JSON', async ({
  site,
}) => {
  const a = await recordRun(site.url, { plan: 'Free' });
  const again = await recordRun(site.url, { plan: 'Free' });
  const b = await recordRun(site.url, { plan: 'Pro', peek: true });

  // The same task twice: nothing differs beyond refs and times.
  const same = await compareCli([a, again]);
  expect(same.stderr).toBe('');
  expect(same.code).toBe(0);
  expect(same.stdout).toContain('No divergence');

  const differ = await compareCli([a, b]);
  expect(differ.code).toBe(1);
  expect(differ.stdout).toContain('First divergence at A (none) / B step 2: only in B');
  expect(differ.stdout).toMatch(
    /^~ 3 click radio "Free" +4 click radio "Pro" +target: radio "Free" → radio "Pro"; page: the aria snapshots differ$/m,
  );
  expect(differ.stdout).toContain('same 2 · changed 2 · only in A 0 · only in B 1');

  const json = await compareCli([a, b, '--json']);
  expect(json.code).toBe(1);
  const comparison = JSON.parse(json.stdout) as Comparison;
  expect(comparison.pairs.map(pair => pair.status)).toEqual(['same', 'only-b', 'same', 'changed', 'changed']);
  expect(comparison.pairs.map(pair => [pair.a?.seq, pair.b?.seq])).toEqual([
    [1, 1],
    [undefined, 2],
    [2, 3],
    [3, 4],
    [4, 5],
  ]);
  expect(comparison.firstDivergence?.index).toBe(1);
  expect(comparison.pairs[3].ariaDiff).toMatch(/^-.*radio "Free" \[checked\]/m);
  expect(comparison.a.steps).toBe(4);
  expect(comparison.b.steps).toBe(5);

  // Bad input: exit code 2, naming which run could not be read.
  const bad = await compareCli([a, join(tmpdir(), 'no-such-session')]);
  expect(bad.code).toBe(2);
  expect(bad.stderr).toContain('B (');
  expect(bad.stdout).toBe('');
});

test('Compare with… in the UI: the runs aligned, the first divergence selected, screenshots side by side with their differences, keys to move', async ({
  site,
}, testInfo) => {
  const a = await recordRun(site.url, { plan: 'Free' });
  const b = await recordRun(site.url, { plan: 'Pro', peek: true });
  const root = mkdtempSync(join(tmpdir(), 'ai-compare-ui-'));
  for (const dir of [a, b]) cpSync(dir, join(root, dir.split('/').at(-1)!), { recursive: true });
  const server = await startHttpServer(['--session-dir', root], 'serve');
  const { browser, page } = await openInspector(server.url);
  try {
    // A is the older run (listed second); B is picked from the header's menu.
    await page.getByTestId('session-item').nth(1).click();
    await expect(page.getByTestId('timeline-step')).toHaveCount(4);
    const menu = page.getByTestId('compare-with');
    await expect(menu.locator('option')).toHaveCount(2);
    await menu.selectOption({ index: 1 });
    const view = page.getByTestId('compare-view');
    await expect(view.getByTestId('compare-pair')).toHaveCount(5);
    expect(
      await view.getByTestId('compare-pair').evaluateAll(items => items.map(item => item.getAttribute('data-status'))),
    ).toEqual(['same', 'only-b', 'same', 'changed', 'changed']);
    // The first divergence is selected: B's extra snapshot.
    await expect(view.getByTestId('compare-first-divergence')).toBeVisible();
    await expect(view.getByTestId('compare-detail')).toContainText('only in B');
    await expect(view.getByTestId('compare-differences')).toContainText('only in B');
    // n: the next pair that differs, the changed radio; its screenshots differ where the radio is.
    await page.keyboard.press('n');
    await expect(view.getByTestId('compare-detail')).toContainText('target: radio "Free" → radio "Pro"');
    await expect(view.getByTestId('pixel-diff-summary')).toContainText('% of pixels differ');
    await expect(view.getByTestId('pixel-diff-overlay')).toBeVisible();
    await expect(view.getByTestId('compare-aria-diff')).toContainText('radio "Free"');
    await snap(page, 'compare-view', 'compare-view', testInfo);
    await view.getByTestId('pixel-diff-toggle').uncheck();
    await expect(view.getByTestId('pixel-diff-overlay')).toBeHidden();
    // ↑ goes back a pair; Esc closes.
    await page.keyboard.press('ArrowUp');
    await expect(view.getByTestId('compare-pair').nth(2)).toHaveAttribute('aria-selected', 'true');
    await page.keyboard.press('Escape');
    await expect(view).toBeHidden();
  } finally {
    await browser.close();
    await server.stop();
  }
});

/** Buys on the shop as an agent would: quantity, the add button (accepting its confirmation if it asks), the result. */
async function recordPurchase(shopUrl: string): Promise<string> {
  const root = mkdtempSync(join(tmpdir(), 'ai-compare-shop-'));
  const mcp = await connectStdio(['--session-dir', root, '--snapshot-mode', 'inline'], { cwd: root });
  const shop = (await mcp.call('browser_navigate', { url: `${shopUrl}/shop` })).parsed.snapshot!.yaml!;
  await mcp.call('browser_type', { element: 'Quantity', target: refOf(shop, /textbox "Quantity"/), text: '2' });
  const add = /button "(Add to [^"]+)"/.exec(shop)![1];
  const clicked = await mcp.call('browser_click', { element: add, target: refOf(shop, new RegExp(`button "${add}"`)) });
  if (clicked.parsed.modalState) await mcp.call('browser_handle_dialog', { accept: true });
  await mcp.call('browser_snapshot');
  await mcp.close();
  return join(root, readdirSync(root).find(name => existsSync(join(root, name, 'session.json')))!);
}

test('a run against a changed site: the renamed button is the first divergence, the extra confirmation only in B; replay --compare reads the same', async () => {
  const shop = await startShop();
  try {
    const before = await recordPurchase(shop.url);
    shop.buttonLabel = 'Add to basket';
    shop.confirmAdd = true;
    const after = await recordPurchase(shop.url);

    const json = await compareCli([before, after, '--json']);
    expect(json.code).toBe(1);
    const comparison = JSON.parse(json.stdout) as Comparison;
    const first = comparison.firstDivergence!.pair;
    expect(first.status).toBe('changed');
    expect(first.a?.tool).toBe('browser_click');
    expect(first.differences).toContain('target: button "Add to cart" → button "Add to basket"');
    expect(comparison.pairs.filter(pair => pair.status === 'only-b').map(pair => pair.b?.tool)).toEqual([
      'browser_handle_dialog',
    ]);

    // Replaying the first run on the changed site: the replay stops where the button was renamed, and its
    // comparison with the recording reads as the comparison of two runs does.
    const replay = await new Promise<{ code: number; stdout: string }>(done =>
      execFile(process.execPath, [CLI, 'replay', before, '--compare'], (error, stdout) => {
        done({ code: error ? (typeof error.code === 'number' ? error.code : -1) : 0, stdout });
      }),
    );
    expect(replay.code).toBe(1);
    expect(replay.stdout).toContain('target not found: no button "Add to cart" on the page');
    // A is the recording as far as the replay went: up to the step where it stopped.
    expect(replay.stdout).toMatch(/^A: .*\(3 steps/m);
    expect(replay.stdout).toMatch(/^First divergence at A step 3 \/ B \(none\): only in A$/m);
  } finally {
    await shop.close();
  }
});
