import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/** What the shop serves; a test changes it between recording and replaying to make the replay drift. */
export interface ShopSite {
  url: string;
  buttonLabel: string;
  detailsHref: string;
  /** The button asks to confirm first (a dialog: one more step for an agent). */
  confirmAdd: boolean;
  close(): Promise<void>;
}

const html = (title: string, body: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${title}</title></head><body>${body}</body></html>`;

/** A small shop on 127.0.0.1 whose button label and link target can change while it runs. */
export async function startShop(): Promise<ShopSite> {
  const site = { url: '', buttonLabel: 'Add to cart', detailsHref: '/details', confirmAdd: false } as ShopSite;
  const server = createServer((req, res) => {
    const pages: Record<string, string> = {
      '/shop': html(
        'Shop',
        `<h1>Shop</h1><label>Quantity <input name="qty"></label>` +
          `<button onclick="${site.confirmAdd ? "if (!confirm('Add to your order?')) return; " : ''}document.getElementById('status').textContent = 'Added ' + document.querySelector('input').value">${site.buttonLabel}</button>` +
          `<a href="${site.detailsHref}">Details</a><p role="status" id="status"></p>`,
      ),
      '/details': html('Details', '<h1>Details</h1><p>All about the product.</p>'),
      '/other': html('Other', '<h1>Somewhere else</h1>'),
    };
    const page = pages[new URL(req.url ?? '/', 'http://127.0.0.1').pathname];
    res.writeHead(page ? 200 : 404, { 'content-type': 'text/html; charset=utf-8' }).end(page ?? 'not found');
  });
  await new Promise<void>(done => server.listen(0, '127.0.0.1', done));
  site.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  site.close = () => new Promise(done => server.close(() => done()));
  return site;
}
