/**
 * An aria snapshot (mode 'ai') as a flat tree: nodes in document order, each knowing its depth and where its subtree
 * ends, so a UI can collapse, filter and virtualize 10,000 nodes without building an object graph.
 */
export interface AriaNode {
  depth: number;
  /** The aria role; `text` for a text node. */
  role: string;
  name?: string;
  ref?: string;
  /** Flags and values in brackets, e.g. `checked`, `level=1`, `cursor=pointer` (the ref is in `ref`). */
  states: string[];
  /** Inline text after the colon: a text node's content, a textbox's value, a paragraph's text. */
  text?: string;
  /** `/url` and other `/prop` lines under the node. */
  props?: Record<string, string>;
  /** Index just past the node's last descendant. */
  end: number;
}

/** Splits `key: value` at the first colon outside double quotes; a key Playwright had to quote comes in single quotes. */
function splitItem(item: string): { key: string; value?: string } {
  let key: string;
  let rest: string;
  if (item.startsWith("'")) {
    let i = 1;
    let out = '';
    for (; i < item.length; i++) {
      if (item[i] === "'" && item[i + 1] === "'") {
        out += "'";
        i++;
      } else if (item[i] === "'") break;
      else out += item[i];
    }
    key = out;
    rest = item.slice(i + 1);
  } else {
    let inQuote = false;
    let i = 0;
    for (; i < item.length; i++) {
      const c = item[i];
      if (c === '\\' && inQuote) i++;
      else if (c === '"') inQuote = !inQuote;
      else if (c === ':' && !inQuote && (i + 1 === item.length || item[i + 1] === ' ')) break;
    }
    key = item.slice(0, i);
    rest = item.slice(i);
  }
  if (!rest.startsWith(':')) return { key };
  const value = rest.slice(1).trim();
  return { key, value: value ? unquote(value) : undefined };
}

function unquote(value: string): string {
  if (value.startsWith('"') && value.endsWith('"') && value.length > 1) {
    try {
      return JSON.parse(value) as string;
    } catch {
      return value.slice(1, -1);
    }
  }
  return value;
}

const KEY = /^([a-z]+)(?: ("(?:[^"\\]|\\.)*"))?((?: \[[^\]]*\])*)\s*$/;

export function parseAriaTree(yaml: string): AriaNode[] {
  const nodes: AriaNode[] = [];
  // Indices of the open ancestors, deepest last.
  const open: number[] = [];
  for (const line of yaml.split('\n')) {
    const dash = line.indexOf('- ');
    if (dash < 0 || line.slice(0, dash).trim()) continue;
    const depth = dash >> 1;
    const { key, value } = splitItem(line.slice(dash + 2));
    while (open.length && nodes[open[open.length - 1]].depth >= depth) nodes[open.pop()!].end = nodes.length;
    if (key.startsWith('/')) {
      const parent = nodes[open[open.length - 1]];
      if (parent) (parent.props ??= {})[key.slice(1)] = value ?? '';
      continue;
    }
    const match = key.match(KEY);
    const node: AriaNode = { depth, role: match?.[1] ?? key, states: [], end: nodes.length + 1 };
    if (match?.[2]) node.name = unquote(match[2]);
    for (const [, state] of (match?.[3] ?? '').matchAll(/\[([^\]]*)\]/g)) {
      if (state.startsWith('ref=')) node.ref = state.slice(4);
      else node.states.push(state);
    }
    if (value !== undefined) node.text = value;
    // `- "some text"` is a bare text node.
    if (!match && key.startsWith('"')) {
      node.role = 'text';
      node.text = unquote(key);
    }
    open.push(nodes.length);
    nodes.push(node);
  }
  while (open.length) nodes[open.pop()!].end = nodes.length;
  return nodes;
}
