// Server memory under concurrent MCP sessions: agent-inspector against @playwright/mcp, same machine, same run.
//
// Each server runs over Streamable HTTP on loopback (`mcp --port`, our web mode `serve --port` which also keeps the
// sessions for the UI and takes step screenshots, and the peer with --port), all --isolated on one shared Chromium.
// 1, then 8, then 16 MCP SDK clients stay connected at once; each new one walks real saved pages
// (../shared/real-pages, served on loopback; requests to other hosts are refused by --allowed-origins, for every
// server alike): navigate, snapshot, click a heading, for --steps pages. After each level the server is garbage
// collected (through its inspector) and its resident memory read from /proc/<pid>/status: the node process only,
// not Chromium. The goal (issue 18) is at most 40 MB per added session.
//
//   npm run bench:memory                      (builds first)
//   node bench/real-memory.js --steps 4       (pages per session; or BENCH_STEPS=4)
import { spawn } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { asyncListener } from '../e2e/support/async-listener.js';
import { heldMemory } from '../e2e/support/held-memory.js';
import { CHROMIUM, machineInfo, OUR_CLI, printTable, REF, ROOT } from './support.js';

const REAL_PAGES = join(ROOT, '../shared/real-pages');
const LEVELS = [1, 8, 16];
const GOAL_MB = 40;

const SERVERS = [
  { name: 'ours (mcp)', args: [OUR_CLI, 'mcp', '--headless', '--isolated', '--executable-path', CHROMIUM] },
  { name: 'ours (serve)', args: [OUR_CLI, 'serve', '--headless', '--isolated', '--executable-path', CHROMIUM] },
  // --no-sandbox: Chromium refuses to start sandboxed as root; --isolated: one browser, a context per client, like ours.
  {
    name: 'peer',
    args: [
      join(ROOT, 'node_modules/@playwright/mcp/cli.js'),
      '--headless',
      '--isolated',
      '--no-sandbox',
      '--executable-path',
      CHROMIUM,
    ],
  },
];

function stepsFromArgs(fallback = 6) {
  const i = process.argv.findIndex(a => a === '--steps' || a.startsWith('--steps='));
  const raw =
    i < 0
      ? (process.env.BENCH_STEPS ?? String(fallback))
      : process.argv[i].includes('=')
        ? process.argv[i].split('=')[1]
        : process.argv[i + 1];
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 1) throw new Error(`--steps must be a positive integer, got ${raw}`);
  return n;
}

/** The saved pages on 127.0.0.1; anything else is a 404. */
async function startPageServer() {
  const names = (await readdir(REAL_PAGES)).filter(name => name.endsWith('.html')).sort();
  const server = createServer(
    asyncListener(async (req, res) => {
      const name = decodeURIComponent(new URL(req.url ?? '/', 'http://127.0.0.1').pathname.slice(1));
      if (!names.includes(name)) return res.writeHead(404).end();
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(await readFile(join(REAL_PAGES, name)));
    }),
  );
  await new Promise(resolve => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${server.address().port}`;
  return { url, names, close: () => new Promise(resolve => server.close(resolve)) };
}

const freePort = () =>
  new Promise((resolve, reject) => {
    const probe = createServer()
      .listen(0, '127.0.0.1', () => {
        const { port } = probe.address();
        probe.close(() => resolve(port));
      })
      .on('error', reject);
  });

/** Waits until `pattern` appears in the text the stream wrote, and returns its match. */
function waitFor(stream, pattern, what, timeoutMs = 60_000) {
  return new Promise((resolve, reject) => {
    let seen = '';
    const timer = setTimeout(
      () => reject(new Error(`no ${what} within ${timeoutMs} ms:\n${seen.slice(-2000)}`)),
      timeoutMs,
    );
    const onData = chunk => {
      seen += chunk;
      const match = seen.match(pattern);
      if (!match) return;
      clearTimeout(timer);
      stream.off('data', onData);
      resolve(match);
    };
    stream.on('data', onData);
  });
}

/** Starts a server on its own port and workspace, with its inspector open so the bench can collect its garbage. */
async function startServer(definition, pagesOrigin) {
  const cwd = await mkdtemp(join(tmpdir(), 'bench-memory-'));
  const port = await freePort();
  // Drop our own AGENT_INSPECTOR_* settings so a developer's shell cannot change what is measured.
  const env = Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith('AGENT_INSPECTOR_')));
  const child = spawn(
    process.execPath,
    [
      '--inspect=127.0.0.1:0',
      ...definition.args,
      '--port',
      String(port),
      '--host',
      '127.0.0.1',
      '--allowed-origins',
      pagesOrigin,
    ],
    {
      cwd,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  child.stdout.setEncoding('utf8').resume();
  child.stderr.setEncoding('utf8');
  let tail = '';
  child.stderr.on('data', chunk => void (tail = (tail + chunk).slice(-4000)));
  const [, inspectorUrl] = await waitFor(child.stderr, /Debugger listening on (ws:\S+)/, 'inspector');
  // Ours logs "listening on <origin>/mcp" (mcp) or "MCP endpoint: <origin>/mcp" (serve); the peer "Listening on
  // <origin>", with the host name it then requires (localhost).
  const listening = /(?:MCP endpoint:|listening on) (http:\/\/[^\s/]+)/i;
  const [, origin] = await Promise.race([
    waitFor(child.stdout, listening, 'listening line'),
    waitFor(child.stderr, listening, 'listening line'),
  ]);
  const memory = await heldMemory(inspectorUrl, child.pid);
  return {
    ...definition,
    child,
    cwd,
    url: `${origin}/mcp`,
    tail: () => tail,
    /** Resident memory of the server process after a full collection, and its JS heap, in MB. */
    async memory() {
      const { rss, heap } = await memory.measure();
      return { rss, heap };
    },
    async stop() {
      memory.close();
      child.kill('SIGTERM');
      await new Promise(resolve => (child.exitCode !== null ? resolve() : child.once('exit', resolve)));
      await rm(cwd, { recursive: true, force: true });
    },
  };
}

/** One client session: for each of its pages, navigate, snapshot and click the first heading (or link) it shows. */
async function runSession(server, pages, index, steps) {
  const client = new Client({ name: `bench-${index}`, version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL(server.url)));
  const call = async (name, args) => {
    const result = await client.callTool({ name, arguments: args }, undefined, { timeout: 120_000 });
    return result.content
      .filter(c => c.type === 'text')
      .map(c => c.text)
      .join('\n');
  };
  for (let step = 0; step < steps; step++) {
    const name = pages.names[(index * steps + step) % pages.names.length];
    await call('browser_navigate', { url: `${pages.url}/${name}` });
    const yaml = await call('browser_snapshot', {});
    const line =
      yaml.split('\n').find(l => /- heading /.test(l) && REF.test(l)) ?? yaml.split('\n').find(l => REF.test(l));
    if (!line) throw new Error(`[${server.name}] no ref in the snapshot of ${name}:\n${yaml.slice(0, 800)}`);
    // A click may navigate off loopback (refused) or time out on a covered element: memory, not success, is measured.
    await call('browser_click', { element: 'heading', target: line.match(REF)[1] }).catch(() => {});
  }
  return client;
}

async function measure(definition, pages, steps) {
  const server = await startServer(definition, pages.url);
  const clients = [];
  try {
    const rows = [{ sessions: 0, ...(await server.memory()) }];
    for (const level of LEVELS) {
      const added = Array.from({ length: level - clients.length }, (_, i) =>
        runSession(server, pages, clients.length + i, steps),
      );
      clients.push(...(await Promise.all(added)));
      rows.push({ sessions: level, ...(await server.memory()) });
      console.error(`[${server.name}] ${level} sessions: ${rows.at(-1).rss.toFixed(1)} MB RSS`);
    }
    return rows;
  } catch (error) {
    throw new Error(`${error.message}\n--- ${server.name} stderr (tail) ---\n${server.tail()}`);
  } finally {
    await Promise.allSettled(clients.map(client => client.close()));
    await server.stop();
  }
}

const steps = stepsFromArgs();
const pages = await startPageServer();
try {
  const results = [];
  // One server at a time, so each has the machine (and its Chromium) to itself.
  for (const definition of SERVERS)
    results.push({ name: definition.name, rows: await measure(definition, pages, steps) });
  console.log(
    `\nServer process memory (node only, Chromium excluded) after GC, ${steps} real pages per session ` +
      `(navigate + snapshot + click each); MB. per added = (RSS at 16 - RSS at 1) / 15; goal <= ${GOAL_MB}.\n`,
  );
  const at = (rows, n) => rows.find(row => row.sessions === n);
  printTable(
    ['server', ...[0, ...LEVELS].map(n => `RSS ${n}`), 'heap 16', 'per added', 'goal'],
    results.map(({ name, rows }) => {
      const perAdded = (at(rows, 16).rss - at(rows, 1).rss) / 15;
      return [
        name,
        ...[0, ...LEVELS].map(n => at(rows, n).rss.toFixed(1)),
        at(rows, 16).heap.toFixed(1),
        perAdded.toFixed(1),
        perAdded <= GOAL_MB ? 'ok' : 'OVER',
      ];
    }),
    1,
  );
  console.log(`\n${machineInfo()}`);
} finally {
  await pages.close();
}
