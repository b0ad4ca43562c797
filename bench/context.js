// Context economy benchmark: what each --snapshot-mode costs an agent's context, against @playwright/mcp, same run.
//
// A fixed suite of scripted multi-step tasks on the pages in bench/fixtures/context (a search-results list with
// pagination, a sign-up form, a 5,000-row table with a modal editor, a settings page with a confirmation dialog, a
// paginated blog) runs on each server. A step names its target as `role "name"`; the scripted agent looks for that
// element's ref in what it has read since the page loaded (newest first; a `- removed` line means gone). When the ref
// is not there, or the server says it is stale, the agent calls browser_snapshot: an extra snapshot, whose text counts
// in what the agent must read to act. Reported per step and per task: bytes and tokens (o200k_base, as the inspector
// counts them). Then the time the diff server takes to compute a change list on the 1 MB page (5,000 controls), from
// its AGENT_INSPECTOR_DEBUG=page-changes lines.
//
//   npm run bench:context                    (builds first)
//   node bench/context.js --iterations 5     (or BENCH_ITERATIONS=5: rounds of the 1 MB timing)
import { readFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import { join } from 'node:path';
import { countTokens } from 'gpt-tokenizer/encoding/o200k_base';
import { largePage } from '../e2e/support/fixture-server.js';
import {
  call, CHROMIUM, connect, disconnect, escapeRegExp, iterationsFromArgs, machineInfo, OUR_CLI, percentile, printTable, ROOT,
} from './support.js';

const PAGES = join(ROOT, 'bench/fixtures/context');
// This measures bytes, not speed: a generous action timeout keeps a loaded machine from failing a click.
const TIMEOUT = ['--timeout-action', '20000'];
const ours = mode => ({ name: mode, args: [OUR_CLI, 'mcp', '--headless', '--executable-path', CHROMIUM, ...TIMEOUT, '--snapshot-mode', mode] });
const SERVERS = [
  ours('diff'), ours('inline'), ours('file'), ours('none'),
  // --no-sandbox: Chromium refuses to start sandboxed as root; --isolated: fresh in-memory profile, like ours.
  { name: 'peer', args: [join(ROOT, 'node_modules/@playwright/mcp/cli.js'), '--headless', '--isolated', '--no-sandbox', '--executable-path', CHROMIUM, ...TIMEOUT] },
];

// A step: `go` a path (a new document), or a tool on a `target` named `role "name"`; `newPage` when it loads one.
const click = (target, more = {}) => ({ tool: 'browser_click', target, ...more });
const type = (target, text, more = {}) => ({ tool: 'browser_type', target, args: { text }, ...more });
const select = (target, value) => ({ tool: 'browser_select_option', target, args: { values: [value] } });
const TASKS = [
  { name: 'search, add to cart, next page', steps: [
    { go: '/search.html' }, type('searchbox "Search products"', 'laptop', { args: { text: 'laptop', submit: true } }),
    click('button "Add laptop model 3 to cart"'), click('button "Next page"'), click('button "Add laptop model 14 to cart"'),
  ] },
  { name: 'search, jump pages, open result', steps: [
    { go: '/search.html' }, type('searchbox "Search products"', 'phone', { args: { text: 'phone', submit: true } }),
    click('button "Page 3"'), click('button "Page 5"'), click('link "phone model 45"'),
  ] },
  { name: 'sign-up form, complete', steps: [
    { go: '/signup.html' }, type('textbox "First name"', 'Ada'), type('textbox "Last name"', 'Lovelace'),
    type('textbox "Email"', 'ada@example.com'), select('combobox "Country"', 'Japan'), click('radio "Team"'),
    click('checkbox "I accept the terms"'), click('button "Create account"'), click('link "Start the tour"'),
  ] },
  { name: 'sign-up form, fix errors', steps: [
    { go: '/signup.html' }, click('button "Create account"'), type('textbox "First name"', 'Grace'),
    click('checkbox "I accept the terms"'), type('textbox "Last name"', 'Hopper'), type('textbox "Email"', 'grace@example.com'),
    click('button "Create account"'),
  ] },
  { name: '5,000-row table, edit in a modal', steps: [
    { go: '/table.html' }, click('button "Edit Item 2"'), type('spinbutton "Stock"', '42'), click('button "Save"'),
    click('button "Edit Item 3"'), click('button "Cancel"'),
  ] },
  { name: '5,000-row table, filter then edit', steps: [
    { go: '/table.html' }, type('textbox "Filter by name"', '777'), click('button "Apply filter"'),
    click('button "Edit Item 4777"'), click('button "Cancel"'),
  ] },
  { name: 'settings, delete account in a dialog', steps: [
    { go: '/settings.html' }, click('checkbox "Weekly digest"'), click('button "Delete account"'),
    type('textbox "Confirmation"', 'DELETE'), click('button "Delete forever"'),
  ] },
  { name: 'settings, cancel dialog, edit profile', steps: [
    { go: '/settings.html' }, click('button "Delete account"'), click('button "Keep my account"'),
    type('textbox "Display name"', 'Grace'), click('checkbox "Public profile"'),
  ] },
  { name: 'blog, paginate and open', steps: [
    { go: '/articles.html' }, click('link "Next"', { newPage: true }), click('link "Page 5"', { newPage: true }),
    click('link "Article 50: notes on system 50"'), click('link "Previous"', { newPage: true }),
  ] },
];

const measure = text => ({ bytes: Buffer.byteLength(text), tokens: countTokens(text) });
const STALE = /Ref \S+ not found in the current page snapshot/;

/** The ref of `target` in what the agent has read (newest first), unless the newest mention says it was removed. */
function known(reading, target) {
  const [, role, name] = target.match(/^(\w+) "(.*)"$/);
  const line = new RegExp(`(^|[\\s>:'])${role} ${escapeRegExp(JSON.stringify(name))}(?: \\[[^\\]]*\\])*? \\[ref=((?:f\\d+)?e\\d+)\\]`);
  for (let i = reading.length - 1; i >= 0; i--) {
    const found = reading[i].split('\n').reverse().find(l => line.test(l));
    if (found) return found.trimStart().startsWith('- removed') ? undefined : found.match(line)[2];
  }
  return undefined;
}

/** Runs one task as the scripted agent; returns per-step costs and the extra snapshots it needed. */
async function runTask(server, base, task) {
  const steps = [];
  let reading = [];
  const snapshot = async () => {
    const text = await call(server, task.name, 'browser_snapshot', {});
    reading.push(text);
    return measure(text);
  };
  for (const step of task.steps) {
    if (step.go) {
      const text = await call(server, task.name, 'browser_navigate', { url: base + step.go });
      reading = [text];
      steps.push({ label: `navigate ${step.go}`, ...measure(text), snapshots: [] });
      continue;
    }
    const snapshots = [];
    let ref = known(reading, step.target);
    if (!ref) {
      snapshots.push(await snapshot());
      ref = known(reading, step.target);
    }
    const args = { target: ref, ...(step.args ?? {}) };
    let result = await server.client.callTool({ name: step.tool, arguments: args });
    let text = result.content.filter(c => c.type === 'text').map(c => c.text).join('\n');
    if (result.isError && STALE.test(text)) {
      snapshots.push(await snapshot());
      result = await server.client.callTool({ name: step.tool, arguments: { ...args, target: known(reading, step.target) } });
      text = result.content.filter(c => c.type === 'text').map(c => c.text).join('\n');
    }
    if (result.isError) throw new Error(`[${server.name}] ${task.name}: ${step.tool} ${step.target} failed:\n${text.slice(0, 1500)}`);
    if (step.newPage) reading = [];
    reading.push(text);
    steps.push({ label: `${step.tool.replace('browser_', '')} ${step.target}`, ...measure(text), snapshots });
  }
  return steps;
}

const sum = (items, key) => items.reduce((total, item) => total + item[key], 0);
const totals = steps => {
  const snapshots = steps.flatMap(step => step.snapshots);
  const responses = { bytes: sum(steps, 'bytes'), tokens: sum(steps, 'tokens') };
  return { responses, snapshots: snapshots.length, snapshotTokens: sum(snapshots, 'tokens'), toAct: responses.tokens + sum(snapshots, 'tokens'), actions: steps.length - 1 };
};

/** Serves bench/fixtures/context and the 1 MB page (/large.html) on loopback. */
async function startPages() {
  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    if (url.pathname === '/large.html') return res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(largePage(5000));
    try {
      const body = await readFile(join(PAGES, url.pathname.replace(/^\/+/, '').replace(/\.\.+/g, '')));
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(body);
    } catch {
      res.writeHead(404).end();
    }
  });
  await new Promise(resolve => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${server.address().port}`, close: () => new Promise(resolve => server.close(resolve)) };
}

/** The diff server's own timing of the change list after a click on the 1 MB page, from its debug lines. */
async function changeListTiming(base, iterations) {
  const server = await connect({ ...ours('diff'), name: 'diff-timing', env: { AGENT_INSPECTOR_DEBUG: 'page-changes' }, log: /^\[page-changes\] / });
  try {
    for (let i = 0; i <= iterations; i++) {
      await call(server, 'large', 'browser_navigate', { url: `${base}/large.html` });
      await call(server, 'large', 'browser_click', { target: `role=button[name="Action ${4 * i + 1}"s]` }, [`Clicked ${4 * i + 1}`]);
    }
    // The first round warms up.
    const lines = server.logLines.slice(1);
    return { ms: lines.map(line => Number(line.match(/ms=([\d.]+)/)[1])), bytes: Number(lines[0]?.match(/bytes=(\d+)/)[1]) };
  } finally {
    await disconnect([server]);
  }
}

async function main() {
  const iterations = iterationsFromArgs(5);
  console.log(machineInfo());
  const pages = await startPages();
  const results = {};
  try {
    for (const definition of SERVERS) {
      process.stdout.write(`Running the ${TASKS.length} tasks on ${definition.name}... `);
      // One server at a time: the machine's cores go to the browser being measured.
      const server = await connect(definition);
      try {
        results[definition.name] = [];
        for (const task of TASKS) results[definition.name].push(await runTask(server, pages.url, task));
      } finally {
        await disconnect([server]);
      }
      console.log('done');
    }
    const names = SERVERS.map(s => s.name);
    for (const [t, task] of TASKS.entries()) {
      console.log(`\n${task.name}: tokens per step (bytes); +N = extra browser_snapshot calls and their tokens\n`);
      printTable(['step', ...names], results.diff[t].map((_, s) => [results.diff[t][s].label, ...names.map(name => {
        const step = results[name][t][s];
        const extra = step.snapshots.length ? ` +${step.snapshots.length}:${sum(step.snapshots, 'tokens')}` : '';
        return `${step.tokens} (${step.bytes})${extra}`;
      })]), 1);
    }
    console.log('\nTotals per task, tokens: responses / extra snapshots (count) / all the agent read to act\n');
    printTable(['task', ...names], TASKS.map((task, t) => [task.name, ...names.map(name => {
      const total = totals(results[name][t]);
      return `${total.responses.tokens} / ${total.snapshotTokens} (${total.snapshots}) / ${total.toAct}`;
    })]), 1);

    const all = Object.fromEntries(names.map(name => [name, totals(results[name].flat())]));
    const actions = sum(TASKS.map((_, t) => totals(results.diff[t])), 'actions');
    const diffMisses = results.diff.flat().filter(step => step.snapshots.length).length;
    const ratio = (a, b) => (a / b).toFixed(3);
    console.log('\nWhole suite (tokens):');
    printTable(['server', 'responses', 'bytes', 'extra snapshots', 'snapshot tokens', 'read to act'], names.map(name => [
      name, all[name].responses.tokens, all[name].responses.bytes, all[name].snapshots, all[name].snapshotTokens, all[name].toAct,
    ]), 1);
    console.log(`\ndiff / inline response tokens:               ${ratio(all.diff.responses.tokens, all.inline.responses.tokens)}  (goal <= 0.5)`);
    console.log(`diff steps needing no extra snapshot:        ${(((actions - diffMisses) / actions) * 100).toFixed(1)} % of ${actions}  (goal >= 90 %)`);
    console.log(`diff / peer, read to act (+ snapshots):      ${ratio(all.diff.toAct, all.peer.toAct)}  (goal <= 0.5)`);
    console.log(`peer steps needing an extra snapshot:        ${results.peer.flat().filter(step => step.snapshots.length).length} of ${actions}`);
    // The 5,000-row table dwarfs the rest; the same ratios without it show the small pages are not carried by it.
    const small = name => totals(results[name].filter((_, t) => !TASKS[t].name.startsWith('5,000')).flat());
    console.log(`without the 5,000-row table: diff / inline ${ratio(small('diff').responses.tokens, small('inline').responses.tokens)}, ` +
      `diff / peer read to act ${ratio(small('diff').toAct, small('peer').toAct)}`);

    const timing = await changeListTiming(pages.url, iterations);
    console.log(`\nChange list after a click on the 1 MB page (a ${(timing.bytes / 1024).toFixed(0)} KB snapshot), in the server, ` +
      `${timing.ms.length} rounds: p50 ${percentile(timing.ms, 50).toFixed(2)} ms, max ${Math.max(...timing.ms).toFixed(2)} ms  (goal <= 10 ms)`);
  } finally {
    await pages.close();
  }
}

await main();
