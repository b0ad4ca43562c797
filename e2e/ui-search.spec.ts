import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from './support/fixtures';
import { connectHttp, startHttpServer, type HttpServerProcess } from './support/mcp';
import { openInspector, stepRow } from './support/ui';

let dir: string;
let server: HttpServerProcess | undefined;

test.beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'ui-search-'));
});
test.afterEach(async () => {
  await server?.stop();
  server = undefined;
  rmSync(dir, { recursive: true, force: true });
});

interface Step {
  tool: string;
  args: Record<string, unknown>;
  result?: string;
  error?: string;
  console?: string[];
  requests?: string[];
}

/** Writes a session folder in the recorder's format (src/main/sessions/format.ts). */
function writeSession(root: string, id: string, clientName: string, startedAt: number, steps: Step[]) {
  const folder = join(root, id);
  mkdirSync(join(folder, 'artifacts'), { recursive: true });
  writeFileSync(
    join(folder, 'session.json'),
    JSON.stringify({
      format: 'agent-inspector-session',
      version: 1,
      id,
      startedAt,
      transport: 'http',
      clientName,
      writer: 'ui-search.spec',
    }),
  );
  const url = 'http://127.0.0.1:1/shop/cart';
  const lines: object[] = [{ type: 'session-started', sessionId: id, transport: 'http', clientName, time: startedAt }];
  steps.forEach((step, index) => {
    const seq = index + 1;
    lines.push({
      type: 'tool-call',
      sessionId: id,
      seq,
      tool: step.tool,
      args: step.args,
      startedAt: startedAt + seq * 1000,
      endedAt: startedAt + seq * 1000 + 30,
      outcome: step.error ? 'error' : 'ok',
      code: '',
      url,
      title: 'Cart',
      artifacts: {},
      response: {
        ...(step.error ? { error: step.error } : { result: step.result ?? 'Done' }),
        page: { url, title: 'Cart' },
      },
      activity: {
        console: (step.console ?? []).map(text => ({
          seq,
          time: startedAt + seq * 1000,
          kind: 'console',
          level: 'info',
          text,
        })),
        network: (step.requests ?? []).map((requestUrl, i) => ({
          seq,
          time: startedAt + seq * 1000,
          id: seq * 10 + i,
          method: 'GET',
          url: requestUrl,
          resourceType: 'fetch',
          status: 200,
        })),
      },
    });
  });
  lines.push({ type: 'session-ended', sessionId: id, time: startedAt + steps.length * 1000 + 500 });
  writeFileSync(join(folder, 'events.jsonl'), lines.map(line => JSON.stringify(line)).join('\n') + '\n');
}

/** Two recorded sessions; the word "xylophant42" is in one step's response only (its arguments spell it apart). */
function writeSessions(root: string) {
  const start = Date.parse('2026-03-04T09:00:00Z');
  writeSession(root, 'older-session', 'checkout-bot', start, [
    {
      tool: 'browser_navigate',
      args: { url: 'http://127.0.0.1:1/shop/cart' },
      requests: ['http://127.0.0.1:1/api/items?page=1'],
    },
    { tool: 'browser_evaluate', args: { function: "() => 'cart total'" }, result: '"12 items"' },
  ]);
  writeSession(root, 'newer-session', 'search-bot', start + 3_600_000, [
    { tool: 'browser_navigate', args: { url: 'http://127.0.0.1:1/shop/cart' }, console: ['cart loaded'] },
    {
      tool: 'browser_click',
      args: { element: 'Checkout', target: 'e12' },
      error: 'Ref e12 not found in the current page snapshot.',
    },
    {
      tool: 'browser_evaluate',
      args: { function: "() => 'xylo' + 'phant42'" },
      result: '"xylophant42 is the order code"',
    },
    { tool: 'browser_evaluate', args: { function: '() => document.title' }, result: '"Cart"' },
    {
      tool: 'browser_click',
      args: { element: 'Pay', target: 'e40' },
      error: 'Ref e40 not found in the current page snapshot.',
    },
    { tool: 'browser_snapshot', args: {}, result: 'Snapshot taken' },
  ]);
}

test("Search sessions finds a string only one step's response holds; choosing it opens the session at that step", async () => {
  writeSessions(dir);
  server = await startHttpServer(['--session-dir', dir], 'serve');
  const { browser, page, errors } = await openInspector(server.url);
  try {
    await expect(page.getByTestId('session-item')).toHaveCount(2);
    // Ctrl+Shift+F focuses the box.
    await page.keyboard.press('Control+Shift+F');
    const box = page.getByRole('searchbox', { name: 'Search sessions' });
    await expect(box).toBeFocused();
    await box.fill('xylophant42');
    const hits = page.getByTestId('search-hit');
    await expect(hits).toHaveCount(1);
    await expect(hits).toHaveAttribute('data-session-id', 'newer-session');
    await expect(hits).toHaveAttribute('data-seq', '3');
    await expect(hits).toContainText('search-bot');
    await expect(hits).toContainText('#3 evaluate');
    await expect(hits.locator('.search-hit-field')).toHaveText('response');
    await expect(hits.locator('mark')).toHaveText('xylophant42');
    await page.screenshot({ path: test.info().outputPath('search-results.png') });

    // Keyboard: down into the results, Enter opens the hit.
    await box.press('ArrowDown');
    await expect(hits).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('open-session')).toContainText('search-bot');
    await expect(stepRow(page, 3)).toHaveAttribute('aria-selected', 'true');
    await expect(page.locator('[data-testid=timeline-step][aria-selected=true]')).toHaveCount(1);

    // A URL, a console message and words from two sessions; AND narrows them.
    await box.fill('api/items');
    await expect(hits).toHaveCount(1);
    await expect(hits.locator('.search-hit-field')).toHaveText('network');
    await box.fill('cart loaded');
    await expect(hits).toHaveCount(1);
    await expect(hits.locator('.search-hit-field')).toHaveText('console');
    await box.fill('evaluate');
    await expect(hits).toHaveCount(3);
    await box.fill('evaluate items');
    await expect(hits).toHaveCount(1);
    await box.fill('nothing-like-this');
    await expect(page.getByTestId('search-note')).toHaveText('No steps match.');
    // Escape clears the search: the sessions come back.
    await box.press('Escape');
    await expect(box).toHaveValue('');
    await expect(page.getByTestId('session-item')).toHaveCount(2);

    // Choosing a hit in a session that is not open opens it at that step.
    await box.fill('12 items');
    await expect(hits).toHaveCount(1);
    await hits.click();
    await expect(page.getByTestId('open-session')).toContainText('checkout-bot');
    await expect(stepRow(page, 2)).toHaveAttribute('aria-selected', 'true');

    // The dark theme's picture, for a look.
    await page.getByTestId('theme-toggle').click();
    await box.fill('cart');
    await expect(hits).toHaveCount(8);
    await page.screenshot({ path: test.info().outputPath('search-results-dark.png') });
    expect(errors).toEqual([]);
  } finally {
    await browser.close();
  }
});

test('the timeline filter narrows the steps by tool, outcome and text; arrows move among them; clearing restores all', async () => {
  writeSessions(dir);
  server = await startHttpServer(['--session-dir', dir], 'serve');
  const { browser, page, errors } = await openInspector(server.url);
  try {
    await page.locator('[data-testid=session-item][data-session-id=newer-session]').click();
    const steps = page.getByTestId('timeline-step');
    await expect(steps).toHaveCount(6);
    const count = page.getByTestId('timeline-filter-count');
    await expect(count).toBeHidden();

    const tool = page.getByRole('combobox', { name: 'Filter by tool' });
    await expect(tool.locator('option')).toHaveText(['All tools', 'click', 'evaluate', 'navigate', 'snapshot']);
    await tool.selectOption('browser_click');
    await expect(steps).toHaveCount(2);
    await expect(count).toHaveText('2 of 6');
    await page.getByRole('combobox', { name: 'Filter by outcome' }).selectOption('error');
    await expect(steps).toHaveCount(2);
    await tool.selectOption('');
    await expect(steps).toHaveCount(2);
    await expect(steps.nth(0)).toHaveAttribute('data-seq', '2');
    await expect(steps.nth(1)).toHaveAttribute('data-seq', '5');
    await page.getByRole('combobox', { name: 'Filter by outcome' }).selectOption('ok');
    await expect(count).toHaveText('4 of 6');

    // Text is searched over the session's steps by the core: "cart" is in every step's page, "order" in one response.
    const text = page.getByRole('searchbox', { name: 'Filter steps' });
    await text.fill('order code');
    await expect(steps).toHaveCount(1);
    await expect(steps).toHaveAttribute('data-seq', '3');
    await expect(count).toHaveText('1 of 6');
    await text.fill('evaluate');
    await expect(count).toHaveText('2 of 6');
    await page.screenshot({ path: test.info().outputPath('search-timeline-filter.png') });

    // The arrow keys move among the shown steps only.
    await stepRow(page, 3).click();
    await page.getByTestId('timeline').press('ArrowDown');
    await expect(stepRow(page, 4)).toHaveAttribute('aria-selected', 'true');
    await text.fill('');
    await page.getByRole('combobox', { name: 'Filter by outcome' }).selectOption('error');
    await expect(count).toHaveText('2 of 6');
    await stepRow(page, 2).click();
    await page.getByTestId('timeline').press('ArrowDown');
    await expect(stepRow(page, 5)).toHaveAttribute('aria-selected', 'true');

    await page.getByRole('button', { name: 'Clear' }).click();
    await expect(steps).toHaveCount(6);
    await expect(count).toBeHidden();
    expect(errors).toEqual([]);
  } finally {
    await browser.close();
  }
});

test("a live agent's step is searchable as soon as it is made", async ({ site }) => {
  server = await startHttpServer(['--session-dir', dir], 'serve');
  const { browser, page, errors } = await openInspector(server.url);
  const agent = await connectHttp(server.url);
  try {
    await agent.call('browser_navigate', { url: `${site.url}/form.html` });
    await agent.call('browser_evaluate', { function: "() => ['quok', 'kawalla'].join('')" });
    await agent.call('browser_evaluate', { function: '() => document.title' });
    await expect(page.getByTestId('timeline-step')).toHaveCount(3);
    await page.getByRole('searchbox', { name: 'Search sessions' }).fill('quokkawalla');
    const hits = page.getByTestId('search-hit');
    await expect(hits).toHaveCount(1);
    await expect(hits).toHaveAttribute('data-seq', '2');
    await hits.click();
    await expect(stepRow(page, 2)).toHaveAttribute('aria-selected', 'true');
    expect(errors).toEqual([]);
  } finally {
    await agent.close();
    await browser.close();
  }
});
