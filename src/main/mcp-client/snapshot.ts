import type { PageInfo } from '../../shared/response';
import { AmbiguousElementError, ElementNotFoundError } from './errors';
import { parseSelector, selectElements, type AriaSelector } from './selector';

/**
 * What the snapshot says about an element beyond role and name: its states (`[checked]`, `[level=2]`…), its
 * properties (`/url`, `/placeholder`) and Playwright's hints (`[cursor=pointer]`). Unknown ones are kept as strings.
 */
export interface ElementAttributes {
  level?: number;
  checked?: boolean | 'mixed';
  disabled?: boolean;
  expanded?: boolean;
  selected?: boolean;
  pressed?: boolean | 'mixed';
  active?: boolean;
  invalid?: boolean | 'grammar' | 'spelling';
  url?: string;
  placeholder?: string;
  cursor?: string;
  [attribute: string]: string | number | boolean | undefined;
}

/** One node of the aria snapshot (text lines are folded into their parent's `text`). */
export interface SnapshotElement {
  /** Position in `AccessibilitySnapshot.elements` (document order). */
  index: number;
  /** The ref tools accept as `target` (`e5`, or `f1e3` inside frames); absent for nodes the page cannot act on. */
  ref?: string;
  role: string;
  /** Accessible name; '' when it has none. */
  name: string;
  /** Nesting level: 0 for top-level nodes. */
  depth: number;
  /** Index of the parent element. */
  parent?: number;
  attributes: ElementAttributes;
  /** Text content shown in the snapshot: the inline value (`paragraph: Help text`) and `- text:` children, space-joined. */
  text?: string;
}

/** A parsed aria snapshot: the elements in document order, queried with selectors. */
export class AccessibilitySnapshot {
  constructor(
    readonly elements: readonly SnapshotElement[],
    /** The YAML it was parsed from. */
    readonly yaml: string,
    /** The page it was taken on, when the response said. */
    readonly page?: PageInfo,
  ) {}

  /** Parses the YAML of a `### Snapshot` section. */
  static parse(yaml: string, page?: PageInfo): AccessibilitySnapshot {
    return new AccessibilitySnapshot(parseAriaSnapshot(yaml), yaml, page);
  }

  /** The element with this ref, if the snapshot has it. */
  byRef(ref: string): SnapshotElement | undefined {
    return this.elements.find(element => element.ref === ref);
  }

  /** The element's parent; undefined for top-level elements. */
  parentOf(element: SnapshotElement): SnapshotElement | undefined {
    return element.parent === undefined ? undefined : this.elements[element.parent];
  }

  /** The element's direct children, in document order. */
  childrenOf(element: SnapshotElement): SnapshotElement[] {
    return this.elements.filter(child => child.parent === element.index);
  }

  /** Every element a snapshot selector picks; throws a TypeError for browser (CSS) selectors, which the snapshot cannot answer. */
  findAll(selector: string | AriaSelector): SnapshotElement[] {
    return selectElements(this.elements, ariaSelector(selector));
  }

  /**
   * The one element a snapshot selector picks. Throws ElementNotFoundError (listing the nearest candidates) when
   * there is none and AmbiguousElementError (listing the matches) when there are several.
   */
  find(selector: string | AriaSelector): SnapshotElement {
    const parsed = ariaSelector(selector);
    const matches = selectElements(this.elements, parsed);
    if (matches.length === 1) return matches[0];
    if (!matches.length)
      throw new ElementNotFoundError(parsed.source, nearCandidates(this.elements, parsed).map(describeElement));
    throw new AmbiguousElementError(parsed.source, matches.slice(0, 10).map(describeElement), matches.length);
  }
}

function ariaSelector(selector: string | AriaSelector): AriaSelector {
  const parsed = typeof selector === 'string' ? parseSelector(selector) : selector;
  if (parsed.kind !== 'aria')
    throw new TypeError(
      `${JSON.stringify(parsed.source)} is a browser (CSS) selector; the snapshot cannot resolve it.`,
    );
  return parsed;
}

/** `textbox "Full name" [ref=e5]`: how errors and tool calls name an element. */
export function describeElement(element: SnapshotElement): string {
  return `${element.role}${element.name ? ` ${JSON.stringify(element.name)}` : ''}${element.ref ? ` [ref=${element.ref}]` : ''}`;
}

const words = (text: string) =>
  text
    .toLowerCase()
    .split(/\W+/)
    .filter(word => word.length >= 3);

/** Up to `limit` elements with refs that look like what the selector meant: same role, similar name or text. */
export function nearCandidates(
  elements: readonly SnapshotElement[],
  selector: AriaSelector,
  limit = 5,
): SnapshotElement[] {
  const wanted = (
    selector.text?.value ??
    selector.attributes.find(a => a.name === 'name' || a.name === 'aria-label')?.value ??
    ''
  ).toLowerCase();
  const wantedWords = words(wanted);
  const score = (element: SnapshotElement) => {
    let total = selector.role !== undefined && element.role === selector.role ? 2 : 0;
    const name = element.name.toLowerCase();
    const label = `${name} ${element.text ?? ''}`.toLowerCase().trim();
    if (wanted && label && (label.includes(wanted) || (name !== '' && wanted.includes(name)))) total += 3;
    else if (wantedWords.some(word => label.includes(word))) total += 1;
    return total;
  };
  return elements
    .filter(element => element.ref !== undefined)
    .map(element => ({ element, score: score(element) }))
    .filter(entry => entry.score > 0)
    .sort((a, b) => b.score - a.score || a.element.index - b.element.index)
    .slice(0, limit)
    .map(entry => entry.element);
}

// ---- parsing -------------------------------------------------------------------------------------------------------

/** One line's `key` and, after `key: `, its inline value. */
interface Entry {
  key: string;
  value?: string;
}

/**
 * Parses Playwright's aria snapshot YAML: one `- key` or `- key: value` item per line, two spaces per level. Keys
 * are `role "name" [attr] [attr=value]…`, single-quoted when YAML needs it; values are plain or double-quoted.
 */
export function parseAriaSnapshot(yaml: string): SnapshotElement[] {
  const elements: SnapshotElement[] = [];
  // The open elements along the current line's ancestry, innermost last.
  const open: SnapshotElement[] = [];
  for (const line of yaml.split('\n')) {
    const item = line.match(/^( *)- (.*)$/);
    if (!item) continue;
    const depth = item[1].length / 2;
    const entry = parseEntry(item[2]);
    while (open.length && open[open.length - 1].depth >= depth) open.pop();
    const owner = open.at(-1);
    if (entry.key === 'text') {
      if (owner && entry.value) owner.text = owner.text ? `${owner.text} ${entry.value}` : entry.value;
      continue;
    }
    if (entry.key.startsWith('/')) {
      if (owner && entry.value !== undefined) owner.attributes[entry.key.slice(1)] = entry.value;
      continue;
    }
    const element = parseKey(entry.key, elements.length, depth, owner?.index);
    if (!element) continue;
    if (entry.value !== undefined) element.text = entry.value;
    elements.push(element);
    open.push(element);
  }
  return elements;
}

function parseEntry(body: string): Entry {
  let key: string;
  let rest: string;
  if (body.startsWith("'")) {
    const close = findClosingSingleQuote(body);
    key = body.slice(1, close).replace(/''/g, "'");
    rest = body.slice(close + 1);
  } else {
    // An unquoted key never contains ': ' or a trailing ':' (Playwright quotes it then), so the first one separates.
    const colon = body.search(/:(?= |$)/);
    key = colon < 0 ? body : body.slice(0, colon);
    rest = colon < 0 ? '' : body.slice(colon);
  }
  const raw = rest.startsWith(':') ? rest.slice(1).trim() : '';
  return raw === '' ? { key } : { key, value: unquoteValue(raw) };
}

/** The quote closing a YAML single-quoted key, where '' stands for one quote. */
function findClosingSingleQuote(body: string): number {
  for (let i = 1; i < body.length; i++) {
    if (body[i] !== "'") continue;
    if (body[i + 1] === "'") i++;
    else return i;
  }
  return body.length;
}

const ESCAPES: Record<string, string> = { n: '\n', r: '\r', t: '\t', b: '\b', f: '\f', '"': '"', '\\': '\\', '/': '/' };

/** A YAML double-quoted scalar as Playwright writes it (JSON-like escapes plus \xNN), or a plain one as is. */
function unquoteValue(raw: string): string {
  if (!raw.startsWith('"') || !raw.endsWith('"') || raw.length < 2) return raw;
  return raw
    .slice(1, -1)
    .replace(/\\(x[0-9a-fA-F]{2}|u[0-9a-fA-F]{4}|.)/g, (_, escape: string) =>
      escape.length > 1 ? String.fromCharCode(parseInt(escape.slice(1), 16)) : (ESCAPES[escape] ?? escape),
    );
}

function parseKey(key: string, index: number, depth: number, parent: number | undefined): SnapshotElement | undefined {
  const role = key.match(/^[a-zA-Z]+/)?.[0];
  if (!role) return undefined;
  let pos = role.length;
  let name = '';
  const quotedName = key.slice(pos).match(/^\s*("(?:[^"\\]|\\.)*")/);
  if (quotedName) {
    name = JSON.parse(quotedName[1]) as string;
    pos += quotedName[0].length;
  }
  const element: SnapshotElement = {
    index,
    role,
    name,
    depth,
    attributes: {},
    ...(parent !== undefined ? { parent } : {}),
  };
  for (const [, attribute, value] of key.slice(pos).matchAll(/\[([\w-]+)(?:=([^\]]*))?\]/g)) {
    if (attribute === 'ref') element.ref = value;
    else element.attributes[attribute] = attributeValue(attribute, value);
  }
  return element;
}

function attributeValue(attribute: string, value: string | undefined): string | number | boolean {
  if (value === undefined || value === 'true') return true;
  if (value === 'false') return false;
  if (attribute === 'level') return Number(value);
  return value;
}
