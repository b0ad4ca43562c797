// compare: two recorded 500-step sessions of the same task, one with a few steps inserted, skipped and changed, are
// compared with `agent-inspector compare --json`. Issue 20's goal: alignment and report in <= 1 s. The CLI's own
// start (Node, the bundle) is measured on its own (`compare --help`) and taken off, so the figure is the comparison.
//   npm run bench:compare [-- --steps 500]
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { startFixtureServer } from '../e2e/support/fixture-server.js';
import { CHROMIUM, machineInfo, OUR_CLI, percentile, printTable, REF } from './support.js';

const stepsArg = process.argv.indexOf('--steps');
const STEPS = stepsArg > 0 ? Number(process.argv[stepsArg + 1]) : 500;

/** Records `steps` calls on the form page: type, click, snapshot in turn; `variant` types other text now and then. */
async function record(url, steps, variant) {
  const root = mkdtempSync(join(tmpdir(), 'bench-compare-'));
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [OUR_CLI, 'mcp', '--headless', '--isolated', '--executable-path', CHROMIUM, '--session-dir', root],
    cwd: root,
    stderr: 'ignore',
  });
  const client = new Client({ name: 'bench', version: '1.0.0' });
  await client.connect(transport);
  const call = async (name, args) => (await client.callTool({ name, arguments: args })).content[0].text;
  const yaml = await call('browser_navigate', { url: `${url}/form.html` });
  const ref = pattern =>
    yaml
      .split('\n')
      .find(line => pattern.test(line))
      .match(REF)[1];
  const field = ref(/textbox "Full name"/);
  const terms = ref(/checkbox "I accept the terms"/);
  for (let i = 1; i < steps; i++) {
    if (variant && i % 97 === 0) await call('browser_snapshot', {}); // an inserted step
    const kind = i % 3;
    if (kind === 0)
      await call('browser_type', {
        element: 'Full name',
        target: field,
        text: variant && i % 50 === 0 ? `other ${i}` : `name ${i}`,
      });
    else if (kind === 1) await call('browser_click', { element: 'terms', target: terms });
    else if (!(variant && i % 89 === 0)) await call('browser_snapshot', {}); // a skipped step
    if (i % 100 === 0) process.stdout.write(` ${i}`);
  }
  await client.close();
  return join(
    root,
    readdirSync(root).find(name => existsSync(join(root, name, 'session.json'))),
  );
}

function timeCli(args) {
  const started = performance.now();
  let stdout = '';
  try {
    stdout = execFileSync(process.execPath, [OUR_CLI, ...args], { encoding: 'utf8', maxBuffer: 1 << 28 });
  } catch (error) {
    if (error.status !== 1) throw error; // 1: the runs differ, as they should here
    stdout = error.stdout;
  }
  return { ms: performance.now() - started, stdout };
}

async function main() {
  console.log(machineInfo());
  const fixtures = await startFixtureServer();
  process.stdout.write(`Recording two ${STEPS}-step sessions:`);
  const a = await record(fixtures.url, STEPS, false);
  const b = await record(fixtures.url, STEPS, true);
  await fixtures.close();
  console.log('\n');
  const runs = [];
  let comparison;
  for (let i = 0; i < 5; i++) {
    const start = timeCli(['compare', '--help']).ms;
    const run = timeCli(['compare', a, b, '--json']);
    comparison = JSON.parse(run.stdout);
    runs.push({ total: run.ms, start, compare: run.ms - start });
  }
  const p50 = key =>
    percentile(
      runs.map(run => run[key]),
      50,
    ).toFixed(0);
  printTable(
    ['what', 'ms (median of 5)'],
    [
      ['compare A B --json, whole command', p50('total')],
      ['CLI start alone (compare --help)', p50('start')],
      ['alignment and report', p50('compare')],
    ],
    1,
  );
  console.log(
    `\nSteps: A ${comparison.a.steps}, B ${comparison.b.steps}; pairs: same ${comparison.counts.same}, changed ${comparison.counts.changed}, ` +
      `only in A ${comparison.counts['only-a']}, only in B ${comparison.counts['only-b']}. Goal: alignment and report <= 1000 ms.`,
  );
}

main().then(
  () => process.exit(0),
  error => {
    console.error(`\nbench:compare failed: ${error instanceof Error ? error.message : error}`);
    process.exit(1);
  },
);
