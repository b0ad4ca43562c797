/** Reading Playwright's aria snapshots (mode 'ai'), as the tools return them. */

// `- role "name" [attr] [ref=e12] [cursor=pointer]: text` — the name is a JSON-style quoted string when present.
const SNAPSHOT_LINE = /^\s*- ([a-z]+)(?: ("(?:[^"\\]|\\.)*"))?(.*?)\[ref=((?:f\d+)?e\d+)\]([^:]*)(?::(?: (.*))?)?$/;
// YAML would read ` #` as a comment and `: ` as a mapping, so Playwright single-quotes a key holding either
// (`- 'button "Close #12" [ref=e2]'`, quotes inside doubled): unwrapped before matching.
const QUOTED_KEY = /^(\s*- )'((?:[^']|'')*)'(:.*)?$/;

export interface SnapshotNode {
  ref: string;
  role: string;
  name?: string;
  /** Shown as clickable by the cursor although its role is not an interactive one. */
  pointer: boolean;
}

/** The nodes of an aria snapshot (mode 'ai') that carry a ref, in document order. */
export function snapshotNodes(yaml: string): SnapshotNode[] {
  const nodes: SnapshotNode[] = [];
  for (const line of yaml.split('\n')) {
    const match = line
      .replace(QUOTED_KEY, (_, dash: string, key: string, rest = '') => dash + key.replaceAll("''", "'") + rest)
      .match(SNAPSHOT_LINE);
    if (!match) continue;
    let name: string | undefined;
    try {
      name = match[2] ? (JSON.parse(match[2]) as string) : undefined;
    } catch {
      name = match[2]?.slice(1, -1);
    }
    // A node without a name (a clickable generic) is known by its inline text.
    name ??= match[6]?.replace(/^"(.*)"$/, '$1') || undefined;
    nodes.push({ ref: match[4], role: match[1], name, pointer: /\[cursor=pointer\]/.test(line) });
  }
  return nodes;
}

/** The node on the snapshot line that carries `ref`, without parsing the rest of the snapshot. */
export function snapshotNode(yaml: string, ref: string): SnapshotNode | undefined {
  const at = yaml.indexOf(`[ref=${ref}]`);
  if (at < 0) return undefined;
  const start = yaml.lastIndexOf('\n', at) + 1;
  const end = yaml.indexOf('\n', at);
  return snapshotNodes(yaml.slice(start, end < 0 ? undefined : end))[0];
}
