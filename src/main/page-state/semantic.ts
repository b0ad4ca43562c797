import type { Tab } from '../browser/tab';
import { UtilityWorlds } from '../playwright/utility-world';
import { roleCode, type SemanticNode } from '../../shared/negotiation';
import { measureElements, pageGeometry, type MeasureWindow, type PageGeometry } from './geometry';
import { skeletonDom } from './skeleton';
import { snapshotNodes, type SnapshotNode } from '../../shared/aria-snapshot';

/** The roles an agent acts on; other nodes of the aria tree stay out of the compact semantic payload. */
const INTERACTIVE_ROLES = new Set([
  'button',
  'link',
  'textbox',
  'searchbox',
  'checkbox',
  'radio',
  'combobox',
  'listbox',
  'option',
  'menuitem',
  'menuitemcheckbox',
  'menuitemradio',
  'tab',
  'switch',
  'slider',
  'spinbutton',
  'treeitem',
]);

export interface SemanticState {
  url: string;
  pageTitle: string;
  viewport: { width: number; height: number };
  scrollPosition: { x: number; y: number };
  interactiveTree: SemanticNode[];
  scrollableContainers: PageGeometry['scrollable'];
  /** Interactive nodes left out by the viewport window. */
  omittedNodes: number;
}

export interface ExtractOptions {
  /**
   * 'viewport' keeps the nodes within one screen above or below the viewport, plus the 50 nodes whose names share the
   * most words with `query` (so a named target further down is still found); 'page' keeps every node.
   */
  scope?: 'page' | 'viewport';
  query?: string;
}

/** Nodes matching the query words that a 'viewport' scope keeps wherever they are. */
const QUERY_MATCHES = 50;

const words = (text: string) => text.toLowerCase().match(/[\p{L}\p{N}]{2,}/gu) ?? [];

const MEASURE = measureElements.toString();
const SKELETON = skeletonDom.toString();

/**
 * The semantic_v3 page state: the interactive nodes of a fresh aria snapshot (so `i` is the very ref an action
 * targets through `aria-ref=`), with geometry, occlusion and scrollability measured in one call in Playwright's
 * utility world.
 */
export class SemanticExtractor {
  private topFrame?: string;

  constructor(private readonly tab: Tab) {}

  async extract(yaml?: string, options: ExtractOptions = {}): Promise<SemanticState> {
    const page = this.tab.page;
    const snapshot = yaml ?? (await this.tab.snapshot());
    const nodes = snapshotNodes(snapshot).filter(node => INTERACTIVE_ROLES.has(node.role) || node.pointer);
    const scope =
      options.scope === 'viewport'
        ? { margin: page.viewportSize()?.height ?? 720, keep: bestMatches(nodes, options.query ?? '', QUERY_MATCHES) }
        : undefined;
    // The window is applied in the page, so far-off elements are neither measured nor sent back.
    const geometry = await this.measure(
      nodes.map(node => node.ref),
      scope,
    );
    const kept = geometry ? nodes.filter(node => !geometry.skipped.has(node.ref)) : nodes;
    const interactiveTree = kept.map(node => {
      const measured = geometry?.elements.get(node.ref);
      const semantic: SemanticNode = { i: node.ref, r: roleCode(node.role) };
      if (node.name) semantic.n = node.name;
      if (measured) Object.assign(semantic, measured);
      return semantic;
    });
    return {
      url: page.url(),
      pageTitle: await page.title(),
      viewport: geometry?.viewport ?? page.viewportSize() ?? { width: 0, height: 0 },
      scrollPosition: geometry?.scrollPosition ?? { x: 0, y: 0 },
      interactiveTree,
      scrollableContainers: geometry?.scrollable ?? [],
      omittedNodes: nodes.length - kept.length,
    };
  }

  /** The structure-only HTML of the main frame, `data-llm-id` on the nodes of `ids` (interactiveTree `i`s). */
  async skeleton(ids: string[]): Promise<string> {
    const main = await this.mainWorld();
    if (!main) throw new Error('The skeleton DOM needs Chromium (CDP) to read the refs.');
    return main.worlds.call<string>(main.frameId, SKELETON, [ids]);
  }

  /** Geometry of the main frame's elements; undefined where CDP is unavailable (nodes then carry no boxes). */
  private async measure(refs: string[], scope?: MeasureWindow): Promise<PageGeometry | undefined> {
    const main = await this.mainWorld();
    const measured = await main?.worlds
      .call<ReturnType<typeof measureElements>>(main.frameId, MEASURE, [refs, scope])
      .catch(() => undefined);
    return measured && pageGeometry(measured);
  }

  private async mainWorld(): Promise<{ worlds: UtilityWorlds; frameId: string } | undefined> {
    const page = this.tab.page;
    const worlds = await UtilityWorlds.of(page);
    if (!worlds) return undefined;
    this.topFrame ??= await worlds.topFrameId();
    return { worlds, frameId: this.topFrame };
  }
}

/** The refs of the nodes whose names share the most words with the query, best first (ties in document order). */
function bestMatches(nodes: SnapshotNode[], query: string, limit: number): string[] {
  const queryWords = new Set(words(query));
  return nodes
    .map(node => ({ ref: node.ref, score: words(node.name ?? '').filter(word => queryWords.has(word)).length }))
    .filter(match => match.score > 0)
    .sort((a, b) => b.score - a.score)
    .slice(0, limit)
    .map(match => match.ref);
}
