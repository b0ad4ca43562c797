/// <reference lib="dom" />

export interface ElementGeometry {
  /** Centre, viewport CSS pixels. */
  xy: [number, number];
  box: [number, number, number, number];
  /** True when the element is in the viewport and covered at every probe point. */
  occ?: true;
  scr?: true;
}

export interface PageGeometry {
  elements: Map<string, ElementGeometry>;
  /** Refs the window left out. */
  skipped: Set<string>;
  viewport: { width: number; height: number };
  scrollPosition: { x: number; y: number };
  /** Refs of the scrollable elements, with their scroll state. */
  scrollable: { i: string; box: [number, number, number, number]; scrollTop: number; scrollHeight: number }[];
}

/** Measure only the elements within `margin` pixels above or below the viewport, and the `keep` refs wherever they are. */
export interface MeasureWindow {
  margin: number;
  keep: string[];
}

/** What the page sends back: flat numbers rather than one object per element, so thousands cross CDP cheaply. */
interface MeasuredPage {
  /** The refs measured, in the order of `boxes` (4 numbers each). */
  refs: string[];
  /** Elements left out by the window. */
  skipped: string[];
  boxes: number[];
  /** Indices into `refs`. */
  occluded: number[];
  scrollable: { index: number; scrollTop: number; scrollHeight: number }[];
  viewport: { width: number; height: number };
  scrollPosition: { x: number; y: number };
}

/**
 * Runs in Playwright's utility world (self-contained: it is sent as source). For each element whose `_ariaRef` is in
 * `refs` (and inside `scope`, when given): its box, whether something else covers it (elementFromPoint at the centre
 * and two inner points, through open shadow roots), and whether it scrolls.
 */
export function measureElements(refs: string[], scope?: MeasureWindow): MeasuredPage {
  const wanted = new Set(refs);
  const keep = new Set(scope?.keep);
  const out: MeasuredPage = {
    refs: [],
    skipped: [],
    boxes: [],
    occluded: [],
    scrollable: [],
    viewport: { width: innerWidth, height: innerHeight },
    scrollPosition: { x: Math.round(scrollX), y: Math.round(scrollY) },
  };
  const { width, height } = out.viewport;

  const hitAt = (x: number, y: number): Element | null => {
    let hit = document.elementFromPoint(x, y);
    while (hit?.shadowRoot) {
      const inner = hit.shadowRoot.elementFromPoint(x, y);
      if (!inner || inner === hit) break;
      hit = inner;
    }
    return hit;
  };
  const covers = (el: Element, hit: Element | null) =>
    !!hit && (hit === el || el.contains(hit) || !!(el.shadowRoot && el.shadowRoot.contains(hit)));

  const measure = (el: Element, ref: string) => {
    const rect = el.getBoundingClientRect();
    if (scope && !keep.has(ref) && (rect.bottom < -scope.margin || rect.top > height + scope.margin)) {
      out.skipped.push(ref);
      return;
    }
    const index = out.refs.push(ref) - 1;
    out.boxes.push(Math.round(rect.x), Math.round(rect.y), Math.round(rect.width), Math.round(rect.height));
    const inView =
      rect.width > 0 && rect.height > 0 && rect.right > 0 && rect.bottom > 0 && rect.left < width && rect.top < height;
    if (inView) {
      const probes: [number, number][] = [
        [rect.x + rect.width / 2, rect.y + rect.height / 2],
        [rect.x + Math.min(4, rect.width / 2), rect.y + Math.min(4, rect.height / 2)],
        [rect.right - Math.min(4, rect.width / 2), rect.bottom - Math.min(4, rect.height / 2)],
      ];
      const inside = probes.filter(([x, y]) => x >= 0 && y >= 0 && x < width && y < height);
      if (inside.length > 0 && inside.every(([x, y]) => !covers(el, hitAt(x, y)))) out.occluded.push(index);
    }
    // The overflow style is only read for elements whose content overflows: getComputedStyle is the costly part.
    const overflows = el.scrollHeight > el.clientHeight + 1 || el.scrollWidth > el.clientWidth + 1;
    if (overflows) {
      const style = getComputedStyle(el);
      const scrolls =
        (el.scrollHeight > el.clientHeight + 1 && /(auto|scroll)/.test(style.overflowY)) ||
        (el.scrollWidth > el.clientWidth + 1 && /(auto|scroll)/.test(style.overflowX));
      if (scrolls) out.scrollable.push({ index, scrollTop: Math.round(el.scrollTop), scrollHeight: el.scrollHeight });
    }
  };

  const visit = (root: Document | ShadowRoot) => {
    for (const el of Array.from(root.querySelectorAll('*'))) {
      if (el.shadowRoot) visit(el.shadowRoot);
      const ref = (el as unknown as { _ariaRef?: { ref?: string } })._ariaRef?.ref;
      if (ref && wanted.has(ref)) measure(el, ref);
    }
  };
  visit(document);
  return out;
}

/** Turns the page's flat answer into geometry per ref, with the centre computed here rather than sent. */
export function pageGeometry(measured: MeasuredPage): PageGeometry {
  const elements = new Map<string, ElementGeometry>();
  const boxOf = (index: number) => measured.boxes.slice(index * 4, index * 4 + 4) as [number, number, number, number];
  measured.refs.forEach((ref, index) => {
    const box = boxOf(index);
    elements.set(ref, { xy: [Math.round(box[0] + box[2] / 2), Math.round(box[1] + box[3] / 2)], box });
  });
  for (const index of measured.occluded) elements.get(measured.refs[index])!.occ = true;
  const scrollable = measured.scrollable.map(({ index, scrollTop, scrollHeight }) => {
    elements.get(measured.refs[index])!.scr = true;
    return { i: measured.refs[index], box: boxOf(index), scrollTop, scrollHeight };
  });
  return {
    elements,
    skipped: new Set(measured.skipped),
    viewport: measured.viewport,
    scrollPosition: measured.scrollPosition,
    scrollable,
  };
}
