// Real-page latency benchmark: agent-inspector vs @playwright/mcp on the saved pages of ../shared/real-pages, and the
// floor under both: Playwright alone doing the least each tool needs (bench/floor.js).
//
// The pages are served on loopback; on each, both servers (same Chromium, headless, --isolated) and the floor navigate,
// snapshot, type into a text field when the page has one (plain, key by key, through fill_form, a key press, and
// after a fresh load with submit), select in a dropdown when it has one, and click a link or button from the snapshot —
// the same elements for all three, picked in an untimed warm-up round. Who goes first rotates page by page and round by round.
// The report has a row per page and tool (medians, ours/peer, ours/floor, peer/floor), then per tool the median and
// 90th percentile of those per-page ratios, the worst single excess of ours over the peer, the response sizes, and how
// many Browser State (DomState) writes our server made.
//
// Network: the pages reference scripts, styles and images on hosts that do not answer here (no internet: Chromium's
// resolver fails at once on most lookups and stalls 1 to 10 s on some, at random; some pages never reach
// DOMContentLoaded). By default both servers get --allowed-origins <the loopback server> (the floor aborts the same
// requests at its route), so every such request fails at once, as on an offline or ad-blocked machine, and all see the
// same conditions. `--external` serves the pages as they are instead: outside requests fail in the network, each
// browser drawing its own resolver stalls (a server against itself then differs by seconds on some calls).
// `--drop MS` sends the outside requests of all three through a loopback proxy that drops each after MS: they fail in
// the network, after the same delay for everyone.
//
//   npm run bench:real                         (builds first)
//   node bench/real.js --iterations 3 --pages wikipedia.html,telegraph.html --external
//   node bench/real.js --drop 3000
//   BENCH_OURS_ARGS='--no-dom-state' node bench/real.js   (extra flags for our server: what a feature costs)
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { connectFloor } from './floor.js';
import {
  candidates,
  choose,
  CHROMIUM,
  failed,
  fmt,
  iterationsFromArgs,
  machineInfo,
  OUR_CLI,
  PAGES_DIR,
  percentile,
  printTable,
  REF,
  refIn,
  ROOT,
  startDropProxy,
  startRealPages,
  timed,
  withServers,
} from './support.js';

/** A row per tool and way of calling it: `browser_type submit` is browser_type with submit: true. */
const TOOLS = [
  'browser_navigate',
  'browser_snapshot',
  'browser_type',
  'browser_type slowly',
  'browser_fill_form',
  'browser_press_key',
  'browser_select_option',
  'browser_click',
  'browser_type submit',
];
/**
 * Goals of issue 29 per tool: the median and p90 of the per-page ratios ours/peer, the largest excess of one call over
 * the peer's, and (navigate, snapshot) the median ratio ours/floor.
 */
const ACTING = { median: 1.0, p90: 1.1, excessMs: 100 };
const GOALS = {
  browser_navigate: { median: 1.0, p90: 1.1, excessMs: 300, floor: 1.05 },
  browser_snapshot: { median: 1.0, p90: 1.1, excessMs: 300, floor: 1.05 },
  ...Object.fromEntries(TOOLS.slice(2).map(row => [row, ACTING])),
};
/** Per-call bound, so that a page that never loads costs a row, not the run. */
const CALL_TIMEOUT_MS = 60_000;
/** Same limits for all: a page whose load never ends fails its navigate at 15 s instead of 60 s. */
const NAVIGATION_TIMEOUT_MS = 15_000;
const ACTION_TIMEOUT_MS = 3_000;

const SETTLE_LINE = /^\[settle\] /;

const option = name => {
  const i = process.argv.indexOf(name);
  return i < 0 ? undefined : process.argv[i + 1];
};
const drop = option('--drop') === undefined ? undefined : Number(option('--drop'));
const external = process.argv.includes('--external') || drop !== undefined;

/** `proxy`: the drop proxy's URL (--drop). */
function serverDefinitions(origin, proxy) {
  const common = [
    '--headless',
    '--isolated',
    '--executable-path',
    CHROMIUM,
    '--timeout-navigation',
    String(NAVIGATION_TIMEOUT_MS),
    '--timeout-action',
    String(ACTION_TIMEOUT_MS),
    ...(external ? [] : ['--allowed-origins', origin]),
    ...(proxy ? ['--proxy-server', proxy, '--proxy-bypass', '127.0.0.1'] : []),
  ];
  return [
    // The settle lines say how long each of our calls waited for the page after its action, and why it stopped.
    {
      name: 'ours',
      args: [OUR_CLI, 'mcp', ...common, ...(process.env.BENCH_OURS_ARGS?.split(' ').filter(Boolean) ?? [])],
      env: { AGENT_INSPECTOR_DEBUG: 'settle' },
      log: SETTLE_LINE,
    },
    // --no-sandbox: Chromium refuses to start sandboxed as root.
    { name: 'peer', args: [join(ROOT, 'node_modules/@playwright/mcp/cli.js'), '--no-sandbox', ...common] },
    {
      connect: () =>
        connectFloor({
          allowedOrigin: external ? undefined : origin,
          proxy,
          navigationTimeout: NAVIGATION_TIMEOUT_MS,
          actionTimeout: ACTION_TIMEOUT_MS,
        }),
    },
  ];
}

/** A call bounded by CALL_TIMEOUT_MS, timed under `row`; returns the text, or an Error (recorded as such) when it failed. */
async function attempt(server, label, record, tool, args, row = tool) {
  const logged = server.logLines.length;
  const call = timed(server, label, record, tool, args, undefined, row).then(text => {
    // The server writes its settle line before it answers; what arrived during the call is this call's.
    if (record) for (const line of server.logLines.slice(logged)) ((server.settles ??= {})[row] ??= []).push(line);
    return text;
  });
  const timeout = new Promise((_, reject) =>
    setTimeout(() => reject(new Error(`${row} took over ${CALL_TIMEOUT_MS} ms`)), CALL_TIMEOUT_MS).unref(),
  );
  return Promise.race([call, timeout]).catch(error => {
    if (record) ((server.errors[label] ??= {})[row] ??= []).push(error.message.split('\n')[0]);
    return error;
  });
}

/** The options listed under a dropdown's line in a snapshot (`- option "X"`), in order. */
function optionsOf(yaml, element) {
  const lines = yaml.split('\n');
  const at = lines.findIndex(line => line.trimStart().startsWith(`- ${element}`) && REF.test(line));
  if (at < 0) return [];
  const indent = lines[at].search(/\S/);
  const options = [];
  for (const line of lines.slice(at + 1)) {
    if (line.search(/\S/) <= indent) break;
    const option = line.match(/^\s*- option "([^"\n]+)"/);
    if (option) options.push(option[1]);
  }
  return options;
}

/**
 * Untimed: the first dropdown with two options that selecting works on for all, after a fresh navigate (a <select>,
 * not an ARIA combobox), and those two options.
 */
async function chooseSelect(servers, url, act) {
  const snapshots = [];
  for (const server of servers) {
    await act(server, 'browser_navigate', { url });
    snapshots.push(await act(server, 'browser_snapshot', {}));
  }
  if (snapshots.some(yaml => yaml instanceof Error)) return {};
  for (const element of candidates(snapshots[0], ['combobox'])
    .filter(element => snapshots.every(yaml => optionsOf(yaml, element).length >= 2))
    .slice(0, 3)) {
    const options = optionsOf(snapshots[0], element).slice(0, 2);
    let selected = true;
    for (const [i, server] of servers.entries()) {
      const ref = refIn(snapshots[i], element);
      if (!ref || failed(await act(server, 'browser_select_option', { element, target: ref, values: [options[1]] })))
        selected = false;
    }
    if (selected) return { select: element, options };
  }
  return {};
}

/**
 * navigate → snapshot → the typing tools on the field → select → click → (a fresh load) type with submit: the timed
 * cycle of one server (or the floor) on one page. Typing first: a click may navigate away from the field.
 */
async function cycle(server, page, url, plan, round) {
  const time = (row, args) => attempt(server, page, true, row.split(' ')[0], args, row);
  await time('browser_navigate', { url });
  const yaml = await time('browser_snapshot', {});
  if (yaml instanceof Error) return;
  const fieldRef = plan.field && refIn(yaml, plan.field);
  if (fieldRef) {
    const field = { element: plan.field, target: fieldRef };
    await time('browser_type', { ...field, text: `bench ${round}` });
    await time('browser_type slowly', { ...field, text: 'ab', slowly: true });
    await time('browser_fill_form', {
      fields: [{ name: plan.field, type: 'textbox', target: fieldRef, value: `form ${round}` }],
    });
    await time('browser_press_key', { key: 'ArrowLeft' });
  }
  const selectRef = plan.select && refIn(yaml, plan.select);
  // The other option each round, so every selection changes the page.
  if (selectRef)
    await time('browser_select_option', { element: plan.select, target: selectRef, values: [plan.options[round % 2]] });
  const clickRef = plan.click && refIn(yaml, plan.click);
  if (clickRef) await time('browser_click', { element: plan.click, target: clickRef });
  if (!fieldRef) return;
  // A submit may leave the page: last, on a fresh load.
  await attempt(server, page, false, 'browser_navigate', { url });
  const fresh = await attempt(server, page, false, 'browser_snapshot', {});
  const ref = !(fresh instanceof Error) && refIn(fresh, plan.field);
  if (ref)
    await time('browser_type submit', { element: plan.field, target: ref, text: `bench ${round}`, submit: true });
}

/** The orders in which the three (ours 0, peer 1, floor 2) run a page's round. */
const ORDERS = [
  [0, 1, 2],
  [1, 0, 2],
  [2, 0, 1],
  [0, 2, 1],
  [1, 2, 0],
  [2, 1, 0],
];

const median = values => percentile(values, 50);
const ratioOf = (a, b) => median(a) / median(b);
const pairs = ['ours/peer', 'ours/floor', 'peer/floor'];

function report(ours, peer, floor, pages, plans, iterations) {
  console.log(
    `\nLatency per call in ms (median of ${iterations}); ratios of those medians; KB = size of the text response.\n`,
  );
  const rows = [];
  const ratios = Object.fromEntries(TOOLS.map(tool => [tool, Object.fromEntries(pairs.map(pair => [pair, []]))]));
  const excess = Object.fromEntries(TOOLS.map(tool => [tool, { ms: -Infinity }]));
  for (const page of pages) {
    for (const tool of TOOLS) {
      const [a, b, f] = [ours, peer, floor].map(server => server.samples[page]?.[tool]);
      const errors = [ours, peer, floor].flatMap(server =>
        (server.errors[page]?.[tool] ?? []).map(e => `${server.name}: ${e}`),
      );
      if (!a?.length || !b?.length) {
        if (errors.length || tool === 'browser_navigate')
          rows.push([page, tool, ...Array(8).fill('-'), errors[0]?.slice(0, 60) ?? 'no sample', '']);
        continue;
      }
      const ratio = ratioOf(a, b);
      ratios[tool]['ours/peer'].push(ratio);
      if (f?.length) {
        ratios[tool]['ours/floor'].push(ratioOf(a, f));
        ratios[tool]['peer/floor'].push(ratioOf(b, f));
      }
      // Pairs by round: the same page and round on both servers, close together.
      a.forEach((ms, i) => {
        if (b[i] !== undefined && ms - b[i] > excess[tool].ms) excess[tool] = { ms: ms - b[i], page };
      });
      const kb = server => (server.bytes[page][tool] / 1024).toFixed(1);
      const note =
        tool === 'browser_click'
          ? plans[page].click
          : tool === 'browser_select_option'
            ? plans[page].select
            : tool.startsWith('browser_type') || tool === 'browser_fill_form'
              ? plans[page].field
              : '';
      const overFloor = x => (f?.length ? ratioOf(x, f).toFixed(2) : '-');
      rows.push([
        page,
        tool,
        fmt(median(a)),
        fmt(median(b)),
        f?.length ? fmt(median(f)) : '-',
        ratio.toFixed(2),
        overFloor(a),
        overFloor(b),
        kb(ours),
        kb(peer),
        errors.length ? `${errors.length} errors` : '',
        note ?? '',
      ]);
    }
  }
  printTable(
    [
      'page',
      'tool',
      'ours p50',
      'peer p50',
      'floor p50',
      'ours/peer',
      'ours/floor',
      'peer/floor',
      'ours KB',
      'peer KB',
      'errors',
      'element',
    ],
    rows,
  );

  console.log(
    '\nPer tool over the pages: median and 90th percentile of the per-page ratios, worst single excess of ours over the peer.\n',
  );
  const summary = TOOLS.filter(tool => ratios[tool]['ours/peer'].length).map(tool => {
    const [p50, p90] = [50, 90].map(p => percentile(ratios[tool]['ours/peer'], p));
    const overFloor = pair =>
      ratios[tool][pair].length ? [50, 90].map(p => percentile(ratios[tool][pair], p).toFixed(2)) : ['-', '-'];
    const worst = excess[tool];
    const goal = GOALS[tool];
    const met =
      p50 <= goal.median &&
      p90 <= goal.p90 &&
      worst.ms <= goal.excessMs &&
      (!goal.floor ||
        (ratios[tool]['ours/floor'].length > 0 && percentile(ratios[tool]['ours/floor'], 50) <= goal.floor));
    const bytes = server => Object.values(server.bytes).reduce((sum, byTool) => sum + (byTool[tool] ?? 0), 0);
    return [
      tool,
      String(ratios[tool]['ours/peer'].length),
      p50.toFixed(2),
      p90.toFixed(2),
      ...overFloor('ours/floor'),
      ...overFloor('peer/floor'),
      `${worst.ms.toFixed(0)} (${worst.page})`,
      (bytes(ours) / 1024).toFixed(1),
      (bytes(peer) / 1024).toFixed(1),
      met ? 'met' : 'missed',
    ];
  });
  printTable(
    [
      'tool',
      'pages',
      'ours/peer p50',
      'p90',
      'ours/floor p50',
      'p90',
      'peer/floor p50',
      'p90',
      'worst excess ms',
      'ours KB',
      'peer KB',
      'goal',
    ],
    summary,
    1,
  );
  if (ours.settles) {
    console.log('\nOur settle wait per tool (after the action itself): median ms, and why the waits ended.\n');
    printTable(
      ['tool', 'waits', 'median ms', 'max ms', 'ended by'],
      Object.entries(ours.settles).map(([tool, lines]) => {
        const parsed = lines.map(line => line.match(/^\[settle\] (\d+)ms (\w+)/)).filter(Boolean);
        const ms = parsed.map(m => Number(m[1]));
        const counts = parsed.reduce((byWhy, m) => ({ ...byWhy, [m[2]]: (byWhy[m[2]] ?? 0) + 1 }), {});
        const reasons = Object.entries(counts)
          .map(([why, n]) => `${why} ${n}`)
          .join(', ');
        return [tool, String(ms.length), fmt(percentile(ms, 50)), fmt(Math.max(...ms)), reasons];
      }),
      1,
    );
  }
  console.log(
    '\nGoals (issue 29), ours against the peer for every tool: median <= 1.0, p90 <= 1.1, no call more than 100 ms ' +
      "(typing and acting tools) or 300 ms (navigate, snapshot) slower than the peer's; navigate and snapshot: median ours/floor <= 1.05.",
  );
}

/** Our Browser State writes: responses that named the files, and the diff files on disk (one per call that changed something). */
async function reportDomState(ours) {
  const diffs = await readdir(join(ours.cwd, '.playwright-mcp/browser-state/diffs')).catch(() => []);
  console.log(
    `\nDomState: ${ours.browserStateResponses} of ${ours.responses} responses had a Browser State section; ` +
      `${diffs.length} diff files written.`,
  );
}

async function main() {
  const iterations = iterationsFromArgs(3);
  const only = option('--pages')?.split(',');
  const pages = (await readdir(PAGES_DIR))
    .filter(name => name.endsWith('.html') && (!only || only.includes(name)))
    .sort();
  if (!pages.length) throw new Error(`no pages in ${PAGES_DIR}${only ? ` named ${only.join(', ')}` : ''}`);
  console.log(machineInfo());
  if (drop !== undefined && !(drop >= 0)) throw new Error(`--drop takes a delay in ms, got ${option('--drop')}`);
  console.log(
    `${pages.length} pages, ${iterations} timed rounds; external requests ${
      drop !== undefined
        ? `are dropped after ${drop} ms by a loopback proxy (--drop)`
        : external
          ? 'go out as they are (--external)'
          : 'are blocked for both servers (--allowed-origins loopback) and the floor (aborted at its route)'
    }.`,
  );
  const site = await startRealPages();
  const proxy = drop === undefined ? undefined : await startDropProxy(drop);
  const fixtures = { close: () => Promise.all([site.close(), proxy?.close()]) };
  await withServers(serverDefinitions(site.url, proxy?.url), fixtures, async servers => {
    const [ours, peer, floor] = servers;
    for (const server of servers) server.errors = {};
    countBrowserState(ours);
    const plans = {};
    for (const [i, page] of pages.entries()) {
      const url = `${site.url}/${page}`;
      process.stdout.write(`${page}: `);
      // Untimed: the element to click, the field to type into and the dropdown, the same for all (see choose in support.js).
      const act = (server, tool, args) => attempt(server, page, false, tool, args);
      plans[page] = await choose(servers, url, act);
      if (!plans[page].error) Object.assign(plans[page], await chooseSelect(servers, url, act));
      process.stdout.write(
        plans[page].error
          ? `skipped (${plans[page].error.slice(0, 80)})\n`
          : `click ${plans[page].click ?? '(none)'}, type ${plans[page].field ?? '(none)'}, select ${plans[page].select ?? '(none)'}; rounds`,
      );
      if (plans[page].error) continue;
      for (let round = 1; round <= iterations; round++) {
        // Each of the six orders in turn, page by page and round by round, so drift in machine load hits all alike.
        const order = ORDERS[(i + round) % ORDERS.length].map(k => servers[k]);
        for (const server of order) await cycle(server, page, url, plans[page], round);
        process.stdout.write(` ${round}`);
      }
      process.stdout.write('\n');
    }
    report(
      ours,
      peer,
      floor,
      pages.filter(page => !plans[page].error),
      plans,
      iterations,
    );
    await reportDomState(ours);
  });
}

/** Counts our responses, and those with a Browser State section, as they arrive. */
function countBrowserState(server) {
  server.responses = 0;
  server.browserStateResponses = 0;
  const callTool = server.client.callTool.bind(server.client);
  server.client.callTool = async (...args) => {
    const result = await callTool(...args);
    server.responses++;
    if (result.content?.some(c => c.type === 'text' && c.text.includes('### Browser State')))
      server.browserStateResponses++;
    return result;
  };
}

main().then(
  () => process.exit(0),
  error => {
    console.error(`\nbench:real failed: ${error instanceof Error ? error.message : error}`);
    process.exit(1);
  },
);
