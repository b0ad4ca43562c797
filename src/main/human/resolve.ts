import type { Page } from 'playwright';
import { jsString } from '../../shared/js-literal';
import { elementFactsOf } from '../playwright/element-facts';
import { UtilityWorlds } from '../playwright/utility-world';
import type { ResolvedTarget } from '../../shared/events';

/**
 * How to find the element at `cssPath` again: Playwright's own locator for it (normalize(): test id, role + name,
 * label… by Playwright's priority), its role and accessible name, and its facts for the other locator candidates. Never rejects: an element that is already gone
 * keeps its CSS path as the locator.
 */
export async function resolveTarget(page: Page, cssPath: string): Promise<ResolvedTarget> {
  const [normalized, roleAndName, element] = await Promise.all([
    page
      .locator(cssPath)
      .normalize()
      .then(
        normalized => normalized.toString(),
        () => undefined,
      ),
    accessibleRoleAndName(page, cssPath).catch(() => undefined),
    elementFactsOf(page.locator(cssPath)),
  ]);
  // An element detached mid-resolution (a link that navigated away) normalizes to an `error:` selector, no locator.
  const locator =
    normalized && !normalized.includes("'error:")
      ? `page.${normalized}`
      : roleAndName?.name
        ? `page.getByRole(${jsString(roleAndName.role)}, { name: ${jsString(roleAndName.name)} })`
        : undefined;
  if (!locator) return { target: cssPath, locator: `page.locator(${jsString(cssPath)})`, ...(element && { element }) };
  return { target: locator, ...roleAndName, locator, ...(element && { element }) };
}

/**
 * Role and accessible name from Chromium's accessibility tree. Not from `locator.ariaSnapshot()`: every aria snapshot
 * replaces the one Playwright resolves `aria-ref=` selectors against, which would void the refs of the agent's last
 * snapshot each time a person clicks.
 */
export async function accessibleRoleAndName(
  page: Page,
  cssPath: string,
): Promise<{ role: string; name?: string } | undefined> {
  const session = (await UtilityWorlds.of(page))?.session;
  if (!session) return undefined;
  const { result } = await session.send('Runtime.evaluate', {
    expression: `document.querySelector(${JSON.stringify(cssPath)})`,
  });
  const objectId = result.objectId;
  if (!objectId) return undefined;
  try {
    const { nodes } = await session.send('Accessibility.getPartialAXTree', { objectId, fetchRelatives: false });
    const node = nodes[0];
    const role = node?.role?.value;
    // Chromium's internal roles are capitalised (StaticText, LabelText…): they are no ARIA role to find the element by.
    if (!node || node.ignored || typeof role !== 'string' || !/^[a-z]+$/.test(role) || role === 'none')
      return undefined;
    const name = node.name?.value;
    return { role: role === 'image' ? 'img' : role, ...(typeof name === 'string' && name && { name }) };
  } finally {
    session.send('Runtime.releaseObject', { objectId }).catch(() => {});
  }
}
