// Search benchmark: 200 recorded sessions × 500 steps (100,000 steps), searched through the inspector's bridge
// ("Search sessions"), beside a peer measured in the same run — a linear scan for the query's words over the same
// texts, held in memory.
//
//   npm run bench:search                        (builds first)
//   node --expose-gc bench/search.js --sessions 20 --steps 500 --runs 10
//
// Reports: the index's build time from a cold start (the server's first pass over the folder, and spawn to done),
// the memory it takes (the server's heap and array buffers after indexing minus an empty server's, both after a GC), and query latency
// p50/p95 per kind of query (rare and common words, URLs, several words, a prefix), ours and the peer's.
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import WebSocket from 'ws';
import { machineInfo, OUR_CLI, percentile, positiveIntArg, printTable } from './support.js';

const arg = positiveIntArg;
const SESSIONS = arg('sessions', 200);
const STEPS = arg('steps', 500);
const RUNS = arg('runs', 10);
const TARGET_MS = 1_000;
/** As in src/main/search/step-text.ts: each field is searched up to this many characters. */
const FIELD_CHARS = 4_096;

// ---- Sessions in the recorder's format (src/main/sessions/format.ts), from a seeded generator -------------------

let seed = 42;
const random = () => ((seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31);
const int = n => Math.floor(random() * n);
const pick = list => list[int(list.length)];
const SYLLABLES = ['ka', 'lo', 'mi', 'ren', 'to', 'vas', 'el', 'dor', 'in', 'qu', 'sha', 'ber', 'nix', 'pa', 'ul', 'zen', 'or', 'tri', 'mo', 'ga'];
/** 20,000 words; sampled with a skew (like real text) so a few are common and most are rare. */
const VOCABULARY = [...new Set(Array.from({ length: 30_000 }, () => Array.from({ length: 2 + int(3) }, () => pick(SYLLABLES)).join('')))].slice(0, 20_000);
const word = () => VOCABULARY[Math.floor(VOCABULARY.length * random() ** 3)];
const words = n => Array.from({ length: n }, word).join(' ');
const TOOLS = ['browser_click', 'browser_click', 'browser_click', 'browser_type', 'browser_type', 'browser_navigate', 'browser_evaluate', 'browser_snapshot', 'browser_wait_for', 'browser_press_key', 'browser_hover', 'browser_select_option'];

function step(session, seq, needle) {
  const tool = pick(TOOLS);
  const host = `shop${session % 20}.example.com`;
  const url = `https://${host}/${word()}/${word()}?id=${int(10_000)}`;
  const name = words(2);
  const ref = `e${int(900) + 2}`;
  const args = {
    browser_click: { element: `${name} button`, target: ref },
    browser_type: { element: `${name} field`, target: ref, text: words(4) },
    browser_navigate: { url },
    browser_evaluate: { function: `() => document.querySelector('#${word()}').textContent` },
    browser_snapshot: {},
    browser_wait_for: { text: words(2) },
    browser_press_key: { key: pick(['Enter', 'Tab', 'Escape', 'ArrowDown']) },
    browser_hover: { element: name, target: ref },
    browser_select_option: { element: name, target: ref, values: [word()] },
  }[tool];
  const failed = random() < 0.05;
  const result = `${words(150 + int(250))}${needle ? ` ${needle}` : ''}`;
  const response = {
    ...(failed ? { error: `TimeoutError: locator.click: Timeout 5000ms exceeded waiting for getByRole('button', { name: '${name}' })` } : { result }),
    code: `await page.getByRole('button', { name: '${name}' }).click();`,
    page: { url, title: `${words(3)} | Shop` },
    ...(tool === 'browser_snapshot' || tool === 'browser_navigate' ? { snapshot: {} } : {}),
    events: Array.from({ length: int(4) }, () => `[LOG] ${words(8)} @ https://${host}/app.js:${int(900)}`),
  };
  const time = Date.parse('2026-01-01T10:00:00Z') + session * 3_600_000 + seq * 1_000;
  return {
    type: 'tool-call', sessionId: `bench-${session}`, seq, tool, args, startedAt: time, endedAt: time + 40 + int(400), outcome: failed ? 'error' : 'ok',
    response, code: response.code, url, title: response.page.title, artifacts: {},
    activity: {
      console: Array.from({ length: int(4) }, () => ({ seq, time, kind: 'console', level: pick(['info', 'warning', 'error']), text: words(10) })),
      network: Array.from({ length: 2 + int(8) }, (_, i) => ({ seq, time, id: seq * 100 + i, method: pick(['GET', 'GET', 'POST']), url: `https://api${session % 5}.example.com/v1/${word()}/${int(1_000)}?q=${word()}`, resourceType: 'fetch', status: 200, durationMs: int(300) })),
    },
  };
}

/** Writes the sessions; returns the rare words planted (each in exactly one step's response). */
function writeSessions(root) {
  const needles = [];
  for (let s = 0; s < SESSIONS; s++) {
    const dir = join(root, `session-${String(s).padStart(3, '0')}`);
    mkdirSync(join(dir, 'artifacts'), { recursive: true });
    const id = `bench-${s}`;
    const startedAt = Date.parse('2026-01-01T10:00:00Z') + s * 3_600_000;
    writeFileSync(join(dir, 'session.json'), JSON.stringify({ format: 'agent-inspector-session', version: 1, id, startedAt, transport: 'http', clientName: `bench agent ${s}`, writer: 'bench/search.js' }));
    const needleAt = 1 + int(STEPS);
    const needle = `needle${s}x${needleAt}`;
    needles.push(needle);
    const lines = [{ type: 'session-started', sessionId: id, transport: 'http', clientName: `bench agent ${s}`, time: startedAt }];
    for (let seq = 1; seq <= STEPS; seq++) lines.push(step(s, seq, seq === needleAt ? needle : undefined));
    lines.push({ type: 'session-ended', sessionId: id, time: startedAt + STEPS * 1_000 + 500 });
    writeFileSync(join(dir, 'events.jsonl'), lines.map(line => JSON.stringify(line)).join('\n') + '\n');
  }
  return needles;
}

// ---- Ours: `agent-inspector serve --session-dir`, queried over the bridge's WebSocket ------------------------------

/** Starts the server; resolves once its first indexing pass logged (AGENT_INSPECTOR_DEBUG=search). */
function startServe(sessionDir) {
  const started = performance.now();
  const child = spawn(process.execPath, ['--expose-gc', OUR_CLI, 'serve', '--headless', '--port', '0', '--session-dir', sessionDir],
    { stdio: ['ignore', 'ignore', 'pipe'], env: { ...process.env, AGENT_INSPECTOR_DEBUG: 'search' } });
  return new Promise((resolve, reject) => {
    let output = '';
    child.stderr.on('data', chunk => {
      output += chunk;
      const url = output.match(/web mode\) at (http:\/\/127\.0\.0\.1:\d+)/)?.[1];
      const pass = output.match(/\[search\] indexed (\d+) steps .*; pass (\d+) ms; heap used ([\d.]+) MB \+ array buffers ([\d.]+) MB/);
      if (url && pass) {
        resolve({ url, steps: Number(pass[1]), passMs: Number(pass[2]), heapMb: Number(pass[3]) + Number(pass[4]), wallMs: performance.now() - started, stop: () => child.kill('SIGTERM') });
      }
    });
    child.on('exit', code => reject(new Error(`serve exited with ${code}:\n${output}`)));
  });
}

function bridge(url) {
  const socket = new WebSocket(`${url.replace('http', 'ws')}/bridge`);
  const pending = new Map();
  let ids = 0;
  socket.on('message', data => {
    const message = JSON.parse(String(data));
    if (!('id' in message)) return;
    const reply = pending.get(message.id);
    pending.delete(message.id);
    if (message.ok) reply.resolve(message.result);
    else reply.reject(new Error(message.error));
  });
  return new Promise((resolve, reject) => {
    socket.once('error', reject);
    socket.once('open', () => resolve({
      invoke: (command, input) => new Promise((resolve, reject) => {
        const id = ++ids;
        pending.set(id, { resolve, reject });
        socket.send(JSON.stringify({ id, command, input }));
      }),
      close: () => socket.close(),
    }));
  });
}

// ---- The peer: every step's texts in memory, lower-cased, scanned for each query word -----------------------------

const bounded = text => text.slice(0, FIELD_CHARS);

function peerTexts(root) {
  const texts = [];
  for (const folder of readdirSync(root)) {
    for (const line of readFileSync(join(root, folder, 'events.jsonl'), 'utf8').split('\n')) {
      if (!line.includes('"type":"tool-call"')) continue;
      const step = JSON.parse(line);
      const { snapshot: _snapshot, ...response } = step.response;
      texts.push({
        id: `${step.sessionId}:${step.seq}`,
        text: [
          step.tool,
          bounded(Object.entries(step.args).map(([key, value]) => `${key}: ${typeof value === 'string' ? value : JSON.stringify(value)}`).join('\n')),
          bounded(JSON.stringify(response)),
          bounded(`${step.url}\n${step.title}`),
          bounded(step.activity.console.map(entry => entry.text).join('\n')),
          bounded(step.activity.network.map(entry => `${entry.method} ${entry.url}`).join('\n')),
        ].join('\n').toLowerCase(),
      });
    }
  }
  return texts;
}

function peerSearch(texts, query) {
  const needles = query.toLowerCase().split(/\s+/).filter(Boolean);
  return texts.filter(({ text }) => needles.every(needle => text.includes(needle))).length;
}

// ---- The run -------------------------------------------------------------------------------------------------------

const heapMb = () => {
  globalThis.gc?.();
  const { heapUsed, arrayBuffers } = process.memoryUsage();
  return (heapUsed + arrayBuffers) / 2 ** 20;
};

async function main() {
  const root = mkdtempSync(join(tmpdir(), 'bench-search-'));
  const sessionDir = join(root, 'sessions');
  const emptyDir = join(root, 'empty');
  mkdirSync(sessionDir);
  mkdirSync(emptyDir);
  try {
    console.log(`Writing ${SESSIONS} sessions × ${STEPS} steps…`);
    const needles = writeSessions(sessionDir);
    const common = VOCABULARY.slice(0, 3);
    const queries = [
      { kind: 'rare word', queries: [needles[7 % SESSIONS], needles[SESSIONS - 1], needles[Math.floor(SESSIONS / 2)]] },
      { kind: 'common word', queries: [common[0], 'click', 'page'] },
      { kind: 'URL', queries: ['api2.example.com/v1', `shop3.example.com/${VOCABULARY[5]}`, 'https'] },
      { kind: 'several words', queries: [`${common[0]} ${common[1]} ${common[2]}`, 'timeout exceeded button', `${VOCABULARY[10]} ${VOCABULARY[200]}`] },
      { kind: 'prefix', queries: [VOCABULARY[3].slice(0, 4), `timeout ${VOCABULARY[40].slice(0, 3)}`] },
    ];

    const baseline = await startServe(emptyDir);
    baseline.stop();
    const server = await startServe(sessionDir);
    if (server.steps !== SESSIONS * STEPS) throw new Error(`the server indexed ${server.steps} steps, expected ${SESSIONS * STEPS}`);
    const client = await bridge(server.url);

    const peerStart = performance.now();
    const peerHeapBefore = heapMb();
    const texts = peerTexts(sessionDir);
    const peerLoadMs = performance.now() - peerStart;
    const peerHeap = heapMb() - peerHeapBefore;

    const rows = [];
    const all = { ours: [], peer: [] };
    for (const { kind, queries: list } of queries) {
      const ours = [];
      const took = [];
      const peer = [];
      let hits = '';
      for (const query of list) {
        const first = await client.invoke('searchSessions', { query });
        const peerCount = peerSearch(texts, query);
        hits += `${hits ? ', ' : ''}${first.hits.length}${first.more ? '+' : ''}/${peerCount}`;
        for (let run = 0; run < RUNS; run++) {
          let start = performance.now();
          const result = await client.invoke('searchSessions', { query });
          ours.push(performance.now() - start);
          took.push(result.tookMs);
          start = performance.now();
          peerSearch(texts, query);
          peer.push(performance.now() - start);
        }
      }
      all.ours.push(...ours);
      all.peer.push(...peer);
      rows.push([kind, hits, ...[ours, took, peer].flatMap(samples => [percentile(samples, 50).toFixed(1), percentile(samples, 95).toFixed(1)]),
        `${(percentile(peer, 50) / percentile(ours, 50)).toFixed(1)}×`]);
    }
    client.close();
    server.stop();

    console.log(`\n${machineInfo()}`);
    console.log(`${SESSIONS} sessions × ${STEPS} steps = ${(SESSIONS * STEPS).toLocaleString()} steps; ${RUNS} runs of each query.\n`);
    console.log(`Index build from a cold start: first pass ${(server.passMs / 1_000).toFixed(1)} s (spawn to indexed: ${(server.wallMs / 1_000).toFixed(1)} s)`);
    console.log(`Heap + array buffers: server ${server.heapMb.toFixed(0)} MB after indexing, ${baseline.heapMb.toFixed(0)} MB empty → index ≈ ${(server.heapMb - baseline.heapMb).toFixed(0)} MB`);
    console.log(`Peer: texts loaded in ${(peerLoadMs / 1_000).toFixed(1)} s, ${peerHeap.toFixed(0)} MB of heap${globalThis.gc ? '' : ' (run with --expose-gc for a GC-settled figure)'}\n`);
    printTable(['query kind', 'hits shown/peer matches', 'ours p50', 'ours p95', 'core p50', 'core p95', 'peer p50', 'peer p95', 'peer/ours'], rows, 2);
    const worst = percentile(all.ours, 95);
    console.log(`\nAll queries: ours p50 ${percentile(all.ours, 50).toFixed(1)} ms, p95 ${worst.toFixed(1)} ms, max ${Math.max(...all.ours).toFixed(1)} ms ` +
      `(round trip over the bridge; "core" is the server's own time) · peer p50 ${percentile(all.peer, 50).toFixed(1)} ms, p95 ${percentile(all.peer, 95).toFixed(1)} ms · ` +
      `ratio of p50s ${(percentile(all.peer, 50) / percentile(all.ours, 50)).toFixed(1)}×`);
    console.log(`Target: a query over ${(SESSIONS * STEPS).toLocaleString()} steps ≤ ${TARGET_MS} ms: ${Math.max(...all.ours) <= TARGET_MS ? 'met' : 'NOT met'} (max ${Math.max(...all.ours).toFixed(0)} ms).`);
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}

await main();
