import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { expect, test } from '@playwright/test';
import { checkLayers } from './check';

/** Writes `files` (path from src/ → text) under a fresh src/ folder, and returns that folder. */
function tree(files: Record<string, string>): string {
  const root = join(mkdtempSync(join(tmpdir(), 'layers-')), 'src');
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  return root;
}

const list = (...lines: string[]) => ['# DEPS.list of a test tree', ...lines, ''].join('\n');

test('the checker names the rule and the import of each kind of violation', () => {
  const root = tree({
    'shared/DEPS.list': list(),
    'shared/a.ts': "import type { P } from '../main/proxy/p';\n",
    'renderer/DEPS.list': list('shared'),
    'renderer/app.ts': "import { a } from '../shared/a';\nimport { p } from '../main/proxy/p';\n",
    'main/DEPS.list': list('[core: core.ts]', '*'),
    'main/core.ts': "import { s } from './mcp/server';\nimport { p } from './proxy/p';\n",
    'main/mcp/DEPS.list': list(
      'shared',
      'main/browser',
      'main/mcp/tools',
      '!node:http',
      '!@modelcontextprotocol/sdk/server/sse.js',
    ),
    'main/mcp/server.ts': [
      "import { createServer } from 'node:http';",
      "import { SSEServerTransport } from '@modelcontextprotocol/sdk/server/sse.js';",
      "import { Server } from '@modelcontextprotocol/sdk/server/index.js';",
      "import {\n  p,\n  q,\n} from '../proxy/p';",
      "import type { Core } from '../core';",
      "export { b } from '../browser/b';",
      "import { click } from './tools/click';",
      "const code = `x from '../proxy/p'`;",
      // Split so that the checker, reading this file in the real tree, does not take it for this file's own import.
      'export const load = () => impo' + "rt('../proxy/p');",
      '',
    ].join('\n'),
    'main/mcp/tools/DEPS.list': list('shared', 'main/mcp'),
    'main/mcp/tools/click.ts': "import { s } from '../server';\nimport { b } from '../../browser/b';\n",
    'main/proxy/DEPS.list': list('shared', 'main/mcp', 'main/brwser'),
    'main/proxy/p.ts': "import { s } from '../mcp/server';\n",
    'main/browser/DEPS.list': list('shared', 'main/dom-state'),
    'main/browser/b.ts': "import { d } from '../dom-state/d';\n",
    'main/dom-state/DEPS.list': list('shared', 'main/browser'),
    'main/dom-state/d.ts': "import { b } from '../browser/b';\n",
    'stray/x.ts': '',
  });
  try {
    expect(checkLayers(root)).toEqual([
      'src/main/proxy/DEPS.list: main/brwser names nothing in src/',
      'src/main/mcp/server.ts:1 imports node:http (main/mcp may not import node:http: src/main/mcp/DEPS.list)',
      'src/main/mcp/server.ts:2 imports @modelcontextprotocol/sdk/server/sse.js (main/mcp may not import @modelcontextprotocol/sdk/server/sse.js: src/main/mcp/DEPS.list)',
      'src/main/mcp/server.ts:7 imports ../proxy/p (main/mcp may not import main/proxy: src/main/mcp/DEPS.list)',
      'src/main/mcp/server.ts:8 imports ../core (main/mcp may not import main:core: src/main/mcp/DEPS.list)',
      'src/main/mcp/server.ts:12 imports ../proxy/p (main/mcp may not import main/proxy: src/main/mcp/DEPS.list)',
      'src/main/mcp/tools/click.ts:2 imports ../../browser/b (main/mcp/tools may not import main/browser: src/main/mcp/tools/DEPS.list)',
      'src/renderer/app.ts:2 imports ../main/proxy/p (renderer may not import main: a fixed rule of src/layers/check.ts)',
      'src/shared/a.ts:1 imports ../main/proxy/p (shared may not import main: a fixed rule of src/layers/check.ts)',
      'src/stray/x.ts: no DEPS.list governs this file',
      [
        'cycle between layers: main/browser → main/dom-state → main/browser',
        '  src/main/browser/b.ts:1 imports ../dom-state/d',
        '  src/main/dom-state/d.ts:1 imports ../browser/b',
      ].join('\n'),
      [
        'cycle between layers: main/mcp → main/proxy → main/mcp',
        '  src/main/mcp/server.ts:7 imports ../proxy/p',
        '  src/main/proxy/p.ts:1 imports ../mcp/server',
      ].join('\n'),
      [
        'cycle between layers: main:core → main/mcp → main:core',
        '  src/main/core.ts:1 imports ./mcp/server',
        '  src/main/mcp/server.ts:8 imports ../core',
      ].join('\n'),
    ]);
  } finally {
    rmSync(dirname(root), { recursive: true, force: true });
  }
});
