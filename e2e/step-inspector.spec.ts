import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from './support/fixtures';
import { connectHttp, refOf, startHttpServer, type HttpServerProcess } from './support/mcp';
import { openInspector, stepRow, snap } from './support/ui';

/**
 * Issue 14 end to end, in web mode: one agent session on a page that logs, throws, fetches JSON, fails requests and
 * navigates, seen through every view of the step inspector — Response, the token chart, Console, Network,
 * Before/After and Search sessions — with a picture of each.
 */
test.describe('step inspector', () => {
  let server: HttpServerProcess;
  test.beforeEach(async () => {
    server = await startHttpServer(['--session-dir', mkdtempSync(join(tmpdir(), 'ai-inspect-'))], 'serve');
  });
  test.afterEach(async () => {
    await server.stop();
  });

  test('what the agent sent and got, what it cost, what the page did, before and after, and search', async ({
    site,
  }, testInfo) => {
    test.setTimeout(90_000);
    const { browser, page, errors } = await openInspector(server.url);
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    const agent = await connectHttp(server.url);
    try {
      const navigate = await agent.call('browser_navigate', { url: `${site.url}/activity.html` });
      const run = await agent.call('browser_click', { target: refOf(navigate.parsed.snapshot?.yaml, /button "Run"/) });
      // The answer is computed, so it is in this step's response and nowhere else (not in its arguments).
      const evaluate = await agent.call('browser_evaluate', { function: "() => 'zq' + 'x'.repeat(3) + (17 * 3)" });
      expect(evaluate.parsed.result).toBe('"zqxxx51"');
      await agent.call('browser_click', { target: refOf(navigate.parsed.snapshot?.yaml, /link "Sign up"/) });
      await expect(page.getByTestId('timeline-step')).toHaveCount(4);

      // Response: the click's text exactly as the client received it.
      await stepRow(page, 2).click();
      await page.getByTestId('tab-response').click();
      const response = page.getByTestId('response-view');
      await expect(response).toHaveAttribute('data-seq', '2');
      await response.getByRole('button', { name: 'Copy text', exact: true }).click();
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(run.text);
      await expect(response.getByTestId('response-cost')).toContainText('o200k_base');
      await snap(page, 'detail-panel', 'response', testInfo);

      // The token chart: a bar per step, each step's count in the timeline.
      await expect(page.getByTestId('token-chart-svg')).toHaveAttribute('data-bars', '4');
      await expect(stepRow(page, 2).getByTestId('step-tokens')).toHaveText(/tok$/);
      // The click's console errors and failed requests are flagged in the timeline; the evaluate step has none.
      await expect(stepRow(page, 2).getByTestId('step-page-problems')).toHaveAttribute(
        'title',
        /\d+ console errors?, \d+ failed requests?/,
      );
      await expect(stepRow(page, 3).getByTestId('step-page-problems')).toHaveCount(0);
      await snap(page, 'token-chart', 'token-chart', testInfo);

      // Console: the page's boot messages on the navigate step, the click's log and uncaught error on the click step.
      await page.getByTestId('tab-console').click();
      const messages = page.getByTestId('console-entry');
      await expect(messages.filter({ hasText: 'clicked run' })).toHaveCount(1);
      await expect(messages.filter({ hasText: 'kaboom' })).toHaveCount(1);
      await expect(messages.filter({ hasText: 'booted' })).toHaveCount(0);
      await snap(page, 'detail-panel', 'console', testInfo);
      await stepRow(page, 1).click();
      await expect(messages.filter({ hasText: 'booted' })).toHaveCount(1);
      await expect(messages.filter({ hasText: 'clicked run' })).toHaveCount(0);

      // Network: the click's JSON call, its 404 and the request that could not connect.
      await stepRow(page, 2).click();
      await page.getByTestId('tab-network').click();
      const requests = page.getByTestId('network-entry');
      await expect(requests.filter({ hasText: '/api/echo' })).toHaveCount(1);
      await expect(requests.filter({ hasText: '/missing.json' })).toContainText('404');
      await expect(requests.filter({ hasText: '/closed' })).toHaveCount(1);
      await expect(requests.filter({ hasText: '/activity.html' })).toHaveCount(0);
      await snap(page, 'detail-panel', 'network', testInfo);

      // Before / After of the navigating click: different pages.
      await stepRow(page, 4).click();
      const screenshot = page.getByTestId('page-screenshot');
      await expect(screenshot).toHaveAttribute('data-shot', 'before');
      await expect(page.getByTestId('navigated-badge')).toBeVisible();
      const before = await screenshot.getAttribute('src');
      await snap(page, 'page-panel', 'before', testInfo);
      await page.keyboard.press('a');
      await expect(screenshot).toHaveAttribute('data-shot', 'after');
      expect(await screenshot.getAttribute('src')).not.toBe(before);
      await snap(page, 'page-panel', 'after', testInfo);

      // Search: the string only step 3's response holds finds that step and selects it.
      const box = page.getByRole('searchbox', { name: 'Search sessions' });
      await box.fill('zqxxx51');
      const hits = page.getByTestId('search-hit');
      await expect(hits).toHaveCount(1);
      await expect(hits).toHaveAttribute('data-seq', '3');
      await snap(page, 'sessions-panel', 'search', testInfo);
      await hits.click();
      await expect(stepRow(page, 3)).toHaveAttribute('aria-selected', 'true');
      await page.screenshot({ path: testInfo.outputPath('whole.png') });
      expect(errors).toEqual([]);
    } finally {
      await agent.close();
      await browser.close();
    }
  });
});
