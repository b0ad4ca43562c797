// @ts-check
// The planner evaluation suite (issue 21): loads e2e/planner/suite.yaml, captures each fixture page's planner input
// exactly as production builds it, runs every case through a planner and classifies the outcome.
// Plain JavaScript so the benchmark (node bench/planner.js) and the regression spec share it.
//
// Capture: an `agent-inspector mcp` with `--planner-endpoint` pointing at a recording endpoint in this process opens
// each page and runs one browser_interact. The client loop sends the semantic_v3 request (snapshot + extraction, as
// for any query); the recorder answers "needs hybrid", then "needs full", and so receives the skeleton DOM, the
// screenshot and the full DOM the client would send when asked. The pages fit in one viewport, so the interactive
// tree does not depend on the query (the viewport scope only adds query matches from off-screen).
import { readFile } from 'node:fs/promises';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { parse } from 'yaml';
import { asyncListener } from './async-listener.js';

export const SUITE_FILE = fileURLToPath(new URL('../planner/suite.yaml', import.meta.url));
/** Issue 34's suite: written by someone who never saw the planner, on pages of its own; half of it kept aside. */
export const STRANGER_SUITE_FILE = fileURLToPath(new URL('../planner/stranger.yaml', import.meta.url));
/** Second strangers' suite: two more writers who never saw the planner, on 13 pages of their own; half kept aside. */
export const STRANGER_2_SUITE_FILE = fileURLToPath(new URL('../planner/stranger-2.yaml', import.meta.url));
const CLI = fileURLToPath(new URL('../../bin/agent-inspector.js', import.meta.url));

/**
 * @typedef {{ kind: 'click' | 'type' | 'select', role: string, name: string, nth: number, value?: string }
 *   | { kind: 'press', key: string } | { kind: 'navigate', url: string } | { kind: 'wait', ms: number }
 *   | { kind: 'scroll', role?: string, name?: string, nth: number, direction: string }
 *   | { kind: 'refuse', why: string }} Expected
 * @typedef {{ q: string, page: string, cat: string, expect: Expected, raw: string, tuned: boolean, rest?: string }} Case
 * @typedef {{ version: number, baseline: { accuracy: number, wrongActions: number }, cases: Case[] }} Suite
 */

const ELEMENT = /^(click|type|select)\s+(\S+)\s+"([^"]*)"(?:\s+#(\d+))?(?:\s*=\s*"([^"]*)")?$/;
const SCROLL = /^scroll\s+(?:page|(\S+)\s+"([^"]*)"(?:\s+#(\d+))?)\s+(up|down)$/;

/**
 * The expectation grammar of suite.yaml: `click btn "Save"`, `click btn "Add to cart" #2` (the second of that role
 * and name in the interactive tree), `type txt "Email" = "a@b.co"`, `select cmb "Country" = "France"`,
 * `press "Enter"`, `navigate "https://…"`, `wait 2000`, `scroll page down`, `scroll rgn "Comments" down`,
 * `refuse ambiguous|absent|unsupported|vague`. Roles are the contract's role codes.
 * @param {string} text
 * @returns {Expected}
 */
export function parseExpected(text) {
  const s = text.trim();
  let m = s.match(ELEMENT);
  if (m) {
    if ((m[1] === 'click') !== (m[5] === undefined))
      throw new Error(`"${s}": click takes no value, type and select need = "value"`);
    return {
      kind: /** @type {'click'} */ (m[1]),
      role: m[2],
      name: m[3],
      nth: Number(m[4] ?? 1),
      ...(m[5] !== undefined && { value: m[5] }),
    };
  }
  if ((m = s.match(SCROLL)))
    return { kind: 'scroll', ...(m[1] && { role: m[1], name: m[2] }), nth: Number(m[3] ?? 1), direction: m[4] };
  if ((m = s.match(/^press\s+"([^"]+)"$/))) return { kind: 'press', key: m[1] };
  if ((m = s.match(/^navigate\s+"([^"]+)"$/))) return { kind: 'navigate', url: m[1] };
  if ((m = s.match(/^wait\s+(\d+)$/))) return { kind: 'wait', ms: Number(m[1]) };
  if ((m = s.match(/^refuse\s+(ambiguous|absent|unsupported|vague)$/))) return { kind: 'refuse', why: m[1] };
  throw new Error(`Unknown expectation "${s}"`);
}

/** @returns {Promise<Suite>} */
export async function loadSuite(file = SUITE_FILE) {
  const doc = parse(await readFile(file, 'utf8'));
  if (doc?.version !== 1) throw new Error(`${file}: expected version: 1`);
  const cases = [];
  for (const [k, raw] of (doc.cases ?? []).entries()) {
    const where = `${file} case ${k + 1} (${JSON.stringify(raw?.q)})`;
    for (const field of ['q', 'page', 'cat', 'expect'])
      if (typeof raw?.[field] !== 'string') throw new Error(`${where}: "${field}" must be a string`);
    if (raw.tuned !== undefined && typeof raw.tuned !== 'boolean')
      throw new Error(`${where}: "tuned" must be true or false`);
    try {
      cases.push({
        q: raw.q,
        page: raw.page,
        cat: raw.cat,
        raw: raw.expect,
        expect: parseExpected(raw.expect),
        tuned: raw.tuned !== false,
        ...(raw.rest && { rest: raw.rest }),
      });
    } catch (error) {
      throw new Error(`${where}: ${/** @type {Error} */ (error).message}`);
    }
  }
  return { version: doc.version, baseline: doc.baseline, cases };
}

/**
 * The recording planner endpoint: answers the first round with "needs hybrid", the second with "needs full", and keeps
 * what each round carried.
 */
async function startRecorder() {
  /** @type {any[]} */
  let requests = [];
  const server = createServer(
    asyncListener(async (req, res) => {
      let body = '';
      for await (const chunk of req) body += chunk;
      const request = JSON.parse(body);
      requests.push(request);
      const answer =
        request.domMode === 'semantic_v3'
          ? {
              status: 'needs_context',
              requestedDomMode: 'hybrid',
              needsSkeletonDom: true,
              needsScreenshot: true,
              reason: 'suite capture',
            }
          : request.domMode === 'hybrid'
            ? { status: 'needs_full_dom', reason: 'suite capture' }
            : { thought: 'captured', action: 'fail("suite capture: nothing to do")' };
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(answer));
    }),
  );
  await new Promise(resolve => server.listen(0, '127.0.0.1', () => resolve(undefined)));
  const address = /** @type {import('node:net').AddressInfo} */ (server.address());
  return {
    url: `http://127.0.0.1:${address.port}/api/agent/interact`,
    take: () => [requests, (requests = [])][0],
    close: () => new Promise(resolve => server.close(() => resolve(undefined))),
  };
}

/**
 * @typedef {{ base: any, skeletonDom: string, screenshot: string, screenshotHash?: string, dom: string }} PageInput
 * @param {string} fixturesUrl
 * @param {string[]} pages names of e2e/fixtures/planner/<name>.html
 * @param {string} chromium
 * @returns {Promise<Map<string, PageInput>>}
 */
export async function capturePages(fixturesUrl, pages, chromium) {
  const recorder = await startRecorder();
  const cwd = await mkdtemp(join(tmpdir(), 'planner-suite-'));
  const env = Object.fromEntries(
    Object.entries(process.env).filter(([k, v]) => v !== undefined && !k.startsWith('AGENT_INSPECTOR_')),
  );
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [CLI, 'mcp', '--headless', '--isolated', '--executable-path', chromium, '--planner-endpoint', recorder.url],
    cwd,
    env: /** @type {Record<string, string>} */ (env),
    stderr: 'pipe',
  });
  let stderr = '';
  transport.stderr?.on('data', chunk => {
    stderr = (stderr + chunk).slice(-2000);
  });
  const client = new Client({ name: 'planner-suite', version: '1.0.0' });
  /** @type {Map<string, PageInput>} */
  const inputs = new Map();
  try {
    await client.connect(transport);
    for (const page of pages) {
      const url = `${fixturesUrl}/planner/${page}.html`;
      const nav = await client.callTool({ name: 'browser_navigate', arguments: { url } });
      if (nav.isError) throw new Error(`Could not open ${url}: ${JSON.stringify(nav.content)}`);
      await client.callTool({ name: 'browser_interact', arguments: { query: 'suite capture' } });
      const [semantic, hybrid, full] = recorder.take();
      if (!semantic || !hybrid?.screenshot || !full?.dom)
        throw new Error(
          `The capture of ${page} got ${[semantic, hybrid, full].filter(Boolean).length} of 3 rounds\n${stderr}`,
        );
      const { query: _query, domMode: _mode, ...base } = semantic;
      inputs.set(page, {
        base,
        skeletonDom: hybrid.skeletonDom,
        screenshot: hybrid.screenshot,
        screenshotHash: hybrid.screenshotHash,
        dom: full.dom,
      });
    }
  } finally {
    await client.close().catch(() => undefined);
    await recorder.close();
    await rm(cwd, { recursive: true, force: true });
  }
  return inputs;
}

/**
 * The node an expectation names: the nth node of that role and exact name, in tree order.
 * @param {PageInput} input @param {Expected} expect @param {string} where
 * @returns {{ i: string, r: string, n?: string } | undefined}
 */
function expectedNode(input, expect, where) {
  if (!('role' in expect) || !expect.role) return undefined;
  /** @type {{ i: string, r: string, n?: string }[]} */
  const tree = input.base.interactiveTree;
  const nodes = tree.filter(node => node.r === expect.role && (node.n ?? '') === expect.name);
  const node = nodes[expect.nth - 1];
  if (!node) {
    const seen = tree.map(n => `${n.r} "${n.n ?? ''}"`).join(', ');
    throw new Error(
      `${where}: no ${expect.role} "${expect.name}" #${expect.nth} in the captured tree (${nodes.length} of that role and name). The tree: ${seen}`,
    );
  }
  return node;
}

const ACTION = /^(\w+)\((.*)\)$/s;

/**
 * The contract's action string, split: `click(e5)` → { kind, id }; strings are JSON strings.
 * @param {unknown} action
 * @returns {{ kind: string, id?: string, value?: string, target?: string, direction?: string, key?: string, url?: string, ms?: number, summary?: string, reason?: string }}
 */
function parseAction(action) {
  const m = String(action).trim().match(ACTION);
  if (!m) return { kind: 'invalid' };
  const [, kind, args] = m;
  const str = (/** @type {string} */ text) => JSON.parse(text.trim());
  switch (kind) {
    case 'click':
      return { kind, id: args.trim() };
    case 'type':
    case 'select': {
      const comma = args.indexOf(',');
      return { kind, id: args.slice(0, comma).trim(), value: str(args.slice(comma + 1)) };
    }
    case 'scroll': {
      const [target, direction] = args.split(',').map(part => part.trim());
      return { kind, target, direction };
    }
    case 'press':
      return { kind, key: str(args) };
    case 'navigate':
      return { kind, url: str(args) };
    case 'wait':
      return { kind, ms: Number(args) };
    case 'done':
      return { kind, summary: str(args) };
    case 'fail':
      return { kind, reason: str(args) };
    default:
      return { kind: 'invalid' };
  }
}

/**
 * Runs the negotiation as the client loop does: semantic_v3 first, then the same request plus the artifacts asked
 * for, at most `maxRounds` rounds. Returns the final answer (an action response) or a refusal describing why none came.
 * @param {(request: any) => Promise<any>} plan
 */
async function negotiate(plan, /** @type {PageInput} */ input, /** @type {string} */ query, maxRounds = 4) {
  let request = { ...input.base, query, domMode: 'semantic_v3' };
  const rounds = [];
  for (let round = 1; round <= maxRounds; round++) {
    const started = performance.now();
    const answer = await plan(request);
    rounds.push({ domMode: request.domMode, ms: performance.now() - started, screenshot: !!request.screenshot });
    if (!('status' in answer)) return { answer, rounds };
    const mode =
      answer.status === 'needs_full_dom'
        ? 'full'
        : (answer.requestedDomMode ?? (answer.needsScreenshot ? 'hybrid' : 'skeleton'));
    const artifacts =
      mode === 'full'
        ? { dom: input.dom }
        : mode === 'hybrid'
          ? {
              skeletonDom: input.skeletonDom,
              screenshot: input.screenshot,
              ...(input.screenshotHash && { screenshotHash: input.screenshotHash }),
            }
          : { skeletonDom: input.skeletonDom };
    request = { ...input.base, query, domMode: mode, ...artifacts };
  }
  return {
    answer: {
      thought: `still asking after ${maxRounds} rounds`,
      action: `fail("no answer after ${maxRounds} rounds")`,
    },
    rounds,
  };
}

export const OUTCOMES = /** @type {const} */ ([
  'correct',
  'refused-correctly',
  'wrong',
  'refused-needlessly',
  'rest-missing',
]);

/**
 * Classifies one answer. `wrong` is an action on the wrong element, with the wrong value, or an action where a
 * refusal was expected: the outcome that must not happen. `rest-missing`: right first step of a multi-step query, but
 * the thought does not name the rest.
 */
function classify(
  /** @type {PageInput} */ input,
  /** @type {Case} */ c,
  /** @type {any} */ answer,
  /** @type {string} */ where,
) {
  const got = parseAction(answer.action);
  const e = c.expect;
  if (e.kind === 'refuse') return got.kind === 'fail' ? 'refused-correctly' : 'wrong';
  if (got.kind === 'fail') return 'refused-needlessly';
  if (got.kind !== e.kind) return 'wrong';
  let right;
  switch (e.kind) {
    case 'click':
    case 'type':
    case 'select':
      right = got.id === expectedNode(input, e, where)?.i && (e.kind === 'click' || got.value === e.value);
      break;
    case 'scroll':
      right = got.direction === e.direction && got.target === (e.role ? expectedNode(input, e, where)?.i : 'page');
      break;
    case 'press':
      right = got.key === e.key;
      break;
    case 'navigate':
      right = got.url === e.url;
      break;
    case 'wait':
      right = got.ms === e.ms;
      break;
  }
  if (!right) return 'wrong';
  if (c.rest && !String(answer.thought).toLowerCase().includes(c.rest.toLowerCase())) return 'rest-missing';
  return 'correct';
}

/**
 * @param {Suite} suite
 * @param {Map<string, PageInput>} inputs
 * @param {(request: any) => Promise<any>} plan
 */
export async function runSuite(suite, inputs, plan) {
  /** @type {Result[]} */
  const results = [];
  for (const [k, c] of suite.cases.entries()) {
    const input = inputs.get(c.page);
    const where = `case ${k + 1} (${JSON.stringify(c.q)} on ${c.page})`;
    if (!input) throw new Error(`${where}: page ${c.page} was not captured`);
    const { answer, rounds } = await negotiate(plan, input, c.q);
    results.push({ case: c, outcome: classify(input, c, answer, where), answer, rounds });
  }
  return results;
}

/**
 * Every expectation names a node of its page's captured tree: a suite typo fails loudly, not as a planner miss.
 * @param {Suite} suite @param {Map<string, PageInput>} inputs
 */
export function checkSuite(suite, inputs) {
  for (const [k, c] of suite.cases.entries()) {
    const input = inputs.get(c.page);
    if (!input) throw new Error(`case ${k + 1}: page ${c.page} was not captured`);
    expectedNode(input, c.expect, `case ${k + 1} (${JSON.stringify(c.q)} on ${c.page})`);
  }
}

/**
 * @typedef {{ case: Case, outcome: typeof OUTCOMES[number], answer: any, rounds: { domMode: string, ms: number, screenshot: boolean }[] }} Result
 */

/**
 * Accuracy (correct action or correct refusal), refusal rate and wrong-action rate of a set of results.
 * @param {Result[]} results
 */
export function summarize(results) {
  const n = results.length;
  const count = (/** @type {Result['outcome']} */ outcome) => results.filter(r => r.outcome === outcome).length;
  const correct = count('correct') + count('refused-correctly');
  const refusals = results.filter(r => parseAction(r.answer.action).kind === 'fail').length;
  return {
    n,
    correct,
    accuracy: n ? correct / n : 0,
    refusalRate: n ? refusals / n : 0,
    wrong: count('wrong'),
    wrongRate: n ? count('wrong') / n : 0,
    needless: count('refused-needlessly'),
    restMissing: count('rest-missing'),
  };
}

/**
 * Rows per category, then tuned / held-out / all: for printing.
 * @param {Result[]} results
 */
export function reportRows(results) {
  const pct = (/** @type {number} */ x) => `${(100 * x).toFixed(1)} %`;
  const row = (/** @type {string} */ label, /** @type {Result[]} */ subset) => {
    const s = summarize(subset);
    return [label, s.n, pct(s.accuracy), pct(s.refusalRate), pct(s.wrongRate), s.wrong, s.needless, s.restMissing];
  };
  const categories = [...new Set(results.map(r => r.case.cat))].sort();
  return [
    ...categories.map(cat =>
      row(
        cat,
        results.filter(r => r.case.cat === cat),
      ),
    ),
    row(
      '— tuned',
      results.filter(r => r.case.tuned),
    ),
    row(
      '— held out',
      results.filter(r => !r.case.tuned),
    ),
    row('— all', results),
  ];
}
export const REPORT_HEAD = [
  'category',
  'cases',
  'accuracy',
  'refusals',
  'wrong rate',
  'wrong',
  'needless refusals',
  'rest missing',
];
