import { parseAriaTree, type AriaNode } from '../../shared/aria-tree';
import { jsString } from '../../shared/js-literal';
import { hasSecretMask } from '../secrets';
import type { ToolCallRecord } from './format';

/**
 * The assertions an exported spec makes about what a step led to, beyond what its own code set: the URL it
 * navigated to, and the status text a form submission made appear. Both are written to pass on every run: parts that
 * change from run to run (timestamps, nonces, session ids, counters) are left out, and when little is left, nothing
 * is asserted.
 */

// Query parameters that carry no meaning of the page: tracking, cache busting, per-run tokens and session ids.
const VOLATILE_PARAM =
  /^(?:utm_.*|gclid|gbraid|wbraid|dclid|fbclid|msclkid|yclid|mc_[ce]id|_ga|_gl|_|_t|t|ts|timestamp|time|now|nonce|cb|cachebust(?:er)?|cache_?buster|rnd|rand|random|sid|session|session_?id|jsessionid|phpsessid|.*token|csrf.*|state|request_?id|trace_?id|correlation_?id)$/i;
// Values that differ on every run whatever their name.
const VOLATILE_VALUES = [
  /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i, // UUID
  /^(?=.*\d)[0-9a-f]{16,}$/i, // long hex: hashes, ids
  /^1\d{9}(?:\d{3})?(?:\.\d+)?$/, // epoch seconds or milliseconds (2001–2033)
  /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/, // ISO date-time
  /^(?=.*\d)(?=.*[a-z])(?=.*[A-Z])[\w-]{20,}$/, // mixed-case random token (a slug is lower case)
];

/** A query parameter (or a fragment's) that changes from run to run: by its name, or by a value that looks generated. */
export function isVolatileParam(name: string, value: string): boolean {
  return VOLATILE_PARAM.test(name) || isVolatileValue(value);
}

function isVolatileValue(value: string): boolean {
  return VOLATILE_VALUES.some(pattern => pattern.test(value));
}

/** A fragment that looks generated (`#3f2a…`, `#state=…&nonce=…`) rather than a place on the page (`#reviews`). */
export function isVolatileFragment(hash: string): boolean {
  const fragment = hash.replace(/^#/, '');
  if (!fragment.includes('=')) return isVolatileValue(fragment);
  return [...new URLSearchParams(fragment)].some(([name, value]) => isVolatileParam(name, value));
}

/** A URL part with its %-escapes decoded, or as it is when they do not decode. */
function decoded(part: string): string {
  try {
    return decodeURIComponent(part);
  } catch {
    return part;
  }
}

/**
 * `await expect(page).toHaveURL(…)` for the URL a step ended on: the exact URL when nothing in it is volatile;
 * otherwise a predicate on origin and path, the stable parameters and a stable fragment, with the volatile parts
 * left out. The URL stays a `'http://origin/…'` literal in both forms, so rebaseLine turns it into `BASE_URL + …`.
 */
export function urlAssertion(recorded: string): string {
  let url: URL;
  try {
    url = new URL(recorded);
  } catch {
    return `await expect(page).toHaveURL(${jsString(recorded)});`;
  }
  const params = [...url.searchParams];
  // A masked secret is no value to match: its parameter is left out like a volatile one (and a path that holds one
  // leaves the origin alone to check).
  const stable = params.filter(([name, value]) => !isVolatileParam(name, value) && !hasSecretMask(value));
  const volatileHash = !!url.hash && (isVolatileFragment(url.hash) || hasSecretMask(decoded(url.hash)));
  const maskedPath = hasSecretMask(decoded(url.pathname));
  if (!/^https?:$/.test(url.protocol) || (stable.length === params.length && !volatileHash && !maskedPath)) {
    return `await expect(page).toHaveURL(${jsString(recorded)});`;
  }
  const checks = [
    maskedPath
      ? `url.origin === ${jsString(url.origin)}`
      : `url.origin + url.pathname === ${jsString(url.origin + url.pathname)}`,
  ];
  for (const name of new Set(stable.map(([name]) => name))) {
    const values = stable.filter(([other]) => other === name).map(([, value]) => value);
    checks.push(
      values.length === 1
        ? `url.searchParams.get(${jsString(name)}) === ${jsString(values[0])}`
        : `url.searchParams.getAll(${jsString(name)}).join() === ${jsString(values.join())}`,
    );
  }
  if (url.hash && !volatileHash) checks.push(`url.hash === ${jsString(url.hash)}`);
  return `await expect(page).toHaveURL(url => ${checks.join(' && ')});`;
}

/** Text a submission made appear, as the assertion will find it. */
export interface AppearedText {
  /** status and alert: the page's only node of that role contains `text`; heading and paragraph: exactly that text. */
  role: 'status' | 'alert' | 'heading' | 'paragraph';
  text: string;
}

/** `await expect(…)…;` checking that the text is there. */
export function appearedAssertion({ role, text }: AppearedText): string {
  if (role === 'heading')
    return `await expect(page.getByRole('heading', { name: ${jsString(text)}, exact: true })).toBeVisible();`;
  if (role === 'paragraph') return `await expect(page.getByText(${jsString(text)}, { exact: true })).toBeVisible();`;
  return `await expect(page.getByRole('${role}')).toContainText(${jsString(text)});`;
}

/** A step that submits what was entered: a button clicked, Enter pressed, text typed with `submit`. */
export function submits(step: Pick<ToolCallRecord, 'tool' | 'args' | 'targets'>): boolean {
  if (step.tool === 'browser_click') return step.targets?.[0]?.role === 'button';
  if (step.tool === 'browser_press_key') return step.args.key === 'Enter';
  return step.tool === 'browser_type' && step.args.submit === true;
}

const MAX_TEXT = 80;
// Digits are times, dates, counters, prices, ids: what a rerun is likely to change. A masked secret is no text either.
const VOLATILE_TEXT = /\d|<secret>|•/;

/**
 * The text a submission made appear between two aria snapshots (mode 'ai'), or undefined when there is none worth
 * asserting: first a status or alert whose text is new (the page's only node of that role), else a heading or
 * paragraph whose text is new and found nowhere else on the page. A status is checked for its words before the first
 * volatile part (two words at least); a heading or paragraph must be stable throughout.
 */
export function appearedText(beforeYaml: string, afterYaml: string): AppearedText | undefined {
  const after = parseAriaTree(afterYaml);
  const seen = new Set(parseAriaTree(beforeYaml).flatMap(texts));
  const isNew = (text: string) => ![...seen].some(old => old.includes(text));
  for (const role of ['status', 'alert'] as const) {
    const nodes = after.filter(node => node.role === role);
    const text = nodes.length === 1 ? stablePrefix(ownText(after, nodes[0])) : undefined;
    if (text && isNew(text)) return { role, text };
  }
  const everywhere = after.flatMap(texts);
  for (const node of after) {
    if (node.role !== 'heading' && node.role !== 'paragraph') continue;
    const text = (node.role === 'heading' ? node.name : node.text)?.trim();
    if (!text || text.length > MAX_TEXT || VOLATILE_TEXT.test(text) || !isNew(text)) continue;
    if (everywhere.filter(other => other.includes(text)).length === 1) return { role: node.role, text };
  }
  return undefined;
}

/** The texts a node shows: its name and its inline text. */
const texts = (node: AriaNode) =>
  [node.name, node.text].filter((text): text is string => !!text?.trim()).map(text => text.trim());

/** A node's inline text, or its descendants' joined (a status holding a paragraph or bare text nodes). */
function ownText(nodes: AriaNode[], node: AriaNode): string {
  if (node.text) return node.text;
  return nodes
    .slice(nodes.indexOf(node) + 1, node.end)
    .flatMap(texts)
    .join(' ');
}

/** The words before the first volatile part, at most MAX_TEXT characters, cut at a word; undefined when under two words. */
function stablePrefix(text: string): string | undefined {
  const whole = text.replace(/\s+/g, ' ').trim();
  let stable = whole.split(VOLATILE_TEXT)[0].slice(0, MAX_TEXT);
  // A cut leaves a dangling word start ("Order #", "Thanks for yo"): only whole words count.
  if (stable.length < whole.length) stable = stable.replace(/\s*\S*$/, '');
  return stable.split(' ').length >= 2 ? stable : undefined;
}

/**
 * The appeared text of each submitting step, by seq, read from the recorded aria snapshots (the step's own, and the
 * last one before it); for ExportOptions.appeared. `ariaOf` reads a step's snapshot (RecordedSession.ariaSnapshot).
 */
export async function loadAppearedTexts(
  steps: readonly ToolCallRecord[],
  ariaOf: (step: ToolCallRecord) => Promise<string | undefined>,
): Promise<Map<number, AppearedText>> {
  const appeared = new Map<number, AppearedText>();
  let before: string | undefined;
  for (const step of steps) {
    const aria = step.outcome === 'ok' ? await ariaOf(step) : undefined;
    if (!aria) continue;
    const found = before !== undefined && submits(step) ? appearedText(before, aria) : undefined;
    if (found) appeared.set(step.seq, found);
    before = aria;
  }
  return appeared;
}
