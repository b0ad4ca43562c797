import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { expect, test } from './support/fixtures';
import { connectPeer, connectStdio, refOf, type McpTestClient, type ToolResult } from './support/mcp';

/**
 * Settling after an action (issue 18): the page is read once it is usable, as a user would, not when its `load` event
 * fires. Pages whose load never ends (a long poll, a 10 s image) come back well under the settle cap, with the content
 * their scripts render; a click that navigates a moment later still returns the new page.
 */

/** Above the default 5 s, so a wait that ends at the cap (or at a 10 s `load`) cannot pass for settling. */
const SETTLE_CAP_MS = 10_000;
/** Well under the cap: what a page whose content is ready may cost at most, snapshot and all, on a busy machine. */
const READY_MS = 4_000;

const PAGES: Record<string, string> = {
  // Its items come from a quick fetch; a second request, the long poll, never answers.
  '/long-poll.html': `<title>Inbox</title><h1>Inbox</h1><ul id="items"></ul><script>
    fetch('/poll').catch(() => {});
    fetch('/items').then(r => r.json()).then(items => {
      document.getElementById('items').innerHTML = items.map(item => '<li>' + item + '</li>').join('');
    });
  </script>`,
  '/slow-image.html': `<title>Report</title><h1>Quarterly report</h1><img src="/chart.png" alt="Sales chart" width="300" height="200">
    <p>Sales grew.</p>`,
  '/delayed.html': `<title>Start</title><h1>Start</h1>
    <button onclick="setTimeout(() => { location.href = '/arrived.html'; }, 300)">Go in a moment</button>
    <button onclick="fetch('/poll'); this.textContent = 'Listening'">Listen</button>`,
  '/arrived.html': '<title>Arrived</title><h1>You have arrived</h1>',
};

let server: Server;
let base: string;

test.beforeAll(async () => {
  server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://127.0.0.1').pathname;
    if (path === '/poll') return; // Never answered: a long poll with nothing to say.
    if (path === '/items')
      return setTimeout(
        () => res.writeHead(200, { 'content-type': 'application/json' }).end('["First mail","Second mail"]'),
        150,
      );
    if (path === '/chart.png') return setTimeout(() => res.writeHead(404).end(), 10_000);
    const page = PAGES[path];
    if (!page) return res.writeHead(404).end();
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(page);
  });
  await new Promise<void>(resolve => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

test.afterAll(async () => {
  server.closeAllConnections();
  await new Promise(resolve => server.close(resolve));
});

async function timed(
  client: McpTestClient,
  tool: string,
  args: Record<string, unknown> = {},
): Promise<ToolResult & { ms: number }> {
  const started = Date.now();
  const result = await client.call(tool, args);
  expect(result.isError, result.text).toBe(false);
  return { ...result, ms: Date.now() - started };
}

test.describe('settling after an action', () => {
  let ours: McpTestClient;

  test.beforeEach(async ({ workspace }) => {
    ours = await connectStdio(['--timeout-settle', String(SETTLE_CAP_MS)], { cwd: join(workspace, 'ours') });
    await ours.call('browser_navigate', { url: `${base}/arrived.html` }); // The browser is up before anything is timed.
  });
  test.afterEach(async () => {
    await ours.close();
  });

  test('a page with a never-ending long poll: navigate returns at once with what its fetch rendered', async () => {
    const navigated = await timed(ours, 'browser_navigate', { url: `${base}/long-poll.html` });
    expect(navigated.ms).toBeLessThan(READY_MS);
    expect(navigated.parsed.snapshot?.yaml).toMatch(/listitem \[ref=\w+\]: Second mail/);
  });

  test('a page whose image takes 10 s: navigate returns at DOMContentLoaded, not at the settle cap', async () => {
    const navigated = await timed(ours, 'browser_navigate', { url: `${base}/slow-image.html` });
    expect(navigated.ms).toBeLessThan(READY_MS);
    expect(navigated.parsed.snapshot?.yaml).toContain('img "Sales chart"');
    expect(navigated.parsed.snapshot?.yaml).toContain('Sales grew.');
  });

  test('a click that navigates after 300 ms returns the new page, as the peer does', async ({ workspace }) => {
    const peer = await connectPeer(join(workspace, 'peer'));
    try {
      for (const client of [ours, peer]) {
        const start = await timed(client, 'browser_navigate', { url: `${base}/delayed.html` });
        const yaml = start.parsed.snapshot?.yaml ?? (await client.call('browser_snapshot')).parsed.snapshot?.yaml;
        const clicked = await timed(client, 'browser_click', {
          element: 'Go in a moment',
          target: refOf(yaml, /button "Go in a moment"/),
        });
        expect(clicked.parsed.page?.title).toBe('Arrived');
        expect(clicked.ms).toBeLessThan(READY_MS);
        // The snapshot is the new page's (the peer writes its snapshot to a file).
        if (client === ours) expect(clicked.parsed.snapshot?.yaml).toContain('heading "You have arrived"');
      }
    } finally {
      await peer.close();
    }
  });

  test('a click that opens a long poll waits for it a bounded while, not the whole cap', async () => {
    const start = await timed(ours, 'browser_navigate', { url: `${base}/delayed.html` });
    const clicked = await timed(ours, 'browser_click', {
      element: 'Listen',
      target: refOf(start.parsed.snapshot?.yaml, /button "Listen"/),
    });
    expect(clicked.parsed.snapshot?.yaml).toContain('button "Listening"');
    expect(clicked.ms).toBeLessThan(5_000);
  });
});
