import type { SerializableDOMNode } from './types';

/** Playwright selectors for one node, most preferred first. */
export interface NodeSelectors {
  /** `xpath=…`, chained through same-origin iframes; absent inside a shadow root, which XPath cannot enter. */
  xpath?: string;
  /** `css=…` with :nth-of-type steps, chained through iframes and into open shadow roots (Playwright's CSS pierces them). */
  css: string;
}

const ENTER_FRAME = 'internal:control=enter-frame';

/**
 * Builds the selectors of a node from the xpath of each root it sits in: the document, then per iframe the frame's
 * document (`>> internal:control=enter-frame >>`, what `frameLocator` produces), per shadow root a CSS step scoped to
 * the host (`:scope > …`).
 */
export function selectorsFor(node: SerializableDOMNode): NodeSelectors {
  // Innermost first: the node's path in its root, then its root's host's path in the root above, and so on.
  const segments: { xpath: string; entered?: 'shadow' | 'frame' }[] = [];
  let current: SerializableDOMNode | undefined = node;
  while (current) {
    let top: SerializableDOMNode = current;
    while (!top.root && top.parent) top = top.parent;
    segments.unshift({ xpath: current.xpath, entered: top.root });
    current = top.root ? top.parent : undefined;
  }
  const css: string[] = [];
  const xpath: string[] = [];
  let xpathUsable = true;
  for (const segment of segments) {
    if (segment.entered === 'frame') {
      css.push(ENTER_FRAME);
      xpath.push(ENTER_FRAME);
    }
    if (segment.entered === 'shadow') {
      xpathUsable = false;
      css.push(`css=:scope > ${cssPath(segment.xpath)}`);
    } else {
      css.push(`css=${cssPath(segment.xpath)}`);
      xpath.push(`xpath=${segment.xpath}`);
    }
  }
  return { ...(xpathUsable && { xpath: xpath.join(' >> ') }), css: css.join(' >> ') };
}

/** `/html[1]/body[1]/div[2]` → `html:nth-of-type(1) > body:nth-of-type(1) > div:nth-of-type(2)`. */
export function cssPath(xpath: string): string {
  return xpath
    .slice(1)
    .split('/')
    .map(step => {
      const foreign = step.match(/^\*\[local-name\(\)='([^']+)'\]\[(\d+)\]$/);
      if (foreign) return `${foreign[1]}:nth-of-type(${foreign[2]})`;
      const match = step.match(/^([^[()]+)\[(\d+)\]$/);
      if (!match) throw new Error(`No CSS step for "${step}": only elements have CSS selectors.`);
      return `${cssIdent(match[1])}:nth-of-type(${match[2]})`;
    })
    .join(' > ');
}

/** Tag names are identifiers already, except for exotic custom-element characters. */
const cssIdent = (name: string) => name.replace(/[^\w-]/g, char => `\\${char}`);
