import { snapshotNodes, type SnapshotNode } from '../../shared/aria-snapshot';

/**
 * Finding a recorded element again in another run's aria snapshot. Refs are per run, so an element is known by its
 * role and accessible name — and, where several share both, by its position among them (the Nth "Delete" button).
 */
export interface TargetQuery {
  role: string;
  name?: string;
  /** 0-based position among the elements with this role and name when recorded; undefined when unknown. */
  index?: number;
  /** The recorded Playwright locator's own pick (`getByRole(…).nth(k)`), for when the index is unknown. */
  locator?: LocatorPick;
}

/** `page.getByRole(role, { name, exact? }).nth(index)` taken apart; a negative index counts from the end. */
export interface LocatorPick {
  role: string;
  name?: string;
  exact: boolean;
  index: number;
}

export type TargetMatch =
  | { found: true; ref: string }
  | { found: false; reason: 'not-found' | 'ambiguous'; count: number };

const normalized = (name: string | undefined) => (name ?? '').replace(/\s+/g, ' ').trim();

function sameElement(node: SnapshotNode, role: string, name: string | undefined): boolean {
  return node.role === role && normalized(node.name) === normalized(name);
}

/**
 * Where the element `ref` was among those sharing its role and name in a recorded snapshot; undefined when that
 * snapshot does not show `ref` as this element (it came from another snapshot, or the ref was reused after a reload).
 */
export function recordedIndex(yaml: string, ref: string, role: string, name?: string): number | undefined {
  const nodes = snapshotNodes(yaml);
  const node = nodes.find(candidate => candidate.ref === ref);
  if (!node || !sameElement(node, role, name)) return undefined;
  return nodes.filter(candidate => sameElement(candidate, role, name)).indexOf(node);
}

// Playwright prints string options with single quotes and JSON escapes (`'It\'s'`), so a quoted name cannot hide
// a `'` and this pattern cannot run past it into a chained locator.
const ROLE_LOCATOR =
  /^page\.getByRole\('([a-z]+)'(?:, \{ name: ('(?:[^'\\]|\\.)*')(, exact: true)? \})?\)(?:\.(first|last)\(\)|\.nth\((-?\d+)\))?$/;

/**
 * The pick a recorded locator made, when it is a plain `page.getByRole(…)` with an optional `.first()`, `.last()`
 * or `.nth(k)`; undefined for any other locator (test ids, chains, filters), whose position says nothing about
 * the role and name.
 */
export function locatorPick(locator: string | undefined): LocatorPick | undefined {
  const match = locator?.match(ROLE_LOCATOR);
  if (!match) return undefined;
  const [, role, quotedName, exact, end, nth] = match;
  const name = quotedName === undefined ? undefined : jsStringValue(quotedName);
  if (quotedName !== undefined && name === undefined) return undefined;
  const index = end === 'last' ? -1 : nth !== undefined ? Number(nth) : 0;
  return { role, ...(name !== undefined && { name }), exact: !!exact, index };
}

/** The value of a single-quoted JavaScript string literal as Playwright writes it. */
function jsStringValue(literal: string): string | undefined {
  // Back to JSON: `\'` loses its backslash, a bare `"` gains one; every other escape is already JSON's.
  const json = literal
    .slice(1, -1)
    .replace(/\\(.)|"/g, (whole, escaped: string | undefined) =>
      escaped === undefined ? '\\"' : escaped === "'" ? "'" : whole,
    );
  try {
    return JSON.parse(`"${json}"`) as string;
  } catch {
    return undefined;
  }
}

/** The element a locator pick lands on, as Playwright would resolve it: substring names ignore case unless exact. */
function pickByLocator(nodes: SnapshotNode[], pick: LocatorPick): SnapshotNode | undefined {
  const wanted = normalized(pick.name);
  const candidates = nodes.filter(
    node =>
      node.role === pick.role &&
      (pick.exact
        ? normalized(node.name) === wanted
        : normalized(node.name).toLowerCase().includes(wanted.toLowerCase())),
  );
  return candidates.at(pick.index);
}

/**
 * The ref of the recorded element in `yaml`: the one at the recorded index among the elements with its role and
 * name; failing an index, the one the recorded locator picks; failing both, the only one. Several with no way to
 * tell them apart is "ambiguous".
 */
export function findTarget(yaml: string, query: TargetQuery): TargetMatch {
  const nodes = snapshotNodes(yaml);
  const same = nodes.filter(node => sameElement(node, query.role, query.name));
  if (query.index !== undefined) {
    const node = same.at(query.index);
    return node ? { found: true, ref: node.ref } : { found: false, reason: 'not-found', count: same.length };
  }
  const picked = query.locator && pickByLocator(nodes, query.locator);
  if (picked && same.includes(picked)) return { found: true, ref: picked.ref };
  if (same.length === 1) return { found: true, ref: same[0].ref };
  return { found: false, reason: same.length ? 'ambiguous' : 'not-found', count: same.length };
}

/** `button "Save"`, the way tools and reports name an element. */
export function describeQuery(query: Pick<TargetQuery, 'role' | 'name'>): string {
  return query.name ? `${query.role} ${JSON.stringify(query.name)}` : query.role;
}
