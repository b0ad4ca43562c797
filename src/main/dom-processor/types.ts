/** One node of the processed DOM: an element or a text node, linked both ways. */
export interface SerializableDOMNode {
  /** Lowercase tag name; `#text` for a text node. */
  tagName: string;
  /**
   * Absolute XPath within the node's own root: its document (a same-origin iframe has its own) or, inside a shadow
   * root, that root (XPath cannot cross into one; see selectorsFor for how such nodes are located).
   */
  xpath: string;
  /** Attributes as they are now (form values and checked state included); empty for text nodes. */
  attributes: Record<string, string>;
  /** Text nodes only: the text, whitespace collapsed. */
  text?: string;
  isVisible: boolean;
  isInteractive: boolean;
  /** Hit-tested for interactive elements inside the viewport; other nodes report true (nothing covers what is not tested). */
  isTopElement: boolean;
  /** Within the viewport grown by the extraction's viewportExpansion (always, with -1). */
  isInViewport: boolean;
  /** Set on interactive, visible, top, in-viewport elements: what a planner or an IntermediateStep refers to. */
  highlightIndex?: number;
  /** Indexed elements: ARIA role (explicit or implied) and an approximation of the accessible name. */
  role?: string;
  name?: string;
  /** Indexed elements: [x, y, width, height] in viewport CSS pixels. */
  box?: [number, number, number, number];
  /** This node starts a new root: a top-level node of an open shadow root, or the document element of an iframe. */
  root?: 'shadow' | 'frame';
  /** An element hosting an open shadow root (its shadow nodes come first among its children). */
  shadowHost?: boolean;
  /** iframe and frame elements: whether the inside could be read (cross-origin frames are only marked). */
  frame?: 'same-origin' | 'cross-origin';
  children: SerializableDOMNode[];
  parent?: SerializableDOMNode;
}

/** highlightIndex → node. */
export type SelectorMap = Record<number, SerializableDOMNode>;

export interface DomStateOptions {
  /** Pixels around the viewport whose interactive elements still get an index; -1 for the whole page. Default 500. */
  viewportExpansion?: number;
}

/** Which page, and the part of it in view, when its DOM was read. */
export interface PageView {
  url: string;
  title: string;
  viewport: { width: number; height: number };
  scroll: { x: number; y: number };
}

export interface DomState extends PageView {
  /** The document element. */
  domTree: SerializableDOMNode;
  selectorMap: SelectorMap;
  /** Interactive elements left without an index because they lie outside the expanded viewport. */
  omitted: number;
  timings: { pageMs: number; evaluateMs: number; buildMs: number };
}

/** One open tab, as the prompt and the switchTab step see it. */
export interface TabInfo {
  pageIndex: number;
  url: string;
  title: string;
  current: boolean;
}

/** What a planner is told for one natural-language step. */
export interface LLMPromptPayload {
  url: string;
  title: string;
  tabs: TabInfo[];
  /** The clickable-elements text (StateFormatterService.formatDomForLLM). */
  dom: string;
  /** The step to carry out, as the scenario words it. */
  action: string;
}
