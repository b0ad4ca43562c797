import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from '@playwright/test';
import { chromium, type Browser, type Page } from 'playwright';
import { SettleWatch } from './settle';

const CAP_MS = 8_000;

const PAGES: Record<string, string> = {
  '/start.html': `<title>Start</title>
    <a href="/slow.html">Slow page</a>
    <button id="push" onclick="history.pushState({}, '', '/start.html#two'); this.textContent = 'Pushed'">Push</button>
    <button id="poll" onclick="fetch('/poll')">Poll</button>
    <button id="api" onclick="fetch('/api').then(r => r.text()).then(t => { this.textContent = t; })">Load</button>
    <input id="field">`,
  '/slow.html': '<title>Slow</title><h1>Slow page</h1>',
  // Its load waits for an image that takes 200 ms; the button navigates 300 ms after a click.
  '/loading.html': `<title>Loading</title><img src="/image" alt="Late">
    <button onclick="setTimeout(() => { location.href = '/next.html'; }, 300)">Next</button>`,
  '/next.html': '<title>Next</title><h1>Next page</h1>',
  '/long-poll.html': `<title>Poll</title><script>fetch('/poll')</script>`,
  '/broken-link.html': '<title>Links</title><a href="/blocked.html">Blocked</a>',
};

let server: Server;
let base: string;
let browser: Browser;
let page: Page;

test.beforeAll(async () => {
  server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://127.0.0.1').pathname;
    if (path === '/poll') return; // Never answered.
    // Slower than a request's own hold (2 s): only the page's own document may keep the wait that long.
    if (path === '/slow.html')
      return setTimeout(() => res.writeHead(200, { 'content-type': 'text/html' }).end(PAGES[path]), 2_500);
    if (path === '/image') return setTimeout(() => res.writeHead(404).end(), 200);
    if (path === '/api') return setTimeout(() => res.writeHead(200).end('Loaded'), 1_000);
    res.writeHead(PAGES[path] ? 200 : 404, { 'content-type': 'text/html' }).end(PAGES[path] ?? '');
  });
  await new Promise<void>(resolve => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
});

test.afterAll(async () => {
  await browser.close();
  server.closeAllConnections();
  await new Promise(resolve => server.close(resolve));
});

test.beforeEach(async () => {
  page = await browser.newPage();
  await page.goto(`${base}/start.html`);
});

test.afterEach(() => page.close());

/** Runs the action under a watch; how long the settle took after it. */
async function settleAfter(
  action: () => Promise<unknown>,
  options?: { waitForLater?: boolean; prefetch?: () => Promise<void> },
): Promise<number> {
  return (await settleEnd(action, options)).ms;
}

/** The same, with why the wait ended. */
async function settleEnd(
  action: () => Promise<unknown>,
  options?: { waitForLater?: boolean; prefetch?: () => Promise<void> },
) {
  const watch = new SettleWatch(page);
  try {
    await action();
    const started = Date.now();
    const why = await watch.settled(CAP_MS, () => false, options);
    return { ms: Date.now() - started, why };
  } finally {
    watch.dispose();
  }
}

test('a click whose page answers after 2.5 s is followed to the new page: the document holds the wait', async () => {
  await settleAfter(() => page.click('a'));
  expect(page.url()).toBe(`${base}/slow.html`);
  await expect(page.locator('h1')).toHaveText('Slow page', { timeout: 1 });
});

test('a same-document navigation (pushState) ends after the quiet window, not at the cap', async () => {
  const ms = await settleAfter(() => page.click('#push'));
  expect(ms).toBeGreaterThanOrEqual(350);
  expect(ms).toBeLessThan(1_500);
});

test('a request that never answers holds the wait 2 s, not the cap; a 1 s fetch is waited for', async () => {
  const polled = await settleAfter(() => page.click('#poll'));
  expect(polled).toBeGreaterThanOrEqual(2_000);
  expect(polled).toBeLessThan(3_500);
  await settleAfter(() => page.click('#api'));
  await expect(page.locator('#api')).toHaveText('Loaded', { timeout: 1 });
});

test("the load of a page still loading before a click does not cut the click's quiet window short", async () => {
  await page.goto(`${base}/loading.html`, { waitUntil: 'domcontentloaded' });
  await settleAfter(() => page.click('button'));
  expect(page.url()).toBe(`${base}/next.html`);
});

test('a long poll a page opens while loading holds a navigation 300 ms at most after load', async () => {
  expect(await settleAfter(() => page.goto(`${base}/long-poll.html`, { waitUntil: 'domcontentloaded' }))).toBeLessThan(
    1_000,
  );
});

test('waitForLater: false does not wait for what a handler might do later', async () => {
  expect(await settleAfter(() => page.fill('#field', 'text'), { waitForLater: false })).toBeLessThan(100);
});

test('a snapshot taken ahead runs inside the quiet window, which it does not lengthen', async () => {
  let prefetches = 0;
  const ms = await settleAfter(() => page.click('#push'), { prefetch: async () => void prefetches++ });
  expect(prefetches).toBe(1);
  expect(ms).toBeGreaterThanOrEqual(350);
  expect(ms).toBeLessThan(1_000);
});

test('a timer that a slow snapshot taken ahead delays is still followed to the page it opens', async () => {
  await page.goto(`${base}/loading.html`);
  // The snapshot's stand-in holds the page's main thread past the 300 ms timer, which can only run after it.
  const busy = () =>
    page.evaluate(() => {
      const end = Date.now() + 450;
      while (Date.now() < end);
    });
  await settleAfter(() => page.click('button'), { prefetch: busy });
  expect(page.url()).toBe(`${base}/next.html`);
  await expect(page.locator('h1')).toHaveText('Next page', { timeout: 1 });
});

test('a navigation whose document fails ends as its error page commits, not after its load', async () => {
  await page.route('**/blocked.html', route => route.abort('blockedbyclient'));
  await page.goto(`${base}/broken-link.html`);
  expect((await settleEnd(() => page.click('a'))).why).toBe('failed');
  expect(page.url()).toBe('chrome-error://chromewebdata/');
  // What a snapshot taken now shows: the error page whole, though its load was not waited for.
  expect(await page.ariaSnapshot()).toContain('ERR_BLOCKED_BY_CLIENT');
});
