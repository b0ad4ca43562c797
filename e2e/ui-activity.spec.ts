import { expect, test } from './support/fixtures';
import { connectHttp, refOf, startHttpServer, type HttpServerProcess } from './support/mcp';
import { openInspector, stepRow } from './support/ui';

let server: HttpServerProcess;
test.beforeEach(async () => {
  server = await startHttpServer([], 'serve');
});
test.afterEach(async () => {
  await server.stop();
});

test("Console and Network tabs: each step's own entries or all up to it, filtered, failures highlighted, requests copied with credentials masked", async ({
  site,
}, testInfo) => {
  const { browser, page, errors } = await openInspector(server.url);
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url });
  const clipboard = () => page.evaluate(() => navigator.clipboard.readText());
  const agent = await connectHttp(server.url);
  try {
    const yaml = (await agent.call('browser_navigate', { url: `${site.url}/activity.html` })).parsed.snapshot!.yaml;
    await agent.call('browser_click', { target: refOf(yaml, /button "Run"/) });
    await expect(page.getByTestId('timeline-step')).toHaveCount(2);

    // Console, step 2: the click's log and uncaught error, highlighted as errors; nothing of the page load.
    await stepRow(page, 2).click();
    await page.getByTestId('tab-console').click();
    const messages = page.getByTestId('console-entry');
    await expect(messages.first()).toContainText('clicked run');
    await expect(messages.filter({ hasText: 'kaboom' })).toHaveAttribute('data-kind', 'pageerror');
    await expect(messages.filter({ hasText: 'kaboom' })).toContainText('Uncaught');
    await expect(messages.filter({ hasText: 'booted' })).toHaveCount(0);
    expect(await messages.evaluateAll(rows => rows.map(row => row.getAttribute('data-level')))).toEqual([
      'error',
      'error',
      'error',
      'error',
    ]);
    await expect(messages.first()).toHaveCSS('border-left-style', 'solid');

    // All up to this step: the page load's messages come first, each with its step.
    await page.getByLabel('All up to this step').first().check();
    await expect(messages.first()).toContainText('booted');
    await expect(messages.first()).toContainText('#1');
    await expect(messages.filter({ hasText: 'careful: old API' })).toHaveAttribute('data-level', 'warning');
    await expect(messages).toHaveCount(6);
    await page.getByLabel('Filter console').fill('kaboom');
    await expect(messages).toHaveCount(1);
    await page.getByLabel('Filter console').fill('');
    await page.getByTestId('detail-panel').screenshot({ path: testInfo.outputPath('console.png') });

    // Network, with the toggle shared: the load's document and data call, then the click's requests.
    await page.getByTestId('tab-network').click();
    const requests = page.getByTestId('network-entry');
    await expect(requests.filter({ hasText: '/activity.html' })).toHaveAttribute('data-seq', '1');
    await page.getByLabel('All up to this step').last().uncheck();
    await expect(requests.filter({ hasText: '/activity.html' })).toHaveCount(0);
    await expect(requests.filter({ hasText: '/api/echo' })).toContainText('POST');
    const missing = requests.filter({ hasText: '/missing.json' });
    await expect(missing).toHaveAttribute('data-failed', 'true');
    await expect(missing.locator('.network-status')).toHaveText('404');
    await expect(requests.filter({ hasText: '/closed' }).locator('.network-status')).toHaveText('failed');
    await expect(requests.filter({ hasText: '/closed' }).locator('.network-status')).toHaveAttribute(
      'title',
      /net::ERR_/,
    );
    await expect(page.getByTestId('network-counts')).toContainText('2 failed');
    await page.getByLabel('Filter requests').fill('missing');
    await expect(requests).toHaveCount(1);
    await page.getByLabel('Filter requests').fill('');
    await page.getByTestId('detail-panel').screenshot({ path: testInfo.outputPath('network-list.png') });

    // A request opens to its headers and copies; credentials stay masked until revealed.
    const echo = requests.filter({ hasText: '/api/echo' });
    await echo.getByRole('button', { name: /\/api\/echo/ }).click();
    await expect(echo.getByRole('row', { name: /^authorization / })).toContainText('<masked>');
    await expect(echo.locator('.network-body')).toHaveText('{"query":"widgets"}');
    await page.getByTestId('detail-panel').screenshot({ path: testInfo.outputPath('network.png') });
    await echo.getByRole('button', { name: 'Copy as cURL' }).click();
    await expect.poll(clipboard).toContain(`curl '${site.url}/api/echo'`);
    const curl = await clipboard();
    expect(curl).toContain(`-H 'authorization: <masked>'`);
    expect(curl).toContain(`-H 'cookie: <masked>'`);
    expect(curl).toContain(`--data-raw '{"query":"widgets"}'`);
    expect(curl).not.toContain('tok-123');
    await page.getByLabel('Reveal cookies and authorization').check();
    await expect(echo.getByRole('row', { name: /^authorization / })).toContainText('Bearer tok-123');
    await echo.getByRole('button', { name: 'Copy as fetch' }).click();
    await expect.poll(clipboard).toContain(`await fetch("${site.url}/api/echo"`);
    const fetchCall = await clipboard();
    expect(fetchCall).toContain('"authorization": "Bearer tok-123"');
    expect(fetchCall).toContain('"cookie": "sid=cookie-value-123"');

    // Step 1: the navigation's document, and its own console.
    await stepRow(page, 1).click();
    await expect(requests.filter({ hasText: '/activity.html' }).locator('.network-status')).toHaveText('200');
    await expect(requests.filter({ hasText: '/api/echo' })).toHaveCount(0);
    await page.getByTestId('tab-console').click();
    await expect(messages).toHaveCount(2);
    await expect(messages.first()).toContainText('booted');
    expect(errors).toEqual([]);
  } finally {
    await agent.close();
    await browser.close();
  }
});

test('a request in flight shows as pending until a later step completes it; a message logged between steps says so', async ({
  site,
}, testInfo) => {
  test.setTimeout(90_000);
  const { browser, page, errors } = await openInspector(server.url);
  const agent = await connectHttp(server.url);
  try {
    const yaml = (await agent.call('browser_navigate', { url: `${site.url}/activity.html` })).parsed.snapshot!.yaml;
    // The slow request outlasts the click's settling wait: step 2 is published with it pending.
    await agent.call('browser_click', { target: refOf(yaml, /button "Hang"/) });
    await stepRow(page, 2).click();
    await page.getByTestId('tab-network').click();
    const slow = page.getByTestId('network-entry').filter({ hasText: '/api/slow' });
    await expect(slow).toHaveAttribute('data-pending', 'true');
    await expect(slow.locator('.network-status')).toHaveText('pending');
    await page.getByTestId('detail-panel').screenshot({ path: testInfo.outputPath('network-pending.png') });

    // Once it finished, the next step records it complete, under step 2 where it belongs.
    // It takes 5.6 s; the click's settle holds a request 2 s at most.
    await page.waitForTimeout(4_500);
    await agent.call('browser_click', { target: refOf(yaml, /button "Later"/) });
    await expect(page.getByTestId('timeline-step')).toHaveCount(3);
    await stepRow(page, 2).click();
    await expect(slow.locator('.network-status')).toHaveText('200');
    await expect(slow).not.toHaveAttribute('data-pending', 'true');

    // "Later" logs 1.5 s after its click: after step 3 ended, before step 4 started.
    await page.waitForTimeout(2_500);
    await agent.call('browser_snapshot');
    await stepRow(page, 4).click();
    await page.getByTestId('tab-console').click();
    const later = page.getByTestId('console-entry').filter({ hasText: 'logged later' });
    await expect(later).toContainText('between steps');
    await stepRow(page, 3).click();
    await expect(page.getByTestId('console-empty')).toContainText('Nothing was logged during step 3');
    await stepRow(page, 4).click();
    await page.getByTestId('theme-toggle').click();
    await page.getByTestId('detail-panel').screenshot({ path: testInfo.outputPath('console-between-dark.png') });
    expect(errors).toEqual([]);
  } finally {
    await agent.close();
    await browser.close();
  }
});
