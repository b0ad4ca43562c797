import { diffArrays } from 'diff';
import { ariaDiff, type AriaChange } from './aria-diff';
import { parseAriaTree, type AriaNode } from './aria-tree';

/**
 * The `### Page changes` section of a diff-mode response: what changed in the aria tree since the snapshot the agent
 * last received, as snapshot lines with refs (so the agent can act on them without another snapshot), or, on a new
 * document or a change too large to list, an outline of the page.
 */

const INTERACTIVE_ROLES = new Set([
  'button',
  'link',
  'textbox',
  'searchbox',
  'combobox',
  'listbox',
  'checkbox',
  'radio',
  'switch',
  'slider',
  'spinbutton',
  'tab',
  'menuitem',
  'menuitemcheckbox',
  'menuitemradio',
  'treeitem',
  'option',
]);
/** Always in an outline when they carry a ref: they say where the agent is, or what blocks the page. */
const LANDMARK_ROLES = new Set(['heading', 'dialog', 'alertdialog', 'alert']);
/** How many ancestors (with refs) a change names, nearest last. */
const CHAIN_LENGTH = 2;

const FULL_TREE = 'the full tree is in the linked snapshot file, or one browser_snapshot away';

/** The node as a snapshot line, ref included: `button "Save" [disabled] [ref=e12]: text`. */
function nodeLine(node: AriaNode): string {
  const name = node.name !== undefined ? ` ${JSON.stringify(node.name)}` : '';
  const states = node.states.map(state => ` [${state}]`).join('');
  const ref = node.ref ? ` [ref=${node.ref}]` : '';
  const text = node.text !== undefined ? `: ${node.text}` : '';
  return `${node.role}${name}${states}${ref}${text}`;
}

/** Each node's parent index (-1 for a root), in one pass. */
function parentsOf(nodes: AriaNode[]): Int32Array {
  const parents = new Int32Array(nodes.length);
  const open: number[] = [];
  nodes.forEach((node, index) => {
    while (open.length && index >= nodes[open[open.length - 1]].end) open.pop();
    parents[index] = open.length ? open[open.length - 1] : -1;
    open.push(index);
  });
  return parents;
}

/** `main [ref=e2] > list "Results" [ref=e11]`: the nearest ancestors with a ref, outermost first. */
function chain(nodes: AriaNode[], parents: Int32Array, index: number): string {
  const labels: string[] = [];
  for (let at = parents[index]; at >= 0 && labels.length < CHAIN_LENGTH; at = parents[at]) {
    const node = nodes[at];
    if (node.ref)
      labels.unshift(`${node.role}${node.name !== undefined ? ` ${JSON.stringify(node.name)}` : ''} [ref=${node.ref}]`);
  }
  return labels.length ? ` in ${labels.join(' > ')}` : '';
}

/** A change whose parent changed the same way is shown inside the parent's entry, not again. */
function roots(changes: AriaChange[], kind: 'added' | 'removed', parents: Int32Array): Set<number> {
  const indices = new Set(changes.filter(change => change.kind === kind).map(change => change.index));
  return new Set([...indices].filter(index => !indices.has(parents[index])));
}

/** The subtree at `index` as snapshot lines, indented under a list item. */
function subtree(nodes: AriaNode[], index: number): string[] {
  const lines: string[] = [];
  const base = nodes[index].depth;
  for (let at = index; at < nodes[index].end; at++) {
    const node = nodes[at];
    // As in a snapshot: a node with children ends in a colon, unless its inline text took it.
    const opens = node.end - at > 1 && node.text === undefined ? ':' : '';
    lines.push(`${'  '.repeat(node.depth - base + 1)}- ${nodeLine(node)}${opens}`);
  }
  return lines;
}

/**
 * The changes from `before` to `after` as list lines (added subtrees in full, so their refs are there to act on), or
 * undefined when they take more than `maxLines` lines. Empty when nothing changed.
 */
export function changeLines(before: AriaNode[], after: AriaNode[], maxLines: number): string[] | undefined {
  const changes = ariaDiff(before, after);
  const afterParents = parentsOf(after);
  const beforeParents = parentsOf(before);
  const added = roots(changes, 'added', afterParents);
  const removed = roots(changes, 'removed', beforeParents);
  const lines: string[] = [];
  // Siblings added one after the other share their heading line.
  let addedUnder: number | undefined;
  for (const change of changes) {
    if (lines.length > maxLines) return undefined;
    if (change.kind === 'added' && added.has(change.index)) {
      const parent = afterParents[change.index];
      if (parent !== addedUnder) lines.push(`- added${chain(after, afterParents, change.index)}:`);
      lines.push(...subtree(after, change.index));
      addedUnder = parent;
      continue;
    }
    addedUnder = undefined;
    if (change.kind === 'changed') {
      lines.push(
        `- changed${chain(after, afterParents, change.index)}: ${change.before} → ${nodeLine(after[change.index])}`,
      );
    } else if (change.kind === 'removed' && removed.has(change.index)) {
      lines.push(`- removed${chain(before, beforeParents, change.index)}: ${nodeLine(before[change.index])}`);
    }
  }
  return lines.length > maxLines ? undefined : lines;
}

// Past this many changed lines the change cannot fit any bound worth reading: the diff gives up early.
const MAX_CHANGED_LINES = 2_000;

const indentOf = (line: string) => line.length - line.trimStart().length;

/** The wanted lines (ascending) and the lines of their ancestors (for a prop line, its node). */
function withAncestors(lines: string[], wanted: number[]): Set<number> {
  const keep = new Set<number>(wanted);
  for (const index of wanted) {
    let indent = indentOf(lines[index]);
    for (let at = index - 1; at >= 0 && indent > 0; at--) {
      // A kept line above was handled before this one (ascending order); it shares the ancestors not yet passed.
      if (keep.has(at)) break;
      const own = indentOf(lines[at]);
      if (own >= indent) continue;
      keep.add(at);
      indent = own;
    }
  }
  return keep;
}

const ascending = (lines: Iterable<number>) => [...lines].sort((a, b) => a - b);
const excerpt = (lines: string[], keep: Iterable<number>) =>
  ascending(keep)
    .map(index => lines[index])
    .join('\n');

/**
 * changeLines for two snapshots as text, fast on a large page: a line diff finds the few lines that differ, and only
 * those, with their ancestors on both sides, are parsed and compared. Undefined when the changes do not fit in
 * `maxLines`.
 */
export function snapshotChangeLines(before: string, after: string, maxLines: number): string[] | undefined {
  const [old, now] = [before.split('\n'), after.split('\n')];
  const parts = diffArrays(old, now, { maxEditLength: MAX_CHANGED_LINES });
  if (!parts) return undefined;
  const removed: number[] = [];
  const added: number[] = [];
  // Where each unchanged line is on the other side.
  const oldToNew = new Int32Array(old.length).fill(-1);
  const newToOld = new Int32Array(now.length).fill(-1);
  let [i, j] = [0, 0];
  for (const part of parts) {
    const count = part.value.length;
    if (part.removed) for (let k = 0; k < count; k++) removed.push(i++);
    else if (part.added) for (let k = 0; k < count; k++) added.push(j++);
    else for (let k = 0; k < count; k++, i++, j++) [oldToNew[i], newToOld[j]] = [j, i];
  }
  if (!removed.length && !added.length) return [];
  // An ancestor kept on one side is kept on the other too, or it would read as added or removed.
  const keepOld = withAncestors(old, removed);
  const keepNew = withAncestors(now, added);
  const mapped = (keep: Set<number>, map: Int32Array) => [...keep].map(index => map[index]).filter(index => index >= 0);
  const [toOld, toNew] = [mapped(keepNew, newToOld), mapped(keepOld, oldToNew)];
  const finalOld = withAncestors(old, ascending(new Set([...keepOld, ...toOld])));
  const finalNew = withAncestors(now, ascending(new Set([...keepNew, ...toNew])));
  return changeLines(parseAriaTree(excerpt(old, finalOld)), parseAriaTree(excerpt(now, finalNew)), maxLines);
}

/** A node an outline may list; `inNavigation` when it sits in a navigation landmark (pagination, menus). */
export interface OutlineNode extends AriaNode {
  inNavigation?: true;
}

/**
 * The nodes an outline may list (interactive elements and landmarks with a ref), read from the snapshot's lines alone:
 * only the indentation of `navigation` lines is tracked, to know which nodes are inside one.
 */
export function outlineNodes(yaml: string): OutlineNode[] {
  const nodes: OutlineNode[] = [];
  // Indentations of the navigation landmarks that enclose the current line.
  const navigations: number[] = [];
  for (const line of yaml.split('\n')) {
    const role = LINE_ROLE.exec(line)?.[1];
    if (!role) continue;
    const indent = line.search(/\S/);
    while (navigations.length && navigations[navigations.length - 1] >= indent) navigations.pop();
    if (role === 'navigation') navigations.push(indent);
    if (!line.includes('[ref=')) continue;
    if (!INTERACTIVE_ROLES.has(role) && !LANDMARK_ROLES.has(role) && !line.includes('[cursor=pointer]')) continue;
    const [node] = parseAriaTree(line);
    if (node?.ref) nodes.push(navigations.length ? { ...node, inNavigation: true } : node);
  }
  return nodes;
}

// The role at the start of a snapshot line (its key may be single-quoted).
const LINE_ROLE = /^\s*- '?([a-z]+)/;

const isOutlined = (node: AriaNode) =>
  INTERACTIVE_ROLES.has(node.role) || LANDMARK_ROLES.has(node.role) || node.states.includes('cursor=pointer');

/**
 * An outline of the page within `maxLines`: a line saying why and where the full tree is, then, in document order,
 * the named headings and the dialogs, the interactive elements in the viewport (`visible`; every one when unknown)
 * and, with the room left, the navigation links outside it: pagination and menus are often below the fold, and they
 * are what an agent looks for next.
 */
export function outline(
  nodes: OutlineNode[],
  options: { title: string; reason: string; maxLines: number; visible?: ReadonlySet<string> },
): string[] {
  const what = options.visible
    ? 'headings, the interactive elements in the viewport and the navigation links'
    : 'headings and interactive elements';
  const lines = [`${options.reason}: an outline of "${options.title}" (${what}) follows; ${FULL_TREE}.`];
  const candidates = nodes.filter(node => node.ref && isOutlined(node) && !(node.role === 'heading' && !node.name));
  const first = new Set(
    candidates.filter(node => LANDMARK_ROLES.has(node.role) || !options.visible || options.visible.has(node.ref!)),
  );
  const room = Math.max(1, options.maxLines - 1);
  const more = candidates.filter(node => !first.has(node) && node.inNavigation);
  const chosen = new Set([...first, ...more.slice(0, Math.max(0, room - first.size))]);
  const shown = candidates.filter(node => chosen.has(node));
  const listed = shown.length <= room ? shown : shown.slice(0, room - 1);
  lines.push(...listed.map(node => `- ${nodeLine(node)}`));
  if (listed.length < shown.length) lines.push(`- … and ${shown.length - listed.length} more`);
  return lines;
}

/** The reasons an outline replaces the change list. */
export const OUTLINE_REASON = {
  newDocument: 'New page',
  overBound: (maxLines: number) => `The changes take more than ${maxLines} lines`,
};

export const NO_CHANGES = 'No changes to the accessibility tree since the last snapshot.';
