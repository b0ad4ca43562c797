import { expect, test } from '@playwright/test';
import { applyPatch, createPatch } from 'diff';
import { diffStats, splitUnifiedDiff } from './chunks';

const before = `${Array.from({ length: 60 }, (_, i) => `line ${i + 1}`).join('\n')}\n`;
const after = before
  .replace('line 5\n', 'line five\n')
  .replace(/line (2\d)\n/g, 'changed $1\n')
  .replace('line 50\n', '');
// createPatch starts with an `Index:` line and a `===` rule; a DomState diff starts at the `---` header.
const diff = createPatch('dom.html', before, after, '(before)', '(after)').split('\n').slice(2).join('\n');

test('pieces stay within the size, each is a diff of its own, and their hunks together make the whole patch', () => {
  const pieces = splitUnifiedDiff(diff, 7);
  expect(pieces.length).toBeGreaterThan(3);
  const hunks: string[] = [];
  for (const piece of pieces) {
    const lines = piece.replace(/\n$/, '').split('\n');
    expect(lines.slice(0, 2)).toEqual(['--- dom.html\t(before)', '+++ dom.html\t(after)']);
    expect(lines[2]).toMatch(/^@@ -\d+,\d+ \+\d+,\d+ @@/);
    expect(lines.filter(line => !/^(---|\+\+\+|@@)/.test(line)).length).toBeLessThanOrEqual(7);
    expect(applyPatch(before, piece), piece).not.toBe(false);
    hunks.push(...lines.slice(2));
  }
  expect(applyPatch(before, ['--- dom.html', '+++ dom.html', ...hunks, ''].join('\n'))).toBe(after);
});

test('a small diff stays one piece; stats count changed lines only', () => {
  expect(splitUnifiedDiff(diff, 1000)).toEqual([diff.endsWith('\n') ? diff : `${diff}\n`]);
  expect(splitUnifiedDiff('', 10)).toEqual([]);
  expect(diffStats(diff)).toEqual({ added: 11, removed: 12 });
});
