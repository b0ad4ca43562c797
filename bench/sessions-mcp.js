// Sessions MCP benchmark (issue 33): a debugging agent reading 200 recorded sessions × 500 steps through
// `agent-inspector sessions-mcp` over stdio (the official MCP SDK client; each figure is a whole tool call, round trip
// included), beside a peer measured in the same run — what an agent without it does: read the files (readdir and
// session.json for a list, parse events.jsonl for an outline or a step, a substring scan of every events.jsonl for a
// search).
//
//   npm run bench:sessions-mcp                        (builds first)
//   node bench/sessions-mcp.js --sessions 200 --steps 500 --runs 10 [--churn: a new page every step]
//
// Targets: list ≤ 200 ms, outline of a 500-step run ≤ 200 ms, search ≤ 1 s, one step ≤ 100 ms; an outline of 500 steps
// in ≤ 8,000 tokens (o200k, as the inspector counts), paged beyond.
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { countTokens } from 'gpt-tokenizer/encoding/o200k_base';
import { machineInfo, OUR_CLI, percentile, positiveIntArg, printTable } from './support.js';
import { VOCABULARY, writeSessions } from './synthetic-sessions.js';

const SESSIONS = positiveIntArg('sessions', 200);
const STEPS = positiveIntArg('steps', 500);
const RUNS = positiveIntArg('runs', 10);
/** Every step on a page of its own (a new URL each step), instead of pages that change on navigations only. */
const CHURN = process.argv.includes('--churn');
const TARGETS = { list: 200, outline: 200, search: 1_000, step: 100 };
const OUTLINE_TOKENS = 8_000;

async function timedCall(client, name, args) {
  const started = performance.now();
  const result = await client.callTool({ name, arguments: args });
  const ms = performance.now() - started;
  if (result.isError) throw new Error(`${name} ${JSON.stringify(args)}: ${result.content[0].text}`);
  return {
    ms,
    text: result.content
      .filter(item => item.type === 'text')
      .map(item => item.text)
      .join('\n'),
  };
}

const timedPeer = work => {
  const started = performance.now();
  const out = work();
  return { ms: performance.now() - started, out };
};

// ---- The peer: the files as they are -------------------------------------------------------------------------------
const peer = {
  list: root =>
    readdirSync(root)
      .map(name => JSON.parse(readFileSync(join(root, name, 'session.json'), 'utf8')))
      .sort((a, b) => b.startedAt - a.startedAt)
      .map(meta => `${meta.id} ${meta.clientName} ${meta.startedAt}`)
      .join('\n'),
  records: dir =>
    readFileSync(join(dir, 'events.jsonl'), 'utf8')
      .split('\n')
      .filter(Boolean)
      .map(line => JSON.parse(line)),
  outline: dir =>
    peer
      .records(dir)
      .filter(record => record.type === 'tool-call')
      .map(record => `${record.seq} ${record.tool} ${record.outcome}`)
      .join('\n'),
  step: (dir, seq) =>
    JSON.stringify(peer.records(dir).find(record => record.type === 'tool-call' && record.seq === seq)),
  search: (root, query) =>
    readdirSync(root).filter(name =>
      readFileSync(join(root, name, 'events.jsonl'), 'utf8')
        .toLowerCase()
        .includes(query.toLowerCase()),
    ),
};

async function main() {
  console.log(machineInfo());
  const root = mkdtempSync(join(tmpdir(), 'bench-sessions-mcp-'));
  const sessionDir = join(root, 'sessions');
  mkdirSync(sessionDir);
  const client = new Client({ name: 'bench', version: '1.0.0' });
  try {
    console.log(
      `Writing ${SESSIONS} sessions × ${STEPS} steps (${CHURN ? 'a new page every step' : 'pages change on navigations'})…`,
    );
    const needles = writeSessions(sessionDir, SESSIONS, STEPS, { stayOnPage: !CHURN });
    const dirs = readdirSync(sessionDir)
      .sort()
      .map(name => join(sessionDir, name));
    const ids = dirs.map(dir => JSON.parse(readFileSync(join(dir, 'session.json'), 'utf8')).id);

    const started = performance.now();
    await client.connect(
      new StdioClientTransport({
        command: process.execPath,
        args: [OUR_CLI, 'sessions-mcp', '--session-dir', sessionDir],
        stderr: 'ignore',
      }),
    );
    const connected = performance.now() - started;
    const cold = await timedCall(client, 'inspector_list_sessions', {});
    // Search is answered from the index the server builds at start; measured once it is whole.
    const indexStart = performance.now();
    while ((await timedCall(client, 'inspector_search', { query: needles[0] })).text.includes('Still indexing'))
      await new Promise(resolve => setTimeout(resolve, 200));
    const indexedMs = performance.now() - started;
    console.log(
      `Server up in ${connected.toFixed(0)} ms; first list (every session read) ${cold.ms.toFixed(0)} ms; search index whole ${(indexedMs / 1000).toFixed(1)} s after start (${((performance.now() - indexStart) / 1000).toFixed(1)} s after the first list).`,
    );

    const samples = { list: [[], []], outline: [[], []], search: [[], []], step: [[], []] };
    const queries = [...needles.slice(0, RUNS), VOCABULARY[0], 'timeout exceeded'];
    for (let i = 0; i < RUNS; i++) {
      samples.list[0].push((await timedCall(client, 'inspector_list_sessions', {})).ms);
      samples.list[1].push(timedPeer(() => peer.list(sessionDir)).ms);
      // A different run each time: never the one opened before.
      const run = (i * 37) % SESSIONS;
      const outline = await timedCall(client, 'inspector_run_outline', { session: ids[run] });
      samples.outline[0].push(outline.ms);
      samples.outline[1].push(timedPeer(() => peer.outline(dirs[run])).ms);
      const query = queries[i % queries.length];
      samples.search[0].push((await timedCall(client, 'inspector_search', { query })).ms);
      samples.search[1].push(timedPeer(() => peer.search(sessionDir, query)).ms);
      const other = (i * 53 + 11) % SESSIONS;
      const seq = 1 + ((i * 97) % STEPS);
      samples.step[0].push((await timedCall(client, 'inspector_step', { session: ids[other], step: seq })).ms);
      samples.step[1].push(timedPeer(() => peer.step(dirs[other], seq)).ms);
    }
    const row = (label, [ours, theirs], target) => {
      const [p50, peer50] = [percentile(ours, 50), percentile(theirs, 50)];
      return [
        label,
        p50.toFixed(1),
        Math.max(...ours).toFixed(1),
        peer50.toFixed(1),
        (p50 / peer50).toFixed(1),
        `≤ ${target}`,
        p50 <= target ? 'met' : 'MISSED',
      ];
    };
    console.log(
      `\n${SESSIONS} sessions × ${STEPS} steps, ${RUNS} calls each (ms; ours: a whole MCP tool call over stdio)`,
    );
    printTable(
      ['tool', 'p50', 'max', 'peer p50', 'ratio', 'target', ''],
      [
        row('inspector_list_sessions', samples.list, TARGETS.list),
        row(`inspector_run_outline (${STEPS} steps)`, samples.outline, TARGETS.outline),
        row('inspector_search', samples.search, TARGETS.search),
        row('inspector_step', samples.step, TARGETS.step),
      ],
      1,
    );
    // The whole outline of the last run, page by page.
    const run = ((RUNS - 1) * 37) % SESSIONS;
    const pages = [];
    for (let offset = 0; offset !== undefined; ) {
      const { text } = await timedCall(client, 'inspector_run_outline', { session: ids[run], offset });
      pages.push(text);
      offset = /call again with offset: (\d+)/.exec(text)?.[1];
      offset = offset === undefined ? undefined : Number(offset);
    }
    const tokens = pages.map(text => countTokens(text));
    const stepLines = pages
      .join('\n')
      .split('\n')
      .filter(line => /^\d+ /.test(line)).length;
    console.log(
      `\nOutline of a ${STEPS}-step run: ${stepLines} step lines in ${pages.length} page${pages.length === 1 ? '' : 's'} of ${tokens.map(count => count.toLocaleString()).join(' + ')} tokens (target: ${STEPS} steps in ≤ ${OUTLINE_TOKENS.toLocaleString()}: ${pages.length === 1 && tokens[0] <= OUTLINE_TOKENS ? 'met' : 'MISSED'}); the peer's raw events.jsonl of that run: ${countTokens(readFileSync(join(dirs[run], 'events.jsonl'), 'utf8')).toLocaleString()} tokens.`,
    );
  } finally {
    await client.close().catch(() => {});
    rmSync(root, { recursive: true, force: true });
  }
}

await main();
