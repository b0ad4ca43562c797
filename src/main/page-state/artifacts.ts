import { createHash } from 'node:crypto';
import type { Page } from 'playwright';

// The heavier artifacts a backend may ask for (seed 003, 2.2), produced only when asked. The skeleton DOM needs the
// refs, so it comes from SemanticExtractor.skeleton().
const SCREENSHOT_QUALITY = 60;

/** The viewport as a JPEG, base64, with its sha256 (hex) so a backend can tell an unchanged screen. */
export async function screenshotArtifact(page: Page): Promise<{ screenshot: string; screenshotHash: string }> {
  const jpeg = await page.screenshot({ type: 'jpeg', quality: SCREENSHOT_QUALITY, scale: 'css' });
  return { screenshot: jpeg.toString('base64'), screenshotHash: createHash('sha256').update(jpeg).digest('hex') };
}

/** The page's full HTML, as the browser has it now. */
export async function fullDomArtifact(page: Page): Promise<string> {
  return page.content();
}
