/// <reference lib="dom" />
/**
 * The in-page DOM serializer behind dom.html. It runs inside a frame — in Playwright's utility world, where each
 * element's aria ref is the `_ariaRef` expando Playwright set while snapshotting, or in the main world with an
 * explicit element → ref map (the fallback path). It is sent to the page as source text, so it must stay
 * self-contained: no imports, no references to anything outside the function body.
 *
 * Output rules (deterministic, so typing into a field is a one-line diff):
 * - the body only; head, script, style, noscript, template and comments dropped; svg internals dropped
 *   (the svg shell kept when it has a ref); style, data-* and on* attributes dropped; generated class names dropped;
 * - current form state: input values, checked, selected, textarea text; password values masked;
 * - 2-space indentation; an element with more than one attribute puts each on its own line, aligned; attributes in
 *   canonical order (id, type, name, role, aria-*, href, action, method, for, value, placeholder, class, others, ref);
 * - open shadow roots as a `#shadow-root` block; an iframe the caller marked gets a `<!--frame:ID-->` line where
 *   the caller inlines that frame's own serialization.
 */
export function serializeDom(refMap?: Map<Element, string> | null): string {
  const SKIPPED = new Set(['HEAD', 'SCRIPT', 'STYLE', 'NOSCRIPT', 'TEMPLATE', 'LINK', 'META', 'TITLE', 'BASE']);
  const VOID = new Set(['AREA', 'BASE', 'BR', 'COL', 'EMBED', 'HR', 'IMG', 'INPUT', 'LINK', 'META', 'SOURCE', 'TRACK', 'WBR']);
  const BOOLEAN = new Set(['checked', 'selected', 'disabled', 'required', 'readonly', 'multiple', 'hidden', 'open', 'autofocus', 'inert', 'novalidate']);
  const LEADING = ['id', 'type', 'name', 'role'];
  const TRAILING = ['href', 'action', 'method', 'for', 'value', 'placeholder', 'class'];
  const GENERATED_CLASS = [
    /^(css|sc|jsx|emotion|styled|svelte|tw)-/i, // CSS-in-JS prefixes: css-1x2y3z, sc-abcde, jsx-123
    /^_[\w-]{5,}$/, // CSS modules: _3fkL2xB
    /__[A-Za-z0-9_-]{5,}$/, // CSS modules with a name: Button_primary__3xk2p
    /[0-9a-f]{8,}/i, // a long hex hash
  ];
  const MASK = '••••••••';
  const INLINE_TEXT = 80;

  const refOf = (el: Element): string | undefined =>
    refMap ? refMap.get(el) : (el as unknown as { _ariaRef?: { ref?: string } })._ariaRef?.ref;

  const isHashLike = (token: string) =>
    token.length >= 6 && /^[A-Za-z0-9]+$/.test(token) && (token.match(/\d/g)?.length ?? 0) >= 2 && /[A-Za-z]/.test(token);
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

  const escapeText = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  const escapeAttr = (text: string) => escapeText(text).replace(/"/g, '&quot;');

  function attributes(el: Element): string[] {
    const tag = el.tagName;
    const found = new Map<string, string>();
    for (const attr of Array.from(el.attributes)) {
      const name = attr.name.toLowerCase();
      if (name === 'style' || name === 'ref' || name.startsWith('data-') || name.startsWith('on')) continue;
      if (name === 'class') {
        const kept = attr.value.split(/\s+/).filter(t => t && keepClass(t)).join(' ');
        if (kept) found.set('class', kept);
        continue;
      }
      found.set(name, attr.value);
    }
    // Current form state, which is what an agent changed, rather than the markup's initial state.
    if (tag === 'INPUT') {
      const input = el as HTMLInputElement;
      if (input.type === 'checkbox' || input.type === 'radio') {
        found.delete('checked');
        if (input.checked) found.set('checked', '');
      } else if (input.type !== 'file') {
        found.set('value', input.type === 'password' && input.value ? MASK : input.value);
      }
    } else if (tag === 'OPTION') {
      found.delete('selected');
      if ((el as HTMLOptionElement).selected) found.set('selected', '');
    }
    const ref = refOf(el);
    if (ref) found.set('ref', ref);
    return Array.from(found.entries())
      .sort((a, b) => rank(a[0]) - rank(b[0]) || (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0))
      .map(([name, value]) => (BOOLEAN.has(name) && (value === '' || value === name) ? name : `${name}="${escapeAttr(value)}"`));
  }

  /** The opening tag: one line, or one attribute per line aligned under the first. */
  function openTag(tag: string, attrs: string[], indent: string): string[] {
    if (attrs.length <= 1) return [`${indent}<${tag}${attrs.length ? ' ' + attrs[0] : ''}>`];
    const pad = indent + ' '.repeat(tag.length + 2);
    const lines = [`${indent}<${tag} ${attrs[0]}`, ...attrs.slice(1).map(a => pad + a)];
    lines[lines.length - 1] += '>';
    return lines;
  }

  type Child = { text: string } | { node: Element } | { shadow: ShadowRoot } | { frame: string };

  function childrenOf(el: Element | ShadowRoot): Child[] {
    const out: Child[] = [];
    for (let node = el.firstChild; node; node = node.nextSibling) {
      if (node.nodeType === 3) {
        const text = (node.textContent ?? '').replace(/\s+/g, ' ').trim();
        if (text) out.push({ text });
      } else if (node.nodeType === 1) {
        out.push({ node: node as Element });
      }
    }
    return out;
  }

  function serialize(el: Element, indent: string, out: string[]): void {
    const tag = el.tagName;
    if (SKIPPED.has(tag)) return;
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
      children = value ? [{ text: value }] : [];
    } else {
      children = childrenOf(el);
      const shadow = (el as HTMLElement).shadowRoot;
      if (shadow) children.unshift({ shadow });
      const frame = (el as unknown as { __aiInspectorFrame?: string }).__aiInspectorFrame;
      if (tag === 'IFRAME' || tag === 'FRAME') children = frame ? [{ frame }] : [];
    }
    const only = children.length === 1 ? children[0] : undefined;
    if (!children.length) {
      lines[lines.length - 1] += `</${name}>`;
      out.push(...lines);
    } else if (only && 'text' in only && only.text.length <= INLINE_TEXT) {
      lines[lines.length - 1] += `${escapeText(only.text)}</${name}>`;
      out.push(...lines);
    } else {
      out.push(...lines);
      writeChildren(children, indent + '  ', out);
      out.push(`${indent}</${name}>`);
    }
  }

  function writeChildren(children: Child[], indent: string, out: string[]): void {
    for (const child of children) {
      if ('text' in child) out.push(indent + escapeText(child.text));
      else if ('node' in child) serialize(child.node, indent, out);
      else if ('frame' in child) out.push(`${indent}<!--frame:${child.frame}-->`);
      else {
        out.push(`${indent}#shadow-root`);
        writeChildren(childrenOf(child.shadow), indent + '  ', out);
      }
    }
  }

  const out: string[] = [];
  const root = document.body ?? document.documentElement;
  if (root) serialize(root, '', out);
  return out.join('\n') + '\n';
}
