/// <reference lib="dom" />

/**
 * What the page sends back: the whole serialization, or the lines that changed since generation `since`. Lines travel
 * packed (see `packed` in serializeDom, `unpackLine` in extract.ts): their indentation, near half the bytes of a deep
 * page, as one character; `full` is the packed lines joined by newlines.
 */
export type DomDelta = { gen: number; full: string } | { gen: number; head: number; tail: number; middle: string[] };

/**
 * The in-page DOM serializer behind dom.html. It runs inside a frame — in Playwright's utility world, where each
 * element's aria ref is the `_ariaRef` expando Playwright set while snapshotting, or in the main world with an
 * explicit element → ref map (the fallback path). It is sent to the page as source text, so it must stay
 * self-contained: no imports, no references to anything outside the function body.
 *
 * Output rules (deterministic, so typing into a field is a one-line diff):
 * - the body only; head, script, style, noscript, template and comments dropped; svg internals dropped
 *   (the svg shell kept when it has a ref); style, data-* and on* attributes dropped, except the test id attributes in
 *   `options.testIdAttributes` (what locator analysis counts getByTestId on); generated class names dropped;
 * - current form state: input values, checked, selected, textarea text; password values masked;
 * - 2-space indentation; an element with more than one attribute puts each on its own line, aligned; attributes in
 *   canonical order (id, type, name, role, aria-*, href, action, method, for, value, placeholder, class, others, ref);
 * - open shadow roots as a `#shadow-root` block; an iframe the caller marked gets a `<!--frame:ID-->` line where
 *   the caller inlines that frame's own serialization.
 *
 * Only refs in `options.refs` (the current snapshot) are stamped: an element keeps its expando after it leaves the
 * snapshot. With `onlyIfChanged`, it returns null when nothing changed since its last run in this document (no DOM
 * mutation, no input or change event, same form values, same refs), so an unchanged page costs almost nothing; and
 * when the caller holds generation `since`, only the changed lines travel back (a DomDelta), not the whole page,
 * and the refs may come as `refsDelta`, the change from the last run's set. `probe` asks only whether anything changed.
 */
export function serializeDom(
  refMap?: Map<Element, string> | null,
  options: {
    refs?: string[];
    refsDelta?: { added: string[]; removed: string[] };
    onlyIfChanged?: boolean;
    since?: number;
    testIdAttributes?: string[];
    probe?: boolean;
  } = {},
): string | null | DomDelta | boolean {
  const SKIPPED = new Set(['HEAD', 'SCRIPT', 'STYLE', 'NOSCRIPT', 'TEMPLATE', 'LINK', 'META', 'TITLE', 'BASE']);
  const VOID = new Set([
    'AREA',
    'BASE',
    'BR',
    'COL',
    'EMBED',
    'HR',
    'IMG',
    'INPUT',
    'LINK',
    'META',
    'SOURCE',
    'TRACK',
    'WBR',
  ]);
  const BOOLEAN = new Set([
    'checked',
    'selected',
    'disabled',
    'required',
    'readonly',
    'multiple',
    'hidden',
    'open',
    'autofocus',
    'inert',
    'novalidate',
  ]);
  const LEADING = ['id', 'type', 'name', 'role'];
  const TRAILING = ['href', 'action', 'method', 'for', 'value', 'placeholder', 'class'];
  const GENERATED_CLASS = [
    /^(css|sc|jsx|emotion|styled|svelte|tw)-/i, // CSS-in-JS prefixes: css-1x2y3z, sc-abcde, jsx-123
    /^_[\w-]{5,}$/, // CSS modules: _3fkL2xB
    /__[A-Za-z0-9_-]{5,}$/, // CSS modules with a name: Button_primary__3xk2p
    /[0-9a-f]{8,}/i, // a long hex hash
  ];
  const TEST_IDS = new Set(options.testIdAttributes ?? []);
  const MASK = '••••••••';
  const INLINE_TEXT = 80;

  // The current snapshot's refs: given whole, or (incremental runs) as the change from the set this world holds.
  let current = options.refs ? new Set(options.refs) : undefined;
  const refOf = (el: Element): string | undefined => {
    const ref = refMap ? refMap.get(el) : (el as unknown as { _ariaRef?: { ref?: string } })._ariaRef?.ref;
    return ref && (!current || current.has(ref)) ? ref : undefined;
  };

  // Change tracking (only when asked: it leaves an observer in this world), kept on the window: one per document.
  // It knows which nodes changed since the last run, so unchanged subtrees reuse their lines from a cache.
  type Cached = { indent: string; lines: string[] };
  type Watch = {
    dirty: boolean;
    changed: Set<Node>;
    observer: MutationObserver;
    roots: Set<Document | ShadowRoot>;
    values: Map<Element, string>;
    refs: Set<string>;
    refElements: Map<string, Element>;
    cache: WeakMap<Element, Cached>;
    gen: number;
    lines?: string[];
  };
  const host = window as unknown as { __aiInspectorWatch?: Watch };
  let watch = options.onlyIfChanged ? host.__aiInspectorWatch : undefined;
  if (!watch && options.onlyIfChanged) {
    const created: Watch = {
      dirty: true,
      changed: new Set(),
      observer: new MutationObserver(records => {
        created.dirty = true;
        for (const record of records) created.changed.add(record.target);
      }),
      roots: new Set(),
      values: new Map(),
      refs: new Set(),
      refElements: new Map(),
      cache: new WeakMap(),
      gen: 0,
    };
    const onEdit = (event: Event) => {
      created.dirty = true;
      const target = event.composedPath()[0];
      if (target instanceof Node) created.changed.add(target);
    };
    document.addEventListener('input', onEdit, true);
    document.addEventListener('change', onEdit, true);
    watch = host.__aiInspectorWatch = created;
  }
  const observe = (root: Document | ShadowRoot) => {
    if (!watch || watch.roots.has(root)) return;
    watch.roots.add(root);
    watch.observer.observe(root, { subtree: true, childList: true, attributes: true, characterData: true });
  };
  observe(document);

  /** Every form field's current value: scripts can set one without any event or mutation. */
  const formValues = () => {
    const values = new Map<Element, string>();
    for (const root of watch!.roots) {
      for (const field of Array.from(root.querySelectorAll('input, textarea, select'))) {
        if (field.tagName === 'SELECT') {
          const select = field as HTMLSelectElement;
          values.set(
            field,
            select.multiple ? Array.from(select.selectedOptions, o => o.index).join(',') : String(select.selectedIndex),
          );
        } else {
          const input = field as HTMLInputElement;
          values.set(field, input.type === 'checkbox' || input.type === 'radio' ? String(input.checked) : input.value);
        }
      }
    }
    return values;
  };

  // `probe`: only whether the DOM or a form value changed since the last run (the caller compares the refs), without
  // serializing and without taking the change in, so the next run still sees it.
  if (options.probe) {
    if (!watch || watch.dirty) return true;
    const records = watch.observer.takeRecords();
    for (const record of records) watch.changed.add(record.target);
    if (records.length) return (watch.dirty = true);
    const values = formValues();
    if (values.size !== watch.values.size) return true;
    for (const [field, value] of values) if (watch.values.get(field) !== value) return true;
    return false;
  }

  /** Elements whose lines must be rebuilt: every changed node's element and its ancestors, across shadow roots. */
  const stale = new Set<Node>();
  let addedRefs: string[] = [];
  if (watch) {
    for (const record of watch.observer.takeRecords()) {
      watch.dirty = true;
      watch.changed.add(record.target);
    }
    const values = formValues();
    for (const [field, value] of values) {
      if (watch.values.get(field) === value) continue;
      watch.dirty = true;
      watch.changed.add(field);
    }
    watch.values = values;
    if (options.refsDelta) {
      // A delta is relative to the last run's set: only valid when the caller holds that run's output.
      if (options.since !== watch.gen) throw new Error('refs out of sync');
      current = new Set(watch.refs);
      for (const ref of options.refsDelta.removed) current.delete(ref);
      for (const ref of options.refsDelta.added) current.add(ref);
    }
    const refsNow = current ?? new Set<string>();
    for (const ref of watch.refs) {
      if (refsNow.has(ref)) continue;
      watch.dirty = true;
      const element = watch.refElements.get(ref);
      if (element) watch.changed.add(element);
      watch.refElements.delete(ref);
    }
    addedRefs = Array.from(refsNow).filter(ref => !watch!.refs.has(ref));
    if (addedRefs.length) watch.dirty = true;
    watch.refs = refsNow;
    if (!watch.dirty) return null;
    for (const node of watch.changed) {
      let at: Node | null = node;
      while (at && !stale.has(at)) {
        stale.add(at);
        at = at.parentNode ?? (at instanceof ShadowRoot ? at.host : null);
      }
    }
    watch.changed.clear();
    watch.dirty = false;
  }

  const isHashLike = (token: string) =>
    token.length >= 6 &&
    /^[A-Za-z0-9]+$/.test(token) &&
    (token.match(/\d/g)?.length ?? 0) >= 2 &&
    /[A-Za-z]/.test(token);
  const keepClass = (token: string) => !GENERATED_CLASS.some(p => p.test(token)) && !isHashLike(token);

  const rank = (name: string) => {
    if (name === 'ref') return 1000;
    const leading = LEADING.indexOf(name);
    if (leading >= 0) return leading;
    if (name.startsWith('aria-')) return 10;
    const trailing = TRAILING.indexOf(name);
    if (trailing >= 0) return 20 + trailing;
    return 50;
  };

  // The escapes and the class filter run for every node of pages with tens of thousands: test before replacing,
  // and filter each distinct class attribute once.
  const escapeText = (text: string) =>
    /[&<>]/.test(text) ? text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;') : text;
  const escapeAttr = (text: string) => (/[&<>"]/.test(text) ? escapeText(text).replace(/"/g, '&quot;') : text);
  const classCache = new Map<string, string>();
  const filterClasses = (value: string) => {
    let kept = classCache.get(value);
    if (kept === undefined) {
      kept = value
        .split(/\s+/)
        .filter(t => t && keepClass(t))
        .join(' ');
      classCache.set(value, kept);
    }
    return kept;
  };

  const format = (name: string, value: string) =>
    BOOLEAN.has(name) && (value === '' || value === name) ? name : `${name}="${escapeAttr(value)}"`;

  function attributes(el: Element): string[] {
    const tag = el.tagName;
    const names: string[] = [];
    const values: string[] = [];
    // Current form state, which is what an agent changed, rather than the markup's initial state.
    const inputType = tag === 'INPUT' ? (el as HTMLInputElement).type : '';
    const toggles = inputType === 'checkbox' || inputType === 'radio' || tag === 'OPTION';
    const hasValue = tag === 'INPUT' && !toggles && inputType !== 'file';
    const list = el.attributes;
    for (let i = 0; i < list.length; i++) {
      const name = list[i].name;
      if (
        name === 'style' ||
        name === 'ref' ||
        (name.startsWith('data-') && !TEST_IDS.has(name)) ||
        name.startsWith('on')
      )
        continue;
      if ((hasValue && name === 'value') || (toggles && (name === 'checked' || name === 'selected'))) continue;
      if (name === 'class') {
        const kept = filterClasses(list[i].value);
        if (kept) {
          names.push('class');
          values.push(kept);
        }
        continue;
      }
      names.push(name);
      values.push(list[i].value);
    }
    if (hasValue) {
      const value = (el as HTMLInputElement).value;
      names.push('value');
      values.push(inputType === 'password' && value ? MASK : value);
    } else if (tag === 'OPTION' ? (el as HTMLOptionElement).selected : toggles && (el as HTMLInputElement).checked) {
      names.push(tag === 'OPTION' ? 'selected' : 'checked');
      values.push('');
    }
    const ref = refOf(el);
    if (ref) {
      names.push('ref');
      values.push(ref);
    }
    if (names.length < 2) return names.length ? [format(names[0], values[0])] : [];
    const order = names.map((_, i) => i);
    order.sort((x, y) => rank(names[x]) - rank(names[y]) || (names[x] < names[y] ? -1 : names[x] > names[y] ? 1 : 0));
    return order.map(i => format(names[i], values[i]));
  }

  /** The opening tag: one line, or one attribute per line aligned under the first. */
  function openTag(tag: string, attrs: string[], indent: string): string[] {
    if (attrs.length <= 1) return [`${indent}<${tag}${attrs.length ? ' ' + attrs[0] : ''}>`];
    const pad = indent + ' '.repeat(tag.length + 2);
    const lines = [`${indent}<${tag} ${attrs[0]}`, ...attrs.slice(1).map(a => pad + a)];
    lines[lines.length - 1] += '>';
    return lines;
  }

  /** A child as written: its normalized text, an element, an open shadow root, or the frame an <iframe> hosts. */
  type Child = string | Element | { shadow: ShadowRoot } | { frame: string };

  function childrenOf(el: Element | ShadowRoot): Child[] {
    const out: Child[] = [];
    for (let node = el.firstChild; node; node = node.nextSibling) {
      if (node.nodeType === 3) {
        // Most text nodes of a large page are the whitespace between tags: reject those before normalizing.
        const raw = node.nodeValue;
        if (!raw || !/\S/.test(raw)) continue;
        out.push(raw.replace(/\s+/g, ' ').trim());
      } else if (node.nodeType === 1) {
        out.push(node as Element);
      }
    }
    return out;
  }

  function serialize(el: Element, indent: string, out: string[]): void {
    const tag = el.tagName;
    if (SKIPPED.has(tag)) return;
    // An unchanged element at the same depth: its lines from the last run still hold (iframes: the caller re-marks
    // their frame every run, so they are always rebuilt).
    const cached = watch?.cache.get(el);
    if (cached && cached.indent === indent && !stale.has(el) && tag !== 'IFRAME' && tag !== 'FRAME') {
      for (const line of cached.lines) out.push(line);
      return;
    }
    const start = out.length;
    serializeFresh(el, tag, indent, out);
    if (watch) {
      // A one-line element costs less to rebuild with its parent than to keep: most elements of a page are leaves.
      if (out.length - start > 1) watch.cache.set(el, { indent, lines: out.slice(start) });
      const ref = refOf(el);
      if (ref) watch.refElements.set(ref, el);
    }
  }

  function serializeFresh(el: Element, tag: string, indent: string, out: string[]): void {
    const name = el.localName;
    const attrs = attributes(el);
    if (name === 'svg') {
      if (!refOf(el)) return;
      const lines = openTag(name, attrs, indent);
      lines[lines.length - 1] += `</${name}>`;
      out.push(...lines);
      return;
    }
    const lines = openTag(name, attrs, indent);
    if (VOID.has(tag)) {
      out.push(...lines);
      return;
    }
    let children: Child[];
    if (tag === 'TEXTAREA') {
      const value = (el as HTMLTextAreaElement).value;
      children = value ? [value] : [];
    } else {
      children = childrenOf(el);
      const shadow = (el as HTMLElement).shadowRoot;
      if (shadow) {
        observe(shadow);
        children.unshift({ shadow });
      }
      const frame = (el as unknown as { __aiInspectorFrame?: string }).__aiInspectorFrame;
      if (tag === 'IFRAME' || tag === 'FRAME') children = frame ? [{ frame }] : [];
    }
    const only = children.length === 1 ? children[0] : undefined;
    if (!children.length) {
      lines[lines.length - 1] += `</${name}>`;
      out.push(...lines);
    } else if (typeof only === 'string' && only.length <= INLINE_TEXT) {
      lines[lines.length - 1] += `${escapeText(only)}</${name}>`;
      out.push(...lines);
    } else {
      out.push(...lines);
      writeChildren(children, indent + '  ', out);
      out.push(`${indent}</${name}>`);
    }
  }

  function writeChildren(children: Child[], indent: string, out: string[]): void {
    for (const child of children) {
      if (typeof child === 'string') out.push(indent + escapeText(child));
      // By nodeType, not by property: a page's custom element may well have a `shadow` or `frame` property.
      else if ((child as Node).nodeType === 1) serialize(child as Element, indent, out);
      else if ('shadow' in child) {
        out.push(`${indent}#shadow-root`);
        writeChildren(childrenOf(child.shadow), indent + '  ', out);
      } else out.push(`${indent}<!--frame:${(child as { frame: string }).frame}-->`);
    }
  }

  let out: string[] = [];
  const root = document.body ?? document.documentElement;
  if (root) serialize(root, '', out);
  if (!watch) return out.join('\n') + '\n';
  // A ref can appear on an element that did not change at all (it became visible): when one is missing from the
  // lines, rebuild everything.
  const missing = addedRefs.some(ref => {
    const element = watch!.refElements.get(ref);
    return !element || !element.isConnected || refOf(element) !== ref;
  });
  if (missing) {
    watch.cache = new WeakMap();
    watch.refElements = new Map();
    out = [];
    if (root) serialize(root, '', out);
  }
  const previous = watch.lines;
  const since = watch.gen;
  watch.lines = out;
  watch.gen++;
  // A line's leading spaces as one character (33 + their count), or a space before a line indented deeper than that.
  const packed = (line: string) => {
    let spaces = 0;
    while (line.charCodeAt(spaces) === 32) spaces++;
    return spaces < 94 ? String.fromCharCode(33 + spaces) + line.slice(spaces) : ` ${line}`;
  };
  if (!previous || options.since !== since) return { gen: watch.gen, full: out.map(packed).join('\n') };
  let head = 0;
  while (head < previous.length && head < out.length && previous[head] === out[head]) head++;
  let tail = 0;
  while (
    tail < previous.length - head &&
    tail < out.length - head &&
    previous[previous.length - 1 - tail] === out[out.length - 1 - tail]
  )
    tail++;
  return { gen: watch.gen, head, tail, middle: out.slice(head, out.length - tail).map(packed) };
}
