import { readFileSync } from 'node:fs';
import { z } from 'zod';
import { peerSnapshotMode, type SnapshotMode } from '../shared/snapshot-modes';
import type { SessionOverride } from './config';

/**
 * The `--config` file of Playwright MCP, in its key names and shape (see @playwright/mcp's config.d.ts): the part of it
 * this server reads. Unknown keys are kept and ignored, so a user's existing file works unchanged.
 */
export interface PeerConfigFile {
  browser?: {
    browserName?: string;
    isolated?: boolean;
    userDataDir?: string;
    launchOptions?: Record<string, unknown>;
    contextOptions?: Record<string, unknown>;
    cdpEndpoint?: string;
    cdpHeaders?: Record<string, string>;
    cdpTimeout?: number;
    remoteEndpoint?: string | { endpoint: string };
    initPage?: string[];
    initScript?: string[];
  };
  extension?: boolean;
  server?: { port?: number; host?: string; allowedHosts?: string[] };
  saveSession?: boolean;
  sharedBrowserContext?: boolean;
  secrets?: Record<string, string>;
  outputDir?: string;
  console?: { level?: string };
  network?: { allowedOrigins?: string[]; blockedOrigins?: string[] };
  timeouts?: { action?: number; navigation?: number; settle?: number; idle?: number };
  imageResponses?: string;
  filePaths?: string;
  allowUnrestrictedFileAccess?: boolean;
  codegen?: string;
  /** Ours, not the peer's: --response-max-size (see responseMaxSizeFrom). */
  responseMaxSize?: unknown;
  /** Ours, not the peer's: settings for the sessions of one MCP client, by its name (see sessionOverridesFrom). */
  sessions?: unknown;
  [key: string]: unknown;
}

type IniType = 'string' | 'number' | 'boolean' | 'string[]' | 'size';

/**
 * The type of each dotted key an INI config may set. An INI file carries only strings; these keys are turned into the
 * type the JSON form has, keys not listed become a number when they read as one and stay strings otherwise.
 */
const INI_TYPES: Record<string, IniType> = {
  'browser.browserName': 'string',
  'browser.isolated': 'boolean',
  'browser.userDataDir': 'string',
  'browser.cdpEndpoint': 'string',
  'browser.cdpTimeout': 'number',
  'browser.remoteEndpoint': 'string',
  'browser.initPage': 'string[]',
  'browser.initScript': 'string[]',
  'browser.launchOptions.channel': 'string',
  'browser.launchOptions.headless': 'boolean',
  'browser.launchOptions.executablePath': 'string',
  'browser.launchOptions.chromiumSandbox': 'boolean',
  'browser.launchOptions.args': 'string[]',
  'browser.launchOptions.slowMo': 'number',
  'browser.launchOptions.timeout': 'number',
  'browser.launchOptions.proxy.server': 'string',
  'browser.launchOptions.proxy.bypass': 'string',
  'browser.launchOptions.proxy.username': 'string',
  'browser.launchOptions.proxy.password': 'string',
  'browser.contextOptions.bypassCSP': 'boolean',
  'browser.contextOptions.colorScheme': 'string',
  'browser.contextOptions.deviceScaleFactor': 'number',
  'browser.contextOptions.hasTouch': 'boolean',
  'browser.contextOptions.ignoreHTTPSErrors': 'boolean',
  'browser.contextOptions.isMobile': 'boolean',
  'browser.contextOptions.javaScriptEnabled': 'boolean',
  'browser.contextOptions.locale': 'string',
  'browser.contextOptions.offline': 'boolean',
  'browser.contextOptions.permissions': 'string[]',
  'browser.contextOptions.reducedMotion': 'string',
  'browser.contextOptions.screen': 'size',
  'browser.contextOptions.serviceWorkers': 'string',
  'browser.contextOptions.storageState': 'string',
  'browser.contextOptions.timezoneId': 'string',
  'browser.contextOptions.userAgent': 'string',
  'browser.contextOptions.viewport': 'size',
  extension: 'boolean',
  capabilities: 'string[]',
  saveSession: 'boolean',
  sharedBrowserContext: 'boolean',
  outputDir: 'string',
  outputMaxSize: 'number',
  responseMaxSize: 'number',
  imageResponses: 'string',
  filePaths: 'string',
  allowUnrestrictedFileAccess: 'boolean',
  codegen: 'string',
  testIdAttribute: 'string',
  'server.port': 'number',
  'server.host': 'string',
  'server.allowedHosts': 'string[]',
  'console.level': 'string',
  'network.allowedOrigins': 'string[]',
  'network.blockedOrigins': 'string[]',
  'timeouts.action': 'number',
  'timeouts.idle': 'number',
  'timeouts.navigation': 'number',
  'timeouts.settle': 'number',
  'snapshot.mode': 'string',
  'snapshot.boxes': 'boolean',
};

/**
 * Reads a Playwright MCP config file: JSON, or the INI form (`browser.contextOptions.viewport = 800x600`, one dotted
 * key per line, `key[] = value` for list items). A `.ini` name is read as INI; any other file as JSON, or as INI when
 * it does not start like a JSON object.
 */
export function loadConfigFile(file: string): PeerConfigFile {
  let text: string;
  try {
    text = readFileSync(file, 'utf8').replace(/^\uFEFF/, '');
  } catch (error) {
    throw new Error(`Cannot read the config file ${file}: ${(error as Error).message}`);
  }
  if (!file.endsWith('.ini')) {
    try {
      return JSON.parse(text) as PeerConfigFile;
    } catch (error) {
      if (/^\s*\{/.test(text)) throw new Error(`The config file ${file} is not valid JSON: ${(error as Error).message}`);
    }
  }
  return parseIniConfig(text, file);
}

/** The INI form of the config: `[section]` headers prefix the keys below them with `section.`. */
export function parseIniConfig(text: string, file = 'config'): PeerConfigFile {
  const config: Record<string, unknown> = {};
  const lists = new Map<string, string[]>();
  let section = '';
  text.split(/\r?\n/).forEach((raw, index) => {
    const line = raw.trim();
    if (!line || line.startsWith(';') || line.startsWith('#')) return;
    const header = line.match(/^\[(.+)\]$/);
    if (header) {
      section = `${header[1].trim()}.`;
      return;
    }
    const eq = line.indexOf('=');
    if (eq <= 0) throw new Error(`${file}:${index + 1}: expected "key = value", got "${line}".`);
    let key = section + line.slice(0, eq).trim();
    const value = unquote(line.slice(eq + 1).trim());
    if (key.endsWith('[]')) {
      key = key.slice(0, -2);
      const items = lists.get(key) ?? [];
      items.push(value);
      lists.set(key, items);
      setPath(config, key, coerce(key, items));
      return;
    }
    setPath(config, key, coerce(key, value));
  });
  return config as PeerConfigFile;
}

function unquote(value: string): string {
  const quoted = value.match(/^"(.*)"$/) ?? value.match(/^'(.*)'$/);
  return quoted ? quoted[1] : value;
}

function coerce(key: string, value: string | string[]): unknown {
  const type = INI_TYPES[key];
  if (Array.isArray(value)) return type === 'string[]' ? value : value.map(v => coerce(key, v));
  switch (type) {
    case 'string':
      return value;
    case 'number':
      return Number(value);
    case 'boolean':
      return value === 'true' || value === '1';
    case 'string[]':
      return value.split(',').map(v => v.trim()).filter(Boolean);
    case 'size': {
      const m = value.match(/^(\d+)\s*[x,]\s*(\d+)$/);
      if (!m) throw new Error(`${key}: expected WIDTHxHEIGHT such as 1280x720, got "${value}".`);
      return { width: Number(m[1]), height: Number(m[2]) };
    }
    default:
      return value !== '' && !Number.isNaN(Number(value)) ? Number(value) : value;
  }
}

function setPath(target: Record<string, unknown>, dotted: string, value: unknown) {
  const parts = dotted.split('.');
  let node = target;
  for (const part of parts.slice(0, -1)) {
    if (typeof node[part] !== 'object' || node[part] === null) node[part] = {};
    node = node[part] as Record<string, unknown>;
  }
  node[parts[parts.length - 1]] = value;
}

/** The value at a dotted key of a config, e.g. `timeouts.action`; undefined when any part is missing. */
export function valueAt(config: object, dotted: string): unknown {
  let node: unknown = config;
  for (const part of dotted.split('.')) {
    if (typeof node !== 'object' || node === null) return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return node;
}

// An INI file gives strings: numbers and booleans are read from them as from JSON's own types.
const count = z.preprocess(value => (typeof value === 'string' && value.trim() ? Number(value) : value), z.number().int().positive());
const flag = z.preprocess(value => (value === 'true' ? true : value === 'false' ? false : value), z.boolean());
const SESSION_SETTINGS = z.strictObject({
  snapshot: z.strictObject({
    mode: z.enum(['full', 'file', 'none', 'diff', 'inline']).transform(peerSnapshotMode).optional(),
    boxes: flag.optional(),
  }).optional(),
  maxChangeLines: count.optional(),
  responseMaxSize: count.optional(),
});

/** The config file's top-level `responseMaxSize` (ours: --response-max-size), checked as the flag is. */
export function responseMaxSizeFrom(config: PeerConfigFile | undefined, file = 'the config file'): number | undefined {
  const parsed = count.optional().safeParse(config?.responseMaxSize);
  if (!parsed.success) throw new Error(`${file}: responseMaxSize: ${parsed.error.issues[0].message}`);
  return parsed.data;
}

/**
 * The config file's `sessions` section: `{ "<MCP client name>": { "snapshot": { "mode", "boxes" }, "maxChangeLines",
 * "responseMaxSize" } }`, the keys the file uses for the whole server. A wrong key or value is an error naming it.
 */
export function sessionOverridesFrom(sessions: unknown, file = 'the config file'): Record<string, SessionOverride> {
  if (sessions === undefined) return {};
  const parsed = z.record(z.string(), SESSION_SETTINGS).safeParse(sessions);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new Error(`${file}: sessions.${issue.path.join('.')}: ${issue.message}`);
  }
  return Object.fromEntries(Object.entries(parsed.data).map(([client, settings]): [string, SessionOverride] => {
    const mode = settings.snapshot?.mode;
    return [client, {
      ...(mode && { snapshotMode: mode as SnapshotMode }),
      ...(settings.snapshot?.boxes !== undefined && { snapshotBoxes: settings.snapshot.boxes }),
      ...(settings.maxChangeLines !== undefined && { maxChangeLines: settings.maxChangeLines }),
      ...(settings.responseMaxSize !== undefined && { responseMaxSize: settings.responseMaxSize }),
    }];
  }));
}
