#!/usr/bin/env node
// `npm start`: builds, then opens the desktop app when the Electron binary is present (fetching it once if it can),
// and otherwise falls back to web mode (`agent-inspector serve`) and says why.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { electronBinary } from './electron-binary.js';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const run = (command, args, options = {}) => spawnSync(command, args, { cwd: root, stdio: 'inherit', ...options });

/** Newest modification time under a folder (0 when it does not exist). */
function newest(dir) {
  if (!existsSync(dir)) return 0;
  return Math.max(0, ...readdirSync(dir, { recursive: true }).map(file => statSync(join(dir, file)).mtimeMs));
}

// Build only when the sources changed since the last build, so a start is quick and never rewrites out/ needlessly.
if (newest(join(root, 'src')) > newest(join(root, 'out'))) {
  const build = run(process.execPath, [join(root, 'node_modules/electron-vite/bin/electron-vite.js'), 'build']);
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const forward = child => {
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
  child.on('exit', code => process.exit(code ?? 0));
};

const forcedWeb = process.env.AGENT_INSPECTOR_WEB === '1';
const electron = forcedWeb ? undefined : electronBinary();
if (electron && (process.platform !== 'linux' || process.env.DISPLAY || process.env.WAYLAND_DISPLAY)) {
  forward(
    spawn(electron, [root, ...(process.getuid?.() === 0 ? ['--no-sandbox'] : [])], { cwd: root, stdio: 'inherit' }),
  );
} else {
  console.error(
    forcedWeb
      ? 'AGENT_INSPECTOR_WEB=1: starting web mode.'
      : electron
        ? 'No display for the desktop app: starting web mode instead.'
        : 'The Electron binary is not available (it could not be downloaded): starting web mode instead.',
  );
  // --open: the UI in a Chromium app window when there is one (otherwise serve prints the URL).
  forward(
    spawn(process.execPath, [join(root, 'bin/agent-inspector.js'), 'serve', '--open', ...process.argv.slice(2)], {
      cwd: root,
      stdio: 'inherit',
    }),
  );
}
