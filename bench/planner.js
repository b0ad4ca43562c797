// Planner benchmark (issues 21 and 34): accuracy of the planner on the evaluation suites (e2e/planner/suite.yaml, and
// e2e/planner/stranger.yaml and stranger-2.yaml, each written by someone who never saw the planner), per phrasing
// category and for the tuned and kept-aside parts of each, and the planner's time on a generated 5,000-node
// interactive tree and on a round that carries a ~100 KB JPEG screenshot.
//
// The fixture pages are captured once in real Chromium as the client loop sends them (e2e/support/planner-suite.js);
// every case then goes to POST /api/agent/interact of an `agent-inspector serve` backend, so the suite measures the
// planner behind the production endpoint. Timings are the planner's own (the endpoint's Server-Timing header) beside
// the whole HTTP round trip.
//
// With AGENT_INSPECTOR_LLM_BASE_URL and AGENT_INSPECTOR_LLM_MODEL set (key in AGENT_INSPECTOR_LLM_API_KEY), the LLM
// planner runs the same suite on a second backend, for comparison; it is skipped, saying so, otherwise.
//
//   npm run bench:planner                        (builds first)
//   node bench/planner.js --iterations 200       (or BENCH_ITERATIONS=200: timed requests per tree query)
import jpeg from 'jpeg-js';
import { startFixtureServer } from '../e2e/support/fixture-server.js';
import {
  capturePages,
  loadSuite,
  REPORT_HEAD,
  reportRows,
  runSuite,
  STRANGER_2_SUITE_FILE,
  STRANGER_SUITE_FILE,
  SUITE_FILE,
  summarize,
} from '../e2e/support/planner-suite.js';
import { CHROMIUM, iterationsFromArgs, machineInfo, percentile, printTable, startBackend } from './support.js';

/** One POST; returns the answer, the round trip and the planner's own time (Server-Timing). */
async function post(url, request) {
  const started = performance.now();
  const response = await fetch(`${url}/api/agent/interact`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(request),
  });
  const answer = await response.json();
  const roundTrip = performance.now() - started;
  if (!response.ok) throw new Error(`The planner endpoint answered ${response.status}: ${answer.error}`);
  const plan = Number(response.headers.get('server-timing')?.match(/plan;dur=([\d.]+)/)?.[1]);
  return { answer, roundTrip, plan };
}

/** Environment without our own settings, plus `extra`: the deterministic backend must not pick up an LLM. */
function cleanEnv(extra = {}) {
  const env = Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith('AGENT_INSPECTOR_')));
  return { ...env, ...extra };
}

/**
 * A 5,000-node interactive tree as the extractor would send it for a long admin page: rows of a label's field, an
 * action button, a link and a dropdown, with boxes in reading order.
 */
function largeTree(n = 5000) {
  const nodes = [];
  // Named as on the large fixture page (e2e/support/fixture-server.js): Item 0, Action 1, Link 2, Choice 3, Item 4…
  for (let i = 0; nodes.length < n; i += 4) {
    const y = 40 + (i / 4) * 24;
    nodes.push({ i: `e${nodes.length + 1}`, r: 'txt', n: `Item ${i}`, box: [100, y, 180, 21] });
    nodes.push({ i: `e${nodes.length + 1}`, r: 'btn', n: `Action ${i + 1}`, box: [300, y, 80, 21] });
    nodes.push({ i: `e${nodes.length + 1}`, r: 'lnk', n: `Link ${i + 2}`, box: [400, y, 60, 16] });
    nodes.push({ i: `e${nodes.length + 1}`, r: 'cmb', n: `Choice ${i + 3}`, box: [480, y, 90, 19] });
  }
  return nodes.slice(0, n);
}

const TREE_QUERIES = [
  'Click Action 2501',
  'Type "hello" into Item 1200',
  'select "two" in Choice 43',
  'click the last Action button',
  'Click the Nonexistent button',
  'please tick the Archive checkbox',
];

/** A 1280×720 JPEG of about 100 KB: coloured buttons on a noisy page (noise keeps the JPEG from compressing to nothing). */
function screenshotOf(buttons) {
  const width = 1280;
  const height = 720;
  const data = Buffer.alloc(width * height * 4);
  let seed = 7;
  const noise = () => ((seed = (seed * 1103515245 + 12345) & 0x7fffffff) % 29) - 14;
  for (let p = 0; p < width * height; p++) {
    const n = noise();
    data[p * 4] = 235 + n;
    data[p * 4 + 1] = 235 + n;
    data[p * 4 + 2] = 235 + n;
    data[p * 4 + 3] = 255;
  }
  for (const {
    box: [x, y, w, h],
    rgb,
  } of buttons) {
    for (let yy = y; yy < y + h; yy++) for (let xx = x; xx < x + w; xx++) data.set(rgb, (yy * width + xx) * 4);
  }
  return jpeg.encode({ data, width, height }, 60).data.toString('base64');
}

const pct = x => `${(100 * x).toFixed(1)} %`;
const ms = values => `${percentile(values, 50).toFixed(1)} / ${percentile(values, 99).toFixed(1)} ms`;

async function runOn(label, url, suite, inputs) {
  const results = await runSuite(suite, inputs, async request => (await post(url, request)).answer);
  console.log(`\n${label}: ${results.length} cases\n`);
  printTable(REPORT_HEAD, reportRows(results), 1);
  const screenshotRounds = results.flatMap(r => r.rounds.filter(round => round.screenshot).map(round => round.ms));
  if (screenshotRounds.length)
    console.log(
      `\nSuite rounds carrying a screenshot: ${screenshotRounds.length}, round trip p50 / p99 ${ms(screenshotRounds)}`,
    );
  return results;
}

const SUITES = [
  { label: 'suite.yaml (issue 21)', file: SUITE_FILE },
  { label: 'stranger.yaml (issue 34: written before any tuning)', file: STRANGER_SUITE_FILE },
  { label: 'stranger-2.yaml (second strangers, written before any tuning)', file: STRANGER_2_SUITE_FILE },
];

/** Overall, tuned and kept-aside figures of one suite's run, and its wrong actions. */
function reportSuite(label, results) {
  const part = (name, cases) => {
    const figures = summarize(cases);
    return `${name}: ${pct(figures.accuracy)} correct, ${figures.wrong} wrong (${pct(figures.wrongRate)}) of ${cases.length}`;
  };
  console.log(
    `\n${label}: ${part('all', results)}; ${part(
      'tuned',
      results.filter(r => r.case.tuned),
    )}; ${part(
      'kept aside',
      results.filter(r => !r.case.tuned),
    )}`,
  );
  // Only the tuned part's cases are named: the kept-aside ones must stay unseen by whoever tunes the planner.
  const wrong = results.filter(r => r.outcome === 'wrong' && r.case.tuned);
  if (wrong.length) {
    console.log('Wrong actions (tuned part):');
    for (const r of wrong) console.log(`  [${r.case.page}] ${r.case.q} → ${r.answer.action} (expected ${r.case.raw})`);
  }
}

async function main() {
  const iterations = iterationsFromArgs(100);
  const suites = await Promise.all(SUITES.map(async ({ label, file }) => ({ label, suite: await loadSuite(file) })));
  const pages = [...new Set(suites.flatMap(({ suite }) => suite.cases.map(c => c.page)))];
  console.log(machineInfo());
  for (const { label, suite } of suites) {
    console.log(
      `${label}: ${suite.cases.length} cases (${suite.cases.filter(c => !c.tuned).length} kept aside) on ${new Set(suite.cases.map(c => c.page)).size} pages; baseline accuracy ${pct(suite.baseline.accuracy)}, wrong actions ${suite.baseline.wrongActions}`,
    );
  }

  const fixtures = await startFixtureServer();
  let inputs;
  try {
    const started = performance.now();
    inputs = await capturePages(fixtures.url, pages, CHROMIUM);
    console.log(
      `Captured ${pages.length} pages in real Chromium in ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );
  } finally {
    await fixtures.close();
  }

  const backend = await startBackend(cleanEnv());
  try {
    for (const { label, suite } of suites)
      reportSuite(label, await runOn(`Deterministic planner, ${label}`, backend.url, suite, inputs));
    console.log('Goals: ≥ 97 % correct and no wrong action on the kept-aside parts.');

    const tree = largeTree();
    const base = {
      url: 'http://127.0.0.1/admin',
      domMode: 'semantic_v3',
      pageTitle: 'Admin',
      viewport: { width: 1280, height: 720 },
      interactiveTree: tree,
    };
    const plans = [];
    const trips = [];
    for (const query of TREE_QUERIES) {
      for (let i = 0; i <= iterations; i++) {
        const { plan, roundTrip } = await post(backend.url, { ...base, query });
        if (i === 0) continue;
        plans.push(plan);
        trips.push(roundTrip);
      }
    }
    console.log(
      `\n${tree.length}-node interactive tree (${(JSON.stringify(tree).length / 1024).toFixed(0)} KB), ${TREE_QUERIES.length} queries × ${iterations}: planner p50 / p99 ${ms(plans)} (goal p99 ≤ 50 ms); HTTP round trip ${ms(trips)}`,
    );

    const buttons = [
      { i: 'e1', r: 'btn', n: 'Delete', box: [520, 320, 90, 40], rgb: [211, 47, 47] },
      { i: 'e2', r: 'btn', n: 'Approve', box: [620, 320, 100, 40], rgb: [46, 125, 50] },
      { i: 'e3', r: 'btn', n: 'Continue', box: [730, 320, 100, 40], rgb: [21, 101, 192] },
    ];
    const screenshot = screenshotOf(buttons);
    const shotRequest = {
      url: 'http://127.0.0.1/colours',
      query: 'Click the green button',
      domMode: 'hybrid',
      viewport: { width: 1280, height: 720 },
      interactiveTree: buttons.map(({ rgb: _rgb, ...node }) => node),
      skeletonDom: buttons.map(b => `<button data-llm-id="${b.i}">${b.n}</button>`).join(''),
      screenshot,
    };
    const shotPlans = [];
    const shotTrips = [];
    for (let i = 0; i <= Math.min(iterations, 50); i++) {
      const { answer, plan, roundTrip } = await post(backend.url, shotRequest);
      if (!/^click\(e2\)$/.test(answer.action ?? ''))
        throw new Error(`The screenshot round chose ${answer.action ?? JSON.stringify(answer)}, not click(e2)`);
      if (i === 0) continue;
      shotPlans.push(plan);
      shotTrips.push(roundTrip);
    }
    console.log(
      `Round with a ${(Buffer.from(screenshot, 'base64').length / 1024).toFixed(0)} KB JPEG screenshot ("Click the green button"): planner p50 / p99 ${ms(shotPlans)}, HTTP round trip ${ms(shotTrips)} (goal ≤ 100 ms)`,
    );
  } finally {
    await backend.close();
  }

  if (process.env.AGENT_INSPECTOR_LLM_BASE_URL && process.env.AGENT_INSPECTOR_LLM_MODEL) {
    const llm = await startBackend(
      cleanEnv({
        AGENT_INSPECTOR_LLM_BASE_URL: process.env.AGENT_INSPECTOR_LLM_BASE_URL,
        AGENT_INSPECTOR_LLM_MODEL: process.env.AGENT_INSPECTOR_LLM_MODEL,
        ...(process.env.AGENT_INSPECTOR_LLM_API_KEY && {
          AGENT_INSPECTOR_LLM_API_KEY: process.env.AGENT_INSPECTOR_LLM_API_KEY,
        }),
      }),
    );
    try {
      for (const { label, suite } of suites)
        reportSuite(
          label,
          await runOn(`LLM planner (${process.env.AGENT_INSPECTOR_LLM_MODEL}), ${label}`, llm.url, suite, inputs),
        );
    } finally {
      await llm.close();
    }
  } else {
    console.log(
      '\nLLM planner: skipped (set AGENT_INSPECTOR_LLM_BASE_URL and AGENT_INSPECTOR_LLM_MODEL to run it on the same suite).',
    );
  }
}

main().catch(error => {
  console.error(error);
  process.exit(1);
});
