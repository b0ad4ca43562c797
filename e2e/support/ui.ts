import type { TestInfo } from '@playwright/test';
import { chromium, type Browser, type Locator, type Page } from 'playwright';

/** The inspector UI opened in a Chromium of its own (apart from the browser the inspector controls). */
export async function openInspector(url: string): Promise<{ browser: Browser; page: Page; errors: string[] }> {
  const browser = await chromium.launch({
    executablePath: process.env.AGENT_INSPECTOR_CHROMIUM ?? '/usr/bin/chromium',
  });
  const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  const errors: string[] = [];
  page.on('pageerror', error => errors.push(error.message));
  page.on('console', message => {
    // The favicon is not shipped; anything else logged as an error is a real problem.
    if (message.type() === 'error' && !message.location().url.endsWith('/favicon.ico')) errors.push(message.text());
  });
  await page.goto(url);
  return { browser, page, errors };
}

/** The text of the Monaco lines inside the selected step's highlight (Monaco positions each line's overlay by its top). */
export function highlightedCode(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const tops = new Set(
      Array.from(document.querySelectorAll<HTMLElement>('.code-step-line'), el => el.parentElement!.style.top),
    );
    return Array.from(document.querySelectorAll<HTMLElement>('.view-lines .view-line'))
      .filter(line => tops.has(line.style.top))
      .sort((a, b) => parseFloat(a.style.top) - parseFloat(b.style.top))
      .map(line => (line.textContent ?? '').replace(/\u00a0/g, ' '));
  });
}

export const stepRow = (page: Page, seq: number): Locator =>
  page.locator(`[data-testid=timeline-step][data-seq="${seq}"]`);

/** Saves a panel's picture as a test artifact (and attaches it to the report), to be looked at. */
export async function snap(page: Page, testId: string, name: string, testInfo: TestInfo) {
  const path = testInfo.outputPath(`${name}.png`);
  await page.getByTestId(testId).screenshot({ path });
  await testInfo.attach(name, { path, contentType: 'image/png' });
}
