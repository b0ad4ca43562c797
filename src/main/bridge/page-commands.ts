import type { Page } from 'playwright';
import type { BridgeOutput } from '../../shared/bridge';

/** Outlines the element a ref stands for on a live session's page; `null` removes the outline. */
export async function highlight(page: Page | undefined, ref: string | null): Promise<BridgeOutput<'highlight'>> {
  if (!page || page.isClosed())
    return { highlighted: false, reason: 'The session has no open page: it ended, or it is a recording.' };
  await page.hideHighlight().catch(() => {});
  if (ref === null) return { highlighted: false };
  const locator = page.locator(`aria-ref=${ref}`);
  if (!(await locator.count().catch(() => 0)))
    return { highlighted: false, reason: `${ref} is not on the page any more.` };
  await locator.highlight();
  return { highlighted: true };
}

/** Playwright's own locator for a ref of a live session's page. */
export async function locate(page: Page | undefined, ref: string): Promise<BridgeOutput<'locate'>> {
  if (!page || page.isClosed()) return { locator: null, reason: 'The session has no open page.' };
  try {
    return { locator: `page.${(await page.locator(`aria-ref=${ref}`).normalize()).toString()}` };
  } catch {
    return { locator: null, reason: `${ref} is not on the page any more.` };
  }
}
