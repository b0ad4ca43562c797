import type { Context } from './context';

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
  return tab.page.screenshot({ type: 'jpeg', quality: QUALITY, scale: 'css', timeout: TIMEOUT, animations: 'allow', caret: 'initial' })
    .catch(() => undefined);
}
