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

test("DOM diff tab: the step's diff side by side and line by line, the aria changes beside it, any two steps compared", async ({
  site,
}, testInfo) => {
  const { browser, page, errors } = await openInspector(server.url);
  const agent = await connectHttp(server.url);
  try {
    const navigate = await agent.call('browser_navigate', { url: `${site.url}/form.html` });
    const yaml = navigate.parsed.snapshot!.yaml;
    await agent.call('browser_type', { target: refOf(yaml, /textbox "Full name"/), text: 'Ada Lovelace' });
    await agent.call('browser_click', { target: refOf(yaml, /checkbox "I accept the terms"/) });
    await agent.call('browser_click', { target: refOf(yaml, /button "Create account"/) });
    await expect(page.getByTestId('timeline-step')).toHaveCount(4);

    await stepRow(page, 4).click();
    await page.getByTestId('tab-dom-diff').click();
    const body = page.getByTestId('dom-diff-body');
    // Submitting wrote the result line into the page: an added line in dom.html, and a changed node in the tree.
    await expect(body.locator('.d2h-ins').filter({ hasText: 'Saved Ada Lovelace' }).first()).toBeVisible();
    await expect(page.getByTestId('dom-diff')).toContainText('DOM · step 3 → 4');
    await expect(body.locator('.d2h-file-side-diff').first()).toBeVisible();
    const changes = page.getByTestId('aria-change');
    await expect(changes.filter({ hasText: 'Saved Ada Lovelace' }).first()).toBeVisible();
    await page.getByTestId('detail-panel').screenshot({ path: testInfo.outputPath('dom-diff-side-by-side.png') });

    // The tabs can take the whole workspace, and give it back; the diff follows the theme.
    await page.getByTestId('detail-expand').click();
    await expect(page.getByTestId('page-panel')).toBeHidden();
    const theme = await page.locator('html').getAttribute('data-theme');
    await page.getByTestId('theme-toggle').click();
    await expect(page.locator('html')).not.toHaveAttribute('data-theme', theme!);
    await expect(body.locator('.d2h-dark-color-scheme, .d2h-light-color-scheme').first()).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath('dom-diff-expanded-other-theme.png') });
    await page.getByTestId('theme-toggle').click();
    await page.getByTestId('detail-expand').click();
    await expect(page.getByTestId('page-panel')).toBeVisible();

    await page.getByTestId('diff-line-by-line').click();
    await expect(body.locator('.d2h-file-diff').first()).toBeVisible();
    await expect(body.locator('.d2h-file-side-diff')).toHaveCount(0);

    // Step 1 against step 4: the typed value, the ticked box and the result are all in one diff.
    await page.getByTestId('diff-from').selectOption('1');
    await expect(page.getByTestId('dom-diff')).toContainText('DOM · step 1 → 4');
    await expect(body).toContainText('Ada Lovelace');
    await expect(body).toContainText('Saved Ada Lovelace');
    await expect(changes.filter({ hasText: 'checkbox "I accept the terms" [checked]' })).toHaveCount(1);
    await page.getByTestId('detail-panel').screenshot({ path: testInfo.outputPath('dom-diff-line-by-line.png') });

    // The first step has nothing earlier to compare with, and says so.
    await stepRow(page, 1).click();
    await expect(page.getByTestId('dom-diff-note')).toContainText('first DOM state of the session');
    expect(errors).toEqual([]);
  } finally {
    await agent.close();
    await browser.close();
  }
});

test('page content in a diff is shown as text: script, onerror and onload payloads never run in the inspector', async ({
  site,
}) => {
  const { browser, page, errors } = await openInspector(server.url);
  const agent = await connectHttp(server.url);
  try {
    const navigate = await agent.call('browser_navigate', { url: `${site.url}/diff-payloads.html` });
    await agent.call('browser_click', { target: refOf(navigate.parsed.snapshot!.yaml, /button "Add comment"/) });
    await expect(page.getByTestId('timeline-step')).toHaveCount(2);
    await stepRow(page, 2).click();
    await page.getByTestId('tab-dom-diff').click();
    const body = page.getByTestId('dom-diff-body');
    // dom.html keeps the page's own escaping; the inspector shows those characters as they are.
    await expect(body).toContainText('&lt;img src=x onerror="window.top.__pwned = 1"&gt;');
    await expect(body).toContainText('&lt;svg onload=');
    await page.getByTestId('diff-line-by-line').click();
    await expect(body).toContainText('&lt;script&gt;window.top.__pwned = 2');
    // Nothing of the page became markup: no image, script or frame inside the diff (the only svg is diff2html's own file icon), nothing ran.
    await expect(body.locator('img, script, iframe, object, svg:not(.d2h-icon)')).toHaveCount(0);
    expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
    expect(errors).toEqual([]);
  } finally {
    await agent.close();
    await browser.close();
  }
});

test('a diff of thousands of lines opens with its first piece and renders the rest as it scrolls', async ({ site }) => {
  const { browser, page } = await openInspector(server.url);
  const agent = await connectHttp(server.url);
  try {
    await agent.call('browser_navigate', { url: `${site.url}/large.html?n=1600` });
    // The same document with every row changed (a navigation's diff would only say "New document"); the snapshot
    // after it writes the state the diff is counted to.
    await agent.call('browser_evaluate', {
      function: `() => document.querySelectorAll('button, a, label').forEach(el => { el.textContent += ' changed'; })`,
    });
    await agent.call('browser_snapshot');
    await expect(page.getByTestId('timeline-step')).toHaveCount(3);
    await stepRow(page, 3).click();
    await page.getByTestId('tab-dom-diff').click();
    const body = page.getByTestId('dom-diff-body');
    await expect(body).toHaveAttribute('data-shown', '1', { timeout: 15_000 });
    const pieces = Number(await body.getAttribute('data-pieces'));
    expect(pieces).toBeGreaterThan(5);
    await page.locator('.diff-dom').evaluate(section => section.scrollTo(0, section.scrollHeight));
    await expect.poll(async () => Number(await body.getAttribute('data-shown'))).toBeGreaterThan(1);
  } finally {
    await agent.close();
    await browser.close();
  }
});
