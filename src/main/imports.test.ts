import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { expect, test } from '@playwright/test';

/**
 * Which parts of src/main each folder may import: the layering, written down and checked. Names are folders of
 * src/main, files at its root (`.core` is core.ts) or `shared` (src/shared). Entry points at the root (cli, index,
 * core…) may import anything; a folder not listed here may import only `shared` until it is given a line.
 *
 * The MCP layer serves tools and never reaches back into what is built on it (core, bridge, proxy, sessions, the
 * debugger): the core hands it sessions through mcp/tool-host.ts, and the debugger wraps their calls from outside.
 */
const ALLOWED: Record<string, string[]> = {
  events: ['shared'],
  codegen: ['shared'],
  tracing: ['shared', '.config', '.http-body', '.version'],
  activity: ['shared', '.secrets'],
  browser: ['shared', 'codegen', '.config', '.secrets', 'activity', 'dom-state', 'human'],
  'dom-state': ['shared', 'browser'],
  human: ['shared', 'codegen', 'browser'],
  'page-state': ['shared', 'browser'],
  tokens: ['shared', 'events'],
  negotiation: ['shared', '.config', '.http-body', 'browser', 'page-state', 'tokens'],
  mcp: ['shared', 'codegen', 'tracing', '.config', '.secrets', '.version', 'browser', 'dom-state', 'events', 'human', 'negotiation'],
  proxy: ['shared', '.command-line', '.config', '.secrets', '.version', 'browser', 'events', 'mcp'],
  debugger: ['shared', '.config', 'events', 'mcp'],
  sessions: ['shared', 'codegen', '.secrets', '.version', 'browser', 'dom-state', 'events'],
  'mcp-client': ['shared', '.command-line', '.version'],
  replay: ['shared', '.secrets', 'mcp-client', 'dom-state', 'sessions'],
  compare: ['shared', 'replay', 'sessions'],
  fork: ['shared', '.version', 'browser', 'mcp', 'mcp-client', 'replay', 'sessions'],
  'dom-processor': ['shared'],
  search: ['shared', 'events', 'sessions', 'tracing'],
  locators: ['shared', 'codegen', 'browser', 'dom-state', 'sessions'],
  scenario: ['shared', 'codegen', '.core', 'browser', 'dom-processor', 'events', 'mcp', 'negotiation', 'page-state', 'sessions'],
  bridge: ['shared', 'tracing', '.config', '.core', '.http-body', '.version', 'mcp-client', 'replay', 'compare', 'fork', 'browser', 'debugger', 'dom-state', 'events', 'locators', 'mcp', 'search', 'sessions'],
  report: ['shared', '.config', '.core', '.version', 'bridge', 'search', 'sessions'],
  // The recordings over MCP: read through a function the caller gives it (commands/sessions-mcp.ts), never the bridge itself.
  'sessions-mcp': ['shared', '.version'],
  access: ['shared', '.config'],
  commands: ['shared', 'tracing', 'access', '.cli-options', '.config', '.debug-options', '.core', '.secrets', '.http-server', 'mcp-client', 'replay', 'compare', 'fork', 'bridge', 'browser', 'dom-processor', 'locators', 'mcp', 'proxy', 'report', 'scenario', 'sessions', 'sessions-mcp'],
  app: ['shared'],
};

const MAIN = resolve('src/main');

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap(entry => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [path] : [];
  });
}

/** `mcp` for a file in src/main/mcp/…, `.core` for src/main/core.ts, `shared` for src/shared/…. */
function partOf(file: string): string {
  const path = relative(MAIN, file).split('/');
  if (path[0] === '..') return relative(resolve('src'), file).split('/')[0];
  // `../replay` is the folder's index, `../core` the file core.ts.
  return path.length === 1 && !existsSync(`${file}/index.ts`) ? `.${path[0].replace(/\.ts$/, '')}` : path[0];
}

test('every folder of src/main imports only what its layer allows', () => {
  const violations: string[] = [];
  for (const file of sources(MAIN)) {
    const from = partOf(file);
    if (from.startsWith('.')) continue;
    const allowed = new Set([from, ...(ALLOWED[from] ?? ['shared'])]);
    for (const [, specifier] of readFileSync(file, 'utf8').matchAll(/from '(\.{1,2}\/[^']+)'/g)) {
      const to = partOf(resolve(dirname(file), specifier));
      if (!allowed.has(to)) violations.push(`${relative(MAIN, file)} imports ${specifier} (${from} → ${to})`);
    }
  }
  expect(violations).toEqual([]);
});
