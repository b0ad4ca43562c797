// Core-tool latency benchmark: agent-inspector vs @playwright/mcp, same machine, same run.
//
// For a small page (/form.html) and a large one (/large.html?n=5000) it times browser_navigate, browser_click,
// browser_type and browser_snapshot, as seen by an MCP client over stdio (so protocol and serialisation costs
// count too, as they do for a real agent).
//
//   npm run bench:core                       (builds first)
//   node bench/core.js --iterations 5        (or BENCH_ITERATIONS=5)
import { execFileSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { cpus, platform, release, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { startFixtureServer } from '../e2e/support/fixture-server.js';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const CHROMIUM = process.env.BENCH_CHROMIUM ?? '/usr/bin/chromium';
const TOOLS = ['browser_navigate', 'browser_click', 'browser_type', 'browser_snapshot'];

const SERVERS = [
  { name: 'ours', args: [join(ROOT, 'bin/agent-inspector.js'), 'mcp', '--headless', '--executable-path', CHROMIUM] },
  // --no-sandbox: Chromium refuses to start sandboxed as root; --isolated: fresh in-memory profile, like ours.
  { name: 'peer', args: [join(ROOT, 'node_modules/@playwright/mcp/cli.js'), '--headless', '--isolated', '--no-sandbox',
    '--executable-path', CHROMIUM] },
];

// Each page names the elements to act on and what the final snapshot must show once click + type took effect.
const PAGES = [
  { name: 'small', path: '/form.html', title: 'Sign up',
    click: 'checkbox "I accept the terms"', type: 'textbox "Full name"', clicked: 'checkbox "I accept the terms" [checked]' },
  { name: 'large', path: '/large.html?n=5000', title: 'Large page (5000)',
    click: 'button "Action 2501"', type: 'textbox "Item 2500"', clicked: 'button "Clicked 2501"' },
];

function iterationsFromArgs() {
  const i = process.argv.findIndex(a => a === '--iterations' || a.startsWith('--iterations='));
  const raw = i < 0 ? process.env.BENCH_ITERATIONS ?? '10'
    : process.argv[i].includes('=') ? process.argv[i].split('=')[1] : process.argv[i + 1];
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 1) throw new Error(`--iterations must be a positive integer, got ${raw}`);
  return n;
}

/** Spawns one server over stdio in its own temp workspace (so .playwright-mcp output never lands in the repo). */
async function connect(server) {
  const cwd = await mkdtemp(join(tmpdir(), `bench-core-${server.name}-`));
  // Drop our own AGENT_INSPECTOR_* settings so a developer's shell cannot change what is measured.
  const env = Object.fromEntries(Object.entries(process.env).filter(([k, v]) => v !== undefined && !k.startsWith('AGENT_INSPECTOR_')));
  const transport = new StdioClientTransport({ command: process.execPath, args: server.args, cwd, env, stderr: 'pipe' });
  let stderr = '';
  // Keep draining stderr (a full pipe would stall the server) and keep the tail for error messages.
  transport.stderr?.on('data', chunk => { stderr = (stderr + chunk).slice(-4000); });
  const client = new Client({ name: 'bench-core', version: '1.0.0' });
  const state = { ...server, cwd, client, stderrTail: () => stderr, samples: {}, bytes: {} };
  try {
    await client.connect(transport);
  } catch (error) {
    await rm(cwd, { recursive: true, force: true }); // not yet in the cleanup list
    throw new Error(`[${server.name}] could not start: ${error.message}\n${stderr}`);
  }
  return state;
}

/** One tool call; returns its text, throws (with context) on an MCP error or when an `expect` string/RegExp is missing. */
async function call(server, page, tool, args, expect = []) {
  const result = await server.client.callTool({ name: tool, arguments: args });
  const text = result.content.filter(c => c.type === 'text').map(c => c.text).join('\n');
  const missing = expect.find(e => (typeof e === 'string' ? !text.includes(e) : !e.test(text)));
  if (result.isError || missing !== undefined) {
    const why = result.isError ? 'returned isError' : `response lacks ${missing}`;
    throw new Error(`[${server.name}] ${tool} on ${page.name} page ${why}:\n${text.slice(0, 1500)}\n` +
      `--- server stderr (tail) ---\n${server.stderrTail().slice(-1500)}`);
  }
  return text;
}

async function timed(server, page, record, tool, args, expect) {
  const start = performance.now();
  const text = await call(server, page, tool, args, expect);
  const ms = performance.now() - start;
  if (record) {
    ((server.samples[page.name] ??= {})[tool] ??= []).push(ms);
    // Response size explains much of the latency gap (inline snapshot vs file link vs nothing).
    (server.bytes[page.name] ??= {})[tool] = Buffer.byteLength(text);
  }
  return text;
}

// `[ref=eN]`, or `[ref=fMeN]` when Playwright prefixes the frame (it does so after some navigations).
const REF = /\[ref=((?:f\d+)?e\d+)\]/;

/** Finds the ref on the snapshot line that starts with `role "name"` (refs change after every navigation). */
function refOf(yaml, element, server) {
  const line = yaml.split('\n').find(l => l.trimStart().startsWith(`- ${element}`) && REF.test(l));
  if (!line) throw new Error(`[${server.name}] no ref for ${element} in snapshot:\n${yaml.slice(0, 1500)}`);
  return line.match(REF)[1];
}

/** navigate → (untimed snapshot for refs) → click → type → snapshot; `record` false for warm-up rounds. */
async function cycle(server, page, baseUrl, round, record) {
  await timed(server, page, record, 'browser_navigate', { url: baseUrl + page.path }, [`Page Title: ${page.title}`]);
  const yaml = await call(server, page, 'browser_snapshot', {}, [REF]);
  const clickRef = refOf(yaml, page.click, server);
  const typeRef = refOf(yaml, page.type, server);
  await timed(server, page, record, 'browser_click', { element: page.click, target: clickRef });
  // A different value each round, so the final check cannot pass on a stale snapshot.
  const value = `bench ${round}`;
  await timed(server, page, record, 'browser_type', { element: page.type, target: typeRef, text: value });
  const typed = new RegExp(`- ${escapeRegExp(page.type)}[^\\n]*: ${value}$`, 'm');
  await timed(server, page, record, 'browser_snapshot', {}, [page.clicked, typed]);
}

const escapeRegExp = s => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** Linear-interpolated percentile (p50 of an even count is the mean of the two middle samples). */
const percentile = (values, p) => {
  const sorted = [...values].sort((a, b) => a - b);
  const pos = (p / 100) * (sorted.length - 1);
  const lo = Math.floor(pos);
  return sorted[lo] + (sorted[Math.min(lo + 1, sorted.length - 1)] - sorted[lo]) * (pos - lo);
};
const fmt = ms => ms.toFixed(1).padStart(8);

function report(ours, peer, iterations) {
  const head = ['page', 'tool', 'ours p50', 'peer p50', 'ratio', 'ours p90', 'peer p90', 'ours KB', 'peer KB'];
  const widths = [6, 17, 8, 8, 6, 8, 8, 8, 8];
  const kb = (server, page, tool) => (server.bytes[page.name][tool] / 1024).toFixed(1);
  const row = cells => cells.map((c, i) => (i < 2 ? String(c).padEnd(widths[i]) : String(c).padStart(widths[i]))).join('  ');
  console.log(`\nLatency per call in ms over ${iterations} timed iterations. ratio = ours/peer medians ` +
    '(<= 1.00: we are as fast or faster); KB = size of the text response.\n');
  console.log(row(head));
  console.log(row(widths.map(w => '-'.repeat(w))));
  const summary = [];
  for (const page of PAGES) {
    const ratios = [];
    for (const tool of TOOLS) {
      const a = ours.samples[page.name][tool];
      const b = peer.samples[page.name][tool];
      const ratio = percentile(a, 50) / percentile(b, 50);
      ratios.push(ratio);
      console.log(row([page.name, tool, fmt(percentile(a, 50)), fmt(percentile(b, 50)), ratio.toFixed(2),
        fmt(percentile(a, 90)), fmt(percentile(b, 90)), kb(ours, page, tool), kb(peer, page, tool)]));
    }
    summary.push(`${page.name} page: geometric-mean ratio ours/peer = ` +
      `${Math.exp(ratios.reduce((s, r) => s + Math.log(r), 0) / ratios.length).toFixed(2)}`);
  }
  console.log(`\n${summary.join('\n')}`);
}

function machineInfo() {
  let chromium = CHROMIUM;
  try { chromium = execFileSync(CHROMIUM, ['--version'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim(); } catch {}
  const cpu = cpus();
  return `Machine: ${cpu.length} CPUs (${cpu[0]?.model.trim() ?? 'unknown'}), ${(totalmem() / 2 ** 30).toFixed(1)} GiB RAM, ` +
    `${platform()} ${release()}\nNode ${process.version}, ${chromium}, running as uid ${process.getuid?.() ?? '?'}`;
}

let interrupted = false;

async function main() {
  const iterations = iterationsFromArgs();
  console.log(machineInfo());
  const fixtures = await startFixtureServer();
  const servers = [];
  // Close everything on Ctrl-C too: the servers' Chromiums would otherwise outlive us.
  const cleanup = async () => {
    await Promise.allSettled(servers.map(s => s.client.close()));
    await Promise.allSettled(servers.map(s => rm(s.cwd, { recursive: true, force: true })));
    await fixtures.close();
  };
  const onSignal = () => {
    interrupted = true; // the in-flight call then fails with "Connection closed"; report the real cause instead
    cleanup().finally(() => process.exit(130));
  };
  process.once('SIGINT', onSignal).once('SIGTERM', onSignal);
  try {
    // Sequentially, so each server's browser starts without competing with the other's.
    for (const server of SERVERS) servers.push(await connect(server));
    const [ours, peer] = servers;
    process.stdout.write(`Warming up (1 untimed round per page per server)... `);
    for (const page of PAGES) for (const server of servers) await cycle(server, page, fixtures.url, 0, false);
    process.stdout.write(`done\nTimed iterations:`);
    for (let i = 1; i <= iterations; i++) {
      // Swap who goes first every iteration, so drift in machine load hits both servers alike.
      const order = i % 2 ? [ours, peer] : [peer, ours];
      for (const page of PAGES) for (const server of order) await cycle(server, page, fixtures.url, i, true);
      process.stdout.write(` ${i}`);
    }
    process.stdout.write('\n');
    report(ours, peer, iterations);
  } finally {
    process.removeListener('SIGINT', onSignal).removeListener('SIGTERM', onSignal);
    await cleanup();
  }
}

main().then(() => process.exit(0), error => {
  if (interrupted) return console.error('\nbench:core interrupted');
  console.error(`\nbench:core failed: ${error instanceof Error ? error.message : error}`);
  process.exit(1);
});
