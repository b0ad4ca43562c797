import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { connectHttp, refOf, startHttpServer, type HttpServerProcess } from './support/mcp';
import { openInspector, stepRow, snap } from './support/ui';

/** What the Response tab's "Copy …" button of `scope` put on the clipboard. */
async function copied(page: Page, button: string): Promise<string> {
  await page.getByTestId('response-view').getByRole('button', { name: button, exact: true }).first().click();
  return page.evaluate(() => navigator.clipboard.readText());
}

test.describe('step inspector: what the agent sent and received, before and after', () => {
  let server: HttpServerProcess;
  test.beforeEach(async () => {
    server = await startHttpServer([], 'serve');
  });
  test.afterEach(async () => {
    await server.stop();
  });

  test('the Response tab shows the exact text and image the MCP client received, by section, refs linked to the tree', async ({
    site,
  }, testInfo) => {
    const { browser, page, errors } = await openInspector(server.url);
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    const agent = await connectHttp(server.url);
    try {
      const navigate = await agent.call('browser_navigate', { url: `${site.url}/form.html` });
      const shot = await agent.call('browser_take_screenshot', {});
      await expect(page.getByTestId('timeline-step')).toHaveCount(2);

      await stepRow(page, 1).click();
      await page.getByRole('tab', { name: 'Response' }).click();
      const view = page.getByTestId('response-view');
      await expect(view).toHaveAttribute('data-seq', '1');
      await expect(view.getByTestId('response-args')).toHaveText(
        JSON.stringify({ url: `${site.url}/form.html` }, null, 2),
      );
      // Sections in the order the agent read them, each with its size.
      const titles = await view
        .getByTestId('response-section')
        .evaluateAll(nodes => nodes.map(node => node.getAttribute('data-title')));
      expect(titles).toEqual(navigate.text.match(/^### (.+)$/gm)!.map(heading => heading.slice(4)));
      await expect(view.getByTestId('response-section').first().getByTestId('response-section-size')).toContainText(
        /\d+ B|KB/,
      );
      // The mode that answered (the harness runs inline), and what each mode would have sent: inline is what was sent.
      await expect(view.getByTestId('response-mode')).toHaveText('inline');
      await expect(view.getByTestId('response-modes').locator('[data-mode="inline"]')).toHaveAttribute(
        'data-bytes',
        String(Buffer.byteLength(navigate.text)),
      );
      const sizes = await view
        .getByTestId('response-modes')
        .locator('[data-mode]')
        .evaluateAll(spans =>
          Object.fromEntries(
            spans.map(span => [span.getAttribute('data-mode'), Number(span.getAttribute('data-bytes'))]),
          ),
        );
      expect(sizes.none).toBeLessThan(sizes.file);
      expect(sizes.file).toBeLessThan(sizes.inline);
      expect(sizes.diff).toBeGreaterThan(sizes.file);
      await page.getByTestId('detail-expand').click();
      await snap(page, 'detail-panel', 'response-top', testInfo);
      await page.getByTestId('detail-expand').click();
      // Character for character what the client got.
      expect(await copied(page, 'Copy text')).toBe(navigate.text);
      const pair = JSON.parse(await copied(page, 'Copy as JSON-RPC'));
      expect(pair[0]).toEqual({
        jsonrpc: '2.0',
        id: 1,
        method: 'tools/call',
        params: { name: 'browser_navigate', arguments: { url: `${site.url}/form.html` } },
      });
      expect(pair[1].result.content).toEqual([{ type: 'text', text: navigate.text }]);

      // A ref in the snapshot selects its node in the aria tree.
      const name = refOf(navigate.parsed.snapshot?.yaml, /textbox "Full name"/);
      await view
        .locator('[data-title="Snapshot"]')
        .getByRole('button', { name: `[ref=${name}]`, exact: true })
        .click();
      await expect(page.getByTestId('aria-tree').locator('[aria-selected=true]')).toHaveAttribute('data-ref', name);
      await snap(page, 'detail-panel', 'response-tab', testInfo);

      // An image item at its real size, with its dimensions, after the text.
      await stepRow(page, 2).click();
      await expect(view).toHaveAttribute('data-seq', '2');
      const items = view.getByTestId('response-item');
      await expect(items).toHaveCount(2);
      await expect(items.nth(1)).toHaveAttribute('data-type', 'image');
      await expect(view.getByTestId('response-image-size')).toContainText('1280 × 720 px · image/png');
      expect(await view.locator('.response-image img').getAttribute('src')).toBe(
        `data:image/png;base64,${shot.images[0].data}`,
      );
      expect(await copied(page, 'Copy text')).toBe(shot.text);
      await snap(page, 'detail-panel', 'response-image', testInfo);
      expect(errors).toEqual([]);
    } finally {
      await agent.close();
      await browser.close();
    }
  });

  test('Before and After: a navigating click shows the page it acted on, the target and the point, then the new page', async ({
    site,
  }, testInfo) => {
    const { browser, page, errors } = await openInspector(server.url);
    const agent = await connectHttp(server.url);
    try {
      const navigate = await agent.call('browser_navigate', { url: `${site.url}/form.html` });
      await agent.call('browser_type', {
        target: refOf(navigate.parsed.snapshot?.yaml, /textbox "Full name"/),
        text: 'Ada',
      });
      await agent.call('browser_click', { target: refOf(navigate.parsed.snapshot?.yaml, /link "Dialogs page"/) });
      await expect(page.getByTestId('timeline-step')).toHaveCount(3);
      await stepRow(page, 3).click();

      const screenshot = page.getByTestId('page-screenshot');
      const panel = page.getByTestId('page-panel');
      // A step that acted on an element opens on Before, with the element's box and where the click landed.
      await expect(screenshot).toHaveAttribute('data-shot', 'before');
      await expect(page.getByTestId('target-box')).toHaveCount(1);
      await expect(page.getByTestId('action-point')).toHaveCount(1);
      await expect(page.getByTestId('navigated-badge')).toBeVisible();
      const before = await screenshot.getAttribute('src');
      await snap(page, 'page-panel', 'before', testInfo);

      await page.keyboard.press('a');
      await expect(screenshot).toHaveAttribute('data-shot', 'after');
      await expect(panel.getByRole('button', { name: 'After' })).toHaveAttribute('aria-pressed', 'true');
      expect(await screenshot.getAttribute('src')).not.toBe(before);
      await expect(page.getByTestId('action-point')).toHaveCount(0);
      await snap(page, 'page-panel', 'after', testInfo);

      // The choice sticks while moving through steps; a step that did not act has no Before.
      await page.keyboard.press('b');
      await expect(screenshot).toHaveAttribute('data-shot', 'before');
      await stepRow(page, 2).click();
      await expect(screenshot).toHaveAttribute('data-shot', 'before');
      await expect(page.getByTestId('navigated-badge')).toHaveCount(0);
      // The type step acted on the page the navigate step left: nothing changed in between, so its Before is that After.
      const typeBefore = await screenshot.getAttribute('src');
      await stepRow(page, 1).click();
      await page.keyboard.press('a');
      expect(await screenshot.getAttribute('src')).toBe(typeBefore);
      expect(errors).toEqual([]);
    } finally {
      await agent.close();
      await browser.close();
    }
  });
});

test('a diff-mode step: the Page changes section with its refs linked to the tree, and the mode and bytes of each mode', async ({
  site,
}, testInfo) => {
  const server = await startHttpServer(['--snapshot-mode', 'diff'], 'serve');
  const { browser, page, errors } = await openInspector(server.url);
  const agent = await connectHttp(server.url);
  try {
    const navigate = await agent.call('browser_navigate', { url: `${site.url}/context.html` });
    const opened = await agent.call('browser_click', {
      target: refOf(navigate.parsed.pageChanges, /button "Delete order"/),
    });
    await expect(page.getByTestId('timeline-step')).toHaveCount(2);
    await stepRow(page, 2).click();
    await page.getByRole('tab', { name: 'Response' }).click();
    const view = page.getByTestId('response-view');
    await expect(view).toHaveAttribute('data-seq', '2');
    await expect(view.getByTestId('response-mode')).toHaveText('diff');
    await expect(view.getByTestId('response-modes').locator('[data-mode="diff"]')).toHaveAttribute(
      'data-bytes',
      String(Buffer.byteLength(opened.text)),
    );
    const dialog = refOf(opened.parsed.pageChanges, /dialog "Confirm deletion"/);
    await view
      .locator('[data-title="Page changes"]')
      .getByRole('button', { name: `[ref=${dialog}]`, exact: true })
      .click();
    await expect(page.getByTestId('aria-tree').locator('[aria-selected=true]')).toHaveAttribute('data-ref', dialog);
    await snap(page, 'detail-panel', 'response-diff', testInfo);
    expect(errors).toEqual([]);
  } finally {
    await agent.close();
    await browser.close();
    await server.stop();
  }
});
