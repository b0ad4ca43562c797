// Which part of the page a word of the query names: the group (row, card, fieldset, section) around the text holding
// it. "the recipient's phone" names the recipient fieldset by its legend; a Phone field outside it is not what is meant.
import { DomUtils, ElementType } from 'htmlparser2';
import { matchText, type Slot } from './scoring';
import { parsed, type Element } from './structure';

type AnyNode = Parameters<typeof DomUtils.getParent>[0];

const REF = 'data-llm-id';
/** Elements whose text titles the group around them rather than the controls beside them. */
const TITLE_TAGS = new Set([
  ...['h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'legend', 'caption', 'summary', 'th', 'dt', 'figcaption'],
  // A message's or card's bold lead: its author or its name.
  ...['strong', 'b'],
]);
const SKIPPED = new Set(['script', 'style', 'option']);

/** Where a heading's section may reach at most: the sectioning element around it. */
const SECTIONING = new Set(['section', 'article', 'aside', 'nav', 'main', 'dialog', 'fieldset', 'li', 'table', 'form']);

/** A piece of the page's text (a text node, an aria-label), the group it names, and a heading's section. */
interface Unit {
  text: string;
  group: Element;
  /** Whether the text titles its group (a heading, legend, caption, header cell, link, aria-label). */
  title: boolean;
  /** For a heading's text: the document-order span of what it heads (up to the next heading of its level or higher). */
  section?: [number, number];
}

interface Groups {
  units: Unit[];
  byRef: Map<string, Element>;
  order: Map<Element, number>;
  /** The options each dropdown lists, by its id. */
  options: Map<string, string[]>;
  /** The hint each field shows while empty ("e.g. SAVE10"), by its id. */
  hints: Map<string, string>;
}

const isElement = (node: AnyNode | null): node is Element => !!node && 'attribs' in node;

/**
 * The title element a piece of text sits in, if any, before reaching an element that holds controls: a heading, a
 * legend, a header cell, or a link (a card's or row's link names its item: "Oak desk" in the card with its Remove).
 */
function titleAround(start: Element, counts: Map<Element, number>): Element | undefined {
  for (let at: AnyNode | null = start; isElement(at); at = DomUtils.getParent(at)) {
    if (TITLE_TAGS.has(at.name) || at.name === 'a') return at;
    if ((counts.get(at) ?? 0) > 0) return undefined;
  }
  return undefined;
}

/**
 * The group a piece of text names. A title names the nearest group around it that holds controls besides its own;
 * other text names the nearest element holding any control: a label its control, a row's cell its row, a button's
 * text the button.
 */
function groupOf(start: Element, counts: Map<Element, number>): Element {
  const title = titleAround(start, counts);
  const floor = title ? (counts.get(title) ?? 0) : 0;
  let group: Element = title ?? start;
  while ((counts.get(group) ?? 0) <= floor) {
    const parent = DomUtils.getParent(group);
    if (!isElement(parent)) break;
    group = parent;
  }
  return group;
}

function analyse(skeleton: string): Groups {
  const document = parsed(skeleton);
  const counts = new Map<Element, number>();
  const byRef = new Map<string, Element>();
  // Pre-order index of each element and of the last element inside it.
  const order = new Map<Element, number>();
  const last = new Map<Element, number>();
  const headings: { element: Element; level: number }[] = [];
  const count = (node: AnyNode): number => {
    if (!isElement(node)) return 0;
    order.set(node, order.size);
    const level = /^h([1-6])$/.exec(node.name)?.[1];
    if (level) headings.push({ element: node, level: Number(level) });
    let total = REF in node.attribs ? 1 : 0;
    if (REF in node.attribs && !byRef.has(node.attribs[REF])) byRef.set(node.attribs[REF], node);
    for (const child of DomUtils.getChildren(node)) total += count(child);
    counts.set(node, total);
    last.set(node, order.size - 1);
    return total;
  };
  for (const child of document.children) count(child);
  const sections = new Map<Element, [number, number]>();
  // Walked from the end: nextAt[level] is where the nearest later heading of that level starts.
  const nextAt = Array<number>(7).fill(Infinity);
  for (const { element, level } of headings.toReversed()) {
    let bound: AnyNode | null = DomUtils.getParent(element);
    while (isElement(bound) && !SECTIONING.has(bound.name)) bound = DomUtils.getParent(bound);
    const next = Math.min(...nextAt.slice(1, level + 1));
    sections.set(element, [order.get(element)!, Math.min(next, isElement(bound) ? last.get(bound)! + 1 : Infinity)]);
    nextAt[level] = order.get(element)!;
  }
  const sectionOf = (start: Element) => {
    for (let at: AnyNode | null = start; isElement(at); at = DomUtils.getParent(at))
      if (sections.has(at)) return sections.get(at);
    return undefined;
  };
  const units: Unit[] = [];
  const walk = (node: AnyNode) => {
    if (isElement(node)) {
      if (SKIPPED.has(node.name)) return;
      if (node.attribs['aria-label'])
        units.push({ text: node.attribs['aria-label'], group: groupOf(node, counts), title: true });
      for (const child of DomUtils.getChildren(node)) walk(child);
    } else if (node.type === ElementType.Text) {
      const text = (node as AnyNode & { data: string }).data.trim();
      const parent = DomUtils.getParent(node);
      if (text && isElement(parent)) {
        const section = sectionOf(parent);
        units.push({
          text,
          group: groupOf(parent, counts),
          section,
          title: !!section || !!titleAround(parent, counts),
        });
      }
    }
  };
  for (const child of document.children) walk(child);
  const options = new Map<string, string[]>();
  const hints = new Map<string, string>();
  for (const [id, element] of byRef) {
    if (element.attribs.placeholder?.trim()) hints.set(id, element.attribs.placeholder.trim());
    const listed = DomUtils.findAll(el => el.name === 'option', [element]).map(option =>
      DomUtils.textContent(option).replace(/\s+/g, ' ').trim(),
    );
    if (listed.length) options.set(id, listed);
  }
  return { units, byRef, order, options, hints };
}

// The client sends the same skeleton for every query on a page: the last few analyses are kept.
const cache = new Map<string, Groups>();
const CACHED = 4;

function groupsOf(skeleton: string): Groups {
  let groups = cache.get(skeleton);
  if (!groups) {
    groups = analyse(skeleton);
    if (cache.size >= CACHED) cache.delete(cache.keys().next().value!);
    cache.set(skeleton, groups);
  }
  return groups;
}

function holds(unit: Unit, element: Element, order: Map<Element, number>): boolean {
  const at = order.get(element)!;
  if (unit.section && unit.section[0] < at && at < unit.section[1]) return true;
  for (let parent: AnyNode | null = element; parent; parent = DomUtils.getParent(parent))
    if (parent === unit.group) return true;
  return false;
}

export interface Placement {
  /** The slots some text of the group around the element holds. */
  near: Slot[];
  /** Of those, the ones a title of a group around it holds: its section's heading, its card's link, its legend. */
  titled: Slot[];
  /** The slots the page writes only in groups the element is not in, with one such text each. */
  elsewhere: { slot: Slot; text: string }[];
  /** The slots the skeleton does not write at all. */
  unwritten: Slot[];
}

// Which units write a slot does not depend on the element asked about: a plan asks for many elements with the same
// slots (every candidate of a query), so the answer is kept per skeleton and slot.
const holdingCache = new Map<string, Map<string, Unit[]>>();

function holdingUnits(skeleton: string, units: Unit[], slot: Slot): Unit[] {
  let bySlot = holdingCache.get(skeleton);
  if (!bySlot) {
    if (holdingCache.size >= CACHED) holdingCache.delete(holdingCache.keys().next().value!);
    holdingCache.set(skeleton, (bySlot = new Map()));
  }
  const key = `${slot.label}\u0000${slot.forms.join('\u0000')}`;
  let holding = bySlot.get(key);
  if (!holding) {
    holding = units.filter(unit => matchText(unit.text, [slot]).matched.length > 0);
    if (bySlot.size >= 512) bySlot.clear();
    bySlot.set(key, holding);
  }
  return holding;
}

/** Where the skeleton writes each slot relative to the element `id`: in a group around it, only elsewhere, or nowhere. */
export function placeWords(skeleton: string, id: string, slots: Slot[]): Placement {
  const { units, byRef, order } = groupsOf(skeleton);
  const element = byRef.get(id);
  const placement: Placement = { near: [], titled: [], elsewhere: [], unwritten: [] };
  for (const slot of slots) {
    const holding = holdingUnits(skeleton, units, slot);
    if (!holding.length) placement.unwritten.push(slot);
    else if (element && holding.some(unit => holds(unit, element, order))) {
      placement.near.push(slot);
      if (holding.some(unit => unit.title && holds(unit, element, order))) placement.titled.push(slot);
    } else placement.elsewhere.push({ slot, text: holding[0].text });
  }
  return placement;
}

/** The placeholder of every field that shows one, by the field's id. */
export const fieldHints = (skeleton: string): ReadonlyMap<string, string> => groupsOf(skeleton).hints;

/** The declared type of every input that has one ("date", "email"), by the input's id. */
export function inputTypes(skeleton: string): ReadonlyMap<string, string> {
  const types = new Map<string, string>();
  for (const [id, element] of groupsOf(skeleton).byRef)
    if (element.name === 'input' && element.attribs.type) types.set(id, element.attribs.type.toLowerCase());
  return types;
}

/** The options of every dropdown the skeleton lists, by the dropdown's id. */
export const dropdownOptions = (skeleton: string): ReadonlyMap<string, string[]> => groupsOf(skeleton).options;

/**
 * The innermost title around the element `id` that is its item's own (its card's heading, its row's lead, its
 * fieldset's legend): the text that says what the item is. A title over `twins` too (a table's column header over
 * every row's Refund) names no one item. Undefined when no such title holds the element.
 */
export function innermostTitle(skeleton: string, id: string, twins: string[]): string | undefined {
  const { units, byRef, order } = groupsOf(skeleton);
  const element = byRef.get(id);
  if (!element) return undefined;
  const others = twins.map(twin => byRef.get(twin)).filter(other => other !== undefined && other !== element);
  let best: { text: string; span: number } | undefined;
  for (const unit of units) {
    if (!unit.title || !holds(unit, element, order) || others.some(other => holds(unit, other!, order))) continue;
    const span = unit.section ? unit.section[1] - unit.section[0] : spanOf(unit.group);
    if (!best || span < best.span) best = { text: unit.text, span };
  }
  return best?.text;
}

/** How many elements an element holds, itself included: a group's size, to compare groups by. */
function spanOf(element: Element): number {
  return DomUtils.findAll(() => true, [element]).length + 1;
}

/** Whether a title around the element `id` (its legend, its section's heading, its card's lead) says `pattern`. */
export function titledAs(skeleton: string, id: string, pattern: RegExp): boolean {
  const { units, byRef, order } = groupsOf(skeleton);
  const element = byRef.get(id);
  return !!element && units.some(unit => unit.title && pattern.test(unit.text) && holds(unit, element, order));
}

/**
 * The ids of `ids` around which every slot is written in a title (a section's heading, a legend, a card's title). The
 * titles holding each slot are found once, not once per element: a count over a big page's links reads the page once.
 */
export function titledAround(skeleton: string, ids: string[], slots: Slot[]): Set<string> {
  const { units, byRef, order } = groupsOf(skeleton);
  const titles = slots.map(slot => holdingUnits(skeleton, units, slot).filter(unit => unit.title));
  return new Set(
    ids.filter(id => {
      const element = byRef.get(id);
      return !!element && titles.every(holding => holding.some(unit => holds(unit, element, order)));
    }),
  );
}
