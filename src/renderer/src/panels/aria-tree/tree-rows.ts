import type { AriaNode } from '../../../../shared/aria-tree';

/** Each node's parent index (-1 at the top), from depths and subtree ends: for filtering with context and ←. */
export function parentsOf(nodes: AriaNode[]): Int32Array {
  const parents = new Int32Array(nodes.length).fill(-1);
  for (let i = 0; i < nodes.length; i++) {
    for (let child = i + 1; child < nodes[i].end; child = nodes[child].end) parents[child] = i;
  }
  return parents;
}

const matches = (node: AriaNode, needle: string) =>
  node.role.includes(needle) ||
  (node.ref !== undefined && node.ref === needle) ||
  (node.name?.toLowerCase().includes(needle) ?? false) ||
  (node.text?.toLowerCase().includes(needle) ?? false);

/**
 * The rows to show, as node indices in document order: all nodes outside collapsed subtrees or, with a filter, the
 * nodes that match (role, name, text, or exact ref) with their ancestors for context.
 */
export function visibleRows(
  nodes: AriaNode[],
  collapsed: ReadonlySet<number>,
  filter: string,
  parents: Int32Array,
): { rows: number[]; matched: Set<number> } {
  const needle = filter.trim().toLowerCase();
  const rows: number[] = [];
  const matched = new Set<number>();
  if (!needle) {
    for (let i = 0; i < nodes.length; i = collapsed.has(i) ? nodes[i].end : i + 1) rows.push(i);
    return { rows, matched };
  }
  const shown = new Uint8Array(nodes.length);
  for (let i = 0; i < nodes.length; i++) {
    if (!matches(nodes[i], needle)) continue;
    matched.add(i);
    for (let at = i; at >= 0 && !shown[at]; at = parents[at]) shown[at] = 1;
  }
  for (let i = 0; i < nodes.length; i++) if (shown[i]) rows.push(i);
  return { rows, matched };
}
