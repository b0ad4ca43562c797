// fork: a recorded 500-step session on the fixture app, forked at step 250 with `agent-inspector fork` over stdio.
// Issue 20's goal: the forked MCP session ready in <= 3 s by state restore. "Ready" is from spawning the fork to the
// answer of the agent's first call (browser_snapshot), which waits for the restore; the restore's own time is what the
// fork prints. The replay method is measured beside it, and a plain `mcp` start with one navigate as the floor.
//   npm run bench:fork [-- --steps 500 --at 250 --rounds 3]
import { existsSync, mkdtempSync, readdirSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { startFixtureServer } from '../e2e/support/fixture-server.js';
import { CHROMIUM, machineInfo, OUR_CLI, percentile, printTable, REF } from './support.js';

const arg = (name, fallback) =>
  process.argv.includes(name) ? Number(process.argv[process.argv.indexOf(name) + 1]) : fallback;
const STEPS = arg('--steps', 500);
const AT = arg('--at', 250);
const ROUNDS = arg('--rounds', 3);

async function connect(args, cwd) {
  let stderr = '';
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [OUR_CLI, ...args, '--headless', '--executable-path', CHROMIUM],
    cwd,
    stderr: 'pipe',
  });
  transport.stderr.on('data', chunk => (stderr += chunk));
  const client = new Client({ name: 'bench-fork', version: '1.0.0' });
  await client.connect(transport);
  const call = async (name, callArgs) => {
    const result = await client.callTool({ name, arguments: callArgs });
    if (result.isError) throw new Error(`${name}: ${result.content[0].text}`);
    return result.content[0].text;
  };
  return { client, call, stderr: () => stderr };
}

/** An agent's run on the form page: a new page load every 25 steps, typing, ticking and looking in between. */
async function record(url, root) {
  const { client, call } = await connect(
    ['mcp', '--isolated', '--session-dir', root, '--snapshot-mode', 'inline'],
    root,
  );
  let refs;
  for (let i = 1; i <= STEPS; i++) {
    if (i % 25 === 1) {
      const yaml = await call('browser_navigate', { url: `${url}/form.html?visit=${i}` });
      const ref = pattern =>
        yaml
          .split('\n')
          .find(line => pattern.test(line))
          .match(REF)[1];
      refs = {
        name: ref(/textbox "Full name"/),
        email: ref(/textbox "Email"/),
        terms: ref(/checkbox "I accept the terms"/),
      };
      continue;
    }
    const kind = i % 4;
    if (kind === 0) await call('browser_type', { element: 'Full name', target: refs.name, text: `name ${i}` });
    else if (kind === 1)
      await call('browser_type', { element: 'Email', target: refs.email, text: `a${i}@example.com` });
    else if (kind === 2) await call('browser_click', { element: 'terms', target: refs.terms });
    else await call('browser_snapshot', {});
    if (i % 100 === 0) process.stdout.write(` ${i}`);
  }
  await client.close();
  return join(
    root,
    readdirSync(root).find(name => existsSync(join(root, name, 'session.json'))),
  );
}

/** Spawns `args`, then the agent's first call: the time until it answers, and the restore's own time as printed. */
async function ready(args, cwd, first) {
  const started = performance.now();
  const fork = await connect(args, cwd);
  await first(fork.call);
  const ms = performance.now() - started;
  await fork.client.close();
  const restored = /in (\d+) ms \((\d+) steps replayed\)/.exec(fork.stderr());
  if (args[0] === 'fork' && !restored) throw new Error(`the fork printed no restore report:\n${fork.stderr()}`);
  return {
    ms,
    restoreMs: restored ? Number(restored[1]) : undefined,
    replayed: restored ? Number(restored[2]) : undefined,
  };
}

async function main() {
  console.log(machineInfo());
  const fixtures = await startFixtureServer();
  const root = mkdtempSync(join(tmpdir(), 'bench-fork-'));
  try {
    process.stdout.write(`Recording ${STEPS} steps:`);
    const dir = await record(fixtures.url, root);
    console.log(`\nForking at step ${AT}, ${ROUNDS} rounds each (median):\n`);
    const runs = {
      'mcp start + navigate (floor)': () =>
        ready(['mcp', '--isolated'], root, call => call('browser_navigate', { url: `${fixtures.url}/form.html` })),
      'fork --method state': () =>
        ready(
          ['fork', dir, '--at', String(AT), '--method', 'state', '--session-dir', join(root, 'forks')],
          root,
          call => call('browser_snapshot', {}),
        ),
      'fork --method replay': () =>
        ready(
          ['fork', dir, '--at', String(AT), '--method', 'replay', '--session-dir', join(root, 'forks')],
          root,
          call => call('browser_snapshot', {}),
        ),
    };
    const results = Object.fromEntries(Object.keys(runs).map(name => [name, []]));
    for (let round = 0; round < ROUNDS; round++)
      for (const [name, run] of Object.entries(runs)) results[name].push(await run());
    const median = values => percentile(values, 50);
    const floor = median(results['mcp start + navigate (floor)'].map(r => r.ms));
    printTable(
      ['', 'ready ms', 'restore ms', 'steps replayed', 'vs floor'],
      Object.entries(results).map(([name, rs]) => {
        const ms = median(rs.map(r => r.ms));
        const restoreMs = rs[0].restoreMs === undefined ? '' : median(rs.map(r => r.restoreMs)).toFixed(0);
        return [name, ms.toFixed(0), restoreMs, rs[0].replayed ?? '', `${(ms / floor).toFixed(2)}x`];
      }),
      1,
    );
    const state = median(results['fork --method state'].map(r => r.ms));
    console.log(
      `\nGoal: ready by state restore <= 3000 ms at step ${AT} of ${STEPS}: ${state.toFixed(0)} ms — ${state <= 3000 ? 'met' : 'NOT met'}`,
    );
  } finally {
    await fixtures.close();
    await rm(root, { recursive: true, force: true });
  }
}

main().catch(error => {
  console.error(error);
  process.exit(1);
});
