import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright';
import { expect, test } from '@playwright/test';
import { connectHttp, refOf, startHttpServer } from './support/mcp';
import { openInspector, stepRow } from './support/ui';

const FIXTURE = readFileSync(new URL('./fixtures/xss-beacon.html', import.meta.url), 'utf8');

/**
 * Serves the hostile page with its beacon pointed back here, and counts the beacon's requests by the origin that made
 * them (the Referer): the visited page's own payloads are expected to call; the inspector's origin must never.
 */
type BeaconSite = Awaited<ReturnType<typeof startBeaconSite>>;
async function startBeaconSite() {
  const hits: { id: string; from: string }[] = [];
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    if (url.pathname === '/beacon') {
      hits.push({
        id: url.search.slice(1),
        from: req.headers.referer ? new URL(req.headers.referer).origin : 'no referer',
      });
      return res.writeHead(204).end();
    }
    if (url.pathname !== '/xss-beacon.html') return res.writeHead(404).end();
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(FIXTURE.replaceAll('__BEACON__', origin));
  });
  await new Promise<void>(resolve => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  return {
    url: origin,
    hits,
    close: () =>
      new Promise<void>(resolve => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** What of a visited page could run in the inspector's own DOM: handlers, frames, scripts not its own, javascript: URLs. */
function runnableMarkup(page: Page) {
  return page.evaluate(() => {
    const found: string[] = [];
    for (const element of Array.from(document.querySelectorAll('*'))) {
      for (const attribute of element.getAttributeNames()) {
        if (/^on/i.test(attribute)) found.push(`<${element.localName} ${attribute}>`);
        if (/^\s*javascript:/i.test(element.getAttribute(attribute) ?? ''))
          found.push(`<${element.localName} ${attribute}=javascript:>`);
        if (attribute === 'srcdoc') found.push(`<${element.localName} srcdoc>`);
      }
      if (
        ['iframe', 'frame', 'object', 'embed', 'base', 'meta'].includes(element.localName) &&
        !element.closest('head')
      )
        found.push(`<${element.localName}>`);
      if (element.localName === 'script' && (element as HTMLScriptElement).src.split('/')[2] !== location.host)
        found.push(`<script src="${(element as HTMLScriptElement).src}">`);
    }
    return found;
  });
}

const PAYLOAD_URL = `/xss-beacon.html?q=<script>top.__pwned='url';new Image().src='/beacon?url'</script>#"><img src=x onerror="top.__pwned='hash'">`;
const TYPED = `<img src=x onerror="top.__pwned='typed';document.title+=' [pwned typed]'">`;
const ELEMENT = `"><script>top.__pwned='element'</script>`;
/** Eight calls, nine steps: browser_interact adds the click it chose. */
const STEPS = 9;

/** The inspector UI with everything it requested, and its title before any page content reached it. */
async function watchedInspector(url: string) {
  const opened = await openInspector(url);
  const requests: string[] = [];
  opened.page.on('request', request => requests.push(request.url()));
  return { ...opened, url, requests, title: await opened.page.title() };
}
type Inspector = Awaited<ReturnType<typeof watchedInspector>>;

/** Every step in every detail tab (each Browser State file, the code loaded into Edit & run); tree nodes hovered and selected. */
async function visitEverything({ page }: Inspector, tabs: string[]) {
  const tree = page.getByTestId('aria-tree');
  for (let seq = 1; seq <= STEPS; seq++) {
    await stepRow(page, seq).click();
    for (const tab of tabs) {
      await page.getByTestId(`tab-${tab}`).click();
      if (tab === 'state-files') {
        for (const file of await page.getByTestId('state-file').all()) {
          await file.click();
          await expect(page.getByTestId('state-file-editor')).toHaveAttribute(
            'data-path',
            (await file.getAttribute('data-path'))!,
          );
        }
      }
      if (tab === 'run-code') await page.getByTestId('run-code-load-session').click();
      await page.waitForTimeout(100);
    }
    const rows = await tree.getByTestId('tree-row').all();
    for (const row of rows.slice(0, 40)) await row.hover();
    for (const row of rows.filter((_, index) => index % 5 === 0)) await row.click();
  }
}

/**
 * Nothing of the page ran in the inspector: no flag, no title change, no frame, no beacon call from its origin, no
 * request for anything but its own files, no page markup that could run, no page error or console error (a payload
 * the CSP blocked would log one).
 */
async function expectNothingRan({ page, url, requests, title, errors }: Inspector, site: BeaconSite) {
  expect(await page.evaluate(() => (window as unknown as { __pwned?: unknown }).__pwned)).toBeUndefined();
  expect(await page.title()).toBe(title);
  expect(page.frames()).toHaveLength(1);
  expect(site.hits.filter(hit => hit.from !== site.url)).toEqual([]);
  expect(
    requests.filter(
      request => !request.startsWith(url) && !request.startsWith('data:') && !request.startsWith('blob:'),
    ),
  ).toEqual([]);
  expect(requests.filter(request => /beacon|pwned/.test(request))).toEqual([]);
  expect(await runnableMarkup(page)).toEqual([]);
  expect(errors).toEqual([]);
}

test("a hostile page's payloads run in the visited page and never in the inspector: every panel, live, recorded and replayed", async () => {
  test.setTimeout(180_000);
  const site = await startBeaconSite();
  const sessions = mkdtempSync(join(tmpdir(), 'ui-safety-'));
  let server = await startHttpServer(['--session-dir', sessions], 'serve');
  try {
    const live = await watchedInspector(server.url);
    const { page } = live;
    try {
      const agent = await connectHttp(server.url);
      const navigate = await agent.call('browser_navigate', { url: site.url + PAYLOAD_URL });
      const yaml = navigate.parsed.snapshot!.yaml;
      await agent.call('browser_type', {
        element: ELEMENT,
        target: refOf(yaml, /textbox "<b onmouseover/),
        text: TYPED,
      });
      await agent.call('browser_select_option', {
        element: ELEMENT,
        target: refOf(yaml, /combobox "Mood"/),
        values: [`<script>top.__pwned='option'</script>`],
      });
      await agent.call('browser_click', { element: ELEMENT, target: refOf(yaml, /button "Add <img/) });
      // The query quotes the button's hostile name (up to its first quote mark): the planner clicks that Add button
      // again, the one name holding every word of it.
      await agent.call('browser_interact', {
        query: `Click the "Add <img src=x onerror=\\"top.__pwned='button-name'\\">" button`,
      });
      await agent.call('browser_console_messages');
      await agent.call('browser_evaluate', { function: '() => document.title' });
      await agent.call('browser_snapshot');
      await agent.close();
      await expect(page.getByTestId('timeline-step')).toHaveCount(STEPS);

      // The payloads are live: the visited page ran them (the title's is text even there: <title> holds no markup)…
      // (once each, however often a payload ran: the Add button is clicked twice)
      expect([...new Set(site.hits.map(hit => hit.id))].sort()).toEqual([
        'comment-img',
        'img-onerror',
        'inline-script',
        'srcdoc',
        'style',
        'svg-onload',
      ]);
      // …and the inspector shows them as text.
      const timeline = page.getByTestId('timeline-panel');
      await expect(timeline).toContainText(`xss-beacon.html?q=<script>top.__pwned='url'`);
      await expect(timeline).toContainText(`button "Add <img src=x onerror="top.__pwned='button-name'`);
      const tree = page.getByTestId('aria-tree');
      await expect(tree).toContainText(`Add <img src=x onerror="top.__pwned='button-name'`);
      await expect(tree).toContainText(`<b onmouseover="top.__pwned='label'">Comment</b>`);

      await visitEverything(live, ['code', 'dom-diff', 'negotiation', 'state-files', 'run-code']);
      await page.getByTestId('tab-state-files').click();
      await page.getByTestId('state-file').first().click();
      await expect(page.getByTestId('state-file-editor')).toContainText(`top.__pwned`);
      await page.getByTestId('export').click();
      await expect(page.getByTestId('export-preview')).toContainText(`top.__pwned='button-name'`);
      await page.getByTestId('export-close').click();
      await expectNothingRan(live, site);
    } finally {
      await live.browser.close();
    }
    await server.stop();

    // The recording in a new inspector: the same panels from the session folder, then a replay of every step (its
    // screenshots and drift are page content too).
    server = await startHttpServer(['--session-dir', sessions], 'serve');
    const recorded = await watchedInspector(server.url);
    try {
      await recorded.page.getByTestId('session-item').first().click();
      await expect(recorded.page.getByTestId('timeline-step')).toHaveCount(STEPS);
      await recorded.page.getByTestId('replay-all').click();
      await expect(stepRow(recorded.page, STEPS).getByTestId('replay-badge')).toBeVisible({ timeout: 60_000 });
      await visitEverything(recorded, ['code', 'dom-diff', 'negotiation', 'state-files', 'replay', 'run-code']);
      await expectNothingRan(recorded, site);
    } finally {
      await recorded.browser.close();
    }
  } finally {
    await server.stop();
    await site.close();
    rmSync(sessions, { recursive: true, force: true });
  }
});
