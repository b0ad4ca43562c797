import { accessSync, constants } from 'node:fs';
import { delimiter, join } from 'node:path';
import { chromium } from '../playwright/runtime';

/** How to get a Chromium: also what an npm install of the package (which downloads none) leaves the user to do. */
const CHROMIUM_HINT =
  "Get one: `npx agent-inspector install-browser` (Playwright's Chromium), or install one " +
  '(Debian/Ubuntu: apt-get install chromium), or pass --executable-path / set AGENT_INSPECTOR_CHROMIUM.';

export class ChromiumNotFoundError extends Error {
  constructor(tried: string[]) {
    super(`No Chromium found. Tried:\n${tried.map(t => `  - ${t}`).join('\n')}\n${CHROMIUM_HINT}`);
    this.name = 'ChromiumNotFoundError';
  }
}

const isExecutable = (file: string) => {
  try {
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
};

const PATH_NAMES = ['chromium', 'chromium-browser', 'google-chrome-stable', 'google-chrome'];

/**
 * Finds the Chromium to control, in this order: the explicit path (flag or AGENT_INSPECTOR_CHROMIUM), Playwright's own
 * installed Chromium, then a Chromium on PATH and /usr/bin/chromium.
 */
export function findChromium(explicitPath?: string): string {
  const tried: string[] = [];
  if (explicitPath) {
    if (isExecutable(explicitPath)) return explicitPath;
    throw new ChromiumNotFoundError([
      `--executable-path / AGENT_INSPECTOR_CHROMIUM: ${explicitPath} (not an executable file)`,
    ]);
  }
  const bundled = chromium.executablePath();
  if (isExecutable(bundled)) return bundled;
  tried.push(`Playwright's Chromium: ${bundled}`);
  const dirs = (process.env.PATH ?? '').split(delimiter).filter(Boolean);
  for (const name of PATH_NAMES) {
    for (const dir of dirs) {
      const candidate = join(dir, name);
      if (isExecutable(candidate)) return candidate;
    }
  }
  tried.push(`${PATH_NAMES.join(', ')} on PATH`);
  if (isExecutable('/usr/bin/chromium')) return '/usr/bin/chromium';
  tried.push('/usr/bin/chromium');
  throw new ChromiumNotFoundError(tried);
}
