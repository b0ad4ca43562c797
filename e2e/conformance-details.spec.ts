import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from './support/fixtures';
import { connectPeer, connectStdio, linkedConsoleLines, McpTestClient, refOf, type ToolResult } from './support/mcp';

/**
 * Behaviour and response details (issue 17, items 3 and 4): the same call against ours and @playwright/mcp, comparing
 * the sections it is about. Our own sections (Page changes, Browser State) are left out of each comparison.
 */

/** The sections a detail is about, with what changes between runs (ports, timestamps) masked. */
type Section = 'result' | 'error' | 'code' | 'page' | 'modalState' | 'events';

function sectionsOf(result: ToolResult, sections: Section[]) {
  const mask = (value: unknown) =>
    value === undefined
      ? undefined
      : JSON.parse(
          JSON.stringify(value)
            .replace(/127\.0\.0\.1:\d+/g, 'HOST')
            .replace(/\d{4}-\d\d-\d\dT\d\d-\d\d-\d\d-\d{3}Z/g, 'TIMESTAMP'),
        );
  return Object.fromEntries([['isError', result.isError], ...sections.map(name => [name, mask(result.parsed[name])])]);
}

let ours: McpTestClient;
let peer: McpTestClient;

/** Calls both servers (a RegExp argument stands for the ref of the matching line in each one's last snapshot). */
async function both(tool: string, args: Record<string, unknown> = {}): Promise<[mine: ToolResult, theirs: ToolResult]> {
  const resolve = async (server: McpTestClient) =>
    Object.fromEntries(
      await Promise.all(
        Object.entries(args).map(async ([name, value]) => [
          name,
          value instanceof RegExp ? refOf((await server.call('browser_snapshot')).parsed.snapshot?.yaml, value) : value,
        ]),
      ),
    );
  return [await ours.call(tool, await resolve(ours)), await peer.call(tool, await resolve(peer))];
}

/** Runs `tool` on both and expects the named sections to be equal. */
async function same(tool: string, args: Record<string, unknown>, sections: Section[]) {
  const [mine, theirs] = await both(tool, args);
  expect(
    sectionsOf(mine, sections),
    `${tool} ${JSON.stringify(args, (_, v) => (v instanceof RegExp ? String(v) : v))}`,
  ).toEqual(sectionsOf(theirs, sections));
  return [mine, theirs] as const;
}

test.describe('response details and behaviour as @playwright/mcp', () => {
  test.beforeEach(async ({ workspace }) => {
    const timeouts = ['--timeout-action', '1500'];
    [ours, peer] = await Promise.all([
      connectStdio([...timeouts, '--no-dom-state', '--allow-unsafe-code'], { cwd: join(workspace, 'ours') }),
      connectPeer(join(workspace, 'peer'), timeouts),
    ]);
  });
  test.afterEach(async () => {
    await Promise.all([ours.close(), peer.close()]);
  });

  test('browser_wait_for: text waits end at --timeout-action; its result and code lines', async ({ site }) => {
    await same('browser_navigate', { url: `${site.url}/details.html` }, ['page', 'code']);
    const started = Date.now();
    const [mine, theirs] = await both('browser_wait_for', { text: 'never appears' });
    expect(Date.now() - started).toBeLessThan(8_000);
    for (const result of [mine, theirs]) {
      expect(result.isError).toBe(true);
      expect(result.parsed.error).toContain('Timeout 1500ms exceeded');
    }
    await same('browser_wait_for', { textGone: 'Details' }, []);
    // The code differs in quotes only (ours single, see the README's differences).
    await same('browser_wait_for', { text: 'Slow link' }, ['result', 'page']);
    await same('browser_wait_for', { time: 0.2 }, ['result', 'code']);
    await same('browser_wait_for', {}, []);
  });

  test('navigator.webdriver is false; data: URLs are navigable; an error page shows its HTTP status', async ({
    site,
  }) => {
    await same('browser_navigate', { url: `${site.url}/details.html` }, ['page']);
    await same('browser_evaluate', { function: '() => navigator.webdriver' }, ['result']);
    await same('browser_navigate', { url: 'data:text/html,<title>Inline</title><h1>Inline page</h1>' }, [
      'page',
      'code',
    ]);
    await same('browser_navigate', { url: 'data:text/html,<h1>Untitled</h1>' }, ['page']);
    await same('browser_navigate', { url: `${site.url}/missing.html` }, ['page', 'code']);
    await same('browser_navigate', { url: `${site.url}/details.html` }, ['page']);
  });

  test('a click that navigates returns once the new page has loaded, also when the page navigates a moment later', async ({
    site,
  }) => {
    await same('browser_navigate', { url: `${site.url}/details.html` }, ['page']);
    await same('browser_click', { element: 'Navigate soon', target: /button "Navigate soon"/ }, ['page', 'code']);
    await same('browser_navigate', { url: `${site.url}/details.html` }, ['page']);
    await same('browser_click', { element: 'Slow link', target: /link "Slow link"/ }, ['page', 'code']);
    await same('browser_navigate_back', {}, ['page', 'code']);
  });

  test('console messages: the type as level ([LOG], [DEBUG]), page errors with their stack, the level filter line', async ({
    site,
    workspace,
  }) => {
    await same('browser_navigate', { url: `${site.url}/details.html` }, ['page']);
    const [clicked] = await same('browser_click', { element: 'Log', target: /button "Log"/ }, ['page', 'code']);
    // The new entries are in the console log file Events links, as the peer's.
    expect(linkedConsoleLines(clicked.text, join(workspace, 'ours'))).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^\[ +\d+ms\] \[LOG\] clicked 1 @ /),
        expect.stringMatching(/^\[ +\d+ms\] Error: boom/),
      ]),
    );
    for (const level of [undefined, 'error', 'warning', 'debug'])
      await same('browser_console_messages', level ? { level } : {}, ['result']);
    await same('browser_console_messages', { all: true }, ['result']);
  });

  test('browser_evaluate takes a function or an expression, on the page or an element', async ({ site }) => {
    await same('browser_navigate', { url: `${site.url}/details.html` }, ['page']);
    await same('browser_evaluate', { function: '() => document.title' }, ['result', 'code']);
    await same('browser_evaluate', { function: 'document.title' }, ['result', 'code']);
    await same('browser_evaluate', { function: '1 + 2' }, ['result', 'code']);
    await same('browser_evaluate', { function: 'Promise.resolve({ a: [1, 2] })' }, ['result', 'code']);
    await same('browser_evaluate', { function: 'undefined' }, ['result', 'code']);
    await same('browser_evaluate', { function: 'async () => 5' }, ['result', 'code']);
    await same(
      'browser_evaluate',
      { element: 'Details', target: /heading "Details"/, function: '(element) => element.tagName' },
      ['result', 'code'],
    );
    await same('browser_evaluate', { function: 'throw 1' }, []);
  });

  test('browser_find: case-insensitive text, regexes with flags, snippets under their path, the same errors', async ({
    site,
  }) => {
    await same('browser_navigate', { url: `${site.url}/form.html` }, ['page']);
    for (const args of [
      { text: 'COMBOBOX' },
      { text: 'sign' },
      { text: 'nowhere to be found' },
      { regex: 'radio "(Free|Pro)"' },
      { regex: '/^- (radio)/i' },
      { regex: '/button/gi' },
    ])
      await same('browser_find', args, ['result']);
    await same('browser_find', {}, []);
    await same('browser_find', { text: 'a', regex: 'a' }, []);
  });

  test('browser_run_code_unsafe: the result as compact JSON, none for undefined', async ({ site }) => {
    await same('browser_navigate', { url: `${site.url}/details.html` }, ['page']);
    await same('browser_run_code_unsafe', { code: 'async (page) => ({ title: await page.title(), list: [1, 2] })' }, [
      'result',
      'code',
    ]);
    await same('browser_run_code_unsafe', { code: 'async (page) => { await page.title(); }' }, ['result', 'code']);
    await same('browser_run_code_unsafe', { code: 'async (page) => "text"' }, ['result', 'code']);
  });

  test('browser_type slowly answers with the page; the request list hides successful static requests, and starts afresh on navigate', async ({
    site,
  }) => {
    await same('browser_navigate', { url: `${site.url}/console.html` }, ['page']);
    await same('browser_click', { element: 'Load data', target: /button "Load data"/ }, ['page', 'code']);
    for (const args of [{}, { static: true }, { filter: 'echo' }, { filter: 'console' }])
      await same('browser_network_requests', args, ['result']);
    await same('browser_navigate', { url: `${site.url}/form.html` }, ['page']);
    // browser_navigate starts the list afresh: the numbers are those of the page asked for.
    await same('browser_network_requests', { static: true }, ['result']);
    await same('browser_network_request', { index: 9 }, []);
    const [typed] = await same(
      'browser_type',
      { element: 'Full name', target: /textbox "Full name"/, text: 'Ada', slowly: true },
      ['page', 'code'],
    );
    expect(typed.parsed.page).toBeTruthy();
    await same('browser_type', { element: 'Email', target: /textbox "Email"/, text: 'ada@example.com' }, [
      'page',
      'code',
    ]);
  });

  test('a dialog a click opens is reported on that click; a download says where the file went', async ({ site }) => {
    await same('browser_navigate', { url: `${site.url}/details.html` }, ['page']);
    await same('browser_click', { element: 'Confirm', target: /button "Confirm"/ }, ['page', 'code', 'modalState']);
    await same('browser_handle_dialog', { accept: true }, ['page', 'code', 'modalState']);
    await same('browser_navigate', { url: `${site.url}/upload.html` }, ['page']);
    await same('browser_click', { element: 'Download report', target: /link "Download report"/ }, [
      'page',
      'code',
      'events',
    ]);
  });

  test('a binary response body is saved to a file, whose path is the answer', async ({ site, workspace }) => {
    await same('browser_navigate', { url: `${site.url}/details.html` }, ['page']);
    await same('browser_evaluate', { function: "async () => (await fetch('/bytes.bin')).status" }, ['result']);
    const [mine, theirs] = await same('browser_network_requests', { filter: 'bytes' }, ['result']);
    const index = Number(mine.parsed.result!.match(/^(\d+)\. /m)![1]);
    const [ourBody, theirBody] = await both('browser_network_request', { index, part: 'response-body' });
    expect(theirs.isError).toBe(false);
    const bytes = (result: ToolResult, cwd: string) => readFileSync(join(workspace, cwd, result.parsed.result!.trim()));
    expect(bytes(ourBody, 'ours')).toEqual(Buffer.from(Array.from({ length: 256 }, (_, i) => i)));
    expect(bytes(ourBody, 'ours')).toEqual(bytes(theirBody, 'peer'));
  });
});
