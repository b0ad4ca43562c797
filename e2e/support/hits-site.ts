import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A site on 127.0.0.1 that records what reached it: each button reports its click as a request. */
export interface HitsSite {
  url: string;
  /** The paths requested, in order (`/hit/buy`, `/checkout`…), the favicon left out. */
  hits: string[];
  /** The buttons clicked (what `/hit/<name>` recorded). */
  clicks(): string[];
  close(): Promise<void>;
}

const html = (title: string, body: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${title}</title></head><body>${body}</body></html>`;

const button = (name: string, label: string, extra = '') =>
  `<button onclick="fetch('/hit/${name}');${extra}">${label}</button>`;

const PAGES: Record<string, string> = {
  '/': html(
    'Shop',
    [
      '<h1>Shop</h1>',
      '<div id="banner" role="region" aria-label="Cookie banner">We use cookies.',
      button('cookies', 'Accept cookies', "document.getElementById('banner').remove()"),
      '</div>',
      '<label>Search <input name="q"></label>',
      button('buy', 'Buy'),
      button('delete', 'Delete account'),
      // A page error and a failed request: what `console-error` breaks on.
      `<button onclick="fetch('/missing'); console.error('Broken on purpose')">Broken</button>`,
      '<a href="/checkout">Checkout</a>',
      '<p role="status" id="status"></p>',
    ].join(''),
  ),
  '/checkout': html('Checkout', '<h1>Checkout</h1><p>Pay now.</p>'),
};

export async function startHitsSite(): Promise<HitsSite> {
  const site = { url: '', hits: [] as string[] } as HitsSite;
  const server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://127.0.0.1').pathname;
    if (path !== '/favicon.ico') site.hits.push(path);
    if (path.startsWith('/hit/')) return res.writeHead(204).end();
    const page = PAGES[path];
    res.writeHead(page ? 200 : 404, { 'content-type': 'text/html; charset=utf-8' }).end(page ?? 'not found');
  });
  await new Promise<void>(done => server.listen(0, '127.0.0.1', done));
  site.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  site.clicks = () => site.hits.filter(hit => hit.startsWith('/hit/')).map(hit => hit.slice('/hit/'.length));
  site.close = () =>
    new Promise(done => {
      server.closeAllConnections();
      server.close(() => done());
    });
  return site;
}
