// Core-tool latency benchmark: agent-inspector vs @playwright/mcp, same machine, same run.
//
// For a small page (/form.html) and a large one (/large.html?n=5000, about 5,100 controls) it times browser_navigate,
// browser_click, browser_type (plain, slowly, submit), browser_select_option, browser_fill_form, browser_press_key (a
// plain key and Enter) and browser_snapshot, as seen by an MCP client over stdio (so protocol and serialisation costs
// count too, as they do for a real agent). Our server also runs with --no-activity, to show what console and network
// capture costs per call; then the recording size with capture on and off is measured on a busy real page.
//
//   npm run bench:core                       (builds first)
//   node bench/core.js --iterations 5        (or BENCH_ITERATIONS=5)
import { join } from 'node:path';
import { startFixtureServer } from '../e2e/support/fixture-server.js';
import { reportRecordingSizes } from './recording-size.js';
import {
  call,
  CHROMIUM,
  escapeRegExp,
  fmt,
  geomean,
  iterationsFromArgs,
  machineInfo,
  OUR_CLI,
  percentile,
  printTable,
  REF,
  refOf,
  ROOT,
  timed,
  withServers,
} from './support.js';

// A row per tool and way of calling it: `browser_type submit` is browser_type with submit: true.
const TOOLS = [
  'browser_navigate',
  'browser_click',
  'browser_type slowly',
  'browser_select_option',
  'browser_fill_form',
  'browser_press_key',
  'browser_type',
  'browser_type submit',
  'browser_press_key Enter',
  'browser_snapshot',
];

const SERVERS = [
  { name: 'ours', args: [OUR_CLI, 'mcp', '--headless', '--isolated', '--executable-path', CHROMIUM] },
  // The same without console and network capture: the ratio ours/lean is what capture costs.
  { name: 'lean', args: [OUR_CLI, 'mcp', '--headless', '--isolated', '--executable-path', CHROMIUM, '--no-activity'] },
  // --no-sandbox: Chromium refuses to start sandboxed as root; --isolated: fresh in-memory profile, like ours.
  {
    name: 'peer',
    args: [
      join(ROOT, 'node_modules/@playwright/mcp/cli.js'),
      '--headless',
      '--isolated',
      '--no-sandbox',
      '--executable-path',
      CHROMIUM,
    ],
  },
];

// Each page names the elements to act on and what the final snapshot must show once click + type took effect.
const PAGES = [
  {
    name: 'small',
    path: '/form.html',
    title: 'Sign up',
    click: 'checkbox "I accept the terms"',
    type: 'textbox "Full name"',
    select: 'combobox "Country"',
    option: 'France',
    clicked: 'checkbox "I accept the terms" [checked]',
  },
  {
    name: 'large',
    path: '/large.html?n=5000',
    title: 'Large page (5000)',
    click: 'button "Action 2501"',
    type: 'textbox "Item 2500"',
    select: 'combobox "Choice 2503"',
    option: 'two',
    clicked: 'button "Clicked 2501"',
  },
];

/**
 * navigate → (untimed snapshot for refs) → click → the typing and selecting tools on one field → snapshot; `record`
 * false for warm-up rounds.
 */
async function cycle(server, page, baseUrl, round, record) {
  const time = (row, args, expect) => timed(server, page.name, record, row.split(' ')[0], args, expect, row);
  await time('browser_navigate', { url: baseUrl + page.path }, [`Page Title: ${page.title}`]);
  const yaml = await call(server, page.name, 'browser_snapshot', {}, [REF]);
  const [clickRef, typeRef, selectRef] = [page.click, page.type, page.select].map(element =>
    refOf(yaml, element, server),
  );
  await time('browser_click', { element: page.click, target: clickRef });
  await time('browser_type slowly', { element: page.type, target: typeRef, text: 'ab', slowly: true });
  await time('browser_select_option', { element: page.select, target: selectRef, values: [page.option] });
  // A different value each round, so the final check cannot pass on a stale snapshot.
  const value = `bench ${round}`;
  await time('browser_fill_form', {
    fields: [{ name: page.type, type: 'textbox', target: typeRef, value: `${value}.` }],
  });
  await time('browser_press_key', { key: 'ArrowLeft' });
  await time('browser_type', { element: page.type, target: typeRef, text: value });
  await time('browser_type submit', { element: page.type, target: typeRef, text: value, submit: true });
  await time('browser_press_key Enter', { key: 'Enter' });
  const typed = new RegExp(`- ${escapeRegExp(page.type)}[^\\n]*: ${value}$`, 'm');
  await time('browser_snapshot', {}, [page.clicked, typed]);
}

function report(ours, peer, lean, iterations) {
  console.log(
    `\nLatency per call in ms over ${iterations} timed iterations. ratio = ours/peer medians ` +
      "(<= 1.00: we are as fast or faster); worst excess = the most one call of ours took over the peer's in the same " +
      'round (ms); KB = size of the text response.\n',
  );
  const rows = [];
  const summary = [];
  for (const page of PAGES) {
    const ratios = [];
    for (const tool of TOOLS) {
      const a = ours.samples[page.name][tool];
      const b = peer.samples[page.name][tool];
      const ratio = percentile(a, 50) / percentile(b, 50);
      ratios.push(ratio);
      const kb = server => (server.bytes[page.name][tool] / 1024).toFixed(1);
      // Paired by iteration: the same round on both servers.
      const excess = Math.max(...a.map((ms, i) => ms - b[i]));
      rows.push([
        page.name,
        tool,
        fmt(percentile(a, 50)),
        fmt(percentile(b, 50)),
        ratio.toFixed(2),
        fmt(percentile(a, 90)),
        fmt(percentile(b, 90)),
        (percentile(a, 90) / percentile(b, 90)).toFixed(2),
        fmt(excess),
        kb(ours),
        kb(peer),
      ]);
    }
    summary.push(`${page.name} page: geometric-mean ratio ours/peer = ${geomean(ratios).toFixed(2)}`);
  }
  printTable(
    [
      'page',
      'tool',
      'ours p50',
      'peer p50',
      'ratio',
      'ours p90',
      'peer p90',
      'p90 ratio',
      'worst excess',
      'ours KB',
      'peer KB',
    ],
    rows,
  );
  console.log(`\n${summary.join('\n')}`);
  reportCapture(ours, lean);
}

/** What console and network capture adds to each call: our server with it (default) against --no-activity. */
function reportCapture(ours, lean) {
  console.log('\nConsole/network capture: ratio = capture on / capture off (--no-activity) medians.\n');
  const rows = [];
  const ratios = [];
  for (const page of PAGES) {
    for (const tool of TOOLS) {
      const on = percentile(ours.samples[page.name][tool], 50);
      const off = percentile(lean.samples[page.name][tool], 50);
      ratios.push(on / off);
      rows.push([page.name, tool, fmt(on), fmt(off), (on / off).toFixed(3)]);
    }
  }
  printTable(['page', 'tool', 'on p50', 'off p50', 'ratio'], rows);
  console.log(`\nCapture on/off geometric-mean ratio over all calls = ${geomean(ratios).toFixed(3)}`);
}

async function main() {
  const iterations = iterationsFromArgs();
  console.log(machineInfo());
  const fixtures = await startFixtureServer();
  await withServers(SERVERS, fixtures, async ([ours, lean, peer]) => {
    process.stdout.write('Warming up (1 untimed round per page per server)... ');
    for (const page of PAGES)
      for (const server of [ours, lean, peer]) await cycle(server, page, fixtures.url, 0, false);
    process.stdout.write('done\nTimed iterations:');
    for (let i = 1; i <= iterations; i++) {
      // Rotate who goes first every iteration, so drift in machine load hits all servers alike.
      const servers = [ours, lean, peer];
      const order = [...servers.slice(i % 3), ...servers.slice(0, i % 3)];
      for (const page of PAGES) for (const server of order) await cycle(server, page, fixtures.url, i, true);
      process.stdout.write(` ${i}`);
    }
    process.stdout.write('\n');
    report(ours, peer, lean, iterations);
  });
  await reportRecordingSizes();
}

main().then(
  () => process.exit(0),
  error => {
    console.error(`\nbench:core failed: ${error instanceof Error ? error.message : error}`);
    process.exit(1);
  },
);
