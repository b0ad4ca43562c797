// Context economy benchmark: what each --snapshot-mode costs an agent's context, against @playwright/mcp, same run.
//
// Scripted multi-step tasks run on each server: a fixed suite on the pages in bench/fixtures/context (bench/context-
// tasks.js), and one short task per saved real page (../shared/real-pages: navigate, type into its first text field,
// click up to two elements that keep the agent on the page), its targets picked from the page's own snapshot in an
// untimed step before the runs, the same for every server. The scripted agent (bench/context-agent.js) finds each target's ref
// in what it has read since the page loaded, else calls browser_snapshot: an extra snapshot, whose text counts in what
// it must read to act. Reported: tokens (o200k_base, as the inspector counts them) and bytes per step and per task,
// totals per server, and per mode its ratio to the peer on the fixtures, the real pages and both. Then the time the
// diff server takes to compute a change list on the 1 MB page (5,000 controls), from its page-changes debug lines.
//
// Every page is served on loopback and every server gets --allowed-origins <that server>, so the real pages' requests
// to other hosts fail at once. Left to the network (nothing here reaches it), they wait in Chromium's resolver: a
// navigate takes 2-35 s, the 24 pages 4.5 min per server, and a run of several servers looks hung.
//
//   npm run bench:context                    (builds first)
//   node bench/context.js --iterations 5     (or BENCH_ITERATIONS=5: rounds of the 1 MB timing)
//   node bench/context.js --pages wikipedia.html,telegraph.html   (real pages; --pages none: the fixtures only)
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { largePage } from '../e2e/support/fixture-server.js';
import { runTask, sum, totals } from './context-agent.js';
import { pickRealTasks, TASKS } from './context-tasks.js';
import {
  call,
  CHROMIUM,
  iterationsFromArgs,
  machineInfo,
  OUR_CLI,
  PAGES_DIR,
  percentile,
  printTable,
  realPageFile,
  ROOT,
  startPageServer,
  withServers,
} from './support.js';

const FIXTURES = join(ROOT, 'bench/fixtures/context');
// This measures bytes, not speed: a generous action timeout keeps a loaded machine from failing a click. Picking real
// pages' targets uses a short one, so that a click on a hidden element fails fast and the next candidate is tried.
const TIMEOUT = ['--timeout-action', '20000'];
const PICK_TIMEOUT = ['--timeout-action', '3000'];
// --isolated: a fresh in-memory profile for every server (ours would otherwise keep one on disk per workspace).
const ours = (mode, origin, timeout = TIMEOUT) => ({
  name: mode,
  args: [
    OUR_CLI,
    'mcp',
    '--headless',
    '--isolated',
    '--executable-path',
    CHROMIUM,
    '--allowed-origins',
    origin,
    ...timeout,
    '--snapshot-mode',
    mode,
  ],
});
// --no-sandbox: Chromium refuses to start sandboxed as root.
const peer = (origin, timeout = TIMEOUT) => ({
  name: 'peer',
  args: [
    join(ROOT, 'node_modules/@playwright/mcp/cli.js'),
    '--headless',
    '--isolated',
    '--no-sandbox',
    '--executable-path',
    CHROMIUM,
    '--allowed-origins',
    origin,
    ...timeout,
  ],
});
const MODES = ['diff', 'inline', 'file', 'none'];
// withServers closes the servers it started (also on Ctrl-C); the page server outlives each of them.
const NOTHING = { close: async () => {} };

const option = name => {
  const i = process.argv.indexOf(name);
  return i < 0 ? undefined : process.argv[i + 1];
};

/** Serves the fixtures at /<name>.html, the 1 MB page at /large.html and the real pages at /real/<name>.html. */
const startPages = () =>
  startPageServer(pathname => {
    if (pathname === '/large.html') return { html: largePage(5000) };
    if (pathname.startsWith('/real/')) return realPageFile(pathname.slice('/real'.length));
    return /^\/[\w-]+\.html$/.test(pathname) ? join(FIXTURES, pathname.slice(1)) : undefined;
  });

/** The diff server's own timing of the change list after a click on the 1 MB page, from its debug lines. */
async function changeListTiming(base, iterations) {
  const definition = {
    ...ours('diff', base),
    name: 'diff-timing',
    env: { AGENT_INSPECTOR_DEBUG: 'page-changes' },
    log: /^\[page-changes\] /,
  };
  return withServers([definition], NOTHING, async ([server]) => {
    for (let i = 0; i <= iterations; i++) {
      await call(server, 'large', 'browser_navigate', { url: `${base}/large.html` });
      await call(server, 'large', 'browser_click', { target: `role=button[name="Action ${4 * i + 1}"s]` }, [
        `Clicked ${4 * i + 1}`,
      ]);
    }
    // The first round warms up.
    const lines = server.logLines.slice(1);
    return {
      ms: lines.map(line => Number(line.match(/ms=([\d.]+)/)[1])),
      bytes: Number(lines[0]?.match(/bytes=(\d+)/)[1]),
    };
  });
}

/** Runs the fixture tasks (a failure ends the run) and the real-page tasks (a failure is that task's row) on one server. */
function runAll(definition, base, realTasks) {
  return withServers([definition], NOTHING, async ([server]) => {
    const fixtures = [];
    for (const task of TASKS) fixtures.push(await runTask(server, base, task));
    const real = [];
    for (const task of realTasks)
      real.push(await runTask(server, base, task).catch(error => ({ error: error.message.split('\n')[0] })));
    return { fixtures, real };
  });
}

const ratio = (a, b) => (a / b).toFixed(3);
const kb = bytes => (bytes / 1024).toFixed(1);

function reportFixtures(results, names) {
  for (const [t, task] of TASKS.entries()) {
    console.log(`\n${task.name}: tokens per step (bytes); +N = extra browser_snapshot calls and their tokens\n`);
    printTable(
      ['step', ...names],
      results.diff.fixtures[t].map((_, s) => [
        results.diff.fixtures[t][s].label,
        ...names.map(name => {
          const step = results[name].fixtures[t][s];
          const extra = step.snapshots.length ? ` +${step.snapshots.length}:${sum(step.snapshots, 'tokens')}` : '';
          return `${step.tokens} (${step.bytes})${extra}`;
        }),
      ]),
      1,
    );
  }
  console.log('\nTotals per task, tokens: responses / extra snapshots (count) / all the agent read to act\n');
  printTable(
    ['task', ...names],
    TASKS.map((task, t) => [
      task.name,
      ...names.map(name => {
        const total = totals(results[name].fixtures[t]);
        return `${total.responses.tokens} / ${total.snapshotTokens} (${total.snapshots}) / ${total.toAct}`;
      }),
    ]),
    1,
  );

  const all = Object.fromEntries(names.map(name => [name, totals(results[name].fixtures.flat())]));
  const actions = all.diff.actions;
  const diffMisses = results.diff.fixtures.flat().filter(step => step.snapshots.length).length;
  console.log('\nWhole fixture suite (tokens):');
  printTable(
    ['server', 'responses', 'bytes', 'extra snapshots', 'snapshot tokens', 'read to act'],
    names.map(name => [
      name,
      all[name].responses.tokens,
      all[name].responses.bytes,
      all[name].snapshots,
      all[name].snapshotTokens,
      all[name].toAct,
    ]),
    1,
  );
  console.log(
    `\ndiff / inline response tokens:               ${ratio(all.diff.responses.tokens, all.inline.responses.tokens)}  (goal <= 0.5)`,
  );
  console.log(
    `diff steps needing no extra snapshot:        ${(((actions - diffMisses) / actions) * 100).toFixed(1)} % of ${actions}  (goal >= 90 %)`,
  );
  console.log(`diff / peer, read to act (+ snapshots):      ${ratio(all.diff.toAct, all.peer.toAct)}  (goal <= 0.5)`);
  console.log(
    `peer steps needing an extra snapshot:        ${results.peer.fixtures.flat().filter(step => step.snapshots.length).length} of ${actions}`,
  );
  // The 5,000-row table dwarfs the rest; the same ratios without it show the small pages are not carried by it.
  const small = name => totals(results[name].fixtures.filter((_, t) => !TASKS[t].name.startsWith('5,000')).flat());
  console.log(
    `without the 5,000-row table: diff / inline ${ratio(small('diff').responses.tokens, small('inline').responses.tokens)}, ` +
      `diff / peer read to act ${ratio(small('diff').toAct, small('peer').toAct)}`,
  );
}

/** Real-page rows, then per mode the ratio to the peer on the fixtures, the real pages and both. */
function reportReal(results, names, realTasks, skipped) {
  // Only pages whose task ran on every server are compared.
  const rows = realTasks.map((task, t) => ({ task, t, failed: names.filter(name => results[name].real[t].error) }));
  for (const { task, t, failed } of rows.filter(row => row.failed.length)) {
    console.log(
      `\n${task.name}: left out, failed on ${failed.map(name => `${name} (${results[name].real[t].error.slice(0, 120)})`).join(', ')}`,
    );
  }
  for (const { page, why } of skipped) console.log(`${page}: no task (${why})`);
  const done = rows.filter(row => !row.failed.length);
  if (!done.length)
    return console.log('\nNo real-page task ran on every server: the fixture figures above are the whole run.');
  console.log(
    `\nReal pages (${done.length} of ${realTasks.length + skipped.length}): what the agent read to act per task, ` +
      'tokens (KB), +N = extra browser_snapshot calls (counted in)\n',
  );
  printTable(
    ['page', 'actions', ...names],
    done.map(({ task, t }) => [
      task.name,
      String(task.steps.length - 1),
      ...names.map(name => {
        const total = totals(results[name].real[t]);
        return `${total.toAct} (${kb(total.toActBytes)})${total.snapshots ? ` +${total.snapshots}` : ''}`;
      }),
    ]),
    1,
  );
  const real = Object.fromEntries(names.map(name => [name, totals(done.flatMap(({ t }) => results[name].real[t]))]));
  console.log('\nWhole real-page suite:');
  printTable(
    ['server', 'responses tokens', 'KB', 'extra snapshots', 'snapshot tokens', 'KB', 'read to act tokens', 'KB'],
    names.map(name => [
      name,
      real[name].responses.tokens,
      kb(real[name].responses.bytes),
      real[name].snapshots,
      real[name].snapshotTokens,
      kb(real[name].snapshotBytes),
      real[name].toAct,
      kb(real[name].toActBytes),
    ]),
    1,
  );
  console.log(
    `\nOf the responses' tokens, the ### Events sections (downloads, the console log file's link): ` +
      names.map(name => `${name} ${real[name].events}`).join(', '),
  );
  const diffSteps = done.flatMap(({ t }) => results.diff.real[t]).filter(step => !step.label.startsWith('navigate '));
  console.log(
    `\ndiff steps needing no extra snapshot on the real pages: ${diffSteps.filter(step => !step.snapshots.length).length} of ${diffSteps.length}`,
  );

  const fixtures = Object.fromEntries(names.map(name => [name, totals(results[name].fixtures.flat())]));
  const both = Object.fromEntries(
    names.map(name => [
      name,
      totals([...results[name].fixtures.flat(), ...done.flatMap(({ t }) => results[name].real[t])]),
    ]),
  );
  console.log('\nRead to act (responses + the snapshots the agent must fetch), ours / peer: tokens (bytes)\n');
  printTable(
    ['mode', 'fixtures', 'real pages', 'both'],
    names
      .filter(name => name !== 'peer')
      .map(name => [
        name,
        ...[fixtures, real, both].map(
          set => `${ratio(set[name].toAct, set.peer.toAct)} (${ratio(set[name].toActBytes, set.peer.toActBytes)})`,
        ),
      ]),
    1,
  );
}

async function main() {
  const iterations = iterationsFromArgs(5);
  const only = option('--pages')?.split(',');
  const pages = (await readdir(PAGES_DIR).catch(() => []))
    .filter(name => name.endsWith('.html') && (!only || only.includes(name)))
    .sort();
  const missing = only?.filter(name => name !== 'none' && !pages.includes(name)) ?? [];
  if (missing.length) throw new Error(`no page ${missing.join(', ')} in ${PAGES_DIR}`);
  console.log(machineInfo());
  const site = await startPages();
  try {
    if (pages.length)
      console.log(`\nPicking the real pages' targets (untimed, ours and the peer), ${pages.length} pages:`);
    const { tasks: realTasks, skipped } = await pickRealTasks(
      [ours('diff', site.url, PICK_TIMEOUT), peer(site.url, PICK_TIMEOUT)],
      site.url,
      pages,
      line => console.log(`  ${line}`),
    );
    const definitions = [...MODES.map(mode => ours(mode, site.url)), peer(site.url)];
    const results = {};
    for (const definition of definitions) {
      process.stdout.write(
        `Running the ${TASKS.length} fixture tasks and ${realTasks.length} real-page tasks on ${definition.name}... `,
      );
      // One server at a time: the machine's cores go to the browser being measured.
      results[definition.name] = await runAll(definition, site.url, realTasks);
      console.log('done');
    }
    const names = definitions.map(s => s.name);
    reportFixtures(results, names);
    reportReal(results, names, realTasks, skipped);

    const timing = await changeListTiming(site.url, iterations);
    console.log(
      `\nChange list after a click on the 1 MB page (a ${(timing.bytes / 1024).toFixed(0)} KB snapshot), in the server, ` +
        `${timing.ms.length} rounds: p50 ${percentile(timing.ms, 50).toFixed(2)} ms, max ${Math.max(...timing.ms).toFixed(2)} ms  (goal <= 10 ms)`,
    );
  } finally {
    await site.close();
  }
}

await main();
