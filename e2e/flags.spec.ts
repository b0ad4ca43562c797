import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { expect, test } from './support/fixtures';
import { CLI, connectStdio, linkedConsoleLines, McpTestClient } from './support/mcp';

// The flags shared with Playwright MCP, checked by what they do to a real browser (see src/main/peer-options.ts).

/** The page's value of a browser-side expression, as browser_evaluate returns it (JSON). */
async function evaluate(mcp: McpTestClient, fn: string): Promise<unknown> {
  const result = await mcp.call('browser_evaluate', { function: fn });
  expect(result.isError, result.text).toBe(false);
  return JSON.parse(result.parsed.result!);
}

/** `agent-inspector mcp` over stdio with exactly these flags (no --isolated added), in `cwd`. */
async function connectWith(args: string[], cwd: string, env: Record<string, string> = {}): Promise<McpTestClient> {
  mkdirSync(cwd, { recursive: true });
  const client = new Client({ name: 'flags-e2e', version: '1.0.0' });
  await client.connect(
    new StdioClientTransport({
      command: process.execPath,
      args: [join(process.cwd(), CLI), 'mcp', '--headless', ...args],
      cwd,
      env: { ...(process.env as Record<string, string>), ...env },
      stderr: 'ignore',
    }),
  );
  return new McpTestClient(client);
}

test('viewport, user agent and device emulation reach the page', async ({ site, workspace }) => {
  const sized = await connectStdio(['--viewport-size', '800x600', '--user-agent', 'FlagsAgent/1.0'], {
    cwd: workspace,
  });
  try {
    await sized.call('browser_navigate', { url: `${site.url}/form.html` });
    expect(await evaluate(sized, '() => `${innerWidth}x${innerHeight}`')).toBe('800x600');
    expect(await evaluate(sized, '() => navigator.userAgent')).toBe('FlagsAgent/1.0');
  } finally {
    await sized.close();
  }
  const phone = await connectStdio(['--device', 'iPhone 15'], { cwd: workspace });
  try {
    await phone.call('browser_navigate', { url: `${site.url}/form.html` });
    expect(
      await evaluate(phone, '() => [screen.width, /iPhone/.test(navigator.userAgent), navigator.maxTouchPoints > 0]'),
    ).toEqual([393, true, true]);
  } finally {
    await phone.close();
  }
  const mobile = await connectStdio(['--mobile'], { cwd: workspace });
  try {
    await mobile.call('browser_navigate', { url: `${site.url}/form.html` });
    expect(await evaluate(mobile, '() => /Android/.test(navigator.userAgent) && screen.width < 600')).toBe(true);
  } finally {
    await mobile.close();
  }
});

test('storage state, init scripts and init pages prepare every page', async ({ site, workspace }) => {
  mkdirSync(workspace, { recursive: true });
  const state = join(workspace, 'state.json');
  writeFileSync(
    state,
    JSON.stringify({
      cookies: [],
      origins: [{ origin: site.url, localStorage: [{ name: 'token', value: 'from-state' }] }],
    }),
  );
  const script = join(workspace, 'init.js');
  writeFileSync(script, 'window.__initScript = "ran";');
  // TypeScript, as Playwright MCP takes it: the type annotation must be compiled away.
  const initPage = join(workspace, 'init-page.ts');
  writeFileSync(
    initPage,
    'export default async ({ page }: { page: any }) => { await page.addInitScript(() => { (window as any).__initPage = 42; }); };',
  );
  const mcp = await connectStdio(['--storage-state', state, '--init-script', script, '--init-page', initPage], {
    cwd: workspace,
  });
  try {
    await mcp.call('browser_navigate', { url: `${site.url}/form.html` });
    expect(
      await evaluate(mcp, '() => [localStorage.getItem("token"), window.__initScript, window.__initPage]'),
    ).toEqual(['from-state', 'ran', 42]);
  } finally {
    await mcp.close();
  }
});

test('--console-level filters the console messages written to the console log file; --codegen none leaves the code out', async ({
  site,
  workspace,
}) => {
  const events = async (args: string[]) => {
    const mcp = await connectStdio(args, { cwd: workspace });
    try {
      const nav = await mcp.call('browser_navigate', { url: `${site.url}/console.html` });
      return {
        events: linkedConsoleLines(nav.text, workspace).join('\n'),
        code: nav.text.includes('### Ran Playwright code'),
      };
    } finally {
      await mcp.close();
    }
  };
  const errorsOnly = await events(['--console-level', 'error', '--codegen', 'none']);
  expect(errorsOnly.events).toContain('error: something failed');
  expect(errorsOnly.events).not.toContain('warning: deprecated API');
  expect(errorsOnly.events).not.toContain('info: page booted');
  expect(errorsOnly.code).toBe(false);
  const debug = await events(['--console-level', 'debug']);
  expect(debug.events).toContain('info: page booted');
  expect(debug.events).toContain('debug: details');
  expect(debug.code).toBe(true);
});

test("origin rules take the peer's wildcard port; the navigation timeout applies", async ({ site, workspace }) => {
  const port = new URL(site.url).port;
  const allowed = await connectStdio(['--allowed-origins', 'http://127.0.0.1:*', '--timeout-navigation', '1500'], {
    cwd: workspace,
  });
  try {
    const reached = await allowed.call('browser_navigate', { url: `${site.url}/form.html` });
    expect(reached.isError, reached.text).toBe(false);
    const other = await allowed.call('browser_navigate', { url: `http://localhost:${port}/form.html` });
    expect(other.parsed.error).toContain('net::ERR_BLOCKED_BY_CLIENT');
    // Blocked by the rule above before any timeout; a page that is not answered in time fails on the timeout.
    const slow = await allowed.call('browser_navigate', { url: `${site.url}/api/slow?ms=6000` });
    expect(slow.parsed.error).toMatch(/Timeout 1500ms exceeded/);
  } finally {
    await allowed.close();
  }
  const blocked = await connectStdio(['--blocked-origins', 'http://127.0.0.1:*'], { cwd: workspace });
  try {
    const refused = await blocked.call('browser_navigate', { url: `${site.url}/form.html` });
    expect(refused.parsed.error).toContain('net::ERR_BLOCKED_BY_CLIENT');
  } finally {
    await blocked.close();
  }
});

test('--image-responses and --file-paths shape what a screenshot returns; --allow-unrestricted-file-access writes outside the root', async ({
  site,
  workspace,
}) => {
  const outside = join(test.info().outputPath('outside'), 'shot.png');
  const shots: { images: number; text: string; outsideRefused?: boolean }[] = [];
  for (const args of [
    ['--image-responses', 'omit', '--file-paths', 'absolute'],
    ['--image-responses', 'only'],
    ['--allow-unrestricted-file-access'],
  ]) {
    const mcp = await connectStdio(args, { cwd: workspace });
    try {
      await mcp.call('browser_navigate', { url: `${site.url}/form.html` });
      const shot = await mcp.call('browser_take_screenshot');
      const elsewhere = await mcp.call('browser_take_screenshot', { filename: outside });
      shots.push({ images: shot.images.length, text: shot.text, outsideRefused: elsewhere.isError });
    } finally {
      await mcp.close();
    }
  }
  expect(shots[0].images).toBe(0);
  expect(shots[0].text).toContain(join(workspace, '.playwright-mcp'));
  expect(shots[0].outsideRefused).toBe(true);
  expect(shots[1]).toMatchObject({ images: 1, text: '', outsideRefused: true });
  expect(shots[2]).toMatchObject({ images: 1, outsideRefused: false });
  expect(existsSync(outside)).toBe(true);
});

test('a --config file, JSON or INI, does what the same flags do', async ({ site, workspace }) => {
  mkdirSync(workspace, { recursive: true });
  const json = join(workspace, 'config.json');
  writeFileSync(
    json,
    JSON.stringify({
      browser: { isolated: true, contextOptions: { viewport: { width: 700, height: 500 }, userAgent: 'FromConfig/1' } },
      codegen: 'none',
    }),
  );
  const ini = join(workspace, 'config.ini');
  writeFileSync(
    ini,
    'codegen = none\n[browser]\nisolated = true\ncontextOptions.viewport = 700x500\ncontextOptions.userAgent = FromConfig/1\n',
  );
  const seen: unknown[] = [];
  for (const args of [
    ['--config', json],
    ['--config', ini],
    ['--isolated', '--viewport-size', '700x500', '--user-agent', 'FromConfig/1', '--codegen', 'none'],
  ]) {
    const mcp = await connectWith(args, workspace);
    try {
      const nav = await mcp.call('browser_navigate', { url: `${site.url}/form.html` });
      seen.push([
        await evaluate(mcp, '() => [innerWidth, innerHeight, navigator.userAgent]'),
        nav.text.includes('### Ran Playwright code'),
      ]);
    } finally {
      await mcp.close();
    }
  }
  expect(seen).toEqual(Array(3).fill([[700, 500, 'FromConfig/1'], false]));
});

test('a profile persists with --user-data-dir, not with --isolated; a second server on it is told the profile is in use', async ({
  site,
  workspace,
}) => {
  const profile = join(workspace, 'profile');
  const remember = async (args: string[]) => {
    const mcp = await connectWith(args, workspace);
    try {
      await mcp.call('browser_navigate', { url: `${site.url}/form.html` });
      const before = await evaluate(mcp, '() => localStorage.getItem("kept")');
      await evaluate(mcp, '() => { localStorage.setItem("kept", "yes"); return true; }');
      return before;
    } finally {
      await mcp.close();
    }
  };
  expect(await remember(['--user-data-dir', profile])).toBeNull();
  expect(await remember(['--user-data-dir', profile])).toBe('yes');
  expect(await remember(['--isolated'])).toBeNull();
  expect(await remember(['--isolated'])).toBeNull();

  const first = await connectWith(['--user-data-dir', profile], workspace);
  const second = await connectWith(['--user-data-dir', profile], workspace);
  try {
    await first.call('browser_navigate', { url: `${site.url}/form.html` });
    const refused = await second.call('browser_navigate', { url: `${site.url}/form.html` });
    expect(refused.isError).toBe(true);
    expect(refused.text).toContain(
      `Browser is already in use for ${profile}, use --isolated to run multiple instances of the same browser`,
    );
  } finally {
    await second.close();
    await first.close();
  }
});

/** Flags of the peer that other work adds to this server (see src/main/peer-options.test.ts); drop them here then. */
/** A value for each of the peer's flags that takes one, so both servers start as a user would start them. */
function sampleArgs(dir: string): Record<string, string[]> {
  mkdirSync(dir, { recursive: true });
  const file = (name: string, text: string) => {
    writeFileSync(join(dir, name), text);
    return join(dir, name);
  };
  return {
    '--allowed-hosts': ['localhost'],
    '--allowed-origins': ['http://127.0.0.1:*'],
    '--blocked-origins': ['https://ads.example'],
    '--browser': ['chromium'],
    '--caps': ['vision'],
    '--cdp-endpoint': ['http://127.0.0.1:9'],
    '--cdp-header': ['X-A: b'],
    '--cdp-timeout': ['1000'],
    '--codegen': ['none'],
    '--config': [file('peer.json', '{"browser":{"isolated":true}}')],
    '--console-level': ['error'],
    '--device': ['iPhone 15'],
    '--executable-path': ['/usr/bin/chromium'],
    '--endpoint': ['ws://127.0.0.1:9'],
    '--file-paths': ['absolute'],
    '--grant-permissions': ['geolocation'],
    '--host': ['127.0.0.1'],
    '--idle-timeout': ['60000'],
    '--init-page': [file('page.ts', 'export default async () => {};')],
    '--init-script': [file('script.js', '1;')],
    '--image-responses': ['omit'],
    '--output-dir': [join(dir, 'out')],
    '--output-max-size': ['1000000'],
    '--port': [],
    '--profile-dir-name': ['Profile 1'],
    '--proxy-bypass': ['.example'],
    '--proxy-server': ['http://127.0.0.1:9'],
    '--secrets': [file('secrets.env', 'A=b\n')],
    '--snapshot-mode': [],
    '--storage-state': [file('state.json', '{"cookies":[],"origins":[]}')],
    '--test-id-attribute': ['data-test'],
    '--timeout-action': ['1000'],
    '--timeout-navigation': ['1000'],
    '--timeout-settle': ['100'],
    '--user-agent': ['Agent/1'],
    '--user-data-dir': [join(dir, 'profile')],
    '--viewport-size': ['800x600'],
  };
}

/** Whether the server starts with these arguments and answers tools/list. */
async function answersToolsList(command: string[], args: string[], cwd: string): Promise<boolean> {
  const client = new Client({ name: 'flags-e2e', version: '1.0.0' });
  try {
    await client.connect(
      new StdioClientTransport({ command: process.execPath, args: [...command, ...args], cwd, stderr: 'ignore' }),
    );
    return (await client.listTools()).tools.length > 0;
  } catch {
    return false;
  } finally {
    await client.close().catch(() => {});
  }
}

test('no flag of Playwright MCP makes ours exit where the peer runs', async ({ workspace }) => {
  test.setTimeout(240_000);
  const { execFileSync } = await import('node:child_process');
  const help = execFileSync(process.execPath, ['node_modules/@playwright/mcp/cli.js', '--help'], { encoding: 'utf8' });
  const flags = [...help.matchAll(/^\s+(--[a-z][a-z-]*)(?: <[^>]+>)?/gm)]
    .map(m => m[1])
    .filter(flag => !['--help', '--version'].includes(flag));
  const samples = sampleArgs(workspace);
  const peer = [join(process.cwd(), 'node_modules/@playwright/mcp/cli.js'), '--headless'];
  const ours = [join(process.cwd(), CLI), 'mcp', '--headless'];
  const exits: string[] = [];
  for (const flag of flags) {
    // Over stdio only: --port would serve HTTP instead; --snapshot-mode takes different values in each (see README).
    if (flag === '--port') continue;
    const args = [flag, ...(samples[flag] ?? [])];
    if ((await answersToolsList(peer, args, workspace)) && !(await answersToolsList(ours, args, workspace)))
      exits.push(args.join(' '));
  }
  expect(exits).toEqual([]);
});
