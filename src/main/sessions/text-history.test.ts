import { mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import type { TextRef } from './format';
import { readText, TextHistoryWriter } from './text-history';

const page = (n: number, changed = -1) =>
  Array.from({ length: n }, (_, i) => `<li id="row-${i}">${i === changed ? 'Clicked' : 'Item'} ${i}</li>`).join('\n');

test('versions are stored as keyframes and diffs, identical ones once, and every version reads back exactly', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'text-history-'));
  const history = new TextHistoryWriter(dir, 'dom', 'html');
  const versions = [
    page(500),
    page(500, 10),
    page(500, 10), // unchanged: shares the previous ref
    `${page(500, 11)}\n`, // trailing newline differences survive
    page(300).replace(/Item/g, 'Other'), // mostly different (a navigation): a keyframe, not a diff
    page(300, 7).replace(/Item/g, 'Other'),
  ];
  const refs = new Map<number, TextRef>();
  for (const [index, text] of versions.entries()) refs.set(index + 1, await history.add(index + 1, text));

  expect(refs.get(1)).toEqual({ file: '0001-dom.html.gz' });
  expect(refs.get(2)).toEqual({ file: '0002-dom.diff', base: 1 });
  expect(refs.get(3)).toBe(refs.get(2));
  expect(refs.get(5)).toEqual({ file: '0005-dom.html.gz' });
  expect(refs.get(6)).toEqual({ file: '0006-dom.diff', base: 5 });
  expect(readdirSync(dir).sort()).toEqual([
    '0001-dom.html.gz',
    '0002-dom.diff',
    '0004-dom.html.gz',
    '0005-dom.html.gz',
    '0006-dom.diff',
  ]);
  for (const [index, text] of versions.entries())
    expect(await readText(dir, refs.get(index + 1)!, step => refs.get(step))).toBe(text);
});

test('a keyframe at least every 20 versions bounds the diffs applied to read one', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'text-history-'));
  const history = new TextHistoryWriter(dir, 'aria', 'yml');
  const refs: TextRef[] = [];
  for (let step = 1; step <= 45; step++) refs.push(await history.add(step, page(200, step)));
  expect(refs.filter(ref => ref.base === undefined).map(ref => ref.file)).toEqual([
    '0001-aria.yml.gz',
    '0022-aria.yml.gz',
    '0043-aria.yml.gz',
  ]);
  expect(await readText(dir, refs[44], step => refs[step - 1])).toBe(page(200, 45));
});

test('a diff whose base is missing is a clear error', async () => {
  await expect(readText('/nonexistent', { file: '0002-dom.diff', base: 1 }, () => undefined)).rejects.toThrow(
    '0002-dom.diff is a diff against step 1, which the session does not contain.',
  );
});
