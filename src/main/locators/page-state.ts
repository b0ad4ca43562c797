import { DomUtils, ElementType, parseDocument } from 'htmlparser2';
import { parseAriaTree } from '../../shared/aria-tree';
import { matchText, textMatcher, type MatchText, type Query } from './query';

type AnyNode = Parameters<typeof DomUtils.getParent>[0];
type Element = ReturnType<typeof DomUtils.findAll>[number];

/** Roles whose accessible name comes from their content: an 'ai' snapshot may leave it out and show the content. */
const NAME_FROM_CONTENT = new Set([
  'button',
  'cell',
  'checkbox',
  'columnheader',
  'gridcell',
  'heading',
  'link',
  'menuitem',
  'menuitemcheckbox',
  'menuitemradio',
  'option',
  'radio',
  'row',
  'rowheader',
  'switch',
  'tab',
  'tooltip',
  'treeitem',
]);
const BUTTON_INPUT = /^(submit|button|reset)$/i;
/** Elements getByLabel finds by a `<label>`: the labelable ones. */
const LABELABLE = new Set(['input', 'select', 'textarea', 'button', 'meter', 'output', 'progress']);
// One segment of the CSS selectors candidates use: `#id`, `[attr="value"]`, or `tag:nth-of-type(n)`.
const ID_SEGMENT = /^#([A-Za-z][\w-]*)$/;
const ATTR_SEGMENT = /^\[([a-z][\w-]*)="((?:[^"\\]|\\.)*)"\]$/;
const PATH_SEGMENT = /^([a-z][a-z0-9-]*)(?::nth-of-type\((\d+)\))?$/;

/**
 * One recorded page state, counted without a browser: roles and names from its aria snapshot (what getByRole matches),
 * test ids, labels, placeholders, texts and CSS from its dom.html. Each is parsed once, on first use.
 */
export class PageState {
  private roles?: { role: string; name: MatchText }[];
  private elements?: Element[];
  private texts = new Map<AnyNode, string>();
  private matchTexts = new Map<Element, MatchText>();
  private ids?: Map<string, Element>;
  private labelsFor?: Map<string, Element[]>;

  constructor(
    readonly seq: number,
    private readonly aria: string | undefined,
    private readonly dom: string | undefined,
  ) {}

  /** How many elements the query matches here; undefined when the state it needs was not recorded or it cannot be read. */
  count(query: Query, testIdAttribute: string): number | undefined {
    if (query.kind === 'role') return this.countRole(query.role, query.name, query.exact);
    const elements = this.domElements();
    if (!elements) return undefined;
    switch (query.kind) {
      case 'test-id':
        return elements.filter(el => el.attribs[testIdAttribute] === query.value).length;
      case 'placeholder': {
        const matches = textMatcher(query.text, query.exact);
        return elements.filter(el => el.attribs.placeholder !== undefined && matches(matchText(el.attribs.placeholder)))
          .length;
      }
      case 'label': {
        const matches = textMatcher(query.text, query.exact);
        return elements.filter(el => this.labelsOf(el).some(label => matches(matchText(label)))).length;
      }
      case 'text':
        return this.countText(elements, query.text, query.exact);
      case 'css':
        return countCss(elements, query.selector);
    }
  }

  private countRole(role: string, name: string | undefined, exact?: boolean): number | undefined {
    if (this.aria === undefined) return undefined;
    this.roles ??= rolesAndNames(this.aria);
    const matches = name === undefined ? () => true : textMatcher(name, exact);
    return this.roles.filter(node => node.role === role && matches(node.name)).length;
  }

  private domElements(): Element[] | undefined {
    if (this.dom === undefined) return undefined;
    this.elements ??= DomUtils.findAll(() => true, parseDocument(this.dom).children);
    return this.elements;
  }

  /**
   * Text content, built from the children's (cached: the text count asks it of every element and its children, and
   * getting each subtree's afresh is quadratic on a real page).
   */
  private textOf(node: AnyNode): string {
    let text = this.texts.get(node);
    if (text === undefined) {
      text =
        node.type === ElementType.Text
          ? (node as AnyNode & { data: string }).data
          : 'children' in node
            ? DomUtils.getChildren(node)
                .map(child => this.textOf(child))
                .join('')
            : '';
      this.texts.set(node, text);
    }
    return text;
  }

  /** An element's text prepared for matching, once per page: a button-like input's is its value. */
  private matchTextOf(el: Element): MatchText {
    let text = this.matchTexts.get(el);
    if (!text) {
      text = matchText(
        BUTTON_INPUT.test(el.attribs.type ?? '') && el.name === 'input' ? (el.attribs.value ?? '') : this.textOf(el),
      );
      this.matchTexts.set(el, text);
    }
    return text;
  }

  /**
   * getByText's rule: an element whose text matches, and none of whose child elements' text does; a button-like
   * input matches by its value.
   */
  private countText(elements: Element[], text: string, exact?: boolean): number {
    const wanted = textMatcher(text, exact);
    const matches = (el: Element) => wanted(this.matchTextOf(el));
    return elements.filter(
      el =>
        el.name !== 'body' &&
        matches(el) &&
        !DomUtils.getChildren(el).some(child => isElement(child) && matches(child)),
    ).length;
  }

  /** What getByLabel reads: aria-labelledby's elements, aria-label, and for labelable elements their `<label>`s. */
  private labelsOf(el: Element): string[] {
    const labels: string[] = [];
    if (el.attribs['aria-labelledby']) {
      const texts = el.attribs['aria-labelledby']
        .split(/\s+/)
        .map(id => this.byId(id))
        .filter(isDefined)
        .map(ref => this.textOf(ref));
      labels.push(texts.join(' '));
    }
    if (el.attribs['aria-label']) labels.push(el.attribs['aria-label']);
    if (!LABELABLE.has(el.name)) return labels;
    for (let parent = el.parent; parent; parent = parent.parent)
      if (isElement(parent) && parent.name === 'label') labels.push(this.textOf(parent));
    if (el.attribs.id) labels.push(...(this.forLabels().get(el.attribs.id) ?? []).map(label => this.textOf(label)));
    return labels;
  }

  private byId(id: string): Element | undefined {
    this.ids ??= new Map(
      this.domElements()!
        .filter(el => el.attribs.id)
        .map(el => [el.attribs.id, el]),
    );
    return this.ids.get(id);
  }

  /** `<label for=…>` elements by the id they name. */
  private forLabels(): Map<string, Element[]> {
    if (this.labelsFor) return this.labelsFor;
    this.labelsFor = new Map();
    for (const label of this.domElements()!) {
      if (label.name !== 'label' || !label.attribs.for) continue;
      const list = this.labelsFor.get(label.attribs.for) ?? [];
      this.labelsFor.set(label.attribs.for, [...list, label]);
    }
    return this.labelsFor;
  }
}

/**
 * Every node of an aria snapshot with its accessible name; nodes of iframes (refs f1e2…) are left out, being out of
 * reach of a page-level getByRole.
 */
function rolesAndNames(yaml: string): { role: string; name: MatchText }[] {
  const nodes = parseAriaTree(yaml);
  const contentOf = (index: number): string => {
    const parts: string[] = [];
    for (let i = index + 1; i < nodes[index].end; i = nodes[i].end)
      parts.push(nodes[i].name ?? nodes[i].text ?? contentOf(i));
    return [nodes[index].text ?? '', ...parts].join(' ');
  };
  return nodes.flatMap((node, index) => {
    if (node.ref?.startsWith('f')) return [];
    const name = node.name ?? (NAME_FROM_CONTENT.has(node.role) ? contentOf(index) : '');
    return [{ role: node.role, name: matchText(name) }];
  });
}

/** Counts a selector of the forms candidates take (segments joined by ` > `); undefined for any other selector. */
function countCss(elements: Element[], selector: string): number | undefined {
  const segments = selector.split(' > ').map(parseSegment);
  if (segments.some(segment => !segment)) return undefined;
  const matchesFrom = (el: Element | null, index: number): boolean => {
    if (!el || !segments[index]!(el)) return false;
    return index === 0 || matchesFrom(isElement(el.parent) ? el.parent : null, index - 1);
  };
  return elements.filter(el => matchesFrom(el, segments.length - 1)).length;
}

function parseSegment(segment: string): ((el: Element) => boolean) | undefined {
  const id = segment.match(ID_SEGMENT);
  if (id) return el => el.attribs.id === id[1];
  const attribute = segment.match(ATTR_SEGMENT);
  if (attribute) return el => el.attribs[attribute[1]] === attribute[2].replace(/\\(.)/g, '$1');
  const path = segment.match(PATH_SEGMENT);
  if (!path) return undefined;
  const [, tag, nth] = path;
  return el => {
    if (el.name !== tag) return false;
    if (!nth) return true;
    const siblings = el.parent
      ? DomUtils.getChildren(el.parent).filter((node): node is Element => isElement(node) && node.name === tag)
      : [el];
    return siblings.indexOf(el) + 1 === Number(nth);
  };
}

const isElement = (node: AnyNode | null): node is Element => !!node && 'attribs' in node;
const isDefined = <T>(value: T | undefined): value is T => value !== undefined;
