/// <reference lib="dom" />

export interface ElementGeometry {
  /** Centre, viewport CSS pixels. */
  xy: [number, number];
  box: [number, number, number, number];
  /** Present only for elements in the viewport, where hit-testing can tell. */
  occ?: boolean;
  scr?: boolean;
}

export interface PageGeometry {
  elements: Record<string, ElementGeometry>;
  viewport: { width: number; height: number };
  scrollPosition: { x: number; y: number };
  /** Refs of the scrollable elements, with their scroll state. */
  scrollable: { i: string; box: [number, number, number, number]; scrollTop: number; scrollHeight: number }[];
}

/**
 * Runs in Playwright's utility world (self-contained: it is sent as source). For each element whose `_ariaRef` is in
 * `refs`: its box and centre, whether something else covers it (elementFromPoint at the centre and two inner points,
 * through open shadow roots), and whether it scrolls.
 */
export function measureElements(refs: string[]): PageGeometry {
  const wanted = new Set(refs);
  const elements: Record<string, ElementGeometry> = {};
  const scrollable: PageGeometry['scrollable'] = [];
  const width = window.innerWidth;
  const height = window.innerHeight;
  const round = (n: number) => Math.round(n);

  const hitAt = (x: number, y: number): Element | null => {
    let hit = document.elementFromPoint(x, y);
    while (hit?.shadowRoot) {
      const inner = hit.shadowRoot.elementFromPoint(x, y);
      if (!inner || inner === hit) break;
      hit = inner;
    }
    return hit;
  };
  const covers = (el: Element, hit: Element | null) => !!hit && (hit === el || el.contains(hit) || !!(el.shadowRoot && el.shadowRoot.contains(hit)));

  const visit = (root: Document | ShadowRoot) => {
    for (const el of Array.from(root.querySelectorAll('*'))) {
      if (el.shadowRoot) visit(el.shadowRoot);
      const ref = (el as unknown as { _ariaRef?: { ref?: string } })._ariaRef?.ref;
      if (!ref || !wanted.has(ref)) continue;
      const rect = el.getBoundingClientRect();
      const box: [number, number, number, number] = [round(rect.x), round(rect.y), round(rect.width), round(rect.height)];
      const geometry: ElementGeometry = { xy: [round(rect.x + rect.width / 2), round(rect.y + rect.height / 2)], box };
      const inView = rect.width > 0 && rect.height > 0 && rect.right > 0 && rect.bottom > 0 && rect.left < width && rect.top < height;
      if (inView) {
        const probes: [number, number][] = [
          [rect.x + rect.width / 2, rect.y + rect.height / 2],
          [rect.x + Math.min(4, rect.width / 2), rect.y + Math.min(4, rect.height / 2)],
          [rect.right - Math.min(4, rect.width / 2), rect.bottom - Math.min(4, rect.height / 2)],
        ];
        const inside = probes.filter(([x, y]) => x >= 0 && y >= 0 && x < width && y < height);
        geometry.occ = inside.length > 0 && inside.every(([x, y]) => !covers(el, hitAt(x, y)));
      }
      const style = getComputedStyle(el);
      const scrolls = (el.scrollHeight > el.clientHeight + 1 && /(auto|scroll)/.test(style.overflowY)) ||
        (el.scrollWidth > el.clientWidth + 1 && /(auto|scroll)/.test(style.overflowX));
      if (scrolls) {
        geometry.scr = true;
        scrollable.push({ i: ref, box, scrollTop: round(el.scrollTop), scrollHeight: el.scrollHeight });
      }
      elements[ref] = geometry;
    }
  };
  visit(document);
  return { elements, viewport: { width, height }, scrollPosition: { x: round(window.scrollX), y: round(window.scrollY) }, scrollable };
}
