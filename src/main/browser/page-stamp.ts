import type { Page } from 'playwright';
import { UtilityWorlds } from '../playwright/utility-world';

/**
 * In the page's utility world: a token that changes whenever the aria snapshot may have. It counts DOM mutations
 * (the document and every open shadow root, which a document's observer does not see into) and the events that
 * change what a snapshot shows without one: typing, focus, the pointer (hover styles), popovers toggling, a stylesheet
 * or image loading; form values a script set are compared with the last run's. A running animation or transition
 * makes every token new. The URL and the viewport are part of it. One watcher per document, kept on its window.
 */
const PAGE_STAMP = `() => {
  let watch = window.__aiInspectorStamp;
  if (!watch) {
    watch = window.__aiInspectorStamp = { changes: 0, roots: new WeakSet(), values: new WeakMap() };
    watch.observer = new MutationObserver(() => { watch.changes++; });
    const bump = () => { watch.changes++; };
    for (const type of ['input', 'change', 'focusin', 'focusout', 'pointerover', 'pointerout', 'toggle', 'load', 'error', 'animationstart', 'transitionstart'])
      document.addEventListener(type, bump, true);
    window.addEventListener('resize', bump);
  }
  const visit = root => {
    if (!watch.roots.has(root)) {
      watch.roots.add(root);
      watch.observer.observe(root, { subtree: true, childList: true, attributes: true, characterData: true });
      watch.changes++;
    }
    for (const element of root.querySelectorAll('*')) if (element.shadowRoot) visit(element.shadowRoot);
    for (const field of root.querySelectorAll('input, textarea, select')) {
      const value = field.tagName === 'SELECT' ? Array.from(field.options, o => o.selected ? 1 : 0).join('')
        : field.type === 'checkbox' || field.type === 'radio' ? String(field.checked) + String(field.indeterminate) : field.value;
      if (watch.values.get(field) !== value) watch.changes++;
      watch.values.set(field, value);
    }
  };
  visit(document);
  if (document.getAnimations().some(animation => animation.playState === 'running')) watch.changes++;
  return watch.changes + ' ' + innerWidth + 'x' + innerHeight + ' ' + location.href;
}`;

/**
 * The page's stamp (see PAGE_STAMP): one per frame document, same-process and cross-process frames alike, joined in
 * frame order. Undefined where it cannot be told (no CDP, its session gone, a frame not reachable yet). It never fails
 * the snapshot it is taken for.
 */
export async function pageStamp(page: Page): Promise<string | undefined> {
  try {
    const stamps = await UtilityWorlds.callInEveryFrame<string>(page, PAGE_STAMP, []);
    return (
      stamps &&
      [...stamps]
        .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
        .map(([frame, stamp]) => `${frame} ${stamp}`)
        .join('\n')
    );
  } catch {
    return undefined;
  }
}
