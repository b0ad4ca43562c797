import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from './support/fixtures';
import { Pair, runCase, type Call } from './conformance/harness';
import { connectStdio } from './support/mcp';

/**
 * Response details where ours answers as @playwright/mcp 0.0.83 (issue 17): each test runs the same calls on both
 * servers, started with the same flags, and expects every section to be the same once ports, times and folders are
 * masked (our own sections, Page changes and Browser State, are left out; see conformance/harness.ts).
 */

let pair: Pair;
test.beforeAll(async () => {
  // browser_run_code_unsafe is listed by the peer always, by ours only when allowed.
  pair = await Pair.start([], { AGENT_INSPECTOR_ALLOW_UNSAFE_CODE: '1' });
});
test.afterAll(async () => {
  await pair?.close();
});

const go = (page: string): Call => ({ tool: 'browser_navigate', args: { url: `{url}/${page}` }, setup: true });

async function same(name: string, calls: Call[], site: { url: string }) {
  const result = await runCase(pair, { name, calls }, site.url);
  expect(result.mismatch, name).toBeUndefined();
}

test('browser_tabs list: the tabs under ### Result, no page sections', async ({ site }) => {
  await same('tabs list', [go('form.html'), { tool: 'browser_tabs', args: { action: 'list' } }], site);
  await same(
    'tabs new, select, close',
    [
      go('form.html'),
      { tool: 'browser_tabs', args: { action: 'new' } },
      { tool: 'browser_tabs', args: { action: 'select', index: 0 } },
      { tool: 'browser_tabs', args: { action: 'close' } },
    ],
    site,
  );
  await same(
    'tabs new with a URL',
    [go('form.html'), { tool: 'browser_tabs', args: { action: 'new', url: '{url}/details.html' } }],
    site,
  );
  await same(
    'tabs list of two',
    [
      go('form.html'),
      { tool: 'browser_tabs', args: { action: 'new' }, setup: true },
      { tool: 'browser_tabs', args: { action: 'list' } },
    ],
    site,
  );
});

test('browser_resize: the code only, no page sections', async ({ site }) => {
  await same('resize', [go('form.html'), { tool: 'browser_resize', args: { width: 800, height: 600 } }], site);
});

test('browser_snapshot of an element: its tree under ### Snapshot, with the page', async ({ site }) => {
  await same(
    'snapshot of an element',
    [go('form.html'), { tool: 'browser_snapshot', args: { target: /textbox "Email"/ } }],
    site,
  );
  await same(
    'snapshot of an element, depth 1',
    [go('form.html'), { tool: 'browser_snapshot', args: { target: /group "Plan"/, depth: 1 } }],
    site,
  );
});

test('browser_snapshot to a file: a `- [Snapshot](./name)` link under ### Snapshot', async ({ site }) => {
  await same(
    'snapshot to a file',
    [go('form.html'), { tool: 'browser_snapshot', args: { filename: 'snap.md' } }],
    site,
  );
  await same(
    'snapshot to a file in a folder',
    [go('form.html'), { tool: 'browser_snapshot', args: { filename: 'out/snap.yml' } }],
    site,
  );
  await same(
    'element snapshot to a file',
    [go('form.html'), { tool: 'browser_snapshot', args: { target: /textbox "Email"/, filename: 'email.yml' } }],
    site,
  );
});

test("invalid arguments: zod's own rendering (✖ message, → at field), as the peer", async ({ site }) => {
  await same('resize without height', [{ tool: 'browser_resize', args: { width: 800 } }], site);
  await same('tabs with an unknown action', [{ tool: 'browser_tabs', args: { action: 'jump' } }], site);
  await same('navigate without url', [{ tool: 'browser_navigate', args: {} }], site);
  await same('two problems', [{ tool: 'browser_resize', args: { width: 'wide' } }], site);
});

test("an unknown tool, or one of a capability not enabled: the peer's words; our note names the flag that enables it", async ({
  site,
  workspace,
}) => {
  await same('unknown tool', [{ tool: 'browser_teleport' }], site);
  const peerText = (await pair.peer.call('browser_pdf_save')).text;
  const ours = await connectStdio([], { cwd: workspace });
  const { text } = await ours.call('browser_pdf_save');
  await ours.close();
  expect(text).toBe(`${peerText}\n### Note\nIt is only available when the server runs with --caps=pdf.`);
});

test('browser_close: "No open tabs. Navigate to a URL to create one.", also with nothing open; a page tool then starts afresh', async ({
  site,
}) => {
  await same('close', [go('form.html'), { tool: 'browser_close' }], site);
  await same('close with nothing open', [{ tool: 'browser_close' }, { tool: 'browser_close' }], site);
  await same(
    'close, then snapshot',
    [go('form.html'), { tool: 'browser_close', setup: true }, { tool: 'browser_snapshot' }],
    site,
  );
});

test('browser_tabs on a missing tab: "Tab N not found", as the peer', async ({ site }) => {
  await same(
    'tabs select out of range',
    [go('form.html'), { tool: 'browser_tabs', args: { action: 'select', index: 5 } }],
    site,
  );
  await same(
    'tabs close out of range',
    [go('form.html'), { tool: 'browser_tabs', args: { action: 'close', index: 3 } }],
    site,
  );
  await same(
    'tabs select below range',
    [go('form.html'), { tool: 'browser_tabs', args: { action: 'select', index: -1 } }],
    site,
  );
  await same(
    'tabs select without index',
    [go('form.html'), { tool: 'browser_tabs', args: { action: 'select' } }],
    site,
  );
});

test('a failed navigation: the error with its call log, no code section', async ({ site }) => {
  const server = createServer();
  await new Promise<void>(resolve => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  await new Promise(resolve => server.close(resolve));
  await same('connection refused', [{ tool: 'browser_navigate', args: { url: `http://127.0.0.1:${port}/` } }], site);
  await same('unsafe port', [{ tool: 'browser_navigate', args: { url: 'http://127.0.0.1:9/' } }], site);
});

test('a URL without a scheme: https:// (http:// for localhost) as the peer adds it, navigated to as typed', async ({
  site,
}) => {
  const hostAndPort = site.url.replace('http://', '');
  const port = new URL(site.url).port;
  await same(
    'localhost with a port',
    [{ tool: 'browser_navigate', args: { url: `localhost:${port}/form.html` } }],
    site,
  );
  await same('localhost with a path', [{ tool: 'browser_navigate', args: { url: `localhost/none` } }], site);
  await same(
    'an IP address and port (https://)',
    [{ tool: 'browser_navigate', args: { url: `${hostAndPort}/form.html` } }],
    site,
  );
  await same('a host name', [{ tool: 'browser_navigate', args: { url: 'example.invalid' } }], site);
  await same('not a URL at all', [{ tool: 'browser_navigate', args: { url: 'not a url' } }], site);
});

test('browser_press_key: only Enter answers with the page and snapshot; the code names the key', async ({ site }) => {
  const focus = (field: RegExp): Call => ({
    tool: 'browser_click',
    args: { element: 'field', target: field },
    setup: true,
  });
  await same(
    'press a letter',
    [go('form.html'), focus(/textbox "Full name"/), { tool: 'browser_press_key', args: { key: 'a' } }],
    site,
  );
  await same(
    'press Tab',
    [go('form.html'), focus(/textbox "Full name"/), { tool: 'browser_press_key', args: { key: 'Tab' } }],
    site,
  );
  await same('press Enter', [go('search.html'), { tool: 'browser_press_key', args: { key: 'Enter' } }], site);
});

test('browser_run_code_unsafe: no snapshot; the page only when the code changed it', async ({ site }) => {
  const run = (code: string): Call => ({ tool: 'browser_run_code_unsafe', args: { code } });
  await same('run code that reads', [go('form.html'), run('async (page) => await page.title()')], site);
  await same(
    'run code that navigates',
    [go('form.html'), run("async (page) => { await page.goto(page.url().replace('form', 'details')); }")],
    site,
  );
  await same(
    'run code that renames',
    [
      go('form.html'),
      run("async (page) => { await page.evaluate(() => document.title = 'Renamed'); }"),
      run('async (page) => 1'),
    ],
    site,
  );
});

test("browser_take_screenshot: the peer's comment and options in the code, its link form, the image only for an unnamed file", async ({
  site,
}) => {
  const shot = (args: Record<string, unknown>): Call => ({ tool: 'browser_take_screenshot', args });
  await same('viewport', [go('form.html'), shot({})], site);
  await same('named file', [go('form.html'), shot({ filename: 'shot.png' })], site);
  await same('full page jpeg in a folder', [go('form.html'), shot({ filename: 'sub/shot.jpg', fullPage: true })], site);
  await same('element', [go('form.html'), shot({ element: 'Email box', target: /textbox "Email"/ })], site);
  await same(
    'element without a description',
    [go('form.html'), shot({ target: /textbox "Email"/, type: 'jpeg' })],
    site,
  );
  await same('device scale, fullPage false', [go('form.html'), shot({ fullPage: false, scale: 'device' })], site);
});
