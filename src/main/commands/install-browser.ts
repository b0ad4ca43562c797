import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { findChromium } from '../browser/discovery';
import { log } from './process';

/** The one command that installs what `install-browser` would have, for the message printed when it cannot. */
const MANUAL_COMMAND = 'npx playwright install --no-shell chromium';

/**
 * `agent-inspector install-browser`: downloads Playwright's own Chromium. With `--if-missing` (what `npm install` runs)
 * it does so only where no Chromium is found, and a failed download (offline) prints the command to run later instead
 * of failing the install; the server would otherwise fail only at its first tool call.
 */
export async function runInstallBrowser(options: { ifMissing?: boolean }) {
  if (options.ifMissing) {
    if (process.env.PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD) {
      log('Chromium: not looked for (PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD is set).');
      return;
    }
    const explicit = process.env.AGENT_INSPECTOR_CHROMIUM;
    try {
      log(`Chromium: ${findChromium(explicit)}`);
      return;
    } catch (error) {
      // A path the user chose is theirs to fix; downloading another would hide the mistake.
      if (explicit) {
        log(error instanceof Error ? error.message : String(error));
        return;
      }
    }
    log("No Chromium found: downloading Playwright's Chromium (about 180 MB)…");
  }
  const code = await playwrightInstall();
  if (code === 0) {
    log(`Chromium: ${findChromium()}`);
    return;
  }
  log(
    `Could not download Chromium (offline, or the download host is unreachable). When online, run:\n  ${MANUAL_COMMAND}\n` +
      'or install one (Debian/Ubuntu: apt-get install chromium), or set AGENT_INSPECTOR_CHROMIUM to a Chromium executable.',
  );
  if (!options.ifMissing) process.exitCode = 1;
}

/** Runs Playwright's installer for the Playwright version we drive (its CLI is not in the package's exports). */
function playwrightInstall(): Promise<number> {
  const cli = join(dirname(createRequire(import.meta.url).resolve('playwright/package.json')), 'cli.js');
  return new Promise(resolve => {
    const child = spawn(process.execPath, [cli, 'install', '--no-shell', 'chromium'], {
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    child.on('error', () => resolve(1));
    child.on('exit', code => resolve(code ?? 1));
  });
}
