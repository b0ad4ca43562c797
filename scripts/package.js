#!/usr/bin/env node
// `npm run package`: the desktop app's installer for this platform — an AppImage on Linux, a dmg on macOS, an NSIS
// installer on Windows — by electron-builder (electron-builder.yml), written to dist/. Extra arguments go to
// electron-builder (`npm run package -- --dir` for the unpacked app only).
import { spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { electronBinary, electronDir } from './electron-binary.js';

// Run through npx at a pinned version rather than as a devDependency: it brings a large tree of its own (signing,
// native rebuilds, dmg tooling) that every `npm install` would pay for, and only this script needs it.
const ELECTRON_BUILDER = 'electron-builder@26.17.0';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const run = (command, args) => spawnSync(command, args, { cwd: root, stdio: 'inherit' });

// The package is built around the same Electron binary `npm start` runs. Where it cannot be downloaded, nothing can be
// packaged: say so at once instead of letting electron-builder retry its own download.
if (!electronBinary()) {
  console.error(
    'npm run package: the Electron binary cannot be downloaded on this machine, and the desktop packages are\n' +
      "built from it. Run `npm run package` where Electron's release downloads are reachable. Nothing was built;\n" +
      'the CLI and web mode (`agent-inspector serve`) do not need Electron.',
  );
  process.exit(1);
}

const build = run(process.execPath, [join(root, 'node_modules/electron-vite/bin/electron-vite.js'), 'build']);
if (build.status !== 0) process.exit(build.status ?? 1);

const args = process.argv.slice(2);
// For this platform, pack the Electron binary already installed instead of downloading it again; a build for another
// platform (--mac, --win, --linux) lets electron-builder fetch that platform's Electron.
const otherPlatform = args.some(arg => /^-(-mac|-macos|-win|-windows|-linux|m|w|l)$/.test(arg));
const electronDist = otherPlatform ? [] : [`--config.electronDist=${join(electronDir(), 'dist')}`];
const builderArgs = ['--config', 'electron-builder.yml', ...electronDist, ...args];
// Under `npm run`, npm's own CLI runs it (npx is a .cmd on Windows, which Node spawns only through a shell).
const packaged = process.env.npm_execpath
  ? run(process.execPath, [
      process.env.npm_execpath,
      'exec',
      '--yes',
      `--package=${ELECTRON_BUILDER}`,
      '--',
      'electron-builder',
      ...builderArgs,
    ])
  : run('npx', ['--yes', ELECTRON_BUILDER, ...builderArgs]);
process.exit(packaged.status ?? 1);
