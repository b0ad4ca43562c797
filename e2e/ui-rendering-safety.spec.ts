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

const TABS = ['code', 'dom-diff', 'negotiation', 'state-files'];

test('a page full of script, onerror, onload and javascript: payloads is shown as text and images only: nothing runs in the inspector', async ({ site }) => {
  test.setTimeout(120_000);
  const { browser, page, errors } = await openInspector(server.url);
  const agent = await connectHttp(server.url);
  const requests: string[] = [];
  page.on('request', request => requests.push(request.url()));
  try {
    const navigate = await agent.call('browser_navigate', { url: `${site.url}/xss.html` });
    const yaml = navigate.parsed.snapshot!.yaml;
    await agent.call('browser_type', { target: refOf(yaml, /textbox "Name"/), text: '<img src=x onerror="window.top.__pwned = 11">' });
    await agent.call('browser_click', { target: refOf(yaml, /button "Save"/) });
    expect((await agent.call('browser_interact', { query: 'Click the Save button' })).isError).toBe(false);
    await agent.call('browser_snapshot');
    await expect(page.getByTestId('timeline-step')).toHaveCount(6);

    // The payloads reach the inspector as text: in the tree, the generated code and the files.
    const tree = page.getByTestId('aria-tree');
    await expect(tree).toContainText('<img src=x onerror="window.top.__pwned = 3">');
    await expect(tree).toContainText('<script>window.top.__pwned = 2</script>');
    await expect(page.getByTestId('code-panel')).toContainText('onerror="window.top.__pwned = 11"');

    // Every step in every tab, hovering the tree's nodes on the way.
    for (let seq = 1; seq <= 6; seq++) {
      await stepRow(page, seq).click();
      for (const tab of TABS) {
        await page.getByTestId(`tab-${tab}`).click();
        await page.waitForTimeout(150);
      }
      for (const row of (await tree.locator('[data-testid=tree-row]').all()).slice(0, 25)) await row.hover();
    }
    await page.getByTestId('tab-state-files').click();
    await expect(page.getByTestId('state-file-editor')).toContainText('__pwned');

    // Nothing ran, nothing was requested for the page, and the inspector's own DOM has no page markup in it.
    expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
    expect(requests.filter(url => url.includes('/pwned') || url.startsWith(site.url))).toEqual([]);
    const foreign = await page.evaluate(() => {
      const found: string[] = [];
      for (const element of Array.from(document.querySelectorAll('*'))) {
        for (const attribute of element.getAttributeNames()) if (/^on/i.test(attribute)) found.push(`${element.localName}[${attribute}]`);
        if (element.localName === 'iframe' || element.localName === 'script' && !(element as HTMLScriptElement).src) found.push(element.localName);
        if ((element as HTMLAnchorElement).href?.startsWith?.('javascript:')) found.push('a[href=javascript:]');
      }
      return found;
    });
    expect(foreign).toEqual([]);
    expect(errors).toEqual([]);
  } finally {
    await agent.close();
    await browser.close();
  }
});
