// Sessions benchmark: record 500 steps on a ~1 MB DOM page, then report the session's size on disk, the time to load
// its index (the `sessions` command beside a plain JSONL parse of the same log, both in a fresh Node process), and —
// once recorded — replay time of a sign-up flow beside running its exported @playwright/test spec.
//
//   npm run bench:sessions                         (builds first)
//   node bench/sessions.js --steps 200             (or BENCH_STEPS=200; --keep leaves the sessions on disk)
import { execFileSync, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { startFixtureServer } from '../e2e/support/fixture-server.js';
import { call, CHROMIUM, machineInfo, OUR_CLI, REF, refOf, ROOT, withServers } from './support.js';

const stepsArg = process.argv.find(a => a.startsWith('--steps'));
const STEPS = Number(
  stepsArg?.includes('=')
    ? stepsArg.split('=')[1]
    : stepsArg
      ? process.argv[process.argv.indexOf(stepsArg) + 1]
      : (process.env.BENCH_STEPS ?? 500),
);
const PAGE = '/article.html?kb=1000';

const sizeOf = dir =>
  readdirSync(dir, { withFileTypes: true }).reduce(
    (total, entry) =>
      total + (entry.isDirectory() ? sizeOf(join(dir, entry.name)) : statSync(join(dir, entry.name)).size),
    0,
  );
const mb = bytes => `${(bytes / 2 ** 20).toFixed(1)} MB`;

/**
 * Wall time of a command, best of `runs`. Asynchronous: the fixture site is served from this process, so a
 * synchronous spawn would starve it.
 */
async function wallTime(command, args, runs = 5, options = {}) {
  let best = Infinity;
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    await new Promise((resolve, reject) => {
      const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'], ...options });
      let output = '';
      child.stdout.on('data', chunk => (output += chunk));
      child.stderr.on('data', chunk => (output += chunk));
      child.on('error', reject);
      child.on('close', code =>
        code === 0 ? resolve() : reject(new Error(`${command} ${args.join(' ')} exited with ${code}:\n${output}`)),
      );
    });
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
      await call(server, 'record', 'browser_type', {
        target: refOf(yaml, `textbox "Note ${k}"`, server),
        text: `note ${step}`,
      });
    }
    if (step % 50 === 0)
      process.stderr.write(`  ${step}/${STEPS} steps, ${((performance.now() - started) / 1000).toFixed(0)} s\n`);
  }
}

/** The sign-up flow of the e2e export test, as an agent drives it: every kind of step the export asserts on. */
async function signUp(server, baseUrl) {
  const yaml = await call(server, 'flow', 'browser_navigate', { url: `${baseUrl}/form.html` }, ['Sign up']);
  await call(server, 'flow', 'browser_type', {
    target: refOf(yaml, 'textbox "Full name"', server),
    text: 'Ada Lovelace',
  });
  await call(server, 'flow', 'browser_type', {
    target: refOf(yaml, 'textbox "Email"', server),
    text: 'ada@example.com',
  });
  await call(server, 'flow', 'browser_select_option', {
    target: refOf(yaml, 'combobox "Country"', server),
    values: ['Japan'],
  });
  await call(server, 'flow', 'browser_click', { target: refOf(yaml, 'checkbox "I accept the terms"', server) });
  await call(server, 'flow', 'browser_click', { target: refOf(yaml, 'radio "Pro"', server) });
  await call(server, 'flow', 'browser_click', { target: refOf(yaml, 'button "Create account"', server) });
  await call(server, 'flow', 'browser_wait_for', { text: 'Saved Ada Lovelace' }, ['Saved Ada Lovelace']);
}

/**
 * Replay of a recorded sign-up (`agent-inspector replay`: a fresh inspector over stdio, targets found again by role
 * and name, snapshots compared) beside `npx playwright test` of the same session's exported spec. Both are whole
 * processes that launch their own Chromium, so start-up is in both.
 */
async function replayVersusSpec(fixtures, root) {
  const sessions = join(root, 'flow');
  // The fixture site stays up for the replays: withServers would close it.
  const keepSite = { close: async () => {} };
  await withServers(
    [
      {
        name: 'flow',
        args: [OUR_CLI, 'mcp', '--headless', '--isolated', '--executable-path', CHROMIUM, '--session-dir', sessions],
      },
    ],
    keepSite,
    async ([server]) => {
      await signUp(server, fixtures.url);
    },
  );
  const dir = join(sessions, readdirSync(sessions)[0]);
  process.stderr.write(`  recorded the sign-up in ${dir}; replaying it and running its exported spec, 3 times each…\n`);
  const project = join(root, 'spec-project');
  mkdirSync(project);
  symlinkSync(join(ROOT, 'node_modules'), join(project, 'node_modules'));
  execFileSync(process.execPath, [OUR_CLI, 'export', dir, '-o', join(project, 'flow.spec.ts')], { stdio: 'pipe' });
  writeFileSync(
    join(project, 'playwright.config.mjs'),
    `export default { use: { launchOptions: { executablePath: ${JSON.stringify(CHROMIUM)} } } };\n`,
  );
  const env = { ...process.env, AGENT_INSPECTOR_CHROMIUM: CHROMIUM };
  const replay = await wallTime(process.execPath, [OUR_CLI, 'replay', dir], 3, { env });
  const spec = await wallTime(
    process.execPath,
    [join(ROOT, 'node_modules/@playwright/test/cli.js'), 'test', '--reporter=dot', '--workers=1'],
    3,
    { cwd: project, env },
  );
  console.log(
    `Replaying the 8-step sign-up: agent-inspector replay ${replay.toFixed(0)} ms, its exported spec under playwright test ` +
      `${spec.toFixed(0)} ms (best of 3 each): ratio ${(replay / spec).toFixed(2)} — target ≤ 1.3`,
  );
}

async function main() {
  const fixtures = await startFixtureServer();
  const root = mkdtempSync(join(tmpdir(), 'bench-sessions-'));
  console.log(machineInfo());
  console.log(
    `Recording ${STEPS} steps on ${PAGE} (${(execFileSync('node', ['-e', `import('./e2e/support/fixture-server.js').then(m => process.stdout.write(String(m.articlePage(1000).length)))`], { encoding: 'utf8' }) / 1024).toFixed(0)} KB of HTML)\n`,
  );
  try {
    await replayVersusSpec(fixtures, root);
    await withServers(
      [
        {
          name: 'recorder',
          args: [OUR_CLI, 'mcp', '--headless', '--isolated', '--executable-path', CHROMIUM, '--session-dir', root],
        },
      ],
      fixtures,
      async ([server]) => {
        await record(server, fixtures.url);
      },
    );
    const [folder] = readdirSync(root).filter(name => name !== 'flow' && name !== 'spec-project');
    const dir = join(root, folder);
    const bytes = sizeOf(dir);
    const log = statSync(join(dir, 'events.jsonl')).size;
    console.log(
      `Session size: ${mb(bytes)} for ${STEPS} steps (${(bytes / STEPS / 1024).toFixed(1)} KB per step; events.jsonl ${mb(log)}) — target ≤ 50 MB`,
    );

    const load = await wallTime(process.execPath, [OUR_CLI, 'sessions', root]);
    const parse = await wallTime(process.execPath, [
      '-e',
      `require('fs').readFileSync(${JSON.stringify(join(dir, 'events.jsonl'))}, 'utf8').split('\\n').filter(Boolean).map(l => JSON.parse(l))`,
    ]);
    console.log(
      `Loading the session index: agent-inspector sessions ${load.toFixed(0)} ms (whole process, best of 5) — target ≤ 1 s; ` +
        `a bare JSON.parse of the same log in a fresh Node ${parse.toFixed(0)} ms: ratio ${(load / parse).toFixed(2)}`,
    );
  } finally {
    if (process.argv.includes('--keep')) console.log(`Kept the sessions in ${root}`);
    else rmSync(root, { recursive: true, force: true });
  }
}

main().catch(error => {
  console.error(error);
  process.exit(1);
});
