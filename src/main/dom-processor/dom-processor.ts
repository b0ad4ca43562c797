import { buildDomTree, type BuildOptions } from './build-dom-tree';
import type { RawDomTree, RawElement, RawNode, RawText } from './raw';
import type { DomState, DomStateOptions, SelectorMap, SerializableDOMNode } from './types';

/** What the processor needs from the browser side: PlaywrightBridgeService provides it. */
export interface PageEvaluator {
  evaluate<R>(script: string): Promise<R>;
}

/** browser-use's default: a little beyond the viewport, so what one scroll reveals is already known. */
export const DEFAULT_VIEWPORT_EXPANSION = 500;

const BUILD_DOM_TREE = buildDomTree.toString();

/**
 * Snapshots the page's DOM in one evaluate (see build-dom-tree.ts for the rules) and turns the answer into a linked
 * SerializableDOMNode tree plus the SelectorMap of indexed elements.
 */
export class DomProcessorService {
  constructor(private readonly page: PageEvaluator) {}

  async getDomState(options: DomStateOptions = {}): Promise<DomState> {
    const build: BuildOptions = { viewportExpansion: options.viewportExpansion ?? DEFAULT_VIEWPORT_EXPANSION };
    const started = performance.now();
    const json = await this.page.evaluate<string>(`(${BUILD_DOM_TREE})(${JSON.stringify(build)})`);
    const evaluated = performance.now();
    const raw = JSON.parse(json) as RawDomTree;
    const { domTree, selectorMap } = buildTree(raw.tree);
    const built = performance.now();
    return {
      url: raw.url,
      title: raw.title,
      viewport: raw.viewport,
      scroll: raw.scroll,
      domTree,
      selectorMap,
      omitted: raw.omitted,
      timings: { pageMs: raw.ms, evaluateMs: round(evaluated - started), buildMs: round(built - evaluated) },
    };
  }
}

const round = (ms: number) => Math.round(ms * 10) / 10;

/** The linked tree and the SelectorMap of a raw tree. */
export function buildTree(raw: RawElement): { domTree: SerializableDOMNode; selectorMap: SelectorMap } {
  const selectorMap: SelectorMap = {};
  const text = (item: RawText, parent: SerializableDOMNode): SerializableDOMNode => {
    const [index, content, root] = typeof item === 'string' ? [1, item] : item;
    const node: SerializableDOMNode = {
      tagName: '#text',
      xpath: `${root ? '' : parent.xpath}/text()[${index}]`,
      attributes: {},
      text: content,
      // A text node shares its element's place on screen.
      isVisible: parent.isVisible,
      isInteractive: false,
      isTopElement: parent.isTopElement,
      isInViewport: parent.isInViewport,
      children: [],
      parent,
    };
    if (root) node.root = root;
    return node;
  };
  const element = (
    [step, flags, attributes, children, extra]: RawElement,
    parent?: SerializableDOMNode,
  ): SerializableDOMNode => {
    const node: SerializableDOMNode = {
      tagName: tagOf(step),
      // A new root (shadow root, frame document) starts its own absolute path.
      xpath: `${parent && !extra?.rt ? parent.xpath : ''}/${step}`,
      attributes: attributes || {},
      isVisible: (flags & 1) !== 0,
      isInteractive: (flags & 2) !== 0,
      isTopElement: (flags & 4) !== 0,
      isInViewport: (flags & 8) !== 0,
      children: [],
      parent,
    };
    if (extra) {
      if (extra.h !== undefined) {
        node.highlightIndex = extra.h;
        selectorMap[extra.h] = node;
      }
      if (extra.r !== undefined) node.role = extra.r;
      if (extra.n !== undefined) node.name = extra.n;
      if (extra.b) node.box = extra.b;
      if (extra.rt) node.root = extra.rt;
      if (extra.sh) node.shadowHost = true;
      if (extra.f) node.frame = extra.f;
    }
    if (children) node.children = children.map(child => (isText(child) ? text(child, node) : element(child, node)));
    return node;
  };
  return { domTree: element(raw), selectorMap };
}

const isText = (node: RawNode): node is RawText => typeof node === 'string' || typeof node[0] === 'number';

/** `td[2]` → td, `*[local-name()='svg'][1]` → svg. */
function tagOf(step: string): string {
  if (step.startsWith('*')) return step.slice(step.indexOf("'") + 1, step.lastIndexOf("'"));
  return step.slice(0, step.indexOf('['));
}
