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
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import WebSocket from 'ws';
import { machineInfo, OUR_CLI, percentile, positiveIntArg, printTable } from './support.js';
import { VOCABULARY, writeSessions } from './synthetic-sessions.js';

const arg = positiveIntArg;
const SESSIONS = arg('sessions', 200);
const STEPS = arg('steps', 500);
const RUNS = arg('runs', 10);
const TARGET_MS = 1_000;
/** As in src/main/search/step-text.ts: each field is searched up to this many characters. */
const FIELD_CHARS = 4_096;

// ---- Ours: `agent-inspector serve --session-dir`, queried over the bridge's WebSocket ------------------------------

/** Starts the server; resolves once its first indexing pass logged (AGENT_INSPECTOR_DEBUG=search). */
function startServe(sessionDir) {
  const started = performance.now();
  const child = spawn(
    process.execPath,
    ['--expose-gc', OUR_CLI, 'serve', '--headless', '--port', '0', '--session-dir', sessionDir],
    { stdio: ['ignore', 'ignore', 'pipe'], env: { ...process.env, AGENT_INSPECTOR_DEBUG: 'search' } },
  );
  return new Promise((resolve, reject) => {
    let output = '';
    child.stderr.on('data', chunk => {
      output += chunk;
      const url = output.match(/web mode\) at (http:\/\/127\.0\.0\.1:\d+)/)?.[1];
      const pass = output.match(
        /\[search\] indexed (\d+) steps .*; pass (\d+) ms; heap used ([\d.]+) MB \+ array buffers ([\d.]+) MB/,
      );
      if (url && pass) {
        resolve({
          url,
          steps: Number(pass[1]),
          passMs: Number(pass[2]),
          heapMb: Number(pass[3]) + Number(pass[4]),
          wallMs: performance.now() - started,
          stop: () => child.kill('SIGTERM'),
        });
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
    socket.once('open', () =>
      resolve({
        invoke: (command, input) =>
          new Promise((resolve, reject) => {
            const id = ++ids;
            pending.set(id, { resolve, reject });
            socket.send(JSON.stringify({ id, command, input }));
          }),
        close: () => socket.close(),
      }),
    );
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
          bounded(
            Object.entries(step.args)
              .map(([key, value]) => `${key}: ${typeof value === 'string' ? value : JSON.stringify(value)}`)
              .join('\n'),
          ),
          bounded(JSON.stringify(response)),
          bounded(`${step.url}\n${step.title}`),
          bounded(step.activity.console.map(entry => entry.text).join('\n')),
          bounded(step.activity.network.map(entry => `${entry.method} ${entry.url}`).join('\n')),
        ]
          .join('\n')
          .toLowerCase(),
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
    const needles = writeSessions(sessionDir, SESSIONS, STEPS);
    const common = VOCABULARY.slice(0, 3);
    const queries = [
      { kind: 'rare word', queries: [needles[7 % SESSIONS], needles[SESSIONS - 1], needles[Math.floor(SESSIONS / 2)]] },
      { kind: 'common word', queries: [common[0], 'click', 'page'] },
      { kind: 'URL', queries: ['api2.example.com/v1', `shop3.example.com/${VOCABULARY[5]}`, 'https'] },
      {
        kind: 'several words',
        queries: [
          `${common[0]} ${common[1]} ${common[2]}`,
          'timeout exceeded button',
          `${VOCABULARY[10]} ${VOCABULARY[200]}`,
        ],
      },
      { kind: 'prefix', queries: [VOCABULARY[3].slice(0, 4), `timeout ${VOCABULARY[40].slice(0, 3)}`] },
    ];

    const baseline = await startServe(emptyDir);
    baseline.stop();
    const server = await startServe(sessionDir);
    if (server.steps !== SESSIONS * STEPS)
      throw new Error(`the server indexed ${server.steps} steps, expected ${SESSIONS * STEPS}`);
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
      rows.push([
        kind,
        hits,
        ...[ours, took, peer].flatMap(samples => [
          percentile(samples, 50).toFixed(1),
          percentile(samples, 95).toFixed(1),
        ]),
        `${(percentile(peer, 50) / percentile(ours, 50)).toFixed(1)}×`,
      ]);
    }
    client.close();
    server.stop();

    console.log(`\n${machineInfo()}`);
    console.log(
      `${SESSIONS} sessions × ${STEPS} steps = ${(SESSIONS * STEPS).toLocaleString()} steps; ${RUNS} runs of each query.\n`,
    );
    console.log(
      `Index build from a cold start: first pass ${(server.passMs / 1_000).toFixed(1)} s (spawn to indexed: ${(server.wallMs / 1_000).toFixed(1)} s)`,
    );
    console.log(
      `Heap + array buffers: server ${server.heapMb.toFixed(0)} MB after indexing, ${baseline.heapMb.toFixed(0)} MB empty → index ≈ ${(server.heapMb - baseline.heapMb).toFixed(0)} MB`,
    );
    console.log(
      `Peer: texts loaded in ${(peerLoadMs / 1_000).toFixed(1)} s, ${peerHeap.toFixed(0)} MB of heap${globalThis.gc ? '' : ' (run with --expose-gc for a GC-settled figure)'}\n`,
    );
    printTable(
      [
        'query kind',
        'hits shown/peer matches',
        'ours p50',
        'ours p95',
        'core p50',
        'core p95',
        'peer p50',
        'peer p95',
        'peer/ours',
      ],
      rows,
      2,
    );
    const worst = percentile(all.ours, 95);
    console.log(
      `\nAll queries: ours p50 ${percentile(all.ours, 50).toFixed(1)} ms, p95 ${worst.toFixed(1)} ms, max ${Math.max(...all.ours).toFixed(1)} ms ` +
        `(round trip over the bridge; "core" is the server's own time) · peer p50 ${percentile(all.peer, 50).toFixed(1)} ms, p95 ${percentile(all.peer, 95).toFixed(1)} ms · ` +
        `ratio of p50s ${(percentile(all.peer, 50) / percentile(all.ours, 50)).toFixed(1)}×`,
    );
    console.log(
      `Target: a query over ${(SESSIONS * STEPS).toLocaleString()} steps ≤ ${TARGET_MS} ms: ${Math.max(...all.ours) <= TARGET_MS ? 'met' : 'NOT met'} (max ${Math.max(...all.ours).toFixed(0)} ms).`,
    );
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}

await main();
