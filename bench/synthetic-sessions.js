// Recorded sessions in the recorder's format (src/main/sessions/format.ts), from a seeded generator: the same folder
// every run, for benchmarks that need hundreds of long runs (bench:search, bench:sessions-mcp).
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

let seed = 42;
const random = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
const int = n => Math.floor(random() * n);
const pick = list => list[int(list.length)];
const SYLLABLES = [
  'ka',
  'lo',
  'mi',
  'ren',
  'to',
  'vas',
  'el',
  'dor',
  'in',
  'qu',
  'sha',
  'ber',
  'nix',
  'pa',
  'ul',
  'zen',
  'or',
  'tri',
  'mo',
  'ga',
];
/** 20,000 words; sampled with a skew (like real text) so a few are common and most are rare. */
export const VOCABULARY = [
  ...new Set(Array.from({ length: 30_000 }, () => Array.from({ length: 2 + int(3) }, () => pick(SYLLABLES)).join(''))),
].slice(0, 20_000);
const word = () => VOCABULARY[Math.floor(VOCABULARY.length * random() ** 3)];
const words = n => Array.from({ length: n }, word).join(' ');
const TOOLS = [
  'browser_click',
  'browser_click',
  'browser_click',
  'browser_type',
  'browser_type',
  'browser_navigate',
  'browser_evaluate',
  'browser_snapshot',
  'browser_wait_for',
  'browser_press_key',
  'browser_hover',
  'browser_select_option',
];

/** The page a session is on, when pages change only on navigations (`stayOnPage`). */
const pageOf = new Map();

function step(session, seq, needle, stayOnPage) {
  const tool = pick(TOOLS);
  const host = `shop${session % 20}.example.com`;
  const fresh = `https://${host}/${word()}/${word()}?id=${int(10_000)}`;
  const url = !stayOnPage || tool === 'browser_navigate' || !pageOf.has(session) ? fresh : pageOf.get(session);
  pageOf.set(session, url);
  const name = words(2);
  const ref = `e${int(900) + 2}`;
  const args = {
    browser_click: { element: `${name} button`, target: ref },
    browser_type: { element: `${name} field`, target: ref, text: words(4) },
    browser_navigate: { url },
    browser_evaluate: { function: `() => document.querySelector('#${word()}').textContent` },
    browser_snapshot: {},
    browser_wait_for: { text: words(2) },
    browser_press_key: { key: pick(['Enter', 'Tab', 'Escape', 'ArrowDown']) },
    browser_hover: { element: name, target: ref },
    browser_select_option: { element: name, target: ref, values: [word()] },
  }[tool];
  const failed = random() < 0.05;
  const result = `${words(150 + int(250))}${needle ? ` ${needle}` : ''}`;
  const response = {
    ...(failed
      ? {
          error: `TimeoutError: locator.click: Timeout 5000ms exceeded waiting for getByRole('button', { name: '${name}' })`,
        }
      : { result }),
    code: `await page.getByRole('button', { name: '${name}' }).click();`,
    page: { url, title: `${words(3)} | Shop` },
    ...(tool === 'browser_snapshot' || tool === 'browser_navigate' ? { snapshot: {} } : {}),
    events: Array.from({ length: int(4) }, () => `[LOG] ${words(8)} @ https://${host}/app.js:${int(900)}`),
  };
  const time = Date.parse('2026-01-01T10:00:00Z') + session * 3_600_000 + seq * 1_000;
  return {
    type: 'tool-call',
    sessionId: `bench-${session}`,
    seq,
    tool,
    args,
    startedAt: time,
    endedAt: time + 40 + int(400),
    outcome: failed ? 'error' : 'ok',
    response,
    code: response.code,
    url,
    title: response.page.title,
    artifacts: {},
    activity: {
      console: Array.from({ length: int(4) }, () => ({
        seq,
        time,
        kind: 'console',
        level: pick(['info', 'warning', 'error']),
        text: words(10),
      })),
      network: Array.from({ length: 2 + int(8) }, (_, i) => ({
        seq,
        time,
        id: seq * 100 + i,
        method: pick(['GET', 'GET', 'POST']),
        url: `https://api${session % 5}.example.com/v1/${word()}/${int(1_000)}?q=${word()}`,
        resourceType: 'fetch',
        status: 200,
        durationMs: int(300),
      })),
    },
  };
}

/**
 * Writes `sessions` sessions of `steps` steps each under `root`; returns the rare words planted (each in exactly one
 * step's response). Each step is on a page of its own, unless `stayOnPage`: then the page changes on navigations only,
 * as in an agent's run.
 */
export function writeSessions(root, sessions, steps, { stayOnPage = false } = {}) {
  const needles = [];
  for (let s = 0; s < sessions; s++) {
    const dir = join(root, `session-${String(s).padStart(3, '0')}`);
    mkdirSync(join(dir, 'artifacts'), { recursive: true });
    const id = `bench-${s}`;
    const startedAt = Date.parse('2026-01-01T10:00:00Z') + s * 3_600_000;
    writeFileSync(
      join(dir, 'session.json'),
      JSON.stringify({
        format: 'agent-inspector-session',
        version: 1,
        id,
        startedAt,
        transport: 'http',
        clientName: `bench agent ${s}`,
        writer: 'bench/search.js',
      }),
    );
    const needleAt = 1 + int(steps);
    const needle = `needle${s}x${needleAt}`;
    needles.push(needle);
    const lines = [
      { type: 'session-started', sessionId: id, transport: 'http', clientName: `bench agent ${s}`, time: startedAt },
    ];
    for (let seq = 1; seq <= steps; seq++) lines.push(step(s, seq, seq === needleAt ? needle : undefined, stayOnPage));
    lines.push({ type: 'session-ended', sessionId: id, time: startedAt + steps * 1_000 + 500 });
    writeFileSync(join(dir, 'events.jsonl'), lines.map(line => JSON.stringify(line)).join('\n') + '\n');
  }
  return needles;
}
