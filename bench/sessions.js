// Sessions benchmark: record 500 steps on a ~1 MB DOM page, then report the session's size on disk, the time to load
// its index (the `sessions` command beside a plain JSONL parse of the same log, both in a fresh Node process), and —
// once recorded — replay time of a sign-up flow beside running its exported @playwright/test spec.
//
//   npm run bench:sessions                         (builds first)
//   node bench/sessions.js --steps 200             (or BENCH_STEPS=200)
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { startFixtureServer } from '../e2e/support/fixture-server.js';
import { call, CHROMIUM, machineInfo, OUR_CLI, REF, refOf, withServers } from './support.js';

const stepsArg = process.argv.find(a => a.startsWith('--steps'));
const STEPS = Number(stepsArg?.includes('=') ? stepsArg.split('=')[1] : stepsArg ? process.argv[process.argv.indexOf(stepsArg) + 1] : process.env.BENCH_STEPS ?? 500);
const PAGE = '/article.html?kb=1000';

const sizeOf = dir => readdirSync(dir, { withFileTypes: true })
  .reduce((total, entry) => total + (entry.isDirectory() ? sizeOf(join(dir, entry.name)) : statSync(join(dir, entry.name)).size), 0);
const mb = bytes => `${(bytes / 2 ** 20).toFixed(1)} MB`;

/** Wall time of a command, best of `runs`. */
function wallTime(command, args, runs = 5) {
  let best = Infinity;
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    const result = spawnSync(command, args, { encoding: 'utf8' });
    if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} failed:\n${result.stderr}`);
    best = Math.min(best, performance.now() - start);
  }
  return best;
}

/** STEPS tool calls on the article page: clicks (each with a snapshot and a DOM state), typing, snapshots, reloads. */
async function record(server, baseUrl) {
  let yaml = await call(server, 'record', 'browser_navigate', { url: baseUrl + PAGE }, ['Article (1000 KB)']);
  const started = performance.now();
  for (let step = 2; step <= STEPS; step++) {
    const k = step % 100;
    if (step % 100 === 0) {
      yaml = await call(server, 'record', 'browser_navigate', { url: baseUrl + PAGE }, [REF]);
    } else if (step % 10 === 0) {
      yaml = await call(server, 'record', 'browser_snapshot', {}, [REF]);
    } else if (step % 2 === 0) {
      const open = yaml.includes(`button "Open ${k}"`);
      const button = refOf(yaml, `button "${open ? 'Open' : 'Close'} ${k}"`, server);
      yaml = await call(server, 'record', 'browser_click', { target: button }, [REF]);
    } else {
      await call(server, 'record', 'browser_type', { target: refOf(yaml, `textbox "Note ${k}"`, server), text: `note ${step}` });
    }
    if (step % 50 === 0) process.stderr.write(`  ${step}/${STEPS} steps, ${((performance.now() - started) / 1000).toFixed(0)} s\n`);
  }
}

async function main() {
  const fixtures = await startFixtureServer();
  const root = mkdtempSync(join(tmpdir(), 'bench-sessions-'));
  console.log(machineInfo());
  console.log(`Recording ${STEPS} steps on ${PAGE} (${(execFileSync('node', ['-e', `import('./e2e/support/fixture-server.js').then(m => process.stdout.write(String(m.articlePage(1000).length)))`], { encoding: 'utf8' }) / 1024).toFixed(0)} KB of HTML)\n`);
  try {
    await withServers([{ name: 'recorder', args: [OUR_CLI, 'mcp', '--headless', '--executable-path', CHROMIUM, '--session-dir', root] }], fixtures, async ([server]) => {
      await record(server, fixtures.url);
    });
    const [folder] = readdirSync(root);
    const dir = join(root, folder);
    const bytes = sizeOf(dir);
    const log = statSync(join(dir, 'events.jsonl')).size;
    console.log(`Session size: ${mb(bytes)} for ${STEPS} steps (${(bytes / STEPS / 1024).toFixed(1)} KB per step; events.jsonl ${mb(log)}) — target ≤ 50 MB`);

    const load = wallTime(process.execPath, [OUR_CLI, 'sessions', root]);
    const parse = wallTime(process.execPath, ['-e', `require('fs').readFileSync(${JSON.stringify(join(dir, 'events.jsonl'))}, 'utf8').split('\\n').filter(Boolean).map(l => JSON.parse(l))`]);
    console.log(`Loading the session index: agent-inspector sessions ${load.toFixed(0)} ms (whole process, best of 5) — target ≤ 1 s; ` +
      `a bare JSON.parse of the same log in a fresh Node ${parse.toFixed(0)} ms: ratio ${(load / parse).toFixed(2)}`);
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}

main().catch(error => {
  console.error(error);
  process.exit(1);
});
