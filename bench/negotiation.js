// Negotiation benchmark (seed 003): bytes per step when the client sends semantic_v3 first and artifacts only when
// asked, against a client that always sends the hybrid artifacts (skeleton + screenshot) or always the full DOM.
//
// One `agent-inspector mcp` runs the tasks through browser_interact; its planner endpoint is a recording proxy in this
// process, in front of an `agent-inspector serve` backend (the deterministic planner). The proxy measures every
// request body. For the always-hybrid and always-full peers it answers the first (semantic_v3) request itself with a
// request for those artifacts, and counts only the request that carries them — what such a client would send.
// Extraction timings come from the round lines of the browser_interact result, on the large fixture (5,000
// interactive elements), beside the aria snapshot and the full-DOM read measured in the same run.
//
//   npm run bench:negotiation                      (builds first)
//   node bench/negotiation.js --iterations 3       (or BENCH_ITERATIONS=3)
import { createServer } from 'node:http';
import { asyncListener } from '../e2e/support/async-listener.js';
import { startFixtureServer } from '../e2e/support/fixture-server.js';
import {
  call,
  CHROMIUM,
  geomean,
  iterationsFromArgs,
  machineInfo,
  OUR_CLI,
  percentile,
  printTable,
  startBackend,
  withServers,
} from './support.js';

const TASKS = [
  { name: 'save', path: '/semantic.html', query: 'Click the Save button', expect: 'Page Title: Saved' },
  { name: 'colour', path: '/colors.html', query: 'Click the blue button', expect: 'Chose blue' },
  { name: 'duplicates', path: '/plans.html', query: 'Add the Pro plan to cart', expect: 'Cart: Pro plan' },
  { name: 'overlay', path: '/overlay.html', query: 'Click Subscribe', expect: 'Subscribed from the footer' },
  { name: 'type', path: '/form.html', query: 'Type "Ada Lovelace" into Full name', expect: 'Ada Lovelace' },
  { name: 'large', path: '/large.html?n=5000', query: 'Click Action 2501', expect: 'Clicked 2501' },
];
const STRATEGIES = ['negotiate', 'hybrid', 'full'];
const FORCED = {
  hybrid: {
    status: 'needs_context',
    requestedDomMode: 'hybrid',
    needsSkeletonDom: true,
    needsScreenshot: true,
    reason: 'benchmark peer: always hybrid',
  },
  full: { status: 'needs_full_dom', reason: 'benchmark peer: always full' },
};

/** The recording proxy: `state.strategy` decides whether it forwards or forces artifacts; `state.step` collects sizes. */
async function startProxy(backendUrl, state) {
  const server = createServer(
    asyncListener(async (req, res) => {
      let body = '';
      for await (const chunk of req) body += chunk;
      const request = JSON.parse(body);
      const forced = FORCED[state.strategy];
      if (forced && request.domMode === 'semantic_v3') {
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(forced));
        return;
      }
      state.step.bytes += Buffer.byteLength(body);
      state.step.rounds += 1;
      if (request.domMode === 'semantic_v3') state.step.semanticBytes = Buffer.byteLength(body);
      if (request.dom) state.step.domBytes = Buffer.byteLength(request.dom);
      const answer = await fetch(`${backendUrl}/api/agent/interact`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body,
      });
      res.writeHead(answer.status, { 'content-type': 'application/json' }).end(await answer.text());
    }),
  );
  await new Promise(resolve => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${server.address().port}/api/agent/interact`,
    close: () => new Promise(resolve => server.close(resolve)),
  };
}

const kb = bytes => `${(bytes / 1024).toFixed(1)} KB`;
const mean = values => values.reduce((a, b) => a + b, 0) / values.length;
const timing = (text, name) => Number(text.match(new RegExp(`${name} ([\\d.]+) ms`))?.[1]);

async function main() {
  const iterations = iterationsFromArgs(3);
  const fixtures = await startFixtureServer();
  const backend = await startBackend();
  const state = { strategy: 'negotiate', step: undefined };
  const proxy = await startProxy(backend.url, state);
  console.log(machineInfo());
  console.log(`Tasks: ${TASKS.length}, iterations: ${iterations}, planner backend: ${backend.url} (deterministic)\n`);
  const results = {};
  const extraction = { snapshot: [], extract: [], fullDom: [] };
  try {
    await withServers(
      [
        {
          name: 'client',
          args: [
            OUR_CLI,
            'mcp',
            '--headless',
            '--isolated',
            '--executable-path',
            CHROMIUM,
            '--planner-endpoint',
            proxy.url,
          ],
        },
      ],
      fixtures,
      async ([client]) => {
        for (const task of TASKS) {
          for (const strategy of STRATEGIES) {
            // One warm-up run, then the measured ones.
            for (let i = 0; i <= iterations; i++) {
              state.strategy = strategy;
              state.step = { bytes: 0, rounds: 0 };
              await call(client, task.name, 'browser_navigate', { url: fixtures.url + task.path });
              const text = await call(client, task.name, 'browser_interact', { query: task.query }, [task.expect]);
              if (i === 0) continue;
              (results[task.name] ??= {})[strategy] ??= [];
              results[task.name][strategy].push({ ...state.step });
              if (task.name === 'large' && strategy === 'negotiate') {
                extraction.snapshot.push(timing(text, 'snapshot'));
                extraction.extract.push(timing(text, 'extraction'));
              }
              if (task.name === 'large' && strategy === 'full') extraction.fullDom.push(timing(text, 'artifacts'));
            }
          }
        }
      },
    );
  } finally {
    await proxy.close();
    await backend.close();
  }

  const rows = [];
  const hybridRatios = [];
  const fullRatios = [];
  for (const task of TASKS) {
    const r = results[task.name];
    const bytes = strategy => mean(r[strategy].map(step => step.bytes));
    const negotiated = bytes('negotiate');
    hybridRatios.push(bytes('hybrid') / negotiated);
    fullRatios.push(bytes('full') / negotiated);
    rows.push([
      task.name,
      task.query,
      mean(r.negotiate.map(s => s.rounds)).toFixed(1),
      kb(negotiated),
      kb(bytes('hybrid')),
      kb(bytes('full')),
      `${(bytes('hybrid') / negotiated).toFixed(1)}×`,
      `${(bytes('full') / negotiated).toFixed(1)}×`,
    ]);
  }
  console.log('Bytes sent to the planner per step (mean of all rounds of a step):\n');
  printTable(['task', 'query', 'rounds', 'negotiated', 'always-hybrid', 'always-full', 'hybrid/neg', 'full/neg'], rows);
  const total = strategy => mean(TASKS.map(task => mean(results[task.name][strategy].map(step => step.bytes))));
  console.log(
    `\nSuite mean per step: negotiated ${kb(total('negotiate'))}, always-hybrid ${kb(total('hybrid'))}, always-full ${kb(total('full'))}`,
  );
  console.log(
    `Always-hybrid / negotiated: ${(total('hybrid') / total('negotiate')).toFixed(1)}× on the suite mean, geomean per task ${geomean(hybridRatios).toFixed(1)}× (target ≥ 5×)`,
  );
  console.log(
    `Always-full / negotiated: ${(total('full') / total('negotiate')).toFixed(1)}× on the suite mean, geomean per task ${geomean(fullRatios).toFixed(1)}×`,
  );

  const large = results.large;
  const semantic = mean(large.negotiate.map(step => step.semanticBytes));
  const dom = mean(large.full.map(step => step.domBytes));
  console.log(
    `\nLarge fixture (5,000 interactive elements): semantic_v3 request ${kb(semantic)} vs full DOM ${kb(dom)}: ${((100 * semantic) / dom).toFixed(1)} % (target ≤ 5 %)`,
  );
  const p50 = values => percentile(values, 50).toFixed(1);
  console.log(
    `Semantic extraction p50 ${p50(extraction.extract)} ms (target ≤ 100 ms); in the same run the aria snapshot it reads p50 ${p50(extraction.snapshot)} ms, ` +
      `reading the full DOM p50 ${p50(extraction.fullDom)} ms: extraction/snapshot ${(percentile(extraction.extract, 50) / percentile(extraction.snapshot, 50)).toFixed(2)}, ` +
      `extraction/full-DOM ${(percentile(extraction.extract, 50) / percentile(extraction.fullDom, 50)).toFixed(2)}`,
  );
}

main().catch(error => {
  console.error(error);
  process.exit(1);
});
