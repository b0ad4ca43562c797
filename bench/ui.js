// UI benchmark (web mode, Chromium): time to render a 10,000-node aria tree, to open a 500-step recorded session, to
// open a 5,000-line DOM diff and to show a step whose response is 500 KB of snapshot in the Response tab, each beside
// a peer measured in the same page and run — the same data as plain text; and the Model tab of a step in a session whose
// agent sent a model turn per step (spans.jsonl, the conversation growing turn by turn).
//
//   npm run bench:ui                   (builds first)
//   node bench/ui.js --runs 5          (or BENCH_RUNS=5): measurements of each kind
//
// The sessions are written in the recorder's own format (src/main/sessions/format.ts) into a temporary folder, with a
// real aria snapshot of a large page taken by Chromium, then served by `agent-inspector serve --session-dir`.
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright';
import { largePage } from '../e2e/support/fixture-server.js';
import { CHROMIUM, machineInfo, OUR_CLI, percentile, plainText, printTable } from './support.js';

const runsArg = process.argv.indexOf('--runs');
const RUNS = Number(runsArg > 0 ? process.argv[runsArg + 1] : (process.env.BENCH_RUNS ?? 5));
const TREE_NODES = 10_000;
const SESSION_STEPS = 500;
const DIFF_LINES = 5_000;
const RESPONSE_BYTES = 500 * 1024;
const MODEL_TURNS = 300;
const TARGETS = { tree: 200, session: 1_500, diff: 500, response: 150, model: 100 };

const countNodes = yaml => yaml.split('\n').filter(line => /^\s*- (?!\/)/.test(line)).length;

/** A real aria snapshot (mode 'ai') of a generated page with at least TREE_NODES nodes, and a viewport JPEG. */
async function capture(browser) {
  const page = await browser.newPage({ viewport: { width: 1280, height: 720 } });
  let n = 2_000;
  let yaml;
  for (;;) {
    await page.setContent(largePage(n));
    yaml = await page.ariaSnapshot({ mode: 'ai' });
    if (countNodes(yaml) >= TREE_NODES) break;
    n = Math.ceil(n * (TREE_NODES / countNodes(yaml)) * 1.02);
  }
  const jpeg = await page.screenshot({ type: 'jpeg', quality: 60, scale: 'css' });
  await page.close();
  return { yaml, jpeg };
}

/** Writes one session folder the way the recorder does: session.json, events.jsonl, artifacts/. */
function writeSession(root, name, id, steps) {
  const dir = join(root, name);
  const artifacts = join(dir, 'artifacts');
  mkdirSync(artifacts, { recursive: true });
  const startedAt = Date.parse('2026-01-01T10:00:00Z') + steps.length;
  writeFileSync(
    join(dir, 'session.json'),
    JSON.stringify({
      format: 'agent-inspector-session',
      version: 1,
      id,
      startedAt,
      transport: 'http',
      clientName: `bench ${name}`,
      writer: 'bench/ui.js',
    }),
  );
  const lines = [
    { type: 'session-started', sessionId: id, transport: 'http', clientName: `bench ${name}`, time: startedAt },
  ];
  steps.forEach((step, index) => {
    const seq = index + 1;
    const record = {
      type: 'tool-call',
      sessionId: id,
      seq,
      tool: step.tool,
      args: step.args,
      startedAt: startedAt + seq * 1000,
      endedAt: startedAt + seq * 1000 + 40 + (seq % 50),
      outcome: 'ok',
      targets: step.targets,
      response: step.response ?? { result: 'ok', snapshot: step.aria ? {} : undefined },
      code: step.code,
      url: 'https://bench.example/page',
      title: 'Bench',
      artifacts: {},
    };
    if (step.aria) {
      const file = `${String(seq).padStart(4, '0')}-aria.yml.gz`;
      writeFileSync(join(artifacts, file), gzipSync(step.aria));
      record.artifacts.aria = { file };
    }
    if (step.screenshot) record.artifacts.screenshot = step.screenshot;
    if (step.dom) {
      const file = `${String(seq).padStart(4, '0')}-dom.html.gz`;
      writeFileSync(join(artifacts, file), gzipSync(step.dom));
      record.artifacts.dom = { file };
    }
    if (step.domDiff) {
      const file = `${String(seq).padStart(4, '0')}-dom-state.diff.gz`;
      writeFileSync(join(artifacts, file), gzipSync(step.domDiff));
      record.artifacts.domDiff = { file };
    }
    lines.push(record);
  });
  lines.push({ type: 'session-ended', sessionId: id, time: startedAt + steps.length * 1000 + 500 });
  writeFileSync(join(dir, 'events.jsonl'), lines.map(line => JSON.stringify(line)).join('\n') + '\n');
  return { dir, stepStart: seq => startedAt + seq * 1000 };
}

/** One turn of a scripted agent as the tracing receiver stores it: the conversation so far in, a text and a call out. */
function turnSpan(run, k, startMs) {
  const input = Array.from({ length: Math.min(k, 40) }, (_, i) => ({
    role: i % 2 ? 'tool' : 'user',
    parts: [{ type: 'text', content: `Message ${i} of turn ${k}: ${'the page lists items and a cart. '.repeat(18)}` }],
  }));
  const output = [
    {
      role: 'assistant',
      parts: [
        { type: 'text', content: `Turn ${k} of run ${run}: the next item is e${k}; clicking it.` },
        { type: 'tool_call', id: `c${k}`, name: 'browser_click', arguments: { target: `e${k}` } },
      ],
    },
  ];
  return {
    traceId: `${String(run).padStart(2, '0')}${'a'.repeat(30)}`,
    spanId: (k + 1).toString(16).padStart(16, '0'),
    name: 'chat bench-model',
    kind: 3,
    startMs: startMs - 800,
    endMs: startMs - 5,
    attributes: {
      'gen_ai.operation.name': 'chat',
      'gen_ai.request.model': 'bench-model',
      'gen_ai.usage.input_tokens': 900 * Math.min(k, 40),
      'gen_ai.usage.output_tokens': 40,
      'gen_ai.input.messages': JSON.stringify(input),
      'gen_ai.output.messages': JSON.stringify(output),
    },
    events: [],
    resource: { 'service.name': 'bench-agent' },
  };
}

/** A DomState-style diff of DIFF_LINES changed lines: half removed, half added (a navigation to another page). */
function bigDiff(run) {
  const half = DIFF_LINES / 2;
  const removed = Array.from(
    { length: half },
    (_, i) => `-      <li ref="e${i}" class="row">Row ${i} of the old page</li>`,
  );
  const added = Array.from(
    { length: half },
    (_, i) => `+      <li ref="e${i}" class="row">Row ${i} of page ${run}</li>`,
  );
  return [
    '--- a/dom.html\t(before 001-navigate)',
    '+++ b/dom.html\t(after 002-navigate)',
    `@@ -1,${half} +1,${half} @@`,
    ...removed,
    ...added,
    '',
  ].join('\n');
}

/** A snapshot of exactly RESPONSE_BYTES: the big tree repeated or cut at a line end. */
function responseYaml(yaml, run) {
  let text = yaml.replace('"Large page"', `"Large page ${run}"`);
  while (text.length < RESPONSE_BYTES) text += `\n${yaml}`;
  return text.slice(0, text.lastIndexOf('\n', RESPONSE_BYTES));
}

/** RUNS sessions of SESSION_STEPS clicks and typing (one each, so every open is cold), and RUNS of 10k-node trees. */
function writeSessions(root, yaml, jpeg) {
  writeFileSync(join(root, 'screenshot.jpg'), jpeg);
  const smallAria = yaml.split('\n').slice(0, 40).join('\n');
  for (let run = 0; run < RUNS; run++) {
    const steps = Array.from({ length: SESSION_STEPS }, (_, i) =>
      i % 2
        ? {
            tool: 'browser_click',
            args: { target: `e${i}` },
            targets: [
              {
                target: `e${i}`,
                ref: `e${i}`,
                role: 'button',
                name: `Action ${i}`,
                locator: `page.getByRole('button', { name: 'Action ${i}' })`,
                box: { x: 10, y: 20 + (i % 30) * 20, width: 80, height: 18 },
              },
            ],
            code: `await page.getByRole('button', { name: 'Action ${i}' }).click();`,
          }
        : {
            tool: 'browser_type',
            args: { target: `e${i}`, text: `note ${i}` },
            targets: [
              {
                target: `e${i}`,
                ref: `e${i}`,
                role: 'textbox',
                name: `Item ${i}`,
                locator: `page.getByLabel('Item ${i}')`,
              },
            ],
            code: `await page.getByLabel('Item ${i}').fill('note ${i}');`,
          },
    );
    steps[0].aria = smallAria;
    writeSession(root, `steps-${run}`, `bench-steps-${run}`, steps);
    // Step 1 is small and opens first; step 2 is the big tree (a distinct one per run, so nothing is cached).
    writeSession(root, `tree-${run}`, `bench-tree-${run}`, [
      {
        tool: 'browser_navigate',
        args: { url: 'https://bench.example/' },
        code: "await page.goto('https://bench.example/');",
        aria: smallAria,
      },
      { tool: 'browser_snapshot', args: {}, code: '', aria: yaml.replace('"Large page"', `"Large page ${run}"`) },
      { tool: 'browser_snapshot', args: {}, code: '', aria: smallAria },
    ]);
    // Step 2 carries the big diff; step 3 (selected on open) changed nothing.
    const dom = '<body>\n  <p>page</p>\n</body>\n';
    writeSession(root, `diff-${run}`, `bench-diff-${run}`, [
      {
        tool: 'browser_navigate',
        args: { url: 'https://bench.example/old' },
        code: "await page.goto('https://bench.example/old');",
        dom,
      },
      {
        tool: 'browser_navigate',
        args: { url: 'https://bench.example/new' },
        code: "await page.goto('https://bench.example/new');",
        dom: dom.replace('page', `page ${run}`),
        domDiff: bigDiff(run),
      },
      { tool: 'browser_snapshot', args: {}, code: '', dom: dom.replace('page', `page ${run}`) },
    ]);
    // A model turn before each of MODEL_TURNS clicks, linked by the call it emitted.
    const clicks = Array.from({ length: MODEL_TURNS }, (_, i) => ({
      tool: 'browser_click',
      args: { target: `e${i + 1}` },
      code: `await page.getByRole('button', { name: 'Item ${i + 1}' }).click();`,
    }));
    const model = writeSession(root, `model-${run}`, `bench-model-${run}`, clicks);
    writeFileSync(
      join(model.dir, 'spans.jsonl'),
      clicks.map((_, i) => `${JSON.stringify(turnSpan(run, i + 1, model.stepStart(i + 1)))}\n`).join(''),
    );
    // Step 2's response is a 500 KB snapshot (what browser_snapshot answers on a large page); step 3 is small.
    const page = { url: 'https://bench.example/big', title: 'Big' };
    writeSession(root, `response-${run}`, `bench-response-${run}`, [
      {
        tool: 'browser_navigate',
        args: { url: page.url },
        code: `await page.goto('${page.url}');`,
        aria: smallAria,
        response: { code: `await page.goto('${page.url}');`, page, snapshot: {} },
      },
      { tool: 'browser_snapshot', args: {}, code: '', aria: responseYaml(yaml, run), response: { page, snapshot: {} } },
      { tool: 'browser_snapshot', args: {}, code: '', aria: smallAria, response: { page, snapshot: {} } },
    ]);
  }
}

function startServe(sessionDir) {
  const child = spawn(process.execPath, [OUR_CLI, 'serve', '--headless', '--port', '0', '--session-dir', sessionDir], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  return new Promise((resolve, reject) => {
    let output = '';
    child.stderr.on('data', chunk => {
      output += chunk;
      const url = output.match(/web mode\) at (http:\/\/127\.0\.0\.1:\d+)/)?.[1];
      if (url) resolve({ url, stop: () => child.kill('SIGTERM') });
    });
    child.on('exit', code => reject(new Error(`serve exited with ${code}:\n${output}`)));
  });
}

/** Clicks `selector` and waits until `done()` holds in a painted frame; returns the milliseconds in between. */
function clickUntil(page, selector, done) {
  return page.evaluate(
    async ({ selector, done }) => {
      const check = new Function(`return (${done})()`);
      const start = performance.now();
      document.querySelector(selector).click();
      while (!check()) await new Promise(resolve => requestAnimationFrame(resolve));
      // One more frame: what was rendered has been painted.
      await new Promise(resolve => requestAnimationFrame(resolve));
      return performance.now() - start;
    },
    { selector, done: done.toString() },
  );
}

async function main() {
  console.log(machineInfo());
  const root = mkdtempSync(join(tmpdir(), 'bench-ui-'));
  const browser = await chromium.launch({ executablePath: CHROMIUM });
  let server;
  try {
    const { yaml, jpeg } = await capture(browser);
    writeSessions(root, yaml, jpeg);
    console.log(
      `Sessions in ${root}: ${RUNS} × ${SESSION_STEPS} steps, ${RUNS} × a ${countNodes(yaml).toLocaleString()}-node snapshot (${(yaml.length / 1024).toFixed(0)} KB)\n`,
    );
    server = await startServe(root);
    const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    await page.goto(server.url);
    await page
      .getByTestId('session-item')
      .nth(5 * RUNS - 1)
      .waitFor();

    const samples = {
      tree: [],
      treeText: [],
      session: [],
      sessionText: [],
      diff: [],
      diffText: [],
      response: [],
      responseText: [],
      model: [],
      modelText: [],
    };
    for (let run = 0; run < RUNS; run++) {
      // Open the tree session (its last, small step is selected), then time selecting the 10k-node step.
      await page
        .getByTestId('session-item')
        .filter({ hasText: `bench tree-${run}` })
        .click();
      await page.locator('[data-testid=aria-tree][data-tree-seq="3"]').waitFor();
      samples.tree.push(
        await clickUntil(
          page,
          '[data-testid=timeline-step][data-seq="2"]',
          () =>
            document.querySelector('[data-testid=aria-tree]')?.getAttribute('data-tree-seq') === '2' &&
            document.querySelectorAll('[data-testid=tree-row]').length > 20,
        ),
      );
      samples.treeText.push(await plainText(page, yaml));

      const title = `bench steps-${run}`;
      const index = await page
        .getByTestId('session-item')
        .evaluateAll((items, title) => items.findIndex(item => item.textContent.includes(title)), title);
      samples.session.push(
        await clickUntil(
          page,
          `li:nth-child(${index + 1}) > [data-testid=session-item]`,
          () =>
            document.querySelector('[data-testid=timeline-panel] h2')?.textContent === 'Timeline · 500 calls' &&
            document.querySelectorAll('[data-testid=timeline-step]').length > 5 &&
            !!document.querySelector('[data-testid=aria-tree]'),
        ),
      );
      const lines = Array.from(
        { length: SESSION_STEPS },
        (_, i) =>
          `${i + 1}  ${i % 2 ? 'click' : 'type'}  ${i % 2 ? `button "Action ${i}"` : `textbox "Item ${i}"`}  ${40 + ((i + 1) % 50)} ms  ✓`,
      );
      samples.sessionText.push(await plainText(page, lines.join('\n')));

      // The DOM diff tab open on a step that changed nothing, then time selecting the step with the big diff.
      await page
        .getByTestId('session-item')
        .filter({ hasText: `bench diff-${run}` })
        .click();
      await page.locator('[data-testid=timeline-step][data-seq="3"][aria-selected=true]').waitFor();
      await page.getByTestId('tab-dom-diff').click();
      await page.getByTestId('dom-diff-note').waitFor();
      samples.diff.push(
        await clickUntil(
          page,
          '[data-testid=timeline-step][data-seq="2"]',
          () =>
            document.querySelector('[data-testid=dom-diff]')?.textContent.includes('step 1 → 2') &&
            !!document.querySelector('[data-testid=dom-diff-body] .d2h-file-wrapper'),
        ),
      );
      samples.diffText.push(await plainText(page, bigDiff(run)));

      // The Response tab open on a small step, then time selecting the step whose response is 500 KB of snapshot.
      await page.getByTestId('tab-response').click();
      await page
        .getByTestId('session-item')
        .filter({ hasText: `bench response-${run}` })
        .click();
      await page.locator('[data-testid=response-view][data-seq="3"]').waitFor();
      const big = responseYaml(yaml, run);
      samples.response.push(
        await clickUntil(
          page,
          '[data-testid=timeline-step][data-seq="2"]',
          () =>
            document.querySelector('[data-testid=response-view]')?.getAttribute('data-seq') === '2' &&
            Number(
              document
                .querySelector('[data-testid=response-view] [data-title=Snapshot] pre')
                ?.getAttribute('data-lines'),
            ) > 10_000 &&
            !!document.querySelector('[data-title=Snapshot] .yaml-ref'),
        ),
      );
      samples.responseText.push(
        await plainText(
          page,
          `### Page\n- Page URL: https://bench.example/big\n### Snapshot\n\`\`\`yaml\n${big}\n\`\`\``,
        ),
      );
      // The Model tab open on the last step, then time selecting a step halfway whose turn saw 40 messages.
      await page
        .getByTestId('session-item')
        .filter({ hasText: `bench model-${run}` })
        .click();
      await page.getByTestId('tab-model').click();
      await page
        .locator(`[data-testid=model-view][data-span="${(MODEL_TURNS + 1).toString(16).padStart(16, '0')}"]`)
        .waitFor();
      const half = MODEL_TURNS / 2;
      // Scrolled into view without selecting anything on the way (the timeline is virtualized).
      const row = page.locator(`[data-testid=timeline-step][data-seq="${half}"]`);
      while (!(await row.count()))
        await page.getByTestId('timeline').evaluate(list => {
          list.scrollTop -= list.clientHeight;
        });
      samples.model.push(
        await clickUntil(
          page,
          `[data-testid=timeline-step][data-seq="${half}"]`,
          new Function(
            `return () => document.querySelector('[data-testid=model-output]')?.textContent.startsWith('Turn ${half} of run ${run}:')`,
          )(),
        ),
      );
      const turn = turnSpan(run, half, 0);
      samples.modelText.push(
        await plainText(
          page,
          [
            ...JSON.parse(turn.attributes['gen_ai.input.messages']),
            ...JSON.parse(turn.attributes['gen_ai.output.messages']),
          ]
            .map(message => message.parts[0].content)
            .join('\n\n'),
        ),
      );
      await page.getByTestId('tab-code').click();
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
      ['measure (ms, median of ' + RUNS + ')', 'inspector', 'max', 'plain text', 'ratio', 'target', ''],
      [
        row(
          `select a step with a ${countNodes(yaml).toLocaleString()}-node tree`,
          samples.tree,
          samples.treeText,
          TARGETS.tree,
        ),
        row(`open a ${SESSION_STEPS}-step recorded session`, samples.session, samples.sessionText, TARGETS.session),
        row(`open a ${DIFF_LINES.toLocaleString()}-line DOM diff`, samples.diff, samples.diffText, TARGETS.diff),
        row(
          `Response tab: a step with ${RESPONSE_BYTES / 1024} KB of snapshot`,
          samples.response,
          samples.responseText,
          TARGETS.response,
        ),
        row(
          `Model tab: a step of ${MODEL_TURNS} turns (40 messages in)`,
          samples.model,
          samples.modelText,
          TARGETS.model,
        ),
      ],
      1,
    );
    console.log(
      '\ninspector: from the click to the painted frame showing the result — bridge round trip over the WebSocket,',
    );
    console.log(
      'reading the session, snapshot or diff from disk, parsing, virtualized or piecewise render. plain text: the same data put into',
    );
    console.log('a <pre> in the same page, laid out and painted (no transfer, no parsing, nothing interactive).');
  } finally {
    server?.stop();
    await browser.close();
    rmSync(root, { recursive: true, force: true });
  }
}

await main();
