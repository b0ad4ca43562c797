import { expect, test } from '@playwright/test';
import { parseAriaTree } from './aria-tree';
import { changeLines, outline } from './page-changes';

const before = parseAriaTree([
  '- main [ref=e1]:',
  '  - heading "Orders" [level=1] [ref=e2]',
  '  - button "Delete order" [ref=e3]',
  '  - status [ref=e4]: No order deleted',
  '  - list "Orders" [ref=e5]:',
  '    - listitem [ref=e6]: Order 1',
].join('\n'));

test('an added subtree is listed whole with its refs under its parent chain; changes and removals one line each', () => {
  const after = parseAriaTree([
    '- main [ref=e1]:',
    '  - heading "Orders" [level=1] [ref=e2]',
    '  - button "Delete order" [active] [ref=e3]',
    '  - status [ref=e4]: Order 1 deleted',
    '  - list "Orders" [ref=e5]',
    '  - dialog "Confirm" [ref=e7]:',
    '    - paragraph [ref=e8]: Delete order 1?',
    '    - button "Delete" [ref=e9]',
  ].join('\n'));
  expect(changeLines(before, after, 60)).toEqual([
    '- changed in main [ref=e1]: status: No order deleted → status [ref=e4]: Order 1 deleted',
    '- added in main [ref=e1]:',
    '  - dialog "Confirm" [ref=e7]:',
    '    - paragraph [ref=e8]: Delete order 1?',
    '    - button "Delete" [ref=e9]',
    '- removed in main [ref=e1] > list "Orders" [ref=e5]: listitem [ref=e6]: Order 1',
  ]);
  expect(changeLines(before, before, 60)).toEqual([]);
});

test('siblings added together share one heading; changes over the bound give no list', () => {
  const rows = Array.from({ length: 30 }, (_, i) => `    - listitem [ref=e${10 + i}]: Order ${i + 2}`);
  const after = parseAriaTree(['- main [ref=e1]:', '  - list "Orders" [ref=e5]:', ...rows].join('\n'));
  expect(changeLines(before, after, 10)).toBeUndefined();
  const lines = changeLines(before, after, 60)!;
  expect(lines.slice(0, 3)).toEqual(['- added in main [ref=e1] > list "Orders" [ref=e5]:', '  - listitem [ref=e10]: Order 2', '  - listitem [ref=e11]: Order 3']);
  // The heading, the button, the status and the first order are gone.
  expect(lines).toHaveLength(1 + 30 + 4);
});

test('an outline keeps to the bound: headings and dialogs always, interactive elements when in the viewport', () => {
  const nodes = parseAriaTree([
    '- main [ref=e1]:',
    '  - heading "Orders" [level=1] [ref=e2]',
    ...Array.from({ length: 20 }, (_, i) => `  - button "Open ${i}" [ref=e${10 + i}]`),
  ].join('\n'));
  const lines = outline(nodes, { title: 'Orders', reason: 'New page', maxLines: 6 });
  expect(lines).toHaveLength(6);
  expect(lines[0]).toBe('New page: an outline of "Orders" (headings and interactive elements) follows; the full tree is in the linked snapshot file, or one browser_snapshot away.');
  expect(lines.slice(1)).toEqual(['- heading "Orders" [level=1] [ref=e2]', '- button "Open 0" [ref=e10]', '- button "Open 1" [ref=e11]', '- button "Open 2" [ref=e12]', '- … and 17 more']);
  const visible = outline(nodes, { title: 'Orders', reason: 'New page', maxLines: 6, visible: new Set(['e15']) });
  expect(visible.slice(1)).toEqual(['- heading "Orders" [level=1] [ref=e2]', '- button "Open 5" [ref=e15]']);
});
