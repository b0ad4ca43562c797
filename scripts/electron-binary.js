// The Electron binary, shared by `npm start` (scripts/start.js) and `npm run package` (scripts/package.js).
// Electron 45+ has no postinstall: `npm install` leaves the binary out, and it is fetched on first use.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

/** The folder of the installed `electron` package; its binary goes in dist/. */
export const electronDir = () => dirname(createRequire(import.meta.url).resolve('electron/package.json'));

/** The Electron binary's path when it is installed or can be fetched now; undefined otherwise. */
export function electronBinary() {
  const dir = electronDir();
  const pathFile = join(dir, 'path.txt');
  const installed = () => existsSync(pathFile) && existsSync(join(dir, 'dist', readFileSync(pathFile, 'utf8')));
  if (!installed()) {
    console.error('Electron binary not installed yet; trying to fetch it once…');
    spawnSync(process.execPath, [join(dir, 'install.js')], { stdio: 'ignore', timeout: 180_000 });
  }
  return installed() ? join(dir, 'dist', readFileSync(pathFile, 'utf8')) : undefined;
}
