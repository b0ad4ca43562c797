// DomState cost benchmark: the same server with and without Browser State files, same machine, same run.
//
// On the large fixture (5,000 interactive elements, ~1 MB of DOM) it times browser_navigate, browser_click,
// browser_select_option (one field: a one-attribute change) and browser_snapshot (nothing changed), and reports the
// time DomState adds per call — every response waits for its Browser State files, so this is all they cost — plus
// DomState's own timings (probe, extract, diff) from the server's debug lines.
//
//   npm run bench:dom-state                  (builds first)
//   node bench/dom-state.js --iterations 5   (or BENCH_ITERATIONS=5)
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
const TOOLS = ['browser_navigate', 'browser_click', 'browser_select_option', 'browser_snapshot'];
const DEBUG_LINE = /^\[dom-state\] /;

const SERVERS = [
  {
    name: 'with',
    args: [OUR_CLI, 'mcp', '--headless', '--isolated', '--executable-path', CHROMIUM],
    env: { AGENT_INSPECTOR_DEBUG: 'dom-state' },
    log: DEBUG_LINE,
  },
  {
    name: 'without',
    args: [OUR_CLI, 'mcp', '--headless', '--isolated', '--executable-path', CHROMIUM, '--no-dom-state'],
  },
];

async function cycle(server, baseUrl, round, record) {
  await timed(server, PAGE.name, record, 'browser_navigate', { url: baseUrl + PAGE.path }, [
    `Page Title: ${PAGE.title}`,
  ]);
  const yaml = await call(server, PAGE.name, 'browser_snapshot', {}, [REF]);
  const button = refOf(yaml, 'button "Action 2501"', server);
  const select = refOf(yaml, 'combobox "Choice 2503"', server);
  await timed(server, PAGE.name, record, 'browser_click', { target: button }, ['Clicked 2501']);
  // The page starts at 'one': each round selects 'two', a one-attribute change.
  await timed(server, PAGE.name, record, 'browser_select_option', { target: select, values: ['two'] }, [
    "selectOption('two')",
  ]);
  await timed(server, PAGE.name, record, 'browser_snapshot', {});
}

/** DomState's own timings per tool, from the `[dom-state] <tool> extract=…ms diff=…ms total=…ms` lines. */
function internals(lines, skip) {
  const byTool = {};
  for (const line of lines.slice(skip)) {
    const [, tool] = line.match(/^\[dom-state\] (\S+)/);
    const field = name => Number(line.match(new RegExp(`${name}=([\\d.]+)`))[1]);
    (byTool[tool] ??= []).push({
      probe: field('probe'),
      extract: field('extract'),
      diff: field('diff'),
      total: field('total'),
      diffBytes: field('diffBytes'),
    });
  }
  return byTool;
}

async function main() {
  const iterations = iterationsFromArgs();
  console.log(machineInfo());
  const fixtures = await startFixtureServer();
  await withServers(SERVERS, fixtures, async ([withState, without]) => {
    process.stdout.write('Warming up... ');
    for (const server of [withState, without]) await cycle(server, fixtures.url, 0, false);
    const warmupLines = withState.logLines.length;
    process.stdout.write('done\nTimed iterations:');
    for (let i = 1; i <= iterations; i++) {
      for (const server of i % 2 ? [withState, without] : [without, withState])
        await cycle(server, fixtures.url, i, true);
      process.stdout.write(` ${i}`);
    }
    console.log(
      `\n\nLarge page (5,000 interactive elements). Medians over ${iterations} iterations; target: added <= 10 %.\n`,
    );
    printTable(
      ['tool', 'with p50', 'without p50', 'ratio', 'added ms', 'added %'],
      TOOLS.map(tool => {
        const a = percentile(withState.samples[PAGE.name][tool], 50);
        const b = percentile(without.samples[PAGE.name][tool], 50);
        return [tool, fmt(a), fmt(b), (a / b).toFixed(2), fmt(a - b), `${(((a - b) / b) * 100).toFixed(1)} %`];
      }),
      1,
    );
    const inside = internals(withState.logLines, warmupLines);
    console.log(
      '\nInside DomState (server-side, ms p50). The select_option diff is a one-attribute change; target: diff <= 20 ms.\n',
    );
    printTable(
      ['tool', 'probe', 'extract', 'diff', 'total', 'diff KB'],
      TOOLS.filter(t => inside[t]).map(tool => {
        const rows = inside[tool];
        const p50 = key =>
          percentile(
            rows.map(r => r[key]),
            50,
          );
        return [
          tool,
          fmt(p50('probe')),
          fmt(p50('extract')),
          fmt(p50('diff')),
          fmt(p50('total')),
          (p50('diffBytes') / 1024).toFixed(1),
        ];
      }),
      1,
    );
  });
}

main().then(
  () => process.exit(0),
  error => {
    console.error(`\nbench:dom-state failed: ${error instanceof Error ? error.message : error}`);
    process.exit(1);
  },
);
