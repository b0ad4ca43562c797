// DOM processor benchmark (issue 6): the browser-use style extraction and its formatted text on the large fixture
// (5,000 interactive elements, ~1 MB of DOM), beside the aria snapshot (mode 'ai') of the same page, in the same run.
//
// The processor is TypeScript inside the built CLI, so the benchmark drives it through the hidden
// `agent-inspector dom-processor <url> --json` command: one process opens the page through a session as the scenario
// parser does, runs the extraction N times (plus one warm-up), then takes the aria snapshot of the same page in the
// same browser N times, and prints the timings and sizes. Two modes: the whole page (--viewport-expansion -1, what
// the scenario parser sends) and the processor's default (500 px around the viewport).
//
//   npm run bench:dom-processor                  (builds first)
//   node bench/dom-processor.js --iterations 5   (or BENCH_ITERATIONS=5)
import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { startFixtureServer } from '../e2e/support/fixture-server.js';
import { CHROMIUM, iterationsFromArgs, machineInfo, OUR_CLI, percentile, printTable } from './support.js';

const run = promisify(execFile);
const PATH = '/large.html?n=5000';
const MODES = [
  { name: 'whole page', expansion: -1 },
  { name: 'default (500 px)', expansion: 500 },
];
const TARGET_MS = 150;

/** One CLI process: the warm-up run is dropped, the rest are the samples. */
async function measure(url, expansion, iterations) {
  const cwd = await mkdtemp(join(tmpdir(), 'bench-dom-processor-'));
  // Our own AGENT_INSPECTOR_* settings must not change what is measured.
  const env = Object.fromEntries(Object.entries(process.env).filter(([key]) => !key.startsWith('AGENT_INSPECTOR_')));
  try {
    const { stdout } = await run(
      process.execPath,
      [
        OUR_CLI,
        'dom-processor',
        url,
        '--json',
        '--aria',
        '--iterations',
        String(iterations + 1),
        '--viewport-expansion',
        String(expansion),
        '--headless',
        '--executable-path',
        CHROMIUM,
        '--no-dom-state',
      ],
      { cwd, env, maxBuffer: 16 * 1024 * 1024 },
    );
    const result = JSON.parse(stdout);
    return { ...result, runs: result.runs.slice(1), aria: result.aria.slice(1) };
  } finally {
    await rm(cwd, { recursive: true, force: true });
  }
}

const kb = bytes => `${(bytes / 1024).toFixed(1)} KB`;
const ms = value => `${value.toFixed(1)} ms`;
const p = (values, q) => percentile(values, q);

async function main() {
  const iterations = iterationsFromArgs(10);
  const fixtures = await startFixtureServer();
  console.log(machineInfo());
  // The machine's load shows in every timing here; say what it was.
  console.log(
    `Page: ${PATH}, iterations: ${iterations} (+1 warm-up) per mode, load average ${loadavg()
      .map(l => l.toFixed(2))
      .join(' ')}\n`,
  );
  const rows = [];
  const results = [];
  try {
    for (const mode of MODES) {
      const result = await measure(fixtures.url + PATH, mode.expansion, iterations);
      const extract = result.runs.map(r => r.extractMs);
      results.push({ mode, result, extract });
      rows.push([
        mode.name,
        String(result.indexed),
        ms(p(extract, 50)),
        ms(p(extract, 95)),
        ms(
          p(
            result.runs.map(r => r.pageMs),
            50,
          ),
        ),
        ms(
          p(
            result.runs.map(r => r.formatMs),
            50,
          ),
        ),
        kb(result.formattedBytes),
        ms(p(result.aria, 50)),
        kb(result.ariaBytes),
        `${(p(extract, 50) / p(result.aria, 50)).toFixed(2)}×`,
        `${(result.formattedBytes / result.ariaBytes).toFixed(2)}×`,
      ]);
    }
  } finally {
    await fixtures.close();
  }
  printTable(
    [
      'mode',
      'indexed',
      'extract p50',
      'p95',
      'in page p50',
      'format p50',
      'formatted',
      'aria p50',
      'aria size',
      'time/aria',
      'size/aria',
    ],
    rows,
    1,
  );
  console.log(
    '\nextract: one page.evaluate returning one JSON string, plus building the SerializableDOMNode tree and SelectorMap;',
  );
  console.log(
    'in page: the part spent inside the page; format: formatDomForLLM on the result. aria: page.ariaSnapshot({ mode: "ai" }).',
  );
  for (const { mode, result, extract } of results) {
    const time = p(extract, 50);
    console.log(
      `${mode.name}: extraction p50 ${ms(time)} (target ≤ ${TARGET_MS} ms: ${time <= TARGET_MS ? 'met' : 'missed'}), ` +
        `formatted ${kb(result.formattedBytes)} vs aria snapshot ${kb(result.ariaBytes)} (target: no larger: ${result.formattedBytes <= result.ariaBytes ? 'met' : 'missed'})`,
    );
  }
}

main().catch(error => {
  console.error(error);
  process.exit(1);
});
