// DomState cost benchmark: the same server with and without Browser State files, same machine, same run.
//
// On the large fixture (5,000 interactive elements, ~1 MB of DOM) it times browser_navigate, browser_click,
// browser_fill_form (one field: a one-attribute change) and browser_snapshot (nothing changed), and reports the time
// DomState adds per call, plus DomState's own timings (extract, diff) from the server's debug lines.
//
//   npm run bench:dom-state                  (builds first)
//   node bench/dom-state.js --iterations 5   (or BENCH_ITERATIONS=5)
import { startFixtureServer } from '../e2e/support/fixture-server.js';
import {
  call, CHROMIUM, fmt, iterationsFromArgs, machineInfo, OUR_CLI, percentile, printTable, REF, refOf, timed, withServers,
} from './support.js';

const PAGE = { name: 'large', path: '/large.html?n=5000', title: 'Large page (5000)' };
const TOOLS = ['browser_navigate', 'browser_click', 'browser_fill_form', 'browser_snapshot'];
const DEBUG_LINE = /^\[dom-state\] /;

const SERVERS = [
  { name: 'with', args: [OUR_CLI, 'mcp', '--headless', '--isolated', '--executable-path', CHROMIUM], env: { AGENT_INSPECTOR_DEBUG: 'dom-state' }, log: DEBUG_LINE },
  { name: 'without', args: [OUR_CLI, 'mcp', '--headless', '--isolated', '--executable-path', CHROMIUM, '--no-dom-state'] },
];

async function cycle(server, baseUrl, round, record) {
  await timed(server, PAGE.name, record, 'browser_navigate', { url: baseUrl + PAGE.path }, [`Page Title: ${PAGE.title}`]);
  const yaml = await call(server, PAGE.name, 'browser_snapshot', {}, [REF]);
  const button = refOf(yaml, 'button "Action 2501"', server);
  const field = refOf(yaml, 'textbox "Item 2500"', server);
  await timed(server, PAGE.name, record, 'browser_click', { target: button }, ['Clicked 2501']);
  const value = `bench ${round}`;
  await timed(server, PAGE.name, record, 'browser_fill_form', { fields: [{ name: 'Item 2500', type: 'textbox', target: field, value }] }, [value]);
  await timed(server, PAGE.name, record, 'browser_snapshot', {}, [value]);
}

/** DomState's own timings per tool, from the `[dom-state] <tool> extract=…ms diff=…ms total=…ms` lines. */
function internals(lines, skip) {
  const byTool = {};
  for (const line of lines.slice(skip)) {
    const [, tool] = line.match(/^\[dom-state\] (\S+)/);
    const field = name => Number(line.match(new RegExp(`${name}=([\\d.]+)`))[1]);
    (byTool[tool] ??= []).push({ extract: field('extract'), diff: field('diff'), total: field('total'), diffBytes: field('diffBytes') });
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
      for (const server of i % 2 ? [withState, without] : [without, withState]) await cycle(server, fixtures.url, i, true);
      process.stdout.write(` ${i}`);
    }
    console.log(`\n\nLarge page (5,000 interactive elements). Medians over ${iterations} iterations; target: added <= 10 %.\n`);
    printTable(['tool', 'with p50', 'without p50', 'ratio', 'added ms', 'added %'], TOOLS.map(tool => {
      const a = percentile(withState.samples[PAGE.name][tool], 50);
      const b = percentile(without.samples[PAGE.name][tool], 50);
      return [tool, fmt(a), fmt(b), (a / b).toFixed(2), fmt(a - b), `${(((a - b) / b) * 100).toFixed(1)} %`];
    }), 1);
    const inside = internals(withState.logLines, warmupLines);
    console.log('\nInside DomState (server-side, ms p50). The fill_form diff is a one-attribute change; target: diff <= 20 ms.\n');
    printTable(['tool', 'extract', 'diff', 'total', 'diff KB'], TOOLS.filter(t => inside[t]).map(tool => {
      const rows = inside[tool];
      const p50 = key => percentile(rows.map(r => r[key]), 50);
      return [tool, fmt(p50('extract')), fmt(p50('diff')), fmt(p50('total')), (p50('diffBytes') / 1024).toFixed(1)];
    }), 1);
  });
}

main().then(() => process.exit(0), error => {
  console.error(`\nbench:dom-state failed: ${error instanceof Error ? error.message : error}`);
  process.exit(1);
});
