import { DomUtils, ElementType, parseDocument } from 'htmlparser2';
import { roleCode } from '../../../shared/negotiation';
import { table } from './vocabulary';

// The skeleton DOM (src/main/page-state/skeleton.ts: tags, a few attributes, short text, `data-llm-id` on interactive
// elements) and the full DOM, read with htmlparser2. Both may come in any request mode; they are only ever read here.

// The client sends the same skeleton (and DOM) for every query on a page, and a plan reads it many ways: the last few
// parses are kept. Nothing changes a parsed document.
const documents = new Map<string, ReturnType<typeof parseDocument>>();
const KEPT = 4;

/** The parsed document of `html`, parsed once for the last few documents asked about. */
export function parsed(html: string): ReturnType<typeof parseDocument> {
  let document = documents.get(html);
  if (!document) {
    document = parseDocument(html);
    if (documents.size >= KEPT) documents.delete(documents.keys().next().value!);
    documents.set(html, document);
  }
  return document;
}

type AnyNode = Parameters<typeof DomUtils.getParent>[0];
export type Element = ReturnType<typeof DomUtils.findAll>[number];

const REF = 'data-llm-id';
const isElement = (node: AnyNode | null): node is Element => !!node && 'attribs' in node;

/** Text of a subtree with a space between text nodes: the skeleton puts no whitespace between tags. */
function textOf(node: AnyNode, skip?: (element: Element) => boolean): string {
  const parts: string[] = [];
  const walk = (current: AnyNode) => {
    if (current.type === ElementType.Text) parts.push((current as AnyNode & { data: string }).data);
    if (current.type === ElementType.Script || current.type === ElementType.Style) return;
    if (current !== node && isElement(current) && skip?.(current)) return;
    for (const child of DomUtils.getChildren(current)) walk(child);
  };
  walk(node);
  return parts.join(' ').replace(/\s+/g, ' ').trim();
}

const isInside = (node: AnyNode, ancestor: AnyNode) => {
  for (let parent = DomUtils.getParent(node); parent; parent = DomUtils.getParent(parent))
    if (parent === ancestor) return true;
  return false;
};

/**
 * For each of `ids` found in the skeleton, the text (and aria-labels) of its largest ancestor that holds none of the
 * others: the card around one of several "Add to cart" buttons. Empty unless at least two are found, since a lone
 * one's largest such ancestor is the whole page.
 */
export function surroundings(skeleton: string, ids: string[]): Map<string, string> {
  const found = new Map<string, Element>();
  for (const element of DomUtils.findAll(el => ids.includes(el.attribs[REF]), parsed(skeleton).children)) {
    if (!found.has(element.attribs[REF])) found.set(element.attribs[REF], element);
  }
  const contexts = new Map<string, string>();
  if (found.size < 2) return contexts;
  for (const [id, element] of found) {
    const others = [...found.values()].filter(other => other !== element);
    let scope: Element = element;
    let parent = DomUtils.getParent(scope);
    while (isElement(parent) && !others.some(other => isInside(other, parent!))) {
      scope = parent;
      parent = DomUtils.getParent(scope);
    }
    const labels = DomUtils.findAll(el => !!el.attribs['aria-label'], [scope]).map(el => el.attribs['aria-label']);
    contexts.set(id, [textOf(scope), ...labels].join(' '));
  }
  return contexts;
}

/**
 * Whether `other` sits in the surroundings of `id` among `ids` (its largest ancestor holding none of the others): the
 * file link in the same row as one of the Star buttons.
 */
export function sharesSurroundings(skeleton: string, ids: string[], id: string, other: string): boolean {
  const document = parsed(skeleton);
  const found = DomUtils.findAll(el => ids.includes(el.attribs[REF]), document.children);
  const element = found.find(el => el.attribs[REF] === id);
  const target = DomUtils.findOne(el => el.attribs[REF] === other, document.children);
  if (!element || !target) return false;
  let scope: Element = element;
  let parent = DomUtils.getParent(scope);
  while (isElement(parent) && !found.some(el => el !== element && isInside(el, parent!))) {
    scope = parent;
    parent = DomUtils.getParent(scope);
  }
  return isInside(target, scope);
}

/**
 * The cards of the skeleton, for "the second card": the largest group of same-tag siblings that each hold an
 * interactive element and at least two pieces of text (a title and a price, say, where a menu item has one), in
 * document order, each as the ids it holds.
 */
export function repeatedContainers(skeleton: string): string[][] {
  const document = parsed(skeleton);
  const idsIn = (element: Element) => DomUtils.findAll(el => REF in el.attribs, [element]).map(el => el.attribs[REF]);
  const textPieces = (element: Element) =>
    DomUtils.filter(node => node.type === ElementType.Text && textOf(node) !== '', element).length;
  let best: Element[] = [];
  for (const parent of [document, ...DomUtils.findAll(() => true, document.children)]) {
    const groups = new Map<string, Element[]>();
    for (const child of DomUtils.getChildren(parent)) {
      if (!isElement(child)) continue;
      const key = `${child.name}|${child.attribs.role ?? ''}`;
      groups.set(key, [...(groups.get(key) ?? []), child]);
    }
    for (const members of groups.values()) {
      if (members.length > best.length && members.every(member => idsIn(member).length > 0 && textPieces(member) >= 2))
        best = members;
    }
  }
  return best.map(idsIn);
}

/** The index of the container (of `repeatedContainers`) that holds `id`, or -1. */
export const containerOf = (containers: string[][], id: string) => containers.findIndex(ids => ids.includes(id));

/** An element of the full DOM with what it is called (an approximation of its accessible name) and its role code. */
export interface DomElement {
  element: Element;
  label: string;
  role?: string;
}

const SKIPPED_TAGS = new Set([
  'html',
  'head',
  'body',
  'script',
  'style',
  'meta',
  'link',
  'title',
  'noscript',
  'template',
  'br',
  'hr',
]);
const FORM_TAGS = new Set(['input', 'select', 'textarea']);
const INPUT_ROLES = table<string>({
  button: 'btn',
  submit: 'btn',
  reset: 'btn',
  image: 'btn',
  checkbox: 'chk',
  radio: 'rad',
  search: 'srch',
  number: 'spn',
  range: 'sld',
});
/** Longer labels belong to containers, which nobody names in a verification. */
const MAX_LABEL = 500;

function roleOfElement(element: Element): string | undefined {
  const explicit = element.attribs.role?.trim().split(/\s+/)[0];
  if (explicit) return roleCode(explicit);
  const type = element.attribs.type?.toLowerCase() ?? '';
  switch (element.name) {
    case 'a':
      return 'href' in element.attribs ? 'lnk' : undefined;
    case 'button':
      return 'btn';
    case 'textarea':
      return 'txt';
    case 'select':
      return 'multiple' in element.attribs || Number(element.attribs.size) > 1 ? 'lst' : 'cmb';
    case 'img':
      return 'img';
    case 'option':
      return 'opt';
    case 'input':
      return INPUT_ROLES[type] ?? 'txt';
    default:
      return /^h[1-6]$/.test(element.name) ? 'hdg' : undefined;
  }
}

/** Every element of a full HTML page that has a name, with its role, in document order. */
export function labelledElements(html: string): DomElement[] {
  const all = DomUtils.findAll(() => true, parsed(html).children);
  const byId = new Map(all.filter(el => el.attribs.id).map(el => [el.attribs.id, el]));
  const labelFor = new Map(
    all.filter(el => el.name === 'label' && el.attribs.for).map(el => [el.attribs.for, textOf(el)]),
  );
  const labelOf = (element: Element): string => {
    const a = element.attribs;
    if (a['aria-label']) return a['aria-label'];
    if (a['aria-labelledby'])
      return a['aria-labelledby']
        .split(/\s+/)
        .map(id => (byId.get(id) ? textOf(byId.get(id)!) : ''))
        .join(' ')
        .trim();
    if (element.name === 'input' && ['button', 'submit', 'reset'].includes(a.type?.toLowerCase() ?? ''))
      return a.value ?? '';
    if (FORM_TAGS.has(element.name)) {
      let wrapping = DomUtils.getParent(element);
      while (isElement(wrapping) && wrapping.name !== 'label') wrapping = DomUtils.getParent(wrapping);
      return (
        (a.id && labelFor.get(a.id)) ||
        (isElement(wrapping) ? textOf(wrapping) : '') ||
        a.placeholder ||
        a.title ||
        a.name ||
        ''
      );
    }
    if (element.name === 'img') return a.alt || a.title || '';
    return textOf(element) || a.title || '';
  };
  const elements: DomElement[] = [];
  for (const element of all) {
    if (SKIPPED_TAGS.has(element.name) || (element.name === 'input' && element.attribs.type === 'hidden')) continue;
    const label = labelOf(element);
    if (label && label.length <= MAX_LABEL) elements.push({ element, label, role: roleOfElement(element) });
  }
  return elements;
}

/** Whether `inner` sits inside `outer` (for keeping the innermost of nested matches). */
export const contains = (outer: Element, inner: Element) => isInside(inner, outer);

/** `<a href="/docs" class="nav">`, for naming an element in a message. */
export function describeElement(element: Element): string {
  const attributes = Object.entries(element.attribs)
    .slice(0, 4)
    .map(([name, value]) => ` ${name}="${value.length > 60 ? `${value.slice(0, 60)}…` : value}"`);
  return `<${element.name}${attributes.join('')}>`;
}

/** All the text of an HTML document. */
export function documentText(html: string): string {
  return textOf(parsed(html));
}
