import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { expect, test } from './support/fixtures';
import { connectHttp, startHttpServer, type HttpServerProcess } from './support/mcp';

test.describe('web mode (agent-inspector serve)', () => {
  let server: HttpServerProcess;
  test.beforeAll(async () => {
    server = await startHttpServer([], 'serve');
  });
  test.afterAll(async () => {
    await server.stop();
  });

  test('serves the inspector page with a strict CSP and MCP on the same port', async ({ site }) => {
    const page = await fetch(`${server.url}/`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-security-policy')).toContain("default-src 'self'");
    expect(await page.text()).toContain('<div id="root">');
    const traversal = await fetch(`${server.url}/..%2f..%2fpackage.json`);
    expect(traversal.status).toBe(404);

    const client = await connectHttp(server.url);
    expect((await client.call('browser_navigate', { url: `${site.url}/form.html` })).parsed.page!.title).toBe(
      'Sign up',
    );
    await client.close();
  });
});

test('CLI: --help, --version, bad flags and a busy port', async () => {
  const server = await startHttpServer();
  try {
    const run = (...args: string[]) =>
      spawnSync(process.execPath, ['bin/agent-inspector.js', ...args], { encoding: 'utf8' });
    const help = run('--help');
    expect(help.status).toBe(0);
    expect(help.stdout).toContain('mcp [options]');
    expect(help.stdout).toContain('serve [options]');
    expect(run('--version').stdout.trim()).toBe(JSON.parse(readFileSync('package.json', 'utf8')).version);
    const bad = run('mcp', '--port', 'abc');
    expect(bad.status).not.toBe(0);
    expect(bad.stderr).toContain('expected a port number from 0 to 65535, got "abc"');
    const busy = run('serve', '--port', new URL(server.url).port);
    expect(busy.status).toBe(1);
    expect(busy.stderr).toContain(`Port ${new URL(server.url).port} on 127.0.0.1 is already in use`);
    const conflict = run('mcp', '--cdp-endpoint', 'http://a', '--ws-endpoint', 'ws://b');
    expect(conflict.status).toBe(1);
    expect(conflict.stderr).toContain('--cdp-endpoint and --ws-endpoint are alternatives');
  } finally {
    await server.stop();
  }
});

test('npm start falls back to web mode when Electron cannot run', async () => {
  const electronDir = dirname(createRequire(import.meta.url).resolve('electron/package.json'));
  const pathFile = join(electronDir, 'path.txt');
  test.skip(
    existsSync(pathFile) &&
      existsSync(join(electronDir, 'dist', readFileSync(pathFile, 'utf8'))) &&
      !!process.env.DISPLAY,
    'the Electron binary and a display are present here, so npm start opens the desktop app instead',
  );
  const { spawn } = await import('node:child_process');
  const child = spawn(process.execPath, ['scripts/start.js', '--port', '0'], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, AGENT_INSPECTOR_HEADLESS: '1' },
  });
  let output = '';
  child.stdout.on('data', chunk => (output += chunk));
  child.stderr.on('data', chunk => (output += chunk));
  try {
    await expect
      .poll(() => output, { timeout: 60_000 })
      .toMatch(/Agent Inspector \(web mode\) at (http:\/\/127\.0\.0\.1:\d+)/);
    expect(output).toMatch(/starting web mode instead/);
    const url = output.match(/web mode\) at (http:\/\/127\.0\.0\.1:\d+)/)![1];
    expect((await fetch(url)).status).toBe(200);
  } finally {
    child.kill('SIGTERM');
  }
});

test('npm run package stops at once, building nothing, where the Electron binary cannot be downloaded', async () => {
  const electronDir = dirname(createRequire(import.meta.url).resolve('electron/package.json'));
  const pathFile = join(electronDir, 'path.txt');
  test.skip(
    existsSync(pathFile) && existsSync(join(electronDir, 'dist', readFileSync(pathFile, 'utf8'))),
    'the Electron binary is installed here, so npm run package would build the installer',
  );
  const started = Date.now();
  const result = spawnSync(process.execPath, ['scripts/package.js'], {
    encoding: 'utf8',
    timeout: 60_000,
    // Electron's download host is a closed loopback port and its download cache empty: the binary cannot be had.
    env: {
      ...process.env,
      ELECTRON_MIRROR: 'http://127.0.0.1:9/',
      electron_config_cache: mkdtempSync(join(tmpdir(), 'electron-cache-')),
    },
  });
  expect(result.status).toBe(1);
  expect(result.stderr).toContain('the Electron binary cannot be downloaded on this machine');
  // Neither the build nor electron-builder ran.
  expect(result.stdout).toBe('');
  expect(Date.now() - started).toBeLessThan(20_000);
});

test('the desktop app opens its window (Electron)', async () => {
  const electronDir = dirname(createRequire(import.meta.url).resolve('electron/package.json'));
  const pathFile = join(electronDir, 'path.txt');
  const installed = existsSync(pathFile) && existsSync(join(electronDir, 'dist', readFileSync(pathFile, 'utf8')));
  test.skip(!installed, 'the Electron binary is not installed on this machine (it cannot be downloaded here)');
  const { _electron } = await import('playwright');
  const app = await _electron.launch({
    args: ['.', ...(process.getuid?.() === 0 ? ['--no-sandbox'] : [])],
    env: { ...process.env, AGENT_INSPECTOR_PORT: '0' },
  });
  try {
    const window = await app.firstWindow();
    await expect(window.getByRole('heading', { name: 'Agent Inspector' })).toBeVisible();
  } finally {
    await app.close();
  }
});

test('Electron: the debugger through the bridge over IPC — a held call shown, continued from the window', async ({
  site,
}) => {
  const electronDir = dirname(createRequire(import.meta.url).resolve('electron/package.json'));
  const pathFile = join(electronDir, 'path.txt');
  const installed = existsSync(pathFile) && existsSync(join(electronDir, 'dist', readFileSync(pathFile, 'utf8')));
  test.skip(!installed, 'the Electron binary is not installed on this machine (it cannot be downloaded here)');
  const { _electron } = await import('playwright');
  const app = await _electron.launch({
    args: ['.', ...(process.getuid?.() === 0 ? ['--no-sandbox'] : [])],
    env: {
      ...process.env,
      AGENT_INSPECTOR_PORT: '0',
      AGENT_INSPECTOR_HEADLESS: '1',
      AGENT_INSPECTOR_PAUSE_ON_START: '1',
    },
  });
  try {
    const window = await app.firstWindow();
    type Invoke = (command: string, input: object) => Promise<unknown>;
    const invoke = <Result>(command: string, input: object = {}) =>
      window.evaluate(
        ([c, i]) => (window as unknown as { inspector: { invoke: Invoke } }).inspector.invoke(c as string, i as object),
        [command, input] as const,
      ) as Promise<Result>;
    const status = () => invoke<{ mcpUrl: string }>('status');
    await expect.poll(async () => (await status()).mcpUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/mcp$/);
    const agent = await connectHttp((await status()).mcpUrl.replace(/\/mcp$/, ''));
    const call = agent.call('browser_navigate', { url: `${site.url}/form.html` });
    await expect
      .poll(async () =>
        Object.values(
          (await invoke<{ sessions: Record<string, { held?: { tool: string } }> }>('debugState')).sessions,
        ).some(state => state.held?.tool === 'browser_navigate'),
      )
      .toBe(true);
    await window.getByRole('button', { name: 'Continue', exact: true }).click();
    expect((await call).parsed.page!.title).toBe('Sign up');
    await agent.close();
  } finally {
    await app.close();
  }
});
