/// <reference lib="dom" />
import type { HumanMessage } from './messages';

/**
 * The in-page half of human takeover, installed in every document of a session's browser context as an init script
 * (so it runs before the page's own scripts). It is sent as source text: self-contained, nothing from outside the
 * function body but type imports.
 *
 * It listens in the capture phase, to trusted events only (a page's own synthetic events are not a person), and
 * reports intent rather than raw input: a click on the element that handles it, a field's final value when it is
 * committed (change, blur, Enter, Tab — never each keystroke), a select's new values, and Enter/Escape/Tab. Before
 * an action it "arms" its element (pointerdown, focus) so Node resolves the locator while the element still exists:
 * the click may navigate or remove it. Every input event sends a bare ping so Node, which knows when an agent's tool
 * call is running, can tell who typed a field's value; a commit of a value the agent typed is dropped there.
 *
 * Main frame only: a click inside an iframe is not recorded.
 */
export function installHumanCapture(binding: string): void {
  const global = window as unknown as Record<string, unknown>;
  const binder = global[binding] as ((message: HumanMessage) => Promise<unknown>) | undefined;
  // Out of the page's reach from now on: only this closure holds it (in every frame, so no frame can call it).
  delete global[binding];
  if (!binder || window !== window.top) return;
  const send = (message: HumanMessage) => void binder(message).catch(() => {});

  const NOT_TYPED = new Set([
    'checkbox',
    'radio',
    'button',
    'submit',
    'reset',
    'image',
    'file',
    'hidden',
    'range',
    'color',
  ]);
  // Elements a click is meant for; a click anywhere inside one is a click on it.
  const CLICKABLE =
    'a[href], button, input, select, textarea, summary, [onclick], ' +
    [
      'button',
      'link',
      'checkbox',
      'radio',
      'switch',
      'tab',
      'menuitem',
      'menuitemcheckbox',
      'menuitemradio',
      'option',
      'treeitem',
    ]
      .map(role => `[role=${role}]`)
      .join(', ');

  const document = window.document;
  const token = Math.random().toString(36).slice(2);
  const ids = new WeakMap<Element, string>();
  let nextId = 0;
  const idOf = (element: Element) => {
    let id = ids.get(element);
    if (!id) ids.set(element, (id = `${token}.${++nextId}`));
    return id;
  };
  // A field's value as last seen on focus or reported: a commit reports only a change.
  const committed = new WeakMap<Element, string>();
  // Enter in a field submits its form by clicking the default button: that click is part of the Enter, not a step.
  let submitting = false;

  type Field = HTMLInputElement | HTMLTextAreaElement | HTMLElement;
  const isField = (node: unknown): node is Field =>
    node instanceof HTMLTextAreaElement ||
    (node instanceof HTMLInputElement && !NOT_TYPED.has(node.type)) ||
    (node instanceof HTMLElement && node.isContentEditable);
  const valueOf = (field: Field) =>
    field instanceof HTMLInputElement || field instanceof HTMLTextAreaElement ? field.value : field.innerText;

  /** A selector that matches exactly this element: ids where unique, else an nth-of-type chain. */
  function cssPath(element: Element): string {
    const parts: string[] = [];
    for (let node: Element | null = element; node; node = node.parentElement) {
      if (node.id && document.querySelectorAll(`#${CSS.escape(node.id)}`).length === 1) {
        parts.unshift(`#${CSS.escape(node.id)}`);
        break;
      }
      const { localName, parentElement } = node;
      const siblings = parentElement ? Array.from(parentElement.children).filter(c => c.localName === localName) : [];
      const tag = CSS.escape(localName);
      parts.unshift(siblings.length > 1 ? `${tag}:nth-of-type(${siblings.indexOf(node) + 1})` : tag);
    }
    return parts.join(' > ');
  }

  /** What a click on `target` means to click, or null when it is not a step of its own. */
  function clickable(target: EventTarget | null): Element | null {
    if (!(target instanceof Element) || (target instanceof HTMLElement && target.isContentEditable)) return null;
    const element = target.closest(CLICKABLE);
    // Clicking into a field or a select only focuses it: typing and selecting are recorded when they happen.
    if (element)
      return isField(element) || element instanceof HTMLSelectElement || element.closest('select') ? null : element;
    // A label passes the click on to its control, which gets its own (trusted) click.
    if (target.closest('label')) return null;
    if (getComputedStyle(target).cursor !== 'pointer') return null; // a click on the background, e.g. to leave a field
    // The cursor is inherited: the outermost element showing it is the one that set it, and likely the listener.
    let owner = target;
    while (
      owner.parentElement &&
      owner.parentElement !== document.body &&
      getComputedStyle(owner.parentElement).cursor === 'pointer'
    )
      owner = owner.parentElement;
    return owner;
  }

  function arm(element: Element | null) {
    if (element) send({ kind: 'arm', id: idOf(element), path: cssPath(element) });
  }

  function commit(field: Field, submit: boolean): boolean {
    const value = valueOf(field);
    if (committed.get(field) === value) return false;
    committed.set(field, value);
    const password = field instanceof HTMLInputElement && field.type === 'password';
    send({ kind: 'type', id: idOf(field), path: cssPath(field), value, password, submit });
    return true;
  }

  const listen = <K extends keyof WindowEventMap>(type: K, handler: (event: WindowEventMap[K]) => void) =>
    window.addEventListener(
      type,
      event => {
        if (event.isTrusted) handler(event);
      },
      true,
    );

  listen('pointerdown', event => {
    if (event.button === 0) arm(clickable(event.target));
  });
  listen('focusin', event => {
    const target = event.target;
    if (!isField(target) && !(target instanceof HTMLSelectElement)) return;
    if (isField(target)) committed.set(target, valueOf(target));
    arm(target);
  });
  listen('input', event => {
    if (isField(event.target)) send({ kind: 'input', id: idOf(event.target) });
  });
  listen('change', event => {
    const target = event.target;
    if (target instanceof HTMLSelectElement)
      send({
        kind: 'select',
        id: idOf(target),
        path: cssPath(target),
        values: Array.from(target.selectedOptions, o => o.value),
      });
    else if (isField(target)) commit(target, false);
  });
  // Content-editable elements have no change event; for inputs this finds the value already committed.
  listen('focusout', event => {
    if (isField(event.target)) commit(event.target, false);
  });
  listen('keydown', event => {
    if (event.isComposing || !['Enter', 'Escape', 'Tab'].includes(event.key)) return;
    const field = document.activeElement;
    const modifiers = (['Alt', 'Control', 'Meta', 'Shift'] as const).filter(m => event.getModifierState(m));
    const key = [...modifiers, event.key].join('+');
    if (event.key === 'Enter') {
      // Enter in a multi-line field types a newline; on a button or link it clicks it, and the click is recorded.
      if (!(field instanceof HTMLInputElement) || !isField(field)) return;
      submitting = true;
      setTimeout(() => (submitting = false));
      if (commit(field, true)) return;
    } else if (isField(field)) {
      commit(field, false); // before the key, which may move focus or close what holds the field
    }
    send({ kind: 'key', key });
  });
  listen('click', event => {
    // detail > 1: the second click of a double click. detail 0 while submitting: the click Enter made.
    if (event.button !== 0 || event.detail > 1 || (submitting && event.detail === 0)) return;
    const element = clickable(event.target);
    if (!element) return;
    const checked =
      element instanceof HTMLInputElement && (element.type === 'checkbox' || element.type === 'radio')
        ? element.checked
        : undefined;
    const modifiers = (['Alt', 'Control', 'Meta', 'Shift'] as const).filter(m => event.getModifierState(m));
    send({ kind: 'click', id: idOf(element), path: cssPath(element), checked, modifiers });
  });
}
