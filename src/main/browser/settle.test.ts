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
    if (path === '/slow.html') return setTimeout(() => res.writeHead(200, { 'content-type': 'text/html' }).end(PAGES[path]), 2_500);
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
async function settleAfter(action: () => Promise<unknown>, options?: { waitForLater: boolean }): Promise<number> {
  const watch = new SettleWatch(page);
  try {
    await action();
    const started = Date.now();
    await watch.settled(CAP_MS, () => false, options);
    return Date.now() - started;
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

test('the load of a page still loading before a click does not cut the click\'s quiet window short', async () => {
  await page.goto(`${base}/loading.html`, { waitUntil: 'domcontentloaded' });
  await settleAfter(() => page.click('button'));
  expect(page.url()).toBe(`${base}/next.html`);
});

test('a long poll a page opens while loading holds a navigation 300 ms at most after load', async () => {
  expect(await settleAfter(() => page.goto(`${base}/long-poll.html`, { waitUntil: 'domcontentloaded' }))).toBeLessThan(1_000);
});

test('waitForLater: false does not wait for what a handler might do later', async () => {
  expect(await settleAfter(() => page.fill('#field', 'text'), { waitForLater: false })).toBeLessThan(100);
});
