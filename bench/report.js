// Report benchmark (issue 32): how large a static report is against the sessions' own zips, how long it takes to
// write, and how fast it opens from file:// — the front page of 200 runs and a run of 100 steps — with the page's
// memory after opening 20 runs. Run in Chromium with every http(s) request refused, as a teammate's machine would.
//
//   npm run bench:report                          (builds first)
//   node bench/report.js --sessions 200 --steps 100 --runs 5
//
// 1. Size, on real sessions: one recorded through our MCP server over the saved real pages (../shared/real-pages:
//    navigate, snapshot, hover, scroll on each) and one over the fixture pages; the viewer's data against the zips.
// 2. Scale: --sessions copies of a recorded --steps-step session (ids changed), written as one report; the time to
//    write it, then from file://: the front page until every run is listed, a run until its timeline and first step
//    show (peer: the same lists as plain text in a <pre>, laid out and painted, as bench:ui does), and the JS heap after
//    opening 20 runs (after a GC).
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { chromium } from 'playwright';
import { startFixtureServer } from '../e2e/support/fixture-server.js';
import {
  call,
  candidates,
  CHROMIUM,
  connect,
  disconnect,
  machineInfo,
  OUR_CLI,
  PAGES_DIR,
  percentile,
  plainText,
  positiveIntArg,
  printTable,
  refIn,
  startRealPages,
} from './support.js';

const arg = positiveIntArg;
const SESSIONS = arg('sessions', 200);
const STEPS = arg('steps', 100);
const RUNS = arg('runs', 5);
const TARGETS = { front: 1_000, run: 1_000 };
const mb = bytes => (bytes / 2 ** 20).toFixed(1);

/** Records one session through our server: `pages` visited in turn, four calls each, until `steps` calls. */
async function record(dir, base, pages, steps) {
  const server = await connect({
    name: 'ours',
    args: [OUR_CLI, 'mcp', '--headless', '--isolated', '--executable-path', CHROMIUM, '--session-dir', dir],
  });
  try {
    let done = 0;
    for (let i = 0; done < steps; i++) {
      const page = pages[i % pages.length];
      const nav = await call(server, 'navigate', 'browser_navigate', { url: `${base}/${page}` }).catch(() => '');
      done++;
      const yaml = done < steps ? await call(server, 'snapshot', 'browser_snapshot', {}).catch(() => '') : '';
      if (yaml) done++;
      const element = candidates(yaml || nav, ['link', 'button'])[0];
      const ref = element && refIn(yaml || nav, element);
      if (
        ref &&
        done < steps &&
        (await call(server, 'hover', 'browser_hover', { element, target: ref }).then(
          () => true,
          () => false,
        ))
      )
        done++;
      if (
        done < steps &&
        (await call(server, 'press', 'browser_press_key', { key: 'End' }).then(
          () => true,
          () => false,
        ))
      )
        done++;
    }
  } finally {
    await disconnect([server]);
  }
  return join(dir, readdirSync(dir)[0]);
}

function writeReport(args, output) {
  const started = performance.now();
  const result = spawnSync(process.execPath, [OUR_CLI, 'report', ...args, '-o', output], {
    stdio: ['ignore', 'ignore', 'pipe'],
    maxBuffer: 2 ** 26,
  });
  const stderr = result.stderr.toString();
  if (result.status !== 0) throw new Error(`report exited with ${result.status}:\n${stderr}`);
  return { ms: performance.now() - started, line: stderr.split('\n').find(line => line.startsWith('Wrote')) ?? stderr };
}

const filesBytes = (dir, keep = () => true) =>
  readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .map(name => join(dir, name))
    .filter(path => statSync(path).isFile() && keep(path))
    .reduce((sum, path) => sum + statSync(path).size, 0);

/** Copies of a session with ids of their own (the report keys runs by id), under `root`. */
function copies(session, root, count) {
  const meta = JSON.parse(readFileSync(join(session, 'session.json'), 'utf8'));
  const events = readFileSync(join(session, 'events.jsonl'), 'utf8');
  for (let i = 0; i < count; i++) {
    const id = randomUUID();
    const dir = join(root, `copy-${String(i).padStart(3, '0')}`);
    cpSync(session, dir, { recursive: true });
    writeFileSync(
      join(dir, 'session.json'),
      JSON.stringify({ ...meta, id, clientName: `bench run ${i}`, startedAt: meta.startedAt + i * 60_000 }),
    );
    writeFileSync(join(dir, 'events.jsonl'), events.replaceAll(meta.id, id));
  }
}

async function main() {
  console.log(machineInfo());
  const root = mkdtempSync(join(tmpdir(), 'bench-report-'));
  const browser = await chromium.launch({ executablePath: CHROMIUM });
  const real = await startRealPages();
  const site = await startFixtureServer();
  try {
    // 1. Size, on real and fixture sessions.
    const realPages = readdirSync(PAGES_DIR)
      .filter(name => name.endsWith('.html'))
      .sort();
    const realSession = await record(join(root, 'real'), real.url, realPages, 96);
    const fixtureSession = await record(
      join(root, 'fixture'),
      site.url,
      ['form.html', 'catalog.html', 'activity.html', 'details.html', 'semantic.html', 'plans.html'],
      STEPS,
    );
    const sizes = [];
    for (const [label, session] of [
      ['real pages', realSession],
      ['fixture pages', fixtureSession],
    ]) {
      const out = join(root, `size-${label.split(' ')[0]}`);
      const written = writeReport([session], out);
      const zip = filesBytes(join(out, 'data'), path => path.endsWith('.zip'));
      const data = filesBytes(join(out, 'data'), path => !path.endsWith('.zip'));
      sizes.push([
        label,
        String(
          readFileSync(join(session, 'events.jsonl'), 'utf8')
            .split('\n')
            .filter(line => line.includes('"type":"tool-call"')).length,
        ),
        `${mb(zip)} MB`,
        `${mb(data)} MB`,
        (data / zip).toFixed(2),
        `${mb(filesBytes(join(out, 'viewer')))} MB`,
        `${(written.ms / 1000).toFixed(1)} s`,
      ]);
    }
    console.log("\n1. Size: the viewer's data (chunks and images) against the session's zip");
    printTable(['sessions', 'steps', 'zip', 'report data', 'data/zip', 'viewer', 'write'], sizes);

    // 2. Scale: SESSIONS copies of the fixture session (STEPS steps each).
    const many = join(root, 'many');
    copies(fixtureSession, many, SESSIONS);
    const report = join(root, 'report');
    const written = writeReport(['--session-dir', many], report);
    console.log(
      `\n2. ${SESSIONS} runs × ${STEPS} steps: written in ${(written.ms / 1000).toFixed(1)} s (${(written.ms / SESSIONS / STEPS).toFixed(1)} ms a step)\n   ${written.line}`,
    );
    const index = readFileSync(join(report, 'data', 'index.js'), 'utf8');
    const runs = JSON.parse(/\["info",([\s\S]*)\]\);\n$/.exec(index)[1]).list;
    const samples = { front: [], frontText: [], run: [], runText: [] };
    for (let i = 0; i < RUNS; i++) {
      const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
      await page.route(/^https?:/, route => route.abort());
      const start = Date.now();
      await page.goto(`file://${join(report, 'index.html')}`, { waitUntil: 'commit' });
      await page.waitForFunction(
        count => document.querySelectorAll('[data-testid=report-run]').length === count,
        SESSIONS,
        { polling: 'raf' },
      );
      await page.evaluate(() => new Promise(resolve => requestAnimationFrame(() => requestAnimationFrame(resolve))));
      samples.front.push(Date.now() - start);
      samples.frontText.push(
        await plainText(
          page,
          runs
            .map(
              run =>
                `${run.client}  ${new Date(run.startedAt).toISOString()}  ${run.steps}  ${run.durationMs} ms  ${run.failedCalls}`,
            )
            .join('\n'),
        ),
      );
      // A run (a different one each time: nothing cached), until its timeline lists its steps and the last is shown.
      const run = runs[(i * 7) % runs.length];
      samples.run.push(
        await page.evaluate(
          async ({ sessionId, steps }) => {
            const started = performance.now();
            document.querySelector(`[data-testid=report-run][data-session-id="${sessionId}"] button`).click();
            const ready = () =>
              document.querySelector('[data-testid=timeline-panel] h2')?.textContent === `Timeline · ${steps} calls` &&
              document.querySelector('[data-testid=response-view]')?.getAttribute('data-seq') === String(steps);
            while (!ready()) await new Promise(resolve => requestAnimationFrame(resolve));
            await new Promise(resolve => requestAnimationFrame(resolve));
            return performance.now() - started;
          },
          { sessionId: run.sessionId, steps: run.steps },
        ),
      );
      samples.runText.push(
        await plainText(
          page,
          Array.from({ length: run.steps }, (_, s) => `${s + 1}  browser_click  e${s}  ✓  40 ms`).join('\n'),
        ),
      );
      await page.close();
    }
    const row = (label, ours, peer, target) => {
      const [p50, peer50] = [percentile(ours, 50), percentile(peer, 50)];
      return [
        label,
        p50.toFixed(0),
        Math.max(...ours).toFixed(0),
        peer50.toFixed(1),
        (p50 / peer50).toFixed(1),
        `≤ ${target}`,
        p50 <= target ? 'met' : 'MISSED',
      ];
    };
    printTable(
      [`from file:// (ms, median of ${RUNS})`, 'report', 'max', 'plain text', 'ratio', 'target', ''],
      [
        row(`front page: ${SESSIONS} runs listed`, samples.front, samples.frontText, TARGETS.front),
        row(`open a ${STEPS}-step run`, samples.run, samples.runText, TARGETS.run),
      ],
      1,
    );

    // Memory: 20 runs opened one after another (each with a few steps selected), then the heap after a GC.
    const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    await page.route(/^https?:/, route => route.abort());
    await page.goto(`file://${join(report, 'index.html')}`);
    await page.getByTestId('report-run').first().waitFor();
    const cdp = await page.context().newCDPSession(page);
    const heap = async () => {
      await cdp.send('HeapProfiler.collectGarbage');
      return (await cdp.send('Runtime.getHeapUsage')).usedSize;
    };
    const before = await heap();
    for (const [i, run] of runs.slice(0, 20).entries()) {
      if (i) await page.getByRole('button', { name: 'All runs' }).click();
      await page.locator(`[data-testid=report-run][data-session-id="${run.sessionId}"] button`).click();
      await page.locator(`[data-testid=response-view][data-seq="${run.steps}"]`).waitFor();
      // The last steps: the ones the timeline shows when a run opens (it follows its newest step).
      for (const seq of [run.steps - 1, run.steps - 2, run.steps - 3]) {
        await page.locator(`[data-testid=timeline-step][data-seq="${seq}"]`).click();
        await page.locator(`[data-testid=response-view][data-seq="${seq}"]`).waitFor();
      }
    }
    const after = await heap();
    console.log(
      `\nJS heap after opening 20 runs (3 steps each selected), after a GC: ${mb(after)} MB (front page alone: ${mb(before)} MB)`,
    );
  } finally {
    await browser.close();
    await real.close();
    await site.close?.();
    rmSync(root, { recursive: true, force: true });
  }
}

await main();
