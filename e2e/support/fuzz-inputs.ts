/**
 * Seeded generators of malformed and adversarial inputs for e2e/fuzz.spec.ts. Everything comes from one seed, so a
 * failure is reproduced by running again with FUZZ_SEED=<the printed seed>.
 */
import { craftZip } from './crafted-zip';

/** mulberry32: small, fast, and the same sequence for the same seed on every platform. */
export class Rng {
  private state: number;
  constructor(readonly seed: number) {
    this.state = seed >>> 0;
  }
  next(): number {
    let t = (this.state = (this.state + 0x6d2b79f5) >>> 0);
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }
  int(max: number): number {
    return Math.floor(this.next() * max);
  }
  pick<T>(items: readonly T[]): T {
    return items[this.int(items.length)];
  }
  chance(p: number): boolean {
    return this.next() < p;
  }
}

/** File names that reach outside the output folder: each carries MARKER, so an escape can be searched for by name. */
export const MARKER = 'fuzz-escape';
const traversals = [
  `../../${MARKER}.txt`,
  `../../../../../../tmp/${MARKER}.txt`,
  `/tmp/${MARKER}.png`,
  `..\\..\\${MARKER}.txt`,
  `%2e%2e%2f%2e%2e%2f${MARKER}.txt`,
  `sub/../../../${MARKER}.json`,
  `${MARKER}\u0000.png`,
  `./././../${MARKER}.pdf`,
  `~/${MARKER}.txt`,
  `//${MARKER}.txt`,
  `..%00/${MARKER}.txt`,
  `${'../'.repeat(40)}${MARKER}.txt`,
];
const urls = [
  'javascript:alert(document.cookie)',
  'JaVaScRiPt:void(0)',
  ' javascript:1',
  'file:///etc/passwd',
  'file:///proc/self/environ',
  'file://localhost/etc/shadow',
  'data:text/html,<script>alert(1)</script>',
  'chrome://settings',
  'about:blank',
  'http://',
  'http://[::1',
  'vbscript:msgbox',
  'view-source:file:///etc/passwd',
  'blob:null/abc',
  'ftp://127.0.0.1/',
  'http://127.0.0.1:1/',
  '::::',
  '//evil',
];
const strings = [
  '',
  ' ',
  '\u0000',
  '\ud800',
  '\u202e',
  'e'.repeat(10_001),
  '"\'`<>&',
  '<script>alert(1)</script>',
  '${process.exit(1)}',
  '{{7*7}}',
  '__proto__',
  'constructor',
  'prototype',
  'toString',
  '%s%s%s%n',
  'NaN',
  'null',
  'undefined',
  '-1',
  '1e309',
  '\r\n\r\nHTTP/1.1 200 OK',
  'e0',
  'e99999999',
  'f1e2',
  's1e1',
  'button',
  'getByRole("button")',
  '#id',
  '//*',
  'a'.repeat(1000),
  '💥'.repeat(3000),
];

export function adversarialString(rng: Rng): string {
  const kind = rng.int(10);
  if (kind === 0) return rng.pick(traversals);
  if (kind === 1) return rng.pick(urls);
  if (kind === 2) return 'x'.repeat(rng.pick([10_001, 65_537, 200_000, 1_100_000]));
  if (kind === 3) return Array.from({ length: rng.int(40) + 1 }, () => String.fromCharCode(rng.int(0xd7ff))).join('');
  return rng.pick(strings);
}

const numbers = [
  -1,
  0,
  -0,
  0.5,
  1e308,
  -1e308,
  2 ** 53 + 1,
  2 ** 31,
  -(2 ** 31),
  1e-7,
  86_400_000,
  Number.MAX_SAFE_INTEGER,
];

/** A JSON value of any type, sometimes an object with prototype-pollution keys or deep nesting. */
export function adversarialValue(rng: Rng, depth = 0): unknown {
  const kind = rng.int(depth > 2 ? 5 : 8);
  if (kind === 0) return adversarialString(rng);
  if (kind === 1) return rng.pick(numbers);
  if (kind === 2) return rng.chance(0.5);
  if (kind === 3) return null;
  if (kind === 4) return adversarialString(rng);
  if (kind === 5) return Array.from({ length: rng.int(4) }, () => adversarialValue(rng, depth + 1));
  if (kind === 6) return pollutingObject(rng, depth);
  return deepNesting(rng.pick([50, 500, 3000]));
}

/** Parsed from JSON text so that `__proto__` is an own key, as it would be in a request body. */
export function pollutingObject(rng: Rng, depth = 0): Record<string, unknown> {
  const key = rng.pick(['__proto__', 'constructor', 'prototype']);
  const inner: object = key === 'constructor' ? { prototype: { polluted: true } } : { polluted: true, toString: 'x' };
  return {
    ...JSON.parse(`{"${key}": ${JSON.stringify(inner)}}`),
    ...(depth < 2 && rng.chance(0.3) && { nested: adversarialValue(rng, depth + 1) }),
  };
}

export function deepNesting(depth: number): unknown {
  let value: unknown = 'bottom';
  for (let i = 0; i < depth; i++) value = i % 2 ? [value] : { a: value };
  return value;
}

interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  enum?: unknown[];
  items?: JsonSchema;
}

/** A plausible value for a field by its schema and name (so that some calls get past validation and reach the handler). */
function plausible(rng: Rng, name: string, schema: JsonSchema | undefined, site: string): unknown {
  if (schema?.enum) return rng.pick(schema.enum);
  const type = Array.isArray(schema?.type) ? schema.type[0] : schema?.type;
  if (/url/i.test(name)) return rng.chance(0.5) ? rng.pick(urls) : `${site}/form.html`;
  if (/file|path|name/i.test(name) && type !== 'array') return rng.pick(traversals);
  if (type === 'number' || type === 'integer') return rng.pick([0, 1, 2, 100]);
  if (type === 'boolean') return rng.chance(0.5);
  if (type === 'array') return rng.chance(0.5) ? [] : [plausible(rng, name, schema?.items, site)];
  if (type === 'object') {
    const out: Record<string, unknown> = {};
    for (const [key, sub] of Object.entries(schema?.properties ?? {})) out[key] = plausible(rng, key, sub, site);
    return out;
  }
  return rng.pick(['e2', 'e5', 'Submit', 'hello', 'textbox "Name"', rng.pick(traversals)]);
}

/**
 * Arguments for one tool call: a plausible set with one field made adversarial, the wrong shape altogether, or extra
 * prototype-pollution keys. Never an infinite loop for browser_evaluate: a `while(true)` page hangs its renderer, which
 * Playwright cannot interrupt (the call runs to its timeout by design), and would only measure that timeout.
 */
export function toolArguments(rng: Rng, schema: JsonSchema, site: string): unknown {
  const props = Object.entries(schema.properties ?? {});
  const mode = rng.int(6);
  if (mode === 0) return adversarialValue(rng);
  const args: Record<string, unknown> = {};
  for (const [key, sub] of props)
    if (schema.required?.includes(key) || rng.chance(0.4)) args[key] = plausible(rng, key, sub, site);
  if (mode === 1 && props.length) args[rng.pick(props)[0]] = adversarialValue(rng);
  if (mode === 2 && props.length) args[rng.pick(props)[0]] = adversarialString(rng);
  if (mode === 3) Object.assign(args, pollutingObject(rng));
  if (mode === 4) args.ref = adversarialString(rng);
  for (const key of ['function', 'code'])
    if (typeof args[key] === 'string')
      args[key] = rng.pick([
        '() => 1',
        '() => document.title',
        'not js at all',
        '() => { throw new Error("x") }',
        '(',
        '',
      ]);
  return args;
}

/** A raw JSON-RPC body (text: it may not be JSON at all) for the MCP endpoints. */
export function jsonRpcBody(rng: Rng): string {
  const method = rng.pick([
    'initialize',
    'tools/list',
    'tools/call',
    'ping',
    'resources/list',
    'prompts/get',
    'notifications/initialized',
    '',
    '__proto__',
    'x'.repeat(5000),
    'rpc.discover',
  ]);
  const shapes: (() => unknown)[] = [
    () => ({ jsonrpc: '2.0', id: rng.int(1e6), method, params: adversarialValue(rng) }),
    () => ({ jsonrpc: rng.pick(['1.0', 2, null, '']), id: 1, method }),
    () => ({ jsonrpc: '2.0', id: adversarialValue(rng), method }),
    () => ({ jsonrpc: '2.0', method: adversarialValue(rng) }),
    () => ({
      jsonrpc: '2.0',
      id: 1,
      method: 'tools/call',
      params: { name: adversarialValue(rng), arguments: adversarialValue(rng) },
    }),
    () => Array.from({ length: rng.int(5) }, () => ({ jsonrpc: '2.0', id: rng.int(100), method })),
    () => [],
    () => pollutingObject(rng),
    () => adversarialValue(rng),
    () => ({ jsonrpc: '2.0', id: 1, result: adversarialValue(rng) }),
    () => ({ jsonrpc: '2.0', id: 1, error: { code: 'x', message: adversarialValue(rng) } }),
    () => ({
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: {
        protocolVersion: adversarialValue(rng),
        capabilities: adversarialValue(rng),
        clientInfo: adversarialValue(rng),
      },
    }),
  ];
  const raw = [
    '',
    '{',
    '}',
    'null',
    '[[[[',
    '{"jsonrpc":"2.0",',
    '\u0000\u0001\u0002',
    '{"a":1}{"b":2}',
    'x'.repeat(70_000),
    '['.repeat(20_000),
    `{"jsonrpc":"2.0","id":1,"method":"ping","params":${'['.repeat(5000)}${']'.repeat(5000)}}`,
    '\ufeff{"jsonrpc":"2.0","id":1,"method":"ping"}',
  ];
  return rng.chance(0.3) ? rng.pick(raw) : JSON.stringify(rng.pick(shapes)());
}

/** A body for POST /api/agent/interact: a valid request with one field broken, or garbage. */
export function plannerBody(rng: Rng): string {
  const valid: Record<string, unknown> = {
    url: 'http://127.0.0.1/',
    query: 'click Save',
    domMode: 'semantic_v3',
    interactiveTree: [],
  };
  const mode = rng.int(4);
  if (mode === 0)
    return rng.pick(['', '{', 'null', '[]', '"x"', 'x'.repeat(100_000), JSON.stringify(deepNesting(3000))]);
  if (mode === 1)
    valid[
      rng.pick([
        ...Object.keys(valid),
        'skeletonDom',
        'viewport',
        'recentEvents',
        'omittedNodes',
        'scrollableContainers',
      ])
    ] = adversarialValue(rng);
  if (mode === 2) Object.assign(valid, pollutingObject(rng));
  if (mode === 3) valid.interactiveTree = Array.from({ length: rng.int(3) }, () => adversarialValue(rng));
  return JSON.stringify(valid);
}

/** A raw bridge WebSocket frame (src/shared/bridge/ commands): unknown commands, broken inputs, non-JSON. */
export function bridgeMessage(rng: Rng, id: number, commands: readonly string[]): string {
  const mode = rng.int(5);
  if (mode === 0) return rng.pick(['', '{', 'null', '[]', '42', 'x'.repeat(20_000), JSON.stringify(deepNesting(3000))]);
  if (mode === 1) return JSON.stringify({ id, command: adversarialString(rng), input: {} });
  if (mode === 2)
    return JSON.stringify({ id: adversarialValue(rng), command: rng.pick(commands), input: adversarialValue(rng) });
  const input: Record<string, unknown> = {
    sessionId: rng.pick(['nope', '../../etc', adversarialString(rng)]),
    seq: rng.pick(numbers),
    path: rng.pick(traversals),
  };
  if (mode === 3) Object.assign(input, pollutingObject(rng));
  return JSON.stringify({ id, command: rng.pick(commands), input });
}

/** A zip to import: crafted with traversal names, symlink-like names, bombs of a kind, or not a zip at all. */
export function zipFile(rng: Rng): Buffer {
  const mode = rng.int(4);
  if (mode === 0) return Buffer.from(Array.from({ length: rng.int(4000) + 1 }, () => rng.int(256)));
  const name =
    mode === 1
      ? rng.pick(traversals)
      : rng.pick(['meta.json', 'events.jsonl', 'artifacts/0001-aria.yml', `x/${rng.pick(traversals)}`]);
  const content =
    mode === 2
      ? JSON.stringify(adversarialValue(rng))
      : rng.pick(['{}', '', 'not json', '{"format":"agent-inspector-session","version":1}']);
  const entries = [{ name, data: Buffer.from(content) }];
  if (rng.chance(0.5)) entries.push({ name: 'meta.json', data: Buffer.from(JSON.stringify(pollutingObject(rng))) });
  return craftZip(entries);
}
