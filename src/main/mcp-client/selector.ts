import type { SnapshotElement } from './snapshot';

/**
 * Selectors resolved against the aria snapshot (role, accessible name, states, text) or, for anything else, handed to
 * the server as the tool's `target`, where the browser resolves them as CSS/Playwright selectors.
 *
 * Snapshot forms: `button`, `button[name='Submit']`, `[aria-label="Search"]` (the accessible name), `heading[level=1]`,
 * `checkbox[checked]`, `[checked=false]`, `link[url*='/docs']`, `textbox[name*=mail]`, `text='Login'` (exact),
 * `text=login` (substring, any case), and a trailing `>> nth=N` (0-based, negative from the end) on any of them.
 */
export type Selector = AriaSelector | BrowserSelector;

/** `=` compares exactly (whitespace-normalised); `*=` looks for a substring, ignoring case. */
export type AttributeOperator = '=' | '*=';

/** `[name]` (present, or true for a state) or `[name op value]`. */
export interface AttributeFilter {
  name: string;
  operator?: AttributeOperator;
  value?: string;
}

/** The `text=` part of a selector. */
export interface TextFilter {
  value: string;
  /** `text='…'` / `text="…"`: the whole name or text; `text=…`: a case-insensitive substring. */
  exact: boolean;
}

/** A selector the client resolves itself, in the snapshot, to one element's ref. */
export interface AriaSelector {
  kind: 'aria';
  source: string;
  role?: string;
  attributes: AttributeFilter[];
  text?: TextFilter;
  nth?: number;
}

/** A selector the snapshot cannot answer (CSS, XPath, Playwright chains): the server resolves it in the browser. */
export interface BrowserSelector {
  kind: 'css';
  source: string;
}

/** Roles an aria snapshot can show (WAI-ARIA 1.2 plus Playwright's `generic`, `iframe` and `text` nodes). */
export const ARIA_ROLES: ReadonlySet<string> = new Set([
  'alert',
  'alertdialog',
  'application',
  'article',
  'banner',
  'blockquote',
  'button',
  'caption',
  'cell',
  'checkbox',
  'code',
  'columnheader',
  'combobox',
  'complementary',
  'contentinfo',
  'definition',
  'deletion',
  'dialog',
  'directory',
  'document',
  'emphasis',
  'feed',
  'figure',
  'form',
  'generic',
  'grid',
  'gridcell',
  'group',
  'heading',
  'iframe',
  'img',
  'insertion',
  'link',
  'list',
  'listbox',
  'listitem',
  'log',
  'main',
  'mark',
  'marquee',
  'math',
  'menu',
  'menubar',
  'menuitem',
  'menuitemcheckbox',
  'menuitemradio',
  'meter',
  'navigation',
  'none',
  'note',
  'option',
  'paragraph',
  'presentation',
  'progressbar',
  'radio',
  'radiogroup',
  'region',
  'row',
  'rowgroup',
  'rowheader',
  'scrollbar',
  'search',
  'searchbox',
  'separator',
  'slider',
  'spinbutton',
  'status',
  'strong',
  'subscript',
  'superscript',
  'switch',
  'tab',
  'table',
  'tablist',
  'tabpanel',
  'term',
  'textbox',
  'time',
  'timer',
  'toolbar',
  'tooltip',
  'tree',
  'treegrid',
  'treeitem',
]);

/** States the snapshot renders as `[checked]`, `[level=2]`…; absent means false. */
const STATE_ATTRIBUTES = new Set([
  'checked',
  'disabled',
  'expanded',
  'selected',
  'pressed',
  'active',
  'invalid',
  'level',
]);
/** String properties: the accessible name (`aria-label` is how pages set it) and the `/url`, `/placeholder` props. */
const TEXT_ATTRIBUTES = new Set(['name', 'aria-label', 'url', 'placeholder']);

const NTH_SUFFIX = /^(.*?)\s*>>\s*nth=(-?\d+)$/;

/**
 * Parses a selector. Whatever is not one of the snapshot forms — `#id`, `.class`, `form > input`, `input[name=q]`
 * (`input` is not an ARIA role), `[data-testid=x]` (not a snapshot attribute), `xpath=…` — is a browser selector.
 * A bare role name that is also an HTML tag (`button`, `table`) is read as the role; write `css=button` for the tag.
 */
export function parseSelector(source: string): Selector {
  const trimmed = source.trim();
  if (!trimmed) throw new TypeError('Empty selector');
  if (trimmed.startsWith('css=')) return { kind: 'css', source: trimmed };
  const nth = trimmed.match(NTH_SUFFIX);
  const head = nth ? nth[1] : trimmed;
  const parsed = head.startsWith('text=') ? parseText(head.slice('text='.length)) : parseRoleAndAttributes(head);
  if (!parsed) return { kind: 'css', source: trimmed };
  return { kind: 'aria', source: trimmed, attributes: [], ...parsed, ...(nth ? { nth: Number(nth[2]) } : {}) };
}

function parseText(value: string): Pick<AriaSelector, 'text'> | undefined {
  const quoted = readQuoted(value, 0);
  if (quoted && quoted.end === value.length) return { text: { value: normalize(quoted.value), exact: true } };
  if (!value.trim()) return undefined;
  return { text: { value: normalize(value), exact: false } };
}

function parseRoleAndAttributes(input: string): Pick<AriaSelector, 'role' | 'attributes'> | undefined {
  const role = input.match(/^[a-z]+/)?.[0];
  if (role !== undefined && !ARIA_ROLES.has(role)) return undefined;
  const attributes: AttributeFilter[] = [];
  let pos = role?.length ?? 0;
  while (pos < input.length) {
    const attribute = readAttribute(input, pos);
    if (!attribute) return undefined;
    attributes.push(attribute.filter);
    pos = attribute.end;
  }
  if (role === undefined && !attributes.length) return undefined;
  return { ...(role !== undefined ? { role } : {}), attributes };
}

/** One `[name]`, `[name=value]` or `[name*=value]` group whose name the snapshot knows. */
function readAttribute(input: string, start: number): { filter: AttributeFilter; end: number } | undefined {
  const head = input.slice(start).match(/^\[\s*([a-z][a-z-]*)\s*(?:(\*?=)\s*)?/);
  if (!head) return undefined;
  const name = head[1];
  if (!STATE_ATTRIBUTES.has(name) && !TEXT_ATTRIBUTES.has(name) && name !== 'ref') return undefined;
  let pos = start + head[0].length;
  const operator = head[2] as AttributeOperator | undefined;
  let value: string | undefined;
  if (operator) {
    const quoted = readQuoted(input, pos);
    if (quoted) {
      value = quoted.value;
      pos = quoted.end;
    } else {
      const close = input.indexOf(']', pos);
      if (close < 0) return undefined;
      value = input.slice(pos, close).trim();
      pos = close;
    }
  }
  const close = input.slice(pos).match(/^\s*\]/);
  if (!close) return undefined;
  return { filter: { name, ...(operator ? { operator, value } : {}) }, end: pos + close[0].length };
}

/** A '…' or "…" string at `start`, with backslash escapes. */
function readQuoted(input: string, start: number): { value: string; end: number } | undefined {
  const quote = input[start];
  if (quote !== "'" && quote !== '"') return undefined;
  let value = '';
  for (let i = start + 1; i < input.length; i++) {
    const ch = input[i];
    if (ch === '\\' && i + 1 < input.length) value += input[++i];
    else if (ch === quote) return { value, end: i + 1 };
    else value += ch;
  }
  return undefined;
}

const normalize = (text: string) => text.replace(/\s+/g, ' ').trim();

function compareText(actual: string | undefined, filter: AttributeFilter): boolean {
  if (actual === undefined) return false;
  if (filter.operator === undefined) return actual !== '';
  const wanted = normalize(filter.value ?? '');
  return filter.operator === '='
    ? normalize(actual) === wanted
    : normalize(actual).toLowerCase().includes(wanted.toLowerCase());
}

function matchesAttribute(element: SnapshotElement, filter: AttributeFilter): boolean {
  if (filter.name === 'name' || filter.name === 'aria-label') return compareText(element.name, filter);
  if (filter.name === 'ref')
    return filter.operator === undefined ? element.ref !== undefined : element.ref === filter.value;
  const value = element.attributes[filter.name];
  if (TEXT_ATTRIBUTES.has(filter.name)) return compareText(value === undefined ? undefined : String(value), filter);
  // States: present means set and not false; an absent state compares as "false", so [checked=false] finds unchecked boxes.
  if (filter.operator === undefined) return value !== undefined && value !== false;
  return String(value ?? false) === filter.value;
}

function matchesText(element: SnapshotElement, filter: TextFilter): boolean {
  return [element.name, element.text].some(candidate => {
    if (!candidate) return false;
    const text = normalize(candidate);
    return filter.exact ? text === filter.value : text.toLowerCase().includes(filter.value.toLowerCase());
  });
}

/** Whether one element satisfies the selector's role, attributes and text (not `nth`, which needs all matches). */
export function matchesSelector(element: SnapshotElement, selector: AriaSelector): boolean {
  if (selector.role !== undefined && element.role !== selector.role) return false;
  if (!selector.attributes.every(filter => matchesAttribute(element, filter))) return false;
  return !selector.text || matchesText(element, selector.text);
}

/**
 * The elements a selector picks, in document order. For text selectors a label and the control it names both carry
 * the text (`generic: text: Email` around `textbox "Email"`), so only the innermost matches are kept, as the element
 * to act on. `nth` then picks one of them.
 */
export function selectElements(elements: readonly SnapshotElement[], selector: AriaSelector): SnapshotElement[] {
  let matches = elements.filter(element => matchesSelector(element, selector));
  if (selector.text) {
    const ancestors = new Set<number>();
    for (const match of matches) {
      for (let parent = match.parent; parent !== undefined; parent = elements[parent].parent) ancestors.add(parent);
    }
    matches = matches.filter(match => !ancestors.has(match.index));
  }
  if (selector.nth === undefined) return matches;
  const picked = matches.at(selector.nth);
  return picked ? [picked] : [];
}
