// Shared by the benchmarks: spawning MCP servers over stdio, timed calls, refs, percentiles and machine info.
import { execFileSync, spawn } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { createServer } from 'node:http';
import { cpus, platform, release, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { asyncListener } from '../e2e/support/async-listener.js';

export const ROOT = fileURLToPath(new URL('..', import.meta.url));
export const CHROMIUM = process.env.BENCH_CHROMIUM ?? '/usr/bin/chromium';
export const OUR_CLI = join(ROOT, 'bin/agent-inspector.js');
/** The saved real-world pages (../shared/real-pages), which benchmarks serve on loopback. */
export const PAGES_DIR = join(ROOT, '../shared/real-pages');

export function iterationsFromArgs(fallback = 10) {
  const i = process.argv.findIndex(a => a === '--iterations' || a.startsWith('--iterations='));
  const raw =
    i < 0
      ? (process.env.BENCH_ITERATIONS ?? String(fallback))
      : process.argv[i].includes('=')
        ? process.argv[i].split('=')[1]
        : process.argv[i + 1];
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 1) throw new Error(`--iterations must be a positive integer, got ${raw}`);
  return n;
}

/** Spawns one server over stdio in its own temp workspace (so .playwright-mcp output never lands in the repo). */
export async function connect(server) {
  const cwd = await mkdtemp(join(tmpdir(), `bench-${server.name}-`));
  // Drop our own AGENT_INSPECTOR_* settings so a developer's shell cannot change what is measured.
  const env = Object.fromEntries(
    Object.entries(process.env).filter(([k, v]) => v !== undefined && !k.startsWith('AGENT_INSPECTOR_')),
  );
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: server.args,
    cwd,
    env: { ...env, ...server.env },
    stderr: 'pipe',
  });
  let stderr = '';
  const logLines = [];
  // Keep draining stderr (a full pipe would stall the server); keep the tail for error messages and every line
  // matching the server definition's `log` pattern (debug timings) for the report.
  transport.stderr?.on('data', chunk => {
    stderr = (stderr + chunk).slice(-4000);
    if (server.log)
      logLines.push(
        ...String(chunk)
          .split('\n')
          .filter(line => server.log.test(line)),
      );
  });
  const client = new Client({ name: 'bench', version: '1.0.0' });
  const state = { ...server, cwd, client, stderrTail: () => stderr, logLines, samples: {}, bytes: {} };
  try {
    await client.connect(transport);
  } catch (error) {
    await rm(cwd, { recursive: true, force: true });
    throw new Error(`[${server.name}] could not start: ${error.message}\n${stderr}`);
  }
  return state;
}

export async function disconnect(servers) {
  await Promise.allSettled(servers.map(s => s.client.close()));
  await Promise.allSettled(servers.filter(s => s.cwd).map(s => rm(s.cwd, { recursive: true, force: true })));
}

/** One tool call; returns its text, throws (with context) on an MCP error or when an `expect` string/RegExp is missing. */
export async function call(server, label, tool, args, expect = []) {
  const result = await server.client.callTool({ name: tool, arguments: args });
  const text = result.content
    .filter(c => c.type === 'text')
    .map(c => c.text)
    .join('\n');
  const missing = expect.find(e => (typeof e === 'string' ? !text.includes(e) : !e.test(text)));
  if (result.isError || missing !== undefined) {
    const why = result.isError ? 'returned isError' : `response lacks ${missing}`;
    throw new Error(
      `[${server.name}] ${tool} (${label}) ${why}:\n${text.slice(0, 1500)}\n` +
        `--- server stderr (tail) ---\n${server.stderrTail().slice(-1500)}`,
    );
  }
  return text;
}

/**
 * A call whose latency is recorded under server.samples[label][row] when `record` is true (false: warm-up); `row` is
 * the tool unless a bench tells ways of calling it apart (`browser_type submit`).
 */
export async function timed(server, label, record, tool, args, expect, row = tool) {
  const start = performance.now();
  const text = await call(server, label, tool, args, expect);
  const ms = performance.now() - start;
  if (record) {
    ((server.samples[label] ??= {})[row] ??= []).push(ms);
    (server.bytes[label] ??= {})[row] = Buffer.byteLength(text);
  }
  return text;
}

// `[ref=eN]`, or `[ref=fMeN]` when Playwright prefixes the frame (it does so after some navigations).
export const REF = /\[ref=((?:f\d+)?e\d+)\]/;

/** Finds the ref on the snapshot line that starts with `role "name"` (refs change after every navigation). */
export function refOf(yaml, element, server) {
  const line = yaml.split('\n').find(l => l.trimStart().startsWith(`- ${element}`) && REF.test(l));
  if (!line) throw new Error(`[${server.name}] no ref for ${element} in snapshot:\n${yaml.slice(0, 1500)}`);
  return line.match(REF)[1];
}

export const escapeRegExp = s => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Linear-interpolated percentile (p50 of an even count is the mean of the two middle samples). */
export const percentile = (values, p) => {
  const sorted = [...values].sort((a, b) => a - b);
  const pos = (p / 100) * (sorted.length - 1);
  const lo = Math.floor(pos);
  return sorted[lo] + (sorted[Math.min(lo + 1, sorted.length - 1)] - sorted[lo]) * (pos - lo);
};
export const fmt = ms => ms.toFixed(1).padStart(8);
export const geomean = ratios => Math.exp(ratios.reduce((s, r) => s + Math.log(r), 0) / ratios.length);

export function machineInfo() {
  let chromium = CHROMIUM;
  try {
    chromium = execFileSync(CHROMIUM, ['--version'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  } catch {}
  const cpu = cpus();
  return (
    `Machine: ${cpu.length} CPUs (${cpu[0]?.model.trim() ?? 'unknown'}), ${(totalmem() / 2 ** 30).toFixed(1)} GiB RAM, ` +
    `${platform()} ${release()}\nNode ${process.version}, ${chromium}, running as uid ${process.getuid?.() ?? '?'}`
  );
}

/**
 * Runs `body(servers)` with the servers connected, closing everything on success, error or Ctrl-C. A definition with
 * its own `connect()` (bench/floor.js) is started by it rather than spawned.
 */
export async function withServers(definitions, fixtures, body) {
  const servers = [];
  const cleanup = async () => {
    await disconnect(servers);
    await fixtures.close();
  };
  const onSignal = () => {
    cleanup()
      .catch(error => console.error(error))
      .finally(() => process.exit(130));
  };
  process.once('SIGINT', onSignal).once('SIGTERM', onSignal);
  try {
    // Sequentially, so each server's browser starts without competing with the other's.
    for (const definition of definitions) servers.push(await (definition.connect?.() ?? connect(definition)));
    return await body(servers);
  } finally {
    process.removeListener('SIGINT', onSignal).removeListener('SIGTERM', onSignal);
    await cleanup();
  }
}

/** Prints a table with left-aligned first columns and right-aligned numbers. */
export function printTable(head, rows, leftColumns = 2) {
  const widths = head.map((h, i) => Math.max(String(h).length, ...rows.map(r => String(r[i]).length)));
  const line = cells =>
    cells.map((c, i) => (i < leftColumns ? String(c).padEnd(widths[i]) : String(c).padStart(widths[i]))).join('  ');
  console.log(line(head));
  console.log(line(widths.map(w => '-'.repeat(w))));
  for (const row of rows) console.log(line(row));
}

/**
 * `agent-inspector serve --port 0` (a planner backend, the debugger's UI) with extra flags; `env`, when given, is its
 * environment (it decides the planner). Resolves with its URL.
 */
export async function startBackend(env, args = []) {
  const child = spawn(
    process.execPath,
    [OUR_CLI, 'serve', '--port', '0', '--headless', '--executable-path', CHROMIUM, ...args],
    { stdio: ['ignore', 'ignore', 'pipe'], ...(env && { env }) },
  );
  let output = '';
  const url = await new Promise((resolve, reject) => {
    child.stderr.on('data', chunk => {
      output += chunk;
      const match = output.match(/at (http:\/\/[^\s/]+)\//);
      if (match) resolve(match[1]);
    });
    child.once('exit', code => reject(new Error(`planner backend exited (${code}):\n${output}`)));
  });
  return {
    url,
    close: () =>
      new Promise(resolve => {
        child.once('exit', resolve);
        child.kill('SIGTERM');
      }),
  };
}

/**
 * Serves HTML on loopback: `page(pathname)` names the file to send for a path, or is the page itself (`{ html }`), or
 * undefined (404). `close()` also drops the connections a browser keeps open (keep-alive, a request still in flight):
 * `server.close()` alone waits for them to end.
 */
export async function startPageServer(page) {
  const server = createServer(
    asyncListener(async (req, res) => {
      const found = page(decodeURIComponent(new URL(req.url ?? '/', 'http://127.0.0.1').pathname));
      const body = typeof found === 'string' ? await readFile(found).catch(() => undefined) : found?.html;
      if (body !== undefined) res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(body);
      else res.writeHead(404).end();
    }),
  );
  await new Promise(resolve => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${server.address().port}`,
    close: () =>
      new Promise(resolve => {
        server.closeAllConnections();
        server.close(resolve);
      }),
  };
}

/** `/name.html` of the saved real pages (../shared/real-pages), or undefined. */
export const realPageFile = pathname =>
  /^\/[\w-]+\.html$/.test(pathname) ? join(PAGES_DIR, pathname.slice(1)) : undefined;

/** Serves the real pages as they were saved; anything else is a 404 (what their relative links get). */
export const startRealPages = () => startPageServer(realPageFile);

/** The snapshot's interactive lines: `role "name"`, by role, enabled, with names unique in the snapshot. */
export function candidates(yaml, roles) {
  const found = [...yaml.matchAll(/^\s*- (\w+) "([^"\n]+)"((?: \[[^\]\n]*\])*) \[ref=[^\]]+\]/gm)]
    .filter(([, role]) => roles.includes(role))
    .map(([, role, name, attributes]) => ({
      element: `${role} "${name}"`,
      disabled: attributes.includes('[disabled]'),
    }));
  const elements = found.map(f => f.element);
  return found
    .filter(f => !f.disabled && elements.indexOf(f.element) === elements.lastIndexOf(f.element))
    .map(f => f.element);
}

/** The ref on the snapshot line that starts with `role "name"`, or undefined. */
export const refIn = (yaml, element) =>
  yaml
    .split('\n')
    .find(line => line.trimStart().startsWith(`- ${element}`) && REF.test(line))
    ?.match(REF)[1];

/** The `/url` of a link in the snapshot (the line under it), unquoted, or undefined. */
function linkUrl(yaml, element) {
  const lines = yaml.split('\n');
  const i = lines.findIndex(line => line.trimStart().startsWith(`- ${element}`) && REF.test(line));
  const url = i < 0 ? undefined : lines[i + 1]?.match(/^\s*- \/url: (.*)$/)?.[1];
  return url?.startsWith('"') ? JSON.parse(url) : url;
}

export const failed = result => result instanceof Error || /^### Error/m.test(result);

const pageUrl = text => text.match(/^- Page URL: (\S+)/m)?.[1];

/** Servers where a click tried by `choose` opened a tab: it is closed before the next try, on this page or the next. */
const tabs = new WeakSet();

/** Closes every tab but the first. */
async function oneTab(server, act) {
  const list = await act(server, 'browser_tabs', { action: 'list' });
  const count = list instanceof Error ? 1 : (list.match(/^- \d+:/gm) ?? []).length;
  for (let index = count - 1; index > 0; index--) await act(server, 'browser_tabs', { action: 'close', index });
  if (count > 1) await act(server, 'browser_tabs', { action: 'select', index: 0 });
}

/**
 * Untimed: picks what a scripted task acts on, the same for every server, from the first server's snapshot: a text
 * field (the first textbox or searchbox found on all), and `clicks` elements (buttons first, then links) whose click
 * works on every server. `act(server, tool, args)` returns the response text or an Error. Each try starts from a fresh
 * navigate and replays what was picked before it (typing `text` in the field, when given, then the earlier clicks), so
 * the steps are known to work in order. Click i looks from the i-th fraction of the list on (one target from the top
 * of the page, the next from further down); `stay` keeps only clicks after which the page is the same document in the
 * same tab (links to a place in the page, buttons that do not navigate). At most `tries` candidates per click. A tab
 * a click opened is closed before the next try.
 */
export async function choose(servers, url, act, { clicks = 1, stay = false, text, tries = 6 } = {}) {
  const snapshots = [];
  for (const server of servers) {
    if (tabs.delete(server)) await oneTab(server, act);
    await act(server, 'browser_navigate', { url });
    snapshots.push(await act(server, 'browser_snapshot', {}));
  }
  const broken = snapshots.find(s => s instanceof Error);
  if (broken) return { error: broken.message, clicks: [] };
  const inAll = list => list.filter(element => snapshots.every(yaml => refIn(yaml, element)));
  let field = inAll(candidates(snapshots[0], ['textbox', 'searchbox']))[0];
  const picked = [];
  /** Fresh navigate, the picked steps, then `element` clicked; whether it all worked on every server. */
  const works = async element => {
    for (const server of servers) {
      if (tabs.delete(server)) await oneTab(server, act);
      await act(server, 'browser_navigate', { url });
      let yaml = await act(server, 'browser_snapshot', {});
      const steps = [
        ...(field && text !== undefined ? [{ tool: 'browser_type', target: field, text }] : []),
        ...[...picked, ...(element ? [element] : [])].map(target => ({ tool: 'browser_click', target })),
      ];
      for (const [i, { tool, target, ...args }] of steps.entries()) {
        // Refs are read from a snapshot taken after the step before (typing or a click can change them).
        if (i > 0) yaml = await act(server, 'browser_snapshot', {});
        const ref = !(yaml instanceof Error) && refIn(yaml, target);
        const result = ref && (await act(server, tool, { element: target, target: ref, ...args }));
        if (typeof result === 'string' && /^### Open tabs/m.test(result)) tabs.add(server);
        if (!ref || failed(result)) return false;
        // A response without a Page URL reports no change of page.
        if (stay && (tabs.has(server) || (pageUrl(result) ?? url).split('#')[0] !== url)) return false;
      }
    }
    return true;
  };
  if (field && text !== undefined && !(await works(undefined))) field = undefined;
  // Staying on the page, a link is a candidate only when it goes to a place in the page (`#…`).
  const inPage = link => (linkUrl(snapshots[0], link) ?? '').replace(url, '').startsWith('#');
  const list = inAll([
    ...candidates(snapshots[0], ['button']),
    ...candidates(snapshots[0], ['link']).filter(link => !stay || inPage(link)),
  ]);
  for (let i = 0; i < clicks; i++) {
    const start = Math.floor((i * list.length) / clicks);
    const next = [...list.slice(start), ...list.slice(0, start)].filter(element => !picked.includes(element));
    for (const element of next.slice(0, tries)) {
      if (await works(element)) {
        picked.push(element);
        break;
      }
    }
  }
  return { field, clicks: picked, click: picked[0] };
}

/**
 * A loopback HTTP proxy that answers nothing: each request or CONNECT tunnel is held `ms`, then its connection closed.
 * Browsers sent through it (`--proxy-server`, loopback bypassed) see every outside request fail after the same delay,
 * as on a network that drops them, without the resolver's stalls that differ from lookup to lookup.
 */
export async function startDropProxy(ms) {
  const sockets = new Set();
  const hold = socket => {
    sockets.add(socket);
    socket.on('error', () => {}).on('close', () => sockets.delete(socket));
    setTimeout(() => socket.destroy(), ms).unref();
  };
  const server = createServer(req => hold(req.socket));
  server.on('connect', (req, socket) => hold(socket));
  await new Promise(resolve => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${server.address().port}`,
    close: () =>
      new Promise(resolve => {
        for (const socket of sockets) socket.destroy();
        server.close(resolve);
      }),
  };
}

/** `--name N` from the command line (else `fallback`): a positive whole number, or an error naming the flag. */
export function positiveIntArg(name, fallback) {
  const i = process.argv.indexOf(`--${name}`);
  const value = Number(i > 0 ? process.argv[i + 1] : fallback);
  if (!Number.isInteger(value) || value < 1)
    throw new Error(`--${name} must be a positive integer, got ${process.argv[i + 1]}`);
  return value;
}

/** The UI benchmarks' peer: the same text put into a <pre> and laid out and painted, in the same page. */
export function plainText(page, text) {
  return page.evaluate(async text => {
    const start = performance.now();
    const pre = document.createElement('pre');
    pre.style.cssText = 'position:absolute;left:0;top:0;width:600px;height:400px;overflow:auto;z-index:-1';
    pre.textContent = text;
    document.body.append(pre);
    pre.getBoundingClientRect();
    await new Promise(resolve => requestAnimationFrame(resolve));
    await new Promise(resolve => requestAnimationFrame(resolve));
    const ms = performance.now() - start;
    pre.remove();
    return ms;
  }, text);
}
