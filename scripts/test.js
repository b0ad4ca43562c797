// `npm test`: the build, the typecheck and the lint side by side (none needs another; on two cores the three at once
// took half the wall-clock time of the lint after the other two), then every test (Playwright's projects: unit and
// e2e). Arguments go to `playwright test`.
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
/** npm's own CLI when run by npm (`npm` is a .cmd on Windows, which Node spawns only through a shell). */
const npm = (...args) => (process.env.npm_execpath ? [process.execPath, [process.env.npm_execpath, ...args]] : ['npm', args]);
const run = ([command, args]) => new Promise(resolve => spawn(command, args, { stdio: 'inherit' }).on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0))));

const [build, typecheck, lint] = await Promise.all([run(npm('run', 'build')), run(npm('run', 'typecheck')), run(npm('run', 'lint'))]);
if (build || typecheck || lint) process.exit(build || typecheck || lint);
process.exit(await run([process.execPath, [require.resolve('@playwright/test/cli'), 'test', ...process.argv.slice(2)]]));
