import { readFileSync } from 'node:fs';
import { z } from 'zod';
import { peerSnapshotMode, type SnapshotMode } from '../shared/snapshot-modes';
import type { SessionOverride } from './config';
import { parseIniConfig } from './config-ini';

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
      if (/^\s*\{/.test(text))
        throw new Error(`The config file ${file} is not valid JSON: ${(error as Error).message}`);
    }
  }
  return parseIniConfig(text, file);
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
const count = z.preprocess(
  value => (typeof value === 'string' && value.trim() ? Number(value) : value),
  z.number().int().positive(),
);
const flag = z.preprocess(value => (value === 'true' ? true : value === 'false' ? false : value), z.boolean());
const SESSION_SETTINGS = z.strictObject({
  snapshot: z
    .strictObject({
      mode: z.enum(['full', 'file', 'none', 'diff', 'inline']).transform(peerSnapshotMode).optional(),
      boxes: flag.optional(),
    })
    .optional(),
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
  return Object.fromEntries(
    Object.entries(parsed.data).map(([client, settings]): [string, SessionOverride] => {
      const mode = settings.snapshot?.mode;
      return [
        client,
        {
          ...(mode && { snapshotMode: mode as SnapshotMode }),
          ...(settings.snapshot?.boxes !== undefined && { snapshotBoxes: settings.snapshot.boxes }),
          ...(settings.maxChangeLines !== undefined && { maxChangeLines: settings.maxChangeLines }),
          ...(settings.responseMaxSize !== undefined && { responseMaxSize: settings.responseMaxSize }),
        },
      ];
    }),
  );
}
