// `npm test`: the build and the typecheck side by side (neither needs the other, and CI has two cores), then every
// test (Playwright's projects: unit and e2e). Arguments go to `playwright test`.
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
/** npm's own CLI when run by npm (`npm` is a .cmd on Windows, which Node spawns only through a shell). */
const npm = (...args) => (process.env.npm_execpath ? [process.execPath, [process.env.npm_execpath, ...args]] : ['npm', args]);
const run = ([command, args]) => new Promise(resolve => spawn(command, args, { stdio: 'inherit' }).on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0))));

const [build, typecheck] = await Promise.all([run(npm('run', 'build')), run(npm('run', 'typecheck'))]);
if (build || typecheck) process.exit(build || typecheck);
process.exit(await run([process.execPath, [require.resolve('@playwright/test/cli'), 'test', ...process.argv.slice(2)]]));
