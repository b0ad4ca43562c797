import { mkdirSync, readdirSync, utimesSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { expect, test } from '@playwright/test';
import { OutputBudget } from './output-budget';

/** Writes `bytes` bytes to `name` below `dir`, its time `age` seconds ago: the oldest file has the largest age. */
function put(dir: string, name: string, bytes: number, age: number): string {
  const file = join(dir, name);
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, 'x'.repeat(bytes));
  const time = Date.now() / 1000 - age;
  utimesSync(file, time, time);
  return file;
}

/** Every file left below `dir`, relative to it, sorted. */
function left(dir: string): string[] {
  return (readdirSync(dir, { recursive: true, withFileTypes: true }) as import('node:fs').Dirent[])
    .filter(entry => entry.isFile())
    .map(entry => relative(dir, join(entry.parentPath, entry.name)))
    .sort();
}

test('the oldest files go first, in sub-folders too, until the new file fits', async () => {
  const dir = test.info().outputPath('out');
  put(dir, 'a.png', 400, 40);
  put(dir, 'sub/b.yml', 400, 30);
  put(dir, 'c.log', 400, 20);
  const budget = new OutputBudget(dir, 1000);
  await budget.admit(join(dir, 'd.yml'), 400);
  expect(left(dir)).toEqual(['c.log']);
});

test('under the threshold nothing goes; without one, nothing ever goes', async () => {
  const dir = test.info().outputPath('out');
  put(dir, 'a.png', 400, 20);
  await new OutputBudget(dir, 1000).admit(join(dir, 'b.png'), 600);
  await new OutputBudget(dir, undefined).admit(join(dir, 'c.png'), 10_000);
  expect(left(dir)).toEqual(['a.png']);
});

test('a file larger than the threshold clears everything else and is still admitted', async () => {
  const dir = test.info().outputPath('out');
  put(dir, 'a.png', 10, 20);
  put(dir, 'b.png', 10, 10);
  await new OutputBudget(dir, 100).admit(join(dir, 'big.png'), 500);
  expect(left(dir)).toEqual([]);
});

test('the files of the current call stay; a new call lets them go', async () => {
  const dir = test.info().outputPath('out');
  const budget = new OutputBudget(dir, 1000);
  budget.startCall();
  await budget.admit(join(dir, 'shot.png'), 600);
  put(dir, 'shot.png', 600, 20);
  await budget.admit(join(dir, 'page.yml'), 600);
  put(dir, 'page.yml', 600, 10);
  expect(left(dir)).toEqual(['page.yml', 'shot.png']);
  budget.startCall();
  await budget.admit(join(dir, 'next.yml'), 300);
  expect(left(dir)).toEqual(['page.yml']);
});

test('a file rewritten under its own name counts once', async () => {
  const dir = test.info().outputPath('out');
  put(dir, 'old.png', 300, 20);
  const same = put(dir, 'same.yml', 600, 10);
  await new OutputBudget(dir, 1000).admit(same, 600);
  expect(left(dir)).toEqual(['old.png', 'same.yml']);
});

test('files outside the output folder cost nothing', async () => {
  const root = test.info().outputPath('root');
  const dir = join(root, 'out');
  put(dir, 'a.png', 900, 20);
  await new OutputBudget(dir, 1000).admit(join(root, 'named.png'), 900);
  expect(left(dir)).toEqual(['a.png']);
});

test('session recordings and the Browser State folder are neither counted nor evicted', async () => {
  const dir = test.info().outputPath('out');
  put(dir, '2026-11-27T09-00-00-abcdef/session.json', 5000, 50);
  put(dir, '2026-11-27T09-00-00-abcdef/artifacts/1.png', 5000, 50);
  put(dir, 'browser-state/dom.html', 5000, 50);
  put(dir, 'a.png', 400, 20);
  // --save-session: the recordings go into the output folder itself.
  await new OutputBudget(dir, 1000, dir).admit(join(dir, 'b.png'), 400);
  expect(left(dir)).toEqual([
    '2026-11-27T09-00-00-abcdef/artifacts/1.png',
    '2026-11-27T09-00-00-abcdef/session.json',
    'a.png',
    'browser-state/dom.html',
  ]);
});
