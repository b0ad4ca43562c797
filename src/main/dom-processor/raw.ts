import type { PageView } from './types';

/**
 * What the in-page extractor sends back, as one JSON string. A large page has tens of thousands of nodes, and the
 * transfer costs more than the walk, so nodes travel as tuples rather than objects and a text node usually as its
 * bare text. DomProcessorService turns this into SerializableDOMNode objects.
 */
export interface RawDomTree extends PageView {
  /** The document element. */
  tree: RawElement;
  /** Interactive, visible elements left without an index because they lie outside the expanded viewport. */
  omitted: number;
  /** Time spent in the page, ms. */
  ms: number;
}

/**
 * [xpath step within its root (`div[2]`, `*[local-name()='svg'][1]`), flags (1 visible, 2 interactive, 4 top,
 * 8 in the expanded viewport), attributes or 0, children (a shadow root's first, then the light DOM's; or a frame's
 * document element) or 0, extra].
 */
export type RawElement = [string, number, Record<string, string> | 0, (RawNode[] | 0)?, RawExtra?];

/**
 * A text node: its text when it is its parent's first text node (`text()[1]`), else [n, text], plus 'shadow' when it
 * sits at the top of a shadow root. Visibility and place come from its parent element.
 */
export type RawText = string | [number, string, 'shadow'?];

export type RawNode = RawElement | RawText;

/** Fields only some elements have. */
export interface RawExtra {
  /** The element is a top-level node of a new root: an open shadow root's, or a same-origin frame's document element. */
  rt?: 'shadow' | 'frame';
  /** Highlight index. */
  h?: number;
  /** ARIA role, explicit or implied (indexed elements only). */
  r?: string;
  /** Approximate accessible name (indexed elements only). */
  n?: string;
  /** [x, y, width, height] in top-viewport CSS pixels (indexed elements only). */
  b?: [number, number, number, number];
  /** 1 on an element hosting an open shadow root. */
  sh?: 1;
  /** On iframe/frame elements: whether its document could be read. */
  f?: 'same-origin' | 'cross-origin';
}
