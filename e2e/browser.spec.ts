import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, readFileSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from 'playwright';
import { expect, test } from './support/fixtures';
import { connectStdio } from './support/mcp';

/** Every process below `pid`, depth first. */
function descendants(pid: number): number[] {
  let children: number[] = [];
  try {
    children = execFileSync('ps', ['-o', 'pid=', '--ppid', String(pid)], { encoding: 'utf8' })
      .split('\n')
      .map(Number)
      .filter(Boolean);
  } catch {
    // ps exits 1 when there are none.
  }
  return children.flatMap(child => [child, ...descendants(child)]);
}

function killBrowser(serverPid: number) {
  const browsers = descendants(serverPid).filter(pid => {
    try {
      return readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('chrom');
    } catch {
      return false;
    }
  });
  expect(browsers.length).toBeGreaterThan(0);
  for (const pid of browsers) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // Already gone with its parent.
    }
  }
}

/** Spawns a process and resolves with the first match of `pattern` in its output. */
function waitForOutput(child: ChildProcess, pattern: RegExp): Promise<string> {
  return new Promise((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => reject(new Error(`no ${pattern} in:\n${output}`)), 20_000);
    const onData = (chunk: Buffer) => {
      output += chunk;
      const match = output.match(pattern);
      if (match) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
  });
}

test('a killed browser is relaunched on the next call, and an in-flight call errors within 5 s', async ({
  mcp,
  site,
}) => {
  expect((await mcp.call('browser_navigate', { url: `${site.url}/form.html` })).isError).toBe(false);

  const waiting = mcp.call('browser_wait_for', { text: 'text that never appears' });
  await new Promise(resolve => setTimeout(resolve, 300));
  const killedAt = Date.now();
  killBrowser(mcp.pid);
  const interrupted = await waiting;
  expect(interrupted.isError).toBe(true);
  expect(Date.now() - killedAt).toBeLessThan(5_000);

  const started = Date.now();
  const again = await mcp.call('browser_navigate', { url: `${site.url}/dialogs.html` });
  expect(again.isError, again.text).toBe(false);
  expect(again.parsed.page!.title).toBe('Dialogs');
  expect(Date.now() - started).toBeLessThan(5_000);
});

test('--cdp-endpoint attaches to a running Chromium', async ({ site, workspace }) => {
  const chromium = spawn(
    '/usr/bin/chromium',
    [
      '--headless',
      '--no-sandbox',
      '--remote-debugging-port=0',
      `--user-data-dir=${test.info().outputPath('profile')}`,
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      'about:blank',
    ],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  try {
    const wsUrl = await waitForOutput(chromium, /DevTools listening on (ws:\/\/\S+)/);
    const endpoint = `http://${new URL(wsUrl).host}`;
    const mcp = await connectStdio(['--cdp-endpoint', endpoint], { cwd: workspace });
    const nav = await mcp.call('browser_navigate', { url: `${site.url}/form.html` });
    expect(nav.parsed.page!.title).toBe('Sign up');
    // The page lives in the attached browser.
    const targets = (await (await fetch(`${endpoint}/json/list`)).json()) as { url: string }[];
    expect(targets.map(t => t.url)).toContain(`${site.url}/form.html`);
    await mcp.close();
  } finally {
    chromium.kill('SIGKILL');
  }
});

test('--ws-endpoint attaches to a Playwright browser server (npx playwright run-server)', async ({
  site,
  workspace,
}) => {
  // run-server launches browsers from Playwright's registry; point it at Debian's Chromium as the headless shell.
  // The headless shell shares the Chromium revision Playwright expects.
  const revision = chromium.executablePath().match(/chromium-(\d+)/)![1];
  const registry = test.info().outputPath('registry');
  const shellDir = join(registry, `chromium_headless_shell-${revision}`, 'chrome-headless-shell-linux64');
  mkdirSync(shellDir, { recursive: true });
  symlinkSync('/usr/bin/chromium', join(shellDir, 'chrome-headless-shell'));

  const server = spawn(
    process.execPath,
    ['node_modules/playwright/cli.js', 'run-server', '--port', '0', '--host', '127.0.0.1'],
    {
      env: { ...process.env, PLAYWRIGHT_BROWSERS_PATH: registry },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  try {
    const wsEndpoint = await waitForOutput(server, /Listening on (ws:\/\/\S+)/);
    const mcp = await connectStdio(['--ws-endpoint', wsEndpoint], { cwd: workspace });
    const nav = await mcp.call('browser_navigate', { url: `${site.url}/form.html` });
    expect(nav.isError, nav.text).toBe(false);
    expect(nav.parsed.page!.title).toBe('Sign up');
    // The browser runs under the Playwright server, not under ours.
    expect(descendants(mcp.pid).some(pid => readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('chrom'))).toBe(
      false,
    );
    expect(descendants(server.pid!).length).toBeGreaterThan(0);
    await mcp.close();
  } finally {
    server.kill('SIGKILL');
  }
});

test('a missing Chromium is a clear error listing what was tried', async ({ workspace }) => {
  const mcp = await connectStdio(['--executable-path', '/nowhere/chromium'], { cwd: workspace });
  const result = await mcp.call('browser_navigate', { url: 'http://127.0.0.1:9/' });
  expect(result.isError).toBe(true);
  expect(result.parsed.error).toContain('No Chromium found');
  expect(result.parsed.error).toContain('/nowhere/chromium');
  await mcp.close();
});
