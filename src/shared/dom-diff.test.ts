import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { applyPatch, createTwoFilesPatch } from 'diff';
import { domDiff } from './dom-diff';

const page = (n: number, edit?: (i: number) => string | undefined) =>
  Array.from(
    { length: n },
    (_, i) => edit?.(i) ?? `  <input name="f${i}"\n         value="v${i}"\n         ref="e${i}">`,
  ).join('\n') + '\n';

/** patch(1) must turn `before` into `after` with our diff. */
function patchApplies(before: string, after: string, diff: string) {
  const file = test.info().outputPath(`state-${Math.random().toString(36).slice(2)}.html`);
  const diffFile = `${file}.diff`;
  writeFileSync(file, before);
  writeFileSync(diffFile, diff);
  execFileSync('patch', ['-s', file, diffFile]);
  expect(readFileSync(file, 'utf8')).toBe(after);
}

test('a one-attribute change is a one-line diff, identical to the plain library diff', () => {
  const before = page(500);
  const after = before.replace('value="v250"', 'value="changed"');
  const diff = domDiff(before, after, '(before)', '(after)')!;
  expect(diff).toBe(
    createTwoFilesPatch('a/dom.html', 'b/dom.html', before, after, '(before)', '(after)', {
      context: 3,
      headerOptions: { includeIndex: false, includeUnderline: false, includeFileHeaders: true },
    }),
  );
  expect(diff.split('\n').filter(l => /^[-+][^-+]/.test(l))).toEqual([
    '-         value="v250"',
    '+         value="changed"',
  ]);
  patchApplies(before, after, diff);
  expect(domDiff(before, before, '', '')).toBeUndefined();
});

test('changes at the very start and end, insertions and deletions apply with patch(1)', () => {
  const before = page(50);
  for (const after of [
    'new first line\n' + before,
    before + 'new last line\n',
    before.split('\n').slice(3).join('\n'),
    before.replace('value="v0"', 'value="x"').replace('value="v49"', 'value="y"'),
    '',
  ]) {
    const diff = domDiff(before, after, '', '')!;
    expect(applyPatch(before, diff)).toBe(after);
    patchApplies(before, after, diff);
  }
});

test('a change too large to diff line by line becomes one replacing hunk that still applies', () => {
  const before = page(3000);
  const after = page(3000, i => `  <input name="f${i}"\n         value="v${i}"\n         ref="f2e${i}">`);
  const started = performance.now();
  const diff = domDiff(before, after, '', '')!;
  expect(performance.now() - started).toBeLessThan(2_000);
  expect(diff.match(/^@@/gm)).toHaveLength(1);
  patchApplies(before, after, diff);
});
