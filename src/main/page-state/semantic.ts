import type { Tab } from '../browser/tab';
import { UtilityWorlds } from '../browser/utility-world';
import { roleCode, type SemanticNode } from '../../shared/negotiation';
import { measureElements, type PageGeometry } from './geometry';
import { skeletonDom } from './skeleton';

/** The roles an agent acts on; other nodes of the aria tree stay out of the compact semantic payload. */
const INTERACTIVE_ROLES = new Set([
  'button', 'link', 'textbox', 'searchbox', 'checkbox', 'radio', 'combobox', 'listbox', 'option', 'menuitem',
  'menuitemcheckbox', 'menuitemradio', 'tab', 'switch', 'slider', 'spinbutton', 'treeitem',
]);

// `- role "name" [attr] [ref=e12] [cursor=pointer]: text` — the name is a JSON-style quoted string when present.
const SNAPSHOT_LINE = /^\s*- ([a-z]+)(?: ("(?:[^"\\]|\\.)*"))?(.*?)\[ref=((?:f\d+)?e\d+)\]([^:]*)(?::(?: (.*))?)?$/;

export interface SnapshotNode {
  ref: string;
  role: string;
  name?: string;
  /** Shown as clickable by the cursor although its role is not an interactive one. */
  pointer: boolean;
}

/** The nodes of an aria snapshot (mode 'ai') that carry a ref, in document order. */
export function snapshotNodes(yaml: string): SnapshotNode[] {
  const nodes: SnapshotNode[] = [];
  for (const line of yaml.split('\n')) {
    const match = line.match(SNAPSHOT_LINE);
    if (!match) continue;
    let name: string | undefined;
    try {
      name = match[2] ? (JSON.parse(match[2]) as string) : undefined;
    } catch {
      name = match[2]?.slice(1, -1);
    }
    // A node without a name (a clickable generic) is known by its inline text.
    name ??= match[6]?.replace(/^"(.*)"$/, '$1') || undefined;
    nodes.push({ ref: match[4], role: match[1], name, pointer: /\[cursor=pointer\]/.test(line) });
  }
  return nodes;
}

export interface SemanticState {
  url: string;
  pageTitle: string;
  viewport: { width: number; height: number };
  scrollPosition: { x: number; y: number };
  interactiveTree: SemanticNode[];
  scrollableContainers: PageGeometry['scrollable'];
}

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

  async extract(yaml?: string): Promise<SemanticState> {
    const page = this.tab.page;
    const snapshot = yaml ?? (await this.tab.snapshot());
    const nodes = snapshotNodes(snapshot).filter(node => INTERACTIVE_ROLES.has(node.role) || node.pointer);
    const geometry = await this.measure(nodes.map(node => node.ref));
    const interactiveTree = nodes.map(node => {
      const measured = geometry?.elements[node.ref];
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
    };
  }

  /** The structure-only HTML of the main frame, `data-llm-id` on the nodes of `ids` (interactiveTree `i`s). */
  async skeleton(ids: string[]): Promise<string> {
    const main = await this.mainWorld();
    if (!main) throw new Error('The skeleton DOM needs Chromium (CDP) to read the refs.');
    return main.worlds.call<string>(main.frameId, SKELETON, [ids]);
  }

  /** Geometry of the main frame's elements; undefined where CDP is unavailable (nodes then carry no boxes). */
  private async measure(refs: string[]): Promise<PageGeometry | undefined> {
    const main = await this.mainWorld();
    return main?.worlds.call<PageGeometry>(main.frameId, MEASURE, [refs]).catch(() => undefined);
  }

  private async mainWorld(): Promise<{ worlds: UtilityWorlds; frameId: string } | undefined> {
    const page = this.tab.page;
    const worlds = await UtilityWorlds.of(page);
    if (!worlds) return undefined;
    this.topFrame ??= await worlds.topFrameId();
    return { worlds, frameId: this.topFrame };
  }
}
