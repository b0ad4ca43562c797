import { createRequire } from 'node:module';
import type * as Playwright from 'playwright';

/**
 * Playwright's runtime exports, loaded with require. Playwright is CommonJS: an ES import of it makes Node scan its
 * bundle (megabytes) for export names at every start of the CLI, about 0.2 s of CPU that require does not spend.
 */
export const { chromium, devices, selectors } = createRequire(import.meta.url)('playwright') as typeof Playwright;
