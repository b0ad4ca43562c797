import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from '@playwright/test';
import { chromium, type Browser } from 'playwright';
import { parseAriaTree } from '../../shared/aria-tree';
import { serializeDom } from '../dom-state/serializer';
import { PageState } from './page-state';
import { queryCode, type Query } from './query';

// Counts made without a browser must agree with Playwright's own on pages nobody here wrote: each real page is loaded
// in Chromium, its aria snapshot and dom.html recorded as a session would, and a sample of queries counted both ways.
const PAGES = ['wikipedia.html', 'gitlab-blog.html', 'archive-of-our-own.html'];
const REAL_PAGES = '../shared/real-pages';

let browser: Browser;
let server: Server;
let origin: string;

test.beforeAll(async () => {
  server = createServer((request, response) => {
    let body: Buffer;
    try {
      body = readFileSync(`${REAL_PAGES}/${request.url!.slice(1)}`);
    } catch {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(body);
  });
  await new Promise<void>(resolve => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
});

test.afterAll(async () => {
  await browser?.close();
  server?.close();
});

for (const name of PAGES) {
  test(`counts on ${name} agree with Playwright's`, async () => {
    const page = await browser.newPage();
    // Only this loopback server: the pages' external resources would not load anyway.
    await page.route(
      url => !url.href.startsWith(origin),
      route => route.abort(),
    );
    await page.goto(`${origin}/${name}`, { waitUntil: 'domcontentloaded' });
    const aria = await page.ariaSnapshot({ mode: 'ai' });
    const dom = (await page.evaluate(source => (0, eval)(source)(new Map()), `(${serializeDom.toString()})`)) as string;
    const nodes = parseAriaTree(aria).filter(node => node.ref && !node.ref.startsWith('f'));
    const named = (role: string) => nodes.filter(node => node.role === role && node.name).slice(0, 4);
    const queries: Query[] = [
      ...['link', 'heading', 'button', 'textbox'].flatMap(role =>
        named(role).map(node => ({ kind: 'role' as const, role, name: node.name! })),
      ),
      { kind: 'role', role: 'link' },
      ...named('link')
        .slice(0, 3)
        .map(node => ({ kind: 'text' as const, text: node.name! })),
      ...named('heading')
        .slice(0, 2)
        .map(node => ({ kind: 'text' as const, text: node.name!, exact: true })),
      ...named('textbox').map(node => ({ kind: 'label' as const, text: node.name! })),
    ];
    const state = new PageState(1, aria, dom);
    const ours = queries.map(query => [queryCode(query), state.count(query, 'data-testid')]);
    const theirs = await Promise.all(
      queries.map(async query => [queryCode(query), await (0, eval)(`(page => ${queryCode(query)})`)(page).count()]),
    );
    expect(ours).toEqual(theirs);
    expect(queries.length).toBeGreaterThan(8);
    // How fast counting is (a report's inner loop) is for a benchmark: a time limit here fails on a loaded machine.
    await page.close();
  });
}
