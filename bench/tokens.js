// Token counting cost benchmark: the same recording server with and without --no-token-count, same machine, same run.
//
// On the large fixture (5,000 interactive elements, ~1 MB of DOM) it times recorded browser_navigate, browser_click
// and browser_snapshot calls, and reports the time counting adds per call (target: <= 5 %). Counting runs in a
// worker thread after the call is answered, so what it can add is contention, not the count itself. It then checks
// the counting server's recording has a count for every call.
//
//   npm run bench:tokens                     (builds first)
//   node bench/tokens.js --iterations 5      (or BENCH_ITERATIONS=5)
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startFixtureServer } from '../e2e/support/fixture-server.js';
import {
  call,
  CHROMIUM,
  fmt,
  iterationsFromArgs,
  machineInfo,
  OUR_CLI,
  percentile,
  printTable,
  REF,
  refOf,
  timed,
  withServers,
} from './support.js';

const PAGE = { name: 'large', path: '/large.html?n=5000', title: 'Large page (5000)' };
const TOOLS = ['browser_navigate', 'browser_click', 'browser_snapshot'];

async function cycle(server, baseUrl, record) {
  await timed(server, PAGE.name, record, 'browser_navigate', { url: baseUrl + PAGE.path }, [
    `Page Title: ${PAGE.title}`,
  ]);
  const yaml = await call(server, PAGE.name, 'browser_snapshot', {}, [REF]);
  await timed(server, PAGE.name, record, 'browser_click', { target: refOf(yaml, 'button "Action 2501"', server) }, [
    'Clicked 2501',
  ]);
  await timed(server, PAGE.name, record, 'browser_snapshot', {}, ['Clicked 2501']);
}

/** The recording's tool calls and token counts, once the server has ended the session. */
async function recorded(sessionDir) {
  const [folder] = await readdir(sessionDir);
  const records = (await readFile(join(sessionDir, folder, 'events.jsonl'), 'utf8'))
    .trim()
    .split('\n')
    .map(line => JSON.parse(line));
  return { calls: records.filter(r => r.type === 'tool-call'), counts: records.filter(r => r.type === 'step-tokens') };
}

async function main() {
  const iterations = iterationsFromArgs();
  console.log(machineInfo());
  const dirs = {
    counting: await mkdtemp(join(tmpdir(), 'bench-tokens-on-')),
    off: await mkdtemp(join(tmpdir(), 'bench-tokens-off-')),
  };
  const server = (name, extra = []) => ({
    name,
    args: [
      OUR_CLI,
      'mcp',
      '--headless',
      '--isolated',
      '--executable-path',
      CHROMIUM,
      '--session-dir',
      dirs[name],
      ...extra,
    ],
  });
  const fixtures = await startFixtureServer();
  try {
    await withServers([server('counting'), server('off', ['--no-token-count'])], fixtures, async ([counting, off]) => {
      process.stdout.write('Warming up... ');
      for (const s of [counting, off]) await cycle(s, fixtures.url, false);
      process.stdout.write('done\nTimed iterations:');
      for (let i = 1; i <= iterations; i++) {
        // Swap who goes first every iteration, so drift in machine load hits both alike.
        for (const s of i % 2 ? [counting, off] : [off, counting]) await cycle(s, fixtures.url, true);
        process.stdout.write(` ${i}`);
      }
      console.log(
        `\n\nRecorded calls (--session-dir) on the large page. Medians over ${iterations} iterations; target: added <= 5 %.\n`,
      );
      printTable(
        ['tool', 'counting p50', 'off p50', 'ratio', 'added ms', 'added %', 'KB'],
        TOOLS.map(tool => {
          const a = percentile(counting.samples[PAGE.name][tool], 50);
          const b = percentile(off.samples[PAGE.name][tool], 50);
          return [
            tool,
            fmt(a),
            fmt(b),
            (a / b).toFixed(3),
            fmt(a - b),
            `${(((a - b) / b) * 100).toFixed(1)} %`,
            (counting.bytes[PAGE.name][tool] / 1024).toFixed(0),
          ];
        }),
        1,
      );
      const sum = s => TOOLS.reduce((total, tool) => total + percentile(s.samples[PAGE.name][tool], 50), 0);
      console.log(`\nAll three calls: counting / off = ${(sum(counting) / sum(off)).toFixed(3)}`);
    });
    // The servers have exited: each session ended, after its counts.
    const on = await recorded(dirs.counting);
    const without = await recorded(dirs.off);
    const snapshot = on.counts.findLast(count => on.calls.find(c => c.seq === count.seq)?.tool === 'browser_snapshot');
    console.log(
      `Recorded counts: ${on.counts.length} of ${on.calls.length} calls with counting, ${without.counts.length} of ${without.calls.length} with --no-token-count.`,
    );
    if (snapshot)
      console.log(
        `A large-page snapshot response: ${snapshot.tokens.total.tokens.toLocaleString('en-US')} tokens (${snapshot.tokens.encoding}), ${(snapshot.tokens.total.bytes / 1024).toFixed(0)} KB.`,
      );
    if (on.counts.length !== on.calls.length || without.counts.length)
      throw new Error('The recordings do not have the expected token counts.');
  } finally {
    await Promise.all(Object.values(dirs).map(dir => rm(dir, { recursive: true, force: true })));
  }
}

main().catch(error => {
  console.error(error);
  process.exit(1);
});
