// @ts-check
// Serves e2e/fixtures on 127.0.0.1, the saved real pages under /real/, plus a few dynamic routes (JSON API, download, redirect, generated large page).
// Plain JavaScript so the benchmarks (node bench/*.js) and the TypeScript tests share it.
import { readFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import { extname, join, normalize, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { asyncListener } from './async-listener.js';

const FIXTURES = fileURLToPath(new URL('../fixtures', import.meta.url));
/** The saved real-world pages (../shared/real-pages beside the repository), served under /real/. */
export const REAL_PAGES = fileURLToPath(new URL('../../../shared/real-pages', import.meta.url));
/** @type {Record<string, string>} */
const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.txt': 'text/plain',
};

/**
 * A page with `n` interactive elements (inputs, buttons, links, selects in table rows) and about 200 bytes of DOM
 * each — n = 5000 gives a ~1 MB DOM, the size the benchmarks call "large".
 * @param {number} n
 */
export function largePage(n) {
  const rows = [];
  for (let i = 0; i < n; i += 4) {
    rows.push(
      `<tr class="row row-${i % 7}"><td><label for="in${i}">Item ${i}</label></td>` +
        `<td><input id="in${i}" name="item${i}" value="value ${i}"></td>` +
        `<td><button type="button" data-row="${i}" onclick="this.textContent='Clicked ${i + 1}'">Action ${i + 1}</button></td>` +
        `<td><a href="#row-${i + 2}" title="Row ${i + 2}">Link ${i + 2}</a></td>` +
        `<td><select name="sel${i}" aria-label="Choice ${i + 3}"><option>one</option><option>two</option></select></td></tr>`,
    );
  }
  return (
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Large page (${n})</title></head><body>` +
    `<h1>Large page</h1><table><tbody>${rows.join('\n')}</tbody></table></body></html>`
  );
}

/**
 * A long document of about `kb` kilobytes of DOM — sections of headings, paragraphs and tables — with 100 toggle
 * buttons and 100 text fields spread through it: a content-heavy page, as opposed to largePage's wall of controls.
 * @param {number} kb
 */
export function articlePage(kb) {
  const sections = [];
  for (let i = 0, size = 0; size < kb * 1024; i++) {
    const rows = Array.from(
      { length: 8 },
      (_, r) =>
        `<tr><td class="cell">Row ${r} of section ${i}</td><td class="cell">${(i * 31 + r * 7) % 997} units</td><td class="cell">Noted on day ${r + 1}</td></tr>`,
    ).join('');
    const controls =
      i < 100
        ? `<p><button type="button" class="toggle" onclick="this.textContent = this.textContent.startsWith('Open') ? 'Close ${i}' : 'Open ${i}'">Open ${i}</button> <label>Note ${i} <input name="note${i}"></label></p>`
        : '';
    const section =
      `<section id="s${i}" class="section"><h2>Section ${i}</h2>` +
      `<p class="body">Paragraph ${i} describes the state of the system in some detail, so that the document reads like a long report with many words in it. It repeats the number ${i} for searching.</p>` +
      `<table class="data"><tbody>${rows}</tbody></table>${controls}</section>`;
    sections.push(section);
    size += section.length;
  }
  return (
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Article (${kb} KB)</title></head><body>` +
    `<h1>Article</h1>${sections.join('\n')}</body></html>`
  );
}

/** @returns {Promise<{ url: string, close: () => Promise<void> }>} */
export async function startFixtureServer() {
  const server = createServer(
    asyncListener(async (req, res) => {
      const url = new URL(req.url ?? '/', 'http://127.0.0.1');
      if (url.pathname === '/large.html') {
        res.writeHead(200, { 'content-type': TYPES['.html'] });
        return res.end(largePage(Number(url.searchParams.get('n') ?? 5000)));
      }
      if (url.pathname === '/article.html') {
        res.writeHead(200, { 'content-type': TYPES['.html'] });
        return res.end(articlePage(Number(url.searchParams.get('kb') ?? 1000)));
      }
      if (url.pathname === '/favicon.ico') return res.writeHead(204).end();
      if (url.pathname === '/api/data') {
        res.writeHead(200, { 'content-type': 'application/json' });
        return res.end(JSON.stringify({ item: Number(url.searchParams.get('item')), ok: true }));
      }
      if (url.pathname === '/api/echo') {
        let body = '';
        for await (const chunk of req) body += chunk;
        res.writeHead(200, { 'content-type': 'application/json', 'x-echo': 'yes' });
        return res.end(body);
      }
      if (url.pathname === '/api/slow') {
        // A response that outlasts the step that asked for it (at most 10 s).
        await new Promise(resolve => setTimeout(resolve, Math.min(Number(url.searchParams.get('ms') ?? 1000), 10_000)));
        res.writeHead(200, { 'content-type': 'application/json' });
        return res.end('{"slow":true}');
      }
      if (url.pathname === '/go/search') {
        // A link whose target gains a cache-busting timestamp on the way, as tracking redirects do.
        res.writeHead(302, {
          location: `/search.html?q=${encodeURIComponent(url.searchParams.get('q') ?? '')}&ts=${Date.now()}`,
        });
        return res.end();
      }
      if (url.pathname === '/download') {
        res.writeHead(200, {
          'content-type': 'text/plain',
          'content-disposition': 'attachment; filename="report.txt"',
        });
        return res.end('quarterly report');
      }
      const real = url.pathname.startsWith('/real/');
      const root = real ? REAL_PAGES : FIXTURES;
      const file = normalize(
        join(
          root,
          decodeURIComponent(
            real ? url.pathname.slice('/real'.length) : url.pathname === '/' ? '/form.html' : url.pathname,
          ),
        ),
      );
      if (!file.startsWith(root + sep)) return res.writeHead(403).end();
      try {
        const body = await readFile(file);
        res.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' });
        res.end(body);
      } catch {
        res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
      }
    }),
  );
  await new Promise(resolve => server.listen(0, '127.0.0.1', () => resolve(undefined)));
  const address = /** @type {import('node:net').AddressInfo} */ (server.address());
  return {
    url: `http://127.0.0.1:${address.port}`,
    close: () =>
      new Promise(resolve => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
