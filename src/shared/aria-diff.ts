import type { AriaNode } from './aria-tree';

/** One difference between two aria trees. `before`/`after` describe the node as a snapshot line would. */
export interface AriaChange {
  kind: 'added' | 'removed' | 'changed';
  ref?: string;
  role: string;
  name?: string;
  before?: string;
  after?: string;
  /** The nearest ancestor with a ref, for context (`list "Tasks" e11`). */
  parent?: string;
  /** The node's index in `after` (added, changed) or `before` (removed). */
  index: number;
}

/** `role "name" [states]: text`: the node as one snapshot line, without its ref. */
export function describeNode(node: AriaNode): string {
  const name = node.name !== undefined ? ` "${node.name}"` : '';
  const states = node.states.map(state => ` [${state}]`).join('');
  const text = node.text !== undefined ? `: ${node.text}` : '';
  const url = node.props?.url !== undefined ? ` → ${node.props.url}` : '';
  return `${node.role}${name}${states}${text}${url}`;
}

// Focus and the pointer hint follow the last action, and a box moves with every scroll; none is a change of the page.
const VOLATILE_STATES = new Set(['active', 'cursor=pointer']);
const volatile = (state: string) => VOLATILE_STATES.has(state) || state.startsWith('box=');
const stable = (node: AriaNode) => describeNode({ ...node, states: node.states.filter(state => !volatile(state)) });

/**
 * What changed between two snapshots of a page, matched by ref (Playwright keeps an element's ref from snapshot to
 * snapshot of the same page). Nodes without a ref (text, list markers) are matched by their place: the nearest
 * ancestor with a ref, their role and name, and their count among such siblings. Order: document order of `after`,
 * then the removed nodes in document order of `before`.
 */
export function ariaDiff(before: AriaNode[], after: AriaNode[]): AriaChange[] {
  const keyed = (nodes: AriaNode[]) => {
    const map = new Map<string, { node: AriaNode; parent?: string; index: number }>();
    const parents: { end: number; ref: string; label: string }[] = [];
    const seen = new Map<string, number>();
    nodes.forEach((node, index) => {
      while (parents.length && index >= parents[parents.length - 1].end) parents.pop();
      const parent = parents.at(-1);
      let key: string;
      if (node.ref) key = `ref:${node.ref}`;
      else {
        const base = `${parent?.ref ?? ''}/${node.role}:${node.name ?? ''}`;
        const count = (seen.get(base) ?? 0) + 1;
        seen.set(base, count);
        key = `${base}#${count}`;
      }
      map.set(key, { node, parent: parent?.label, index });
      if (node.ref)
        parents.push({
          end: node.end,
          ref: node.ref,
          label: `${node.role}${node.name !== undefined ? ` "${node.name}"` : ''} ${node.ref}`,
        });
    });
    return map;
  };
  const old = keyed(before);
  const now = keyed(after);
  const changes: AriaChange[] = [];
  for (const [key, { node, parent, index }] of now) {
    const was = old.get(key);
    const base = { ref: node.ref, role: node.role, name: node.name, parent, index };
    if (!was) changes.push({ kind: 'added', ...base, after: describeNode(node) });
    else if (stable(was.node) !== stable(node))
      changes.push({ kind: 'changed', ...base, before: describeNode(was.node), after: describeNode(node) });
  }
  for (const [key, { node, parent, index }] of old) {
    if (!now.has(key))
      changes.push({
        kind: 'removed',
        ref: node.ref,
        role: node.role,
        name: node.name,
        parent,
        index,
        before: describeNode(node),
      });
  }
  return changes;
}
