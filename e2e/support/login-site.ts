import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/** An expenses app behind a login: a session cookie set by the server, and what each session has saved. */
export interface LoginSite {
  url: string;
  /** The session cookies given out, one per login. */
  logins: string[];
  /** The expenses saved, by session cookie. */
  saved: Map<string, string[]>;
  close(): Promise<void>;
}

const html = (title: string, body: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${title}</title></head><body>${body}</body></html>`;
const escape = (text: string) => text.replace(/[&<>"]/g, c => `&#${c.charCodeAt(0)};`);

/**
 * On 127.0.0.1: /login (ada / secret-pass) sets an HttpOnly session cookie and goes to /expenses, which without the
 * cookie sends you back to /login. /expenses has a form whose Save posts the expense, and a Details toggle that only
 * the page's script remembers (state a URL cannot restore).
 */
export async function startLoginSite(): Promise<LoginSite> {
  const site = { url: '', logins: [] as string[], saved: new Map<string, string[]>() } as LoginSite;
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const cookie = /(?:^|;\s*)sid=([\w-]+)/.exec(req.headers.cookie ?? '')?.[1];
    const loggedIn = !!cookie && site.logins.includes(cookie);
    const page = (title: string, body: string) =>
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(html(title, body));
    const redirect = (to: string, headers: Record<string, string> = {}) =>
      res.writeHead(303, { location: to, ...headers }).end();
    let body = '';
    req.on('data', chunk => (body += chunk));
    req.on('end', () => {
      const form = new URLSearchParams(body);
      if (url.pathname === '/login' && req.method === 'POST') {
        if (form.get('user') !== 'ada' || form.get('password') !== 'secret-pass')
          return page('Log in', '<p role="alert">Wrong user or password</p><a href="/login">Try again</a>');
        const sid = randomUUID();
        site.logins.push(sid);
        return redirect('/expenses', { 'set-cookie': `sid=${sid}; HttpOnly; SameSite=Lax; Path=/` });
      }
      if (url.pathname === '/login') {
        return page(
          'Log in',
          '<h1>Log in</h1><form method="post" action="/login"><label>User <input name="user"></label>' +
            '<label>Password <input name="password" type="password"></label><button>Sign in</button></form>',
        );
      }
      if (url.pathname === '/expenses') {
        if (!loggedIn) return redirect('/login');
        if (req.method === 'POST') {
          site.saved.set(cookie!, [
            ...(site.saved.get(cookie!) ?? []),
            `${form.get('description')}: ${form.get('amount')}`,
          ]);
          return redirect('/expenses');
        }
        const items = (site.saved.get(cookie!) ?? []).map(item => `<li>${escape(item)}</li>`).join('');
        return page(
          'Expenses',
          `<h1>Expenses</h1><p>Signed in as ada</p><ul aria-label="Saved expenses">${items}</ul>` +
            '<form method="post" action="/expenses"><label>Description <input name="description"></label>' +
            '<label>Amount <input name="amount"></label><button>Save</button></form>' +
            "<button onclick=\"document.getElementById('details').hidden = !document.getElementById('details').hidden\">Details</button>" +
            '<p id="details" hidden>Receipts are kept for ten years.</p>',
        );
      }
      res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
    });
  });
  await new Promise<void>(done => server.listen(0, '127.0.0.1', done));
  site.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  site.close = () => new Promise(done => server.close(() => done()));
  return site;
}
