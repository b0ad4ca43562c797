// `npm test`: the build, the typecheck, the lint and the format check side by side (none needs another; on two cores
// the lint beside the others took half the wall-clock time of the lint after them), then every test (Playwright's
// projects: unit, which holds the layer check, and e2e). Arguments go to `playwright test`.
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
/** npm's own CLI when run by npm (`npm` is a .cmd on Windows, which Node spawns only through a shell). */
const npm = (...args) =>
  process.env.npm_execpath ? [process.execPath, [process.env.npm_execpath, ...args]] : ['npm', args];
const run = ([command, args]) =>
  new Promise(resolve =>
    spawn(command, args, { stdio: 'inherit' }).on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0))),
  );

const started = performance.now();
const seconds = since => `${((performance.now() - since) / 1000).toFixed(1)} s`;
const timed = async script => {
  const since = performance.now();
  const code = await run(npm('run', script));
  return { script, code, took: seconds(since) };
};
const results = await Promise.all(['build', 'typecheck', 'lint', 'format:check'].map(timed));
// What the checks cost, side by side, before any test runs: the figure the README's Contributing section quotes.
console.log(
  `Checks: ${results.map(({ script, took }) => `${script} ${took}`).join(', ')}; ${seconds(started)} in all.`,
);
if (results.find(({ script }) => script === 'format:check').code)
  console.error('The tree is not formatted: `npm run format` writes it as the check expects.');
const failed = results.find(({ code }) => code !== 0);
if (failed) process.exit(failed.code);
process.exit(
  await run([process.execPath, [require.resolve('@playwright/test/cli'), 'test', ...process.argv.slice(2)]]),
);
