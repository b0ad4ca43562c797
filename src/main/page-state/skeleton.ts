/// <reference lib="dom" />

/**
 * Runs in Playwright's utility world (self-contained: sent as source). A structure-only HTML of the page for a
 * planner that needs surrounding structure (duplicate labels, cards): tags, the few attributes that identify
 * structure (id, role, aria-label, type, name, href) or name a field by its hint (placeholder), short text, and `data-llm-id` set to the ref on each
 * interactive element of `ids`. Scripts, styles, svg internals and hidden subtrees are left out.
 */
export function skeletonDom(ids: string[]): string {
  const wanted = new Set(ids);
  const SKIPPED = new Set(['HEAD', 'SCRIPT', 'STYLE', 'NOSCRIPT', 'TEMPLATE', 'LINK', 'META', 'SVG', 'svg']);
  const KEPT = ['id', 'role', 'aria-label', 'type', 'name', 'href', 'placeholder'];
  const MAX_TEXT = 60;
  const out: string[] = [];
  const escape = (text: string) =>
    text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

  const walk = (node: Node) => {
    for (let child = node.firstChild; child; child = child.nextSibling) {
      if (child.nodeType === 3) {
        const text = (child.nodeValue ?? '').replace(/\s+/g, ' ').trim();
        if (text) out.push(escape(text.length > MAX_TEXT ? `${text.slice(0, MAX_TEXT)}…` : text));
        continue;
      }
      if (child.nodeType !== 1) continue;
      const el = child as Element;
      if (SKIPPED.has(el.tagName)) continue;
      const style = getComputedStyle(el);
      if (style.display === 'none' || style.visibility === 'hidden') continue;
      const tag = el.localName;
      const attrs = KEPT.filter(name => el.hasAttribute(name)).map(
        name => ` ${name}="${escape(el.getAttribute(name)!)}"`,
      );
      const ref = (el as unknown as { _ariaRef?: { ref?: string } })._ariaRef?.ref;
      if (ref && wanted.has(ref)) attrs.push(` data-llm-id="${ref}"`);
      out.push(`<${tag}${attrs.join('')}>`);
      if (el.shadowRoot) walk(el.shadowRoot);
      walk(el);
      out.push(`</${tag}>`);
    }
  };
  if (document.body) walk(document.body);
  return out.join('');
}
