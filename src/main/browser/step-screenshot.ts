import type { Page } from 'playwright';
import type { Context } from './context';
import { UtilityWorlds } from '../playwright/utility-world';

/** A step screenshot is a glance at the page, not evidence: small, and never allowed to hold a call up for long. */
const QUALITY = 60;
const TIMEOUT = 3_000;

/**
 * A JPEG of the current tab's viewport at CSS pixel scale (so element boxes map onto it one to one), or undefined
 * when there is no page or a dialog blocks it (a screenshot would wait for the dialog).
 */
export async function stepScreenshot(context: Context): Promise<Buffer | undefined> {
  const tab = context.currentTab;
  if (!tab || tab.page.isClosed() || tab.modalStates.length) return undefined;
  return tab.page
    .screenshot({
      type: 'jpeg',
      quality: QUALITY,
      scale: 'css',
      timeout: TIMEOUT,
      animations: 'allow',
      caret: 'initial',
    })
    .catch(() => undefined);
}

/**
 * Counts what can change the look of a document — DOM mutations, scrolling, resizing, input — in Playwright's utility
 * world, where the page's own scripts cannot see or disturb it. One counter per document: a new document has none.
 */
const CHANGE_COUNTER = `function () {
  let counter = window.__aiInspectorChanges;
  if (!counter) {
    counter = window.__aiInspectorChanges = { count: 0 };
    const bump = () => { counter.count++; };
    new MutationObserver(bump).observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
    for (const type of ['scroll', 'resize', 'input', 'focusin', 'focusout']) window.addEventListener(type, bump, true);
    counter.count = 1;
  }
  return counter.count;
}`;

const pageIds = new WeakMap<Page, number>();
let nextPageId = 0;

/** Which page and document, and how many changes it has seen: equal marks mean nothing visible happened between. */
async function changeMark(page: Page): Promise<string | undefined> {
  const worlds = await UtilityWorlds.of(page);
  if (!worlds) return undefined;
  try {
    const frameId = await worlds.topFrameId();
    const count = await worlds.call<number>(frameId, CHANGE_COUNTER, []);
    if (!pageIds.has(page)) pageIds.set(page, ++nextPageId);
    return `${pageIds.get(page)}:${worlds.contexts.get(frameId)}:${count}`;
  } catch {
    return undefined; // No utility world yet (a document still loading): treat as changed.
  }
}

/**
 * Before and after screenshots of a session's page-acting calls (the page view's Before / After). A call's before is
 * the previous call's after when the page has not changed since (same document, no mutation, scroll or input), so
 * a run of calls on a still page costs one screenshot each, not two.
 */
export class StepShots {
  private last?: { shot: Buffer; mark: string };

  async before(context: Context): Promise<Buffer | undefined> {
    const page = context.currentTab?.page;
    if (!page || page.isClosed() || context.currentTab?.modalStates.length) return undefined;
    if (this.last && (await changeMark(page)) === this.last.mark) return this.last.shot;
    return stepScreenshot(context);
  }

  async after(context: Context): Promise<Buffer | undefined> {
    const page = context.currentTab?.page;
    this.last = undefined;
    // A dialog blocks the page's script as well as its pictures: reading the mark would wait until it is handled.
    if (!page || page.isClosed() || context.currentTab?.modalStates.length) return undefined;
    // Always a fresh picture: a call can change the look without a mutation the mark counts (hover styles).
    // The mark is read first: a change that lands between it and the screenshot only costs a fresh before next time.
    const mark = await changeMark(page);
    const shot = await stepScreenshot(context);
    if (shot && mark) this.last = { shot, mark };
    return shot;
  }

  /** The page may have changed without a call (a person's step, a call that returned no screenshot). */
  forget(): void {
    this.last = undefined;
  }
}
