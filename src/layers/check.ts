import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';

/**
 * The layering of src/, written next to the code and checked by `npm test` (src/layers/layers.test.ts).
 *
 * A folder's `DEPS.list` says what the files under it may import; the folder and its sub-folders without a list of
 * their own are one *layer*, named by its path from src/ (`main/mcp`). The format, one entry a line:
 *
 *   # DEPS.list of src/main/mcp: …  a comment (the first line says what the file is); blank lines are ignored
 *   shared                          a path from src/ (one that exists): the layer may import that folder or file
 *                                   and all below it
 *   main/config.ts
 *   *                               anything under src/ (the entry points that assemble everything)
 *   !node:http                      a package the layer may not import (a prefix: `!electron` covers `electron/…`)
 *   [core: core.ts]                 a section: the lines after it are the list of these files of the folder alone,
 *   [options: cli-options.ts …]     which make a layer of their own (`main:core`, `main:options`); a file of the
 *                                   folder in no section has the lines before the first one
 *
 * A layer may always import its own files; anything else of src/ it must name, a sub-folder with its own list too
 * (`main/mcp` names `main/mcp/tools`, which is stricter and names `main/mcp` back). Packages not forbidden are
 * allowed; files outside src/ (package.json) are not layers. Fixed rules, whatever the lists say: `shared` imports
 * nothing of `main` or `renderer`, `renderer` nothing of `main`. And no cycle between layers (a folder and its own
 * sub-folders excepted: mcp/tools is part of mcp): a cycle is printed `a → b → a` with one import for each edge.
 *
 * Every `.ts`/`.tsx` file is read (tests too): `import … from`, `export … from`, `import '…'`, `import('…')`, and
 * `import type` (a type is a dependency like any other). A violation reads
 * `src/main/mcp/server.ts:3 imports ../proxy/x (main/mcp may not import main/proxy: src/main/mcp/DEPS.list)`.
 */

/** The list that governs a file: its layer, what it may import, what packages it may not. */
interface Rule {
  layer: string;
  list: string;
  allowed: string[];
  forbidden: string[];
}

interface Import {
  line: number;
  specifier: string;
}

const LIST = 'DEPS.list';
const SOURCE = /\.tsx?$/;
/** Fixed rules: a layer under the first may not import under the second, whatever the lists say. */
const FIXED: [string, string][] = [
  ['shared', 'main'],
  ['shared', 'renderer'],
  ['renderer', 'main'],
];

/** The source files and the DEPS.list files under `dir`, in name order (one walk: the check runs on every test). */
function walk(dir: string, found = { sources: [] as string[], lists: [] as string[] }) {
  for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== 'node_modules') walk(path, found);
    } else if (entry.name === LIST) found.lists.push(path);
    else if (SOURCE.test(entry.name) && !entry.name.endsWith('.d.ts')) found.sources.push(path);
  }
  return found;
}

/** Every import of a source file, with its line. Statements only at a line's start: not code inside strings. */
function importsOf(text: string): Import[] {
  const found: Import[] = [];
  const patterns = [
    /^[ \t]*(?:import|export)\b[^;'"]*?\bfrom\s*['"]([^'"]+)['"]/gm,
    /^[ \t]*import\s*['"]([^'"]+)['"]/gm,
    /\bimport\(\s*['"]([^'"]+)['"]\s*\)/g,
  ];
  for (const pattern of patterns) {
    for (const match of text.matchAll(pattern)) {
      const at = match.index + match[0].length;
      found.push({ line: text.slice(0, at).split('\n').length, specifier: match[1] });
    }
  }
  return found.sort((a, b) => a.line - b.line);
}

/** The rules of one DEPS.list: the folder's rule, and one per section. */
function parseList(root: string, path: string): { folder: Rule; files: Map<string, Rule> } {
  const layer = relative(root, dirname(path)).split(sep).join('/');
  const list = relative(resolve(root, '..'), path).split(sep).join('/');
  const folder: Rule = { layer, list, allowed: [], forbidden: [] };
  const files = new Map<string, Rule>();
  let current = folder;
  for (const raw of readFileSync(path, 'utf8').split('\n')) {
    const line = raw.trim();
    if (!line || line.startsWith('#')) continue;
    const section = /^\[([\w-]+):\s*(.+)\]$/.exec(line);
    if (section) {
      current = { layer: `${layer}:${section[1]}`, list, allowed: [], forbidden: [] };
      for (const name of section[2].split(/\s+/)) files.set(name, current);
      continue;
    }
    if (line.startsWith('!')) current.forbidden.push(line.slice(1));
    else current.allowed.push(line);
  }
  return { folder, files };
}

/** `a` is `b` or lies under it (paths from src/, `/`-separated). */
const under = (a: string, b: string) => b === '*' || a === b || a.startsWith(`${b}/`);

/** The file a relative specifier names, as a path from src/ (its bare path when no file matches). */
function resolveLocal(root: string, file: string, specifier: string): string {
  const base = resolve(dirname(file), specifier.replace(/\?.*$/, ''));
  const candidates = [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts'), join(base, 'index.tsx')];
  const found = candidates.find(path => existsSync(path) && SOURCE.test(path)) ?? candidates.find(existsSync) ?? base;
  return relative(root, found).split(sep).join('/');
}

/**
 * Checks the tree under `root` (a src/ folder): every violation as one message, an empty list when the layering
 * holds.
 */
export function checkLayers(root: string): string[] {
  const { sources: files, lists } = walk(root);
  const rules = new Map<string, Rule>();
  const violations: string[] = [];
  for (const path of lists) {
    const { folder, files: sections } = parseList(root, path);
    rules.set(folder.layer, folder);
    for (const [name, rule] of sections) rules.set(`${folder.layer}/${name}`, rule);
    // A misspelt entry would allow nothing and go unnoticed.
    const named = [
      ...folder.allowed,
      ...[...sections.values()].flatMap(rule => rule.allowed),
      ...[...sections.keys()].map(name => `${folder.layer}/${name}`),
    ];
    for (const entry of new Set(named))
      if (entry !== '*' && !existsSync(join(root, entry)))
        violations.push(`${folder.list}: ${entry} names nothing in src/`);
  }
  const shown = (path: string) => relative(resolve(root, '..'), join(root, path)).split(sep).join('/');
  const ruleOf = (path: string): Rule | undefined => {
    for (let at = path; at !== '.' && at !== ''; at = dirname(at)) {
      const rule = rules.get(at);
      if (rule) return rule;
    }
    return undefined;
  };

  /** Edges between layers, with the first import seen for each: `from → to`. */
  const edges = new Map<string, Map<string, string>>();
  for (const file of files) {
    const path = relative(root, file).split(sep).join('/');
    const rule = ruleOf(path);
    if (!rule) {
      violations.push(`${shown(path)}: no ${LIST} governs this file`);
      continue;
    }
    for (const { line, specifier } of importsOf(readFileSync(file, 'utf8'))) {
      const where = `${shown(path)}:${line}`;
      if (!specifier.startsWith('.')) {
        const banned = rule.forbidden.find(name => specifier === name || specifier.startsWith(`${name}/`));
        if (banned)
          violations.push(`${where} imports ${specifier} (${rule.layer} may not import ${banned}: ${rule.list})`);
        continue;
      }
      const target = resolveLocal(root, file, specifier);
      if (target.startsWith('../')) continue;
      const to = ruleOf(target)?.layer ?? target;
      const fixed = FIXED.find(([a, b]) => under(rule.layer, a) && under(target, b));
      if (fixed)
        violations.push(
          `${where} imports ${specifier} (${fixed[0]} may not import ${fixed[1]}: a fixed rule of src/layers/check.ts)`,
        );
      else if (to !== rule.layer && !rule.allowed.some(entry => under(target, entry)))
        violations.push(`${where} imports ${specifier} (${rule.layer} may not import ${to}: ${rule.list})`);
      if (to === rule.layer || under(to, rule.layer) || under(rule.layer, to)) continue;
      const out = edges.get(rule.layer) ?? new Map<string, string>();
      if (!out.has(to)) out.set(to, `${where} imports ${specifier}`);
      edges.set(rule.layer, out);
    }
  }
  return [...violations, ...cyclesOf(edges)];
}

/** One message per cycle between layers: each strongly connected group's shortest way back to itself. */
function cyclesOf(edges: Map<string, Map<string, string>>): string[] {
  const messages: string[] = [];
  const reported = new Set<string>();
  for (const start of [...edges.keys()].sort()) {
    if (reported.has(start)) continue;
    const path = shortestCycle(edges, start);
    if (!path) continue;
    for (const layer of path) reported.add(layer);
    const steps = path.map((from, i) => `  ${edges.get(from)!.get(path[(i + 1) % path.length])}`);
    messages.push(`cycle between layers: ${[...path, start].join(' → ')}\n${steps.join('\n')}`);
  }
  return messages;
}

/** The shortest cycle through `start` (breadth first), as the layers along it, or undefined. */
function shortestCycle(edges: Map<string, Map<string, string>>, start: string): string[] | undefined {
  const previous = new Map<string, string>();
  const queue = [start];
  while (queue.length) {
    const at = queue.shift()!;
    for (const next of [...(edges.get(at)?.keys() ?? [])].sort()) {
      if (next === start) {
        const path = [at];
        while (path[0] !== start) path.unshift(previous.get(path[0])!);
        return path;
      }
      if (!previous.has(next)) {
        previous.set(next, at);
        queue.push(next);
      }
    }
  }
  return undefined;
}
