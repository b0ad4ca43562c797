import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { Page } from 'playwright';
import { findChromium } from '../src/main/browser/discovery';
import { expect, test } from './support/fixtures';
import { connectHttp, McpTestClient } from './support/mcp';
import { openInspector } from './support/ui';

// The package as someone who never cloned the repository gets it: `npm pack`, then `npm install <tarball>` in an empty
// folder, then the `agent-inspector` that install put in node_modules/.bin — run away from the repository, so nothing
// resolves from its node_modules. It packs the out/ that `npm test` just built (`--ignore-scripts`: the prepare script
// would rebuild out/ under the feet of the specs running beside this one).

const ROOT = process.cwd();
const VERSION: string = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')).version;

/**
 * Commands that read a recorded session, run from the install on the session the `mcp` test recorded (`{sessions}` is
 * its --session-dir), each in a fresh folder: the pattern must match what it printed plus the files it wrote there.
 */
const SESSION_COMMANDS: { args: string[]; expect: RegExp }[] = [
  {
    args: ['export', '--latest', '--session-dir', '{sessions}'],
    expect: /await page\.goto\(BASE_URL \+ '\/form\.html'\)/,
  },
  { args: ['report', '--session-dir', '{sessions}', '-o', '{report}'], expect: /Wrote .*\(1 run, \d+ steps\)/ },
];

/**
 * Commands that serve a page on loopback (the URL is the first one they print on stderr), started from the install: the
 * page must show `shows` with no console error and no request beyond loopback; `then` checks more on it.
 */
const SERVING_COMMANDS: {
  args: string[];
  shows: string;
  then?: (page: Page, url: string, site: string) => Promise<void>;
}[] = [
  { args: ['serve', '--headless', '--port', '0'], shows: 'connect-panel', then: agentStepWithCode },
  { args: ['show-report', '{report}', '--port', '0', '--no-open'], shows: 'runs-page' },
];

/** An agent's step appears in the UI and its code in Monaco (bundled: no CDN, its worker from the same server). */
async function agentStepWithCode(page: Page, url: string, site: string) {
  const agent = await connectHttp(url);
  try {
    await agent.call('browser_navigate', { url: `${site}/form.html` });
    await expect(page.getByTestId('timeline-step')).toHaveCount(1);
    await page.getByTestId('tab-code').click();
    await expect(page.getByTestId('code-panel').locator('.monaco-editor .view-lines')).toContainText(
      `await page.goto('${site}/form.html');`,
    );
  } finally {
    await agent.close();
  }
}

/** npm's variables for the script that runs us (`npm test`) would steer the npm we run; keep only the cache and registry. */
const npmEnv = () =>
  Object.fromEntries(
    Object.entries(process.env).filter(
      ([key]) => !key.startsWith('npm_') || key === 'npm_config_cache' || key === 'npm_config_registry',
    ),
  ) as Record<string, string>;

interface Run {
  code: number;
  stdout: string;
  stderr: string;
  timedOut: boolean;
}

function run(command: string, args: string[], cwd: string, env: Record<string, string> = npmEnv(), timeout = 120_000) {
  return new Promise<Run>(resolve => {
    execFile(command, args, { cwd, env, timeout, maxBuffer: 64 * 1024 * 1024 }, (error, stdout, stderr) =>
      resolve({
        code: error ? (typeof error.code === 'number' ? error.code : 1) : 0,
        stdout,
        stderr: stderr || (error && !stdout ? error.message : ''),
        timedOut: !!error?.killed,
      }),
    );
  });
}

let dir: string;
/** node_modules/.bin/agent-inspector of the install. */
let bin: string;
/** The recording folder of the `mcp` test, read by SESSION_COMMANDS. */
let sessions: string;
/** What `npm pack` put in the tarball, and its size in bytes. */
let tarballFiles: string[];
let tarballSize: number;
const facts: { type: string; description: string }[] = [];

/** Where the `report` test writes the report `show-report` serves. */
const reportDir = () => join(dir, 'report');
const placeholders = (args: string[]) =>
  args.map(arg => arg.replace('{sessions}', sessions).replace('{report}', reportDir()));
const runInstalled = (args: string[], cwd: string) => run(bin, args, cwd, npmEnv(), 60_000);

/** Starts an installed command that serves on loopback; resolves with its URL and a stop function. */
async function startInstalled(args: string[], cwd: string): Promise<{ url: string; stop(): Promise<void> }> {
  const child: ChildProcess = spawn(bin, args, { cwd, env: npmEnv(), stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${args[0]} did not start:\n${output}`)), 20_000);
    child.stderr!.on('data', chunk => {
      output += chunk;
      const match = output.match(/http:\/\/127\.0\.0\.1:\d+/);
      if (match) {
        clearTimeout(timer);
        resolve(match[0]);
      }
    });
    child.on('exit', code => reject(new Error(`${args[0]} exited with ${code}:\n${output}`)));
  });
  return {
    url,
    stop: () =>
      new Promise<void>(resolve => {
        if (child.exitCode !== null) return resolve();
        child.on('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

/** Whether a Chromium the installed CLI (and the UI checks) can drive is on this machine; the reason when not. */
function chromiumMissing(): string | undefined {
  try {
    findChromium(process.env.AGENT_INSPECTOR_CHROMIUM);
    return undefined;
  } catch (error) {
    return (error as Error).message.split('\n')[0];
  }
}

test.describe('installed from the npm tarball, without the repository', () => {
  // One pack and one install for all: the tests share them, and the session the mcp test records.
  test.describe.configure({ mode: 'serial' });

  test.beforeAll(async ({}, testInfo) => {
    testInfo.setTimeout(180_000);
    test.skip(
      !existsSync(join(ROOT, 'out/main/cli.js')),
      'not built: run `npm run build` first (the tarball packs out/)',
    );
    dir = mkdtempSync(join(tmpdir(), 'ai-install-'));
    sessions = join(dir, 'sessions');

    let started = Date.now();
    const pack = await run('npm', ['pack', '--ignore-scripts', '--json', '--pack-destination', dir], ROOT);
    test.skip(pack.code !== 0 && /ENOENT/.test(pack.stderr), `npm is not on PATH: ${pack.stderr}`);
    expect(pack.code, pack.stderr).toBe(0);
    const [tarball] = JSON.parse(pack.stdout) as {
      filename: string;
      size: number;
      unpackedSize: number;
      files: { path: string }[];
    }[];
    facts.push({
      type: 'tarball',
      description: `${(tarball.size / 1e6).toFixed(2)} MB packed, ${(tarball.unpackedSize / 1e6).toFixed(1)} MB unpacked, ${tarball.files.length} files, packed in ${Date.now() - started} ms`,
    });
    tarballFiles = tarball.files.map(file => file.path);
    tarballSize = tarball.size;

    // An empty folder but for a package.json, so npm installs here and not into a project above it.
    const app = join(dir, 'app');
    mkdirSync(app);
    writeFileSync(join(app, 'package.json'), JSON.stringify({ name: 'try-agent-inspector', private: true }));
    started = Date.now();
    // Dependencies come from the npm cache where it has them, else from the registry. Fewer, shorter retries than
    // npm's own (which wait minutes on an unreachable registry): this is a test, and a network failure skips it.
    const install = await run(
      'npm',
      [
        'install',
        '--prefer-offline',
        '--no-audit',
        '--no-fund',
        '--fetch-retries=1',
        '--fetch-retry-mintimeout=2000',
        '--fetch-retry-maxtimeout=10000',
        join(dir, tarball.filename),
      ],
      app,
      npmEnv(),
      90_000,
    );
    test.skip(
      install.timedOut ||
        (install.code !== 0 &&
          /ENOTFOUND|EAI_AGAIN|ECONNREFUSED|ETIMEDOUT|ECONNRESET|E503|ENETUNREACH/.test(install.stderr)),
      `npm install could not get the dependencies (the npm registry is unreachable and the npm cache lacks some):\n${install.stderr.slice(-2000)}`,
    );
    expect(install.code, install.stderr).toBe(0);
    facts.push({ type: 'install', description: `npm install <tarball>: ${Date.now() - started} ms` });
    bin = join(app, 'node_modules/.bin/agent-inspector');
  });

  test.afterAll(() => {
    // The sizes and times, for the run's log: the install is the part of this spec that can grow.
    for (const fact of facts) console.log(`install.spec: ${fact.type}: ${fact.description}`);
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  test('the tarball holds the built CLI and UI, and no sources, tests, maps or dev tooling', async ({}, testInfo) => {
    testInfo.annotations.push(...facts);
    const files = tarballFiles;
    expect(files).toEqual(
      expect.arrayContaining([
        'package.json',
        'README.md',
        'bin/agent-inspector.js',
        'out/main/cli.js',
        'out/main/index.js',
        'out/renderer/index.html',
        'resources/demo/index.html',
      ]),
    );
    expect(files.filter(file => !/^(package\.json|README\.md|bin\/|out\/|resources\/)/.test(file))).toEqual([]);
    expect(files.filter(file => /\.(map|ts|tsx)$|\.test\.|\.spec\.|(^|\/)\.env/.test(file))).toEqual([]);
    // About 1.8 MB (most of it Monaco): far more means something that is not the app got packed.
    expect(tarballSize).toBeLessThan(4_000_000);
    const installed = JSON.parse(readFileSync(join(dir, 'app/node_modules/agent-inspector/package.json'), 'utf8'));
    expect(installed.private).toBeUndefined();
    // Electron, Vite, React and Monaco are build tools or bundled into out/renderer: none is installed with the package.
    for (const devOnly of ['electron', 'vite', 'electron-vite', 'react', 'monaco-editor', 'typescript'])
      expect(existsSync(join(dir, 'app/node_modules', devOnly)), devOnly).toBe(false);
  });

  test('--version and --help', async () => {
    const version = await runInstalled(['--version'], dir);
    expect(version).toMatchObject({ code: 0, stdout: `${VERSION}\n` });
    const help = await runInstalled(['--help'], dir);
    expect(help.code).toBe(0);
    for (const command of ['mcp', 'serve', 'export', 'install-browser'])
      expect(help.stdout).toMatch(new RegExp(`^  ${command} `, 'm'));
  });

  test('mcp answers an MCP client over stdio: lists its tools, navigates, returns the snapshot', async ({ site }) => {
    const missing = chromiumMissing();
    test.skip(!!missing, `no Chromium to control: ${missing}`);
    const workspace = join(dir, 'mcp-workspace');
    mkdirSync(workspace);
    const client = new Client({ name: 'install-e2e', version: '1.0.0' });
    await client.connect(
      new StdioClientTransport({
        command: bin,
        args: ['mcp', '--headless', '--isolated', '--session-dir', sessions],
        cwd: workspace,
        env: npmEnv(),
        stderr: 'ignore',
      }),
    );
    const mcp = new McpTestClient(client);
    try {
      const { tools } = await client.listTools();
      expect(tools.map(tool => tool.name)).toEqual(
        expect.arrayContaining(['browser_navigate', 'browser_snapshot', 'browser_click']),
      );
      const navigate = await mcp.call('browser_navigate', { url: `${site.url}/form.html` });
      expect(navigate.isError, navigate.text).toBe(false);
      expect(navigate.parsed.snapshot?.yaml).toContain('heading "Sign up"');
      expect(navigate.parsed.snapshot?.yaml).toMatch(/textbox "Full name" \[ref=e\d+\]/);
    } finally {
      await mcp.close();
    }
  });

  for (const command of SESSION_COMMANDS) {
    test(`${command.args[0]} on the recorded session`, async () => {
      test.skip(!existsSync(sessions), 'the mcp test recorded no session (skipped: no Chromium)');
      const cwd = mkdtempSync(join(dir, `${command.args[0]}-`));
      const result = await runInstalled(placeholders(command.args), cwd);
      expect(result.code, result.stderr).toBe(0);
      const written = readdirSync(cwd, { recursive: true, withFileTypes: true })
        .filter(entry => entry.isFile())
        .map(entry => readFileSync(join(entry.parentPath, entry.name), 'utf8'));
      expect([result.stdout, result.stderr, ...written].join('\n')).toMatch(command.expect);
    });
  }

  for (const command of SERVING_COMMANDS) {
    test(`${command.args[0]} serves its page on 127.0.0.1: it loads without console errors, nothing from beyond loopback`, async ({
      site,
    }) => {
      const missing = chromiumMissing();
      test.skip(!!missing, `no Chromium to open the page in: ${missing}`);
      const server = await startInstalled(placeholders(command.args), mkdtempSync(join(dir, `${command.args[0]}-`)));
      const { browser, page, errors } = await openInspector(server.url);
      const offsite: string[] = [];
      page.on('request', request => {
        if (!/^(https?:\/\/127\.0\.0\.1[:/]|data:|blob:)/.test(request.url())) offsite.push(request.url());
      });
      try {
        // Loaded again now that requests are watched: the first load went by before the page could be watched.
        await page.reload();
        await expect(page.getByTestId(command.shows)).toBeVisible();
        await command.then?.(page, server.url, site.url);
        expect(errors).toEqual([]);
        expect(offsite).toEqual([]);
      } finally {
        await browser.close();
        await server.stop();
      }
    });
  }
});
