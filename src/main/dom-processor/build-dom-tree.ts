/// <reference lib="dom" />
import type { RawDomTree, RawElement, RawExtra, RawNode } from './raw';

export interface BuildOptions {
  /** Pixels around the viewport whose interactive elements still get an index; -1: the whole page. */
  viewportExpansion: number;
}

/**
 * The in-page half of the DOM processor: walks the document (same-origin iframes and open shadow roots included)
 * once and returns one JSON string. It is sent to the page as source text, so it must stay self-contained: no
 * imports, nothing from outside the function body (the type imports above vanish at compile time).
 *
 * It runs in the page's main world on purpose: handlers a script set as properties (`el.onclick = …`) are only
 * visible there.
 *
 * Rules, in the order they apply to an element:
 * - skipped with their subtree: head, script, style, noscript, template, meta, link; an svg is kept, its insides not;
 *   a `display: none` element is kept (invisible) but nothing inside it can render, so its subtree is skipped;
 * - visible: computed visibility `visible`, no `opacity: 0` on it or above it, and a non-empty box — measured only
 *   where it decides something (below); options of a visible select count as visible (they are what can be chosen);
 * - interactive: links with href, buttons, inputs (not hidden), selects, textareas, summary; an ARIA widget role;
 *   the root of a contenteditable region; and, for visible elements, tabindex ≥ 0, a cursor that turns into a pointer
 *   here rather than being inherited, or an onclick/onmousedown/onpointerdown/ontouchstart handler (attribute or
 *   property — listeners added with addEventListener cannot be seen from page script). Disabled (`:disabled`,
 *   aria-disabled) is not interactive;
 * - in viewport: the box meets the viewport grown by `viewportExpansion` on every side (always, with -1). Boxes are
 *   measured for elements that may get an index, that hold text of their own, frames and selects; a pure container
 *   (rows, cells, wrappers) is visible by its style and in viewport as its nearest measured ancestor is;
 * - top: for an interactive element inside the real viewport, `elementFromPoint` at its centre and four inner points
 *   finds the element or something inside it at least once; what cannot be hit-tested (off-screen, not interactive)
 *   counts as top;
 * - highlight index (document order): interactive, visible, top and in viewport — except that an element which is
 *   interactive only by heuristics (cursor, tabindex, handler) gets none inside one that already has one, so the
 *   parts of a clickable card are not indexed twice.
 * Attributes come as they are now (form values, checked), without `style` and inline handlers (code, not content).
 */
export function buildDomTree(options: BuildOptions): string {
  const started = performance.now();
  const HTML_NS = 'http://www.w3.org/1999/xhtml';
  const SKIP = new Set(['head', 'script', 'style', 'noscript', 'template', 'meta', 'link']);
  const FORM_TAGS = new Set(['button', 'input', 'select', 'textarea', 'summary']);
  const WIDGET_ROLES = new Set([
    'button',
    'link',
    'checkbox',
    'radio',
    'menuitem',
    'menuitemcheckbox',
    'menuitemradio',
    'tab',
    'switch',
    'option',
    'combobox',
    'textbox',
    'searchbox',
    'slider',
    'spinbutton',
    'treeitem',
  ]);
  const HANDLERS = ['onclick', 'onmousedown', 'onpointerdown', 'ontouchstart'] as const;
  const INPUT_ROLES: Record<string, string> = {
    checkbox: 'checkbox',
    radio: 'radio',
    button: 'button',
    submit: 'button',
    reset: 'button',
    image: 'button',
    range: 'slider',
    number: 'spinbutton',
    search: 'searchbox',
  };
  const MAX_ATTRIBUTE = 200;
  const MAX_NAME = 100;
  const expansion = options.viewportExpansion;
  const viewWidth = window.innerWidth;
  const viewHeight = window.innerHeight;

  let highlight = 0;
  let outside = 0;

  const clip = (text: string, max: number) => (text.length > max ? `${text.slice(0, max)}…` : text);
  const squash = (text: string) => text.replace(/\s+/g, ' ').trim();

  const attributesOf = (el: Element): Record<string, string> | undefined => {
    let out: Record<string, string> | undefined;
    for (const name of el.getAttributeNames()) {
      if (name === 'style' || (name.charCodeAt(0) === 111 && name.charCodeAt(1) === 110)) continue; // style, on*
      (out ??= {})[name] = clip(el.getAttribute(name) ?? '', MAX_ATTRIBUTE);
    }
    // Form state as the user sees it now, not as the markup first said.
    if (el instanceof HTMLInputElement || el instanceof HTMLTextAreaElement || el instanceof HTMLSelectElement) {
      out ??= {};
      const checkable = el instanceof HTMLInputElement && (el.type === 'checkbox' || el.type === 'radio');
      if (el.type === 'password') out.value = el.value ? '••••••••' : '';
      // A checkbox's value is what it submits ("on" by default), not its state: that is `checked`.
      else if (!checkable && (el.value || 'value' in out)) out.value = clip(el.value, MAX_ATTRIBUTE);
      if (checkable) {
        if ((el as HTMLInputElement).checked) out.checked = '';
        else delete out.checked;
      }
    }
    return out;
  };

  const roleOf = (el: Element, tag: string): string => {
    const explicit = el.getAttribute('role')?.trim().split(/\s+/)[0];
    if (explicit) return explicit;
    switch (tag) {
      case 'a':
        return 'link';
      case 'button':
      case 'summary':
        return 'button';
      case 'textarea':
        return 'textbox';
      case 'select':
        return (el as HTMLSelectElement).multiple || (el as HTMLSelectElement).size > 1 ? 'listbox' : 'combobox';
      case 'input':
        return INPUT_ROLES[(el as HTMLInputElement).type] ?? 'textbox';
      case 'img':
        return 'img';
    }
    return (el as HTMLElement).isContentEditable ? 'textbox' : 'generic';
  };

  /** Text of an element, leaving out form controls inside it (a label wrapping a select lists no options). */
  const ownText = (root: Node): string => {
    let text = '';
    const walk = (node: Node) => {
      for (let child = node.firstChild; child; child = child.nextSibling) {
        if (child.nodeType === 3) text += ` ${child.nodeValue}`;
        else if (child.nodeType === 1) {
          const tag = (child as Element).localName;
          if (tag === 'select' || tag === 'textarea' || tag === 'script' || tag === 'style') continue;
          if (tag === 'input') {
            const input = child as HTMLInputElement;
            if (input.type === 'button' || input.type === 'submit' || input.type === 'reset') text += ` ${input.value}`;
            continue;
          }
          walk(child);
        }
      }
    };
    walk(root);
    return squash(text);
  };

  // `input.labels` searches the whole document on its first use per control (seconds on a page of thousands of
  // fields), so labels with `for` are indexed once per root instead.
  const labelsByRoot = new Map<Node, Map<string, Element[]>>();
  const labelText = (el: Element): string => {
    const wrapping = el.closest('label');
    const parts = wrapping ? [ownText(wrapping)] : [];
    if (el.id) {
      const root = el.getRootNode() as Document | ShadowRoot;
      let byFor = labelsByRoot.get(root);
      if (!byFor) {
        byFor = new Map();
        const all = root.querySelectorAll('label[for]');
        for (let i = 0; i < all.length; i++) {
          const id = all[i].getAttribute('for')!;
          byFor.set(id, [...(byFor.get(id) ?? []), all[i]]);
        }
        labelsByRoot.set(root, byFor);
      }
      for (const label of byFor.get(el.id) ?? []) if (label !== wrapping) parts.push(ownText(label));
    }
    return squash(parts.join(' '));
  };

  /** An approximation of the accessible name, computed only for indexed elements. */
  const nameOf = (el: Element, tag: string): string => {
    const doc = el.ownerDocument;
    const labelledBy = el.getAttribute('aria-labelledby');
    if (labelledBy) {
      const text = squash(
        labelledBy
          .split(/\s+/)
          .map(id => {
            const label = doc.getElementById(id);
            return label ? ownText(label) : '';
          })
          .join(' '),
      );
      if (text) return text;
    }
    const label = el.getAttribute('aria-label');
    if (label?.trim()) return squash(label);
    if (tag === 'input' || tag === 'select' || tag === 'textarea') {
      const input = el as HTMLInputElement;
      if (tag === 'input' && (input.type === 'button' || input.type === 'submit' || input.type === 'reset'))
        return input.value || (input.type === 'submit' ? 'Submit' : '');
      return labelText(el) || input.getAttribute('placeholder') || el.getAttribute('title') || '';
    }
    if (tag === 'img') return el.getAttribute('alt') || el.getAttribute('title') || '';
    return ownText(el) || el.getAttribute('title') || '';
  };

  const inViewport = (r: DOMRect, dx: number, dy: number) =>
    expansion < 0 ||
    (r.bottom + dy >= -expansion &&
      r.top + dy <= viewHeight + expansion &&
      r.right + dx >= -expansion &&
      r.left + dx <= viewWidth + expansion);

  /** Where an element's coordinates live: its root for hit tests, the shift into the top viewport, the frame's size. */
  interface Scope {
    root: Document | ShadowRoot;
    dx: number;
    dy: number;
    width: number;
    height: number;
  }

  /** Whether a hit test at the centre or four inner points finds the element (or a part of it) on top. */
  const isTop = (el: Element, r: DOMRect, scope: Scope) => {
    const onScreen =
      r.bottom + scope.dy > 0 &&
      r.top + scope.dy < viewHeight &&
      r.right + scope.dx > 0 &&
      r.left + scope.dx < viewWidth;
    if (!onScreen) return true;
    const points: [number, number][] = [
      [r.left + r.width / 2, r.top + r.height / 2],
      [r.left + r.width * 0.2, r.top + r.height * 0.2],
      [r.right - r.width * 0.2, r.top + r.height * 0.2],
      [r.left + r.width * 0.2, r.bottom - r.height * 0.2],
      [r.right - r.width * 0.2, r.bottom - r.height * 0.2],
    ];
    for (const [x, y] of points) {
      if (x < 0 || y < 0 || x >= scope.width || y >= scope.height) continue;
      const hit = scope.root.elementFromPoint(x, y);
      if (hit && (hit === el || el.contains(hit))) return true;
    }
    return false;
  };

  /** What a node inherits from above while walking down. */
  interface Above {
    /** An ancestor has a highlight index. */
    indexed: boolean;
    /** The pointer cursor is inherited here (a pointer region or a control above). */
    pointer: boolean;
    /** An ancestor has opacity 0. */
    transparent: boolean;
    /** Inside a visible select: its options count as visible. */
    select: boolean;
    /** The nearest measured ancestor is within the expanded viewport. */
    viewport: boolean;
  }

  /** Whether the element has text of its own (not only inside child elements). */
  const hasText = (el: Element) => {
    for (let child = el.firstChild; child; child = child.nextSibling)
      if (child.nodeType === 3 && /\S/.test(child.nodeValue ?? '')) return true;
    return false;
  };

  /** The element `el` with its subtree; `step` is its xpath step within its root, `boundary` marks a new root's top. */
  const visit = (el: Element, step: string, boundary: RawExtra['rt'], scope: Scope, above: Above): RawElement => {
    let flags = 0;
    let extra: RawExtra | undefined;
    if (boundary) extra = { rt: boundary };
    const attributes = attributesOf(el);
    const node: RawElement = [step, 0, attributes ?? 0];
    const tag = el.localName;
    const html = el.namespaceURI === HTML_NS;
    const style = getComputedStyle(el);
    const hidden = style.display === 'none';
    const transparent = above.transparent || style.opacity === '0';
    const option = tag === 'option' || tag === 'optgroup';
    // Options have no box of their own; in a visible select they are what can be chosen.
    const shown = option ? above.select : !hidden && !transparent && style.visibility === 'visible';

    // Interactive by what the element is (tag, role, editing root); disabled ones are not.
    const role = el.getAttribute('role');
    const native =
      (tag === 'a' && el.hasAttribute('href')) ||
      (FORM_TAGS.has(tag) && !(tag === 'input' && (el as HTMLInputElement).type === 'hidden')) ||
      (!!role && WIDGET_ROLES.has(role)) ||
      (html && (el as HTMLElement).isContentEditable && !(el.parentElement as HTMLElement | null)?.isContentEditable);
    let interactive = native && !(el.matches(':disabled') || el.getAttribute('aria-disabled') === 'true');
    // Interactive by how it behaves: only worth checking on what can be seen.
    let heuristic = false;
    const pointer = !native && shown && !option && style.cursor === 'pointer';
    // A label forwards its clicks to its control, which is indexed itself.
    if (!native && shown && tag !== 'label' && !option) {
      const tabindex = el.getAttribute('tabindex');
      if ((tabindex !== null && Number(tabindex) >= 0) || (pointer && !above.pointer)) heuristic = true;
      else if (html)
        for (const handler of HANDLERS)
          if ((el as HTMLElement)[handler]) {
            heuristic = true;
            break;
          }
      interactive = heuristic;
    }

    // The box is the costliest read, so it is taken where it decides something: for what may get an index, for text
    // of the element's own (is it shown, is it near the viewport), for frames (their offset) and selects (their
    // options). A pure container is visible by its style and as near the viewport as its parent.
    const rect =
      shown && !option && (interactive || tag === 'iframe' || tag === 'frame' || tag === 'select' || hasText(el))
        ? el.getBoundingClientRect()
        : undefined;
    const visible = rect ? rect.width > 0 && rect.height > 0 : shown;
    const viewport = rect ? inViewport(rect, scope.dx, scope.dy) : visible && above.viewport;

    let indexed = false;
    if (visible) flags |= 1;
    if (interactive) flags |= 2;
    if (viewport) flags |= 8;
    if (visible) {
      const top = !interactive || !rect || isTop(el, rect, scope);
      if (top) flags |= 4;
      if (interactive && rect && viewport && top && !(heuristic && above.indexed)) {
        extra = {
          ...extra,
          h: highlight++,
          r: roleOf(el, tag),
          n: clip(nameOf(el, tag), MAX_NAME),
          b: [
            Math.round(rect.left + scope.dx),
            Math.round(rect.top + scope.dy),
            Math.round(rect.width),
            Math.round(rect.height),
          ],
        };
        indexed = true;
      } else if (interactive && !viewport) outside++;
    }
    node[1] = flags;
    const done = () => {
      if (extra) {
        node[3] ??= 0; // no hole before it: JSON would turn a hole into null
        node[4] = extra;
      }
      return node;
    };

    if (hidden || style.contentVisibility === 'hidden' || tag === 'svg' || !html) return done();
    const below: Above = {
      indexed: above.indexed || indexed,
      // Inside a pointer region or a control the pointer cursor is inherited, not a sign of another target.
      pointer: above.pointer || pointer || native,
      transparent,
      select: tag === 'select' ? visible : above.select,
      viewport,
    };

    if (tag === 'iframe' || tag === 'frame') {
      let doc: Document | null = null;
      try {
        doc = (el as HTMLIFrameElement).contentDocument;
      } catch {
        doc = null;
      }
      extra = { ...extra, f: doc ? 'same-origin' : 'cross-origin' };
      if (doc?.documentElement && visible && rect) {
        const frame = el as HTMLIFrameElement;
        const inner: Scope = {
          root: doc,
          dx: scope.dx + rect.left + frame.clientLeft,
          dy: scope.dy + rect.top + frame.clientTop,
          width: doc.defaultView?.innerWidth ?? rect.width,
          height: doc.defaultView?.innerHeight ?? rect.height,
        };
        node[3] = [
          visit(doc.documentElement, `${doc.documentElement.localName}[1]`, 'frame', inner, {
            ...below,
            pointer: false,
            transparent: false,
          }),
        ];
      }
      return done();
    }

    const kids: RawNode[] = [];
    if (el.shadowRoot) {
      extra = { ...extra, sh: 1 };
      childrenOf(el.shadowRoot, true, { ...scope, root: el.shadowRoot }, below, kids);
    }
    childrenOf(el, false, scope, below, kids);
    if (kids.length) node[3] = kids;
    return done();
  };

  /**
   * The element and text children of `container`, with xpath steps counted among same-named siblings. A text node
   * travels as its bare text when it is its parent's first (`text()[1]`), else as [n, text]; `shadow` marks a shadow
   * root's top-level nodes.
   */
  const childrenOf = (container: Element | ShadowRoot, shadow: boolean, scope: Scope, above: Above, out: RawNode[]) => {
    const counts = new Map<string, number>();
    let texts = 0;
    for (let child = container.firstChild; child; child = child.nextSibling) {
      if (child.nodeType === 3) {
        texts++;
        const text = child.nodeValue ?? '';
        if (!text.trim()) continue;
        out.push(shadow ? [texts, squash(text), 'shadow'] : texts === 1 ? squash(text) : [texts, squash(text)]);
        continue;
      }
      if (child.nodeType !== 1) continue;
      const el = child as Element;
      const name = el.localName;
      const count = (counts.get(name) ?? 0) + 1;
      counts.set(name, count);
      if (SKIP.has(name)) continue;
      // Outside HTML (svg, math) a bare name does not match in an HTML document's XPath; local-name() does.
      const step = el.namespaceURI === HTML_NS ? `${name}[${count}]` : `*[local-name()='${name}'][${count}]`;
      out.push(visit(el, step, shadow ? 'shadow' : undefined, scope, above));
    }
  };

  const top = document.documentElement;
  const tree = visit(
    top,
    `${top.localName}[1]`,
    undefined,
    { root: document, dx: 0, dy: 0, width: viewWidth, height: viewHeight },
    { indexed: false, pointer: false, transparent: false, select: false, viewport: true },
  );
  const result: RawDomTree = {
    url: location.href,
    title: document.title,
    viewport: { width: viewWidth, height: viewHeight },
    scroll: { x: Math.round(window.scrollX), y: Math.round(window.scrollY) },
    tree,
    omitted: outside,
    ms: 0,
  };
  result.ms = Math.round((performance.now() - started) * 10) / 10;
  return JSON.stringify(result);
}
