import { expect, test } from '@playwright/test';
import { normalizeSnapshot, snapshotDiff } from './snapshot-drift';

test('refs, focus, pointer hints, boxes, times and dates are normalised away', () => {
  const recorded = [
    '- generic [active] [ref=e1]:',
    '  - button "Save" [ref=e2] [cursor=pointer] [box=10,20,80,30]',
    '  - paragraph [ref=e3]: Saved at 10:42:07 on 2025-01-31',
    '  - text: Updated 3/4/2025, 9:05 PM',
  ].join('\n');
  const replayed = [
    '- generic [ref=e7]:',
    '  - button "Save" [active] [ref=e9] [box=10,21.5,80,30]',
    '  - paragraph [ref=e11]: Saved at 11:03:59 on 2026-02-01',
    '  - text: Updated 12/24/2026, 10:17 AM  ',
  ].join('\n');
  expect(normalizeSnapshot(recorded)).toBe(normalizeSnapshot(replayed));
  expect(normalizeSnapshot(recorded)).toBe(
    [
      '- generic:',
      '  - button "Save"',
      '  - paragraph: Saved at <time> on <date>',
      '  - text: Updated <date>, <time>',
    ].join('\n'),
  );
  expect(snapshotDiff(recorded, replayed)).toBeUndefined();
});

test('a real change is a short unified diff of the normalised snapshots', () => {
  const page = (button: string) =>
    Array.from({ length: 30 }, (_, i) => `  - listitem [ref=e${i + 10}]: Item ${i}`)
      .concat(`  - button "${button}" [ref=e99]`)
      .join('\n');
  const diff = snapshotDiff(page('Add to cart'), page('Add to basket'))!;
  expect(diff).toContain('--- a/aria-snapshot.yaml\trecorded');
  expect(diff).toContain('+++ b/aria-snapshot.yaml\treplayed');
  expect(diff.split('\n').filter(line => /^[-+] /.test(line))).toEqual([
    '-  - button "Add to cart"',
    '+  - button "Add to basket"',
  ]);
  expect(diff).not.toContain('[ref=');

  const long = snapshotDiff(page('x').replace(/Item/g, 'Row'), page('x'), 10)!;
  expect(long.split('\n')).toHaveLength(11);
  expect(long.split('\n').at(-1)).toMatch(/^… \d+ more lines$/);
});
