import { expect, test } from '@playwright/test';
import { parseAriaTree } from './aria-tree';
import { changeLines, outline, outlineNodes, snapshotChangeLines } from './page-changes';

const before = parseAriaTree(
  [
    '- main [ref=e1]:',
    '  - heading "Orders" [level=1] [ref=e2]',
    '  - button "Delete order" [ref=e3]',
    '  - status [ref=e4]: No order deleted',
    '  - list "Orders" [ref=e5]:',
    '    - listitem [ref=e6]: Order 1',
  ].join('\n'),
);

test('an added subtree is listed whole with its refs under its parent chain; changes and removals one line each', () => {
  const after = parseAriaTree(
    [
      '- main [ref=e1]:',
      '  - heading "Orders" [level=1] [ref=e2]',
      '  - button "Delete order" [active] [ref=e3]',
      '  - status [ref=e4]: Order 1 deleted',
      '  - list "Orders" [ref=e5]',
      '  - dialog "Confirm" [ref=e7]:',
      '    - paragraph [ref=e8]: Delete order 1?',
      '    - button "Delete" [ref=e9]',
    ].join('\n'),
  );
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
  expect(lines.slice(0, 3)).toEqual([
    '- added in main [ref=e1] > list "Orders" [ref=e5]:',
    '  - listitem [ref=e10]: Order 2',
    '  - listitem [ref=e11]: Order 3',
  ]);
  // The heading, the button, the status and the first order are gone.
  expect(lines).toHaveLength(1 + 30 + 4);
});

test('an outline keeps to the bound: headings and dialogs always, interactive elements when in the viewport', () => {
  const nodes = parseAriaTree(
    [
      '- main [ref=e1]:',
      '  - heading "Orders" [level=1] [ref=e2]',
      ...Array.from({ length: 20 }, (_, i) => `  - button "Open ${i}" [ref=e${10 + i}]`),
    ].join('\n'),
  );
  const lines = outline(nodes, { title: 'Orders', reason: 'New page', maxLines: 6 });
  expect(lines).toHaveLength(6);
  expect(lines[0]).toBe(
    'New page: an outline of "Orders" (headings and interactive elements) follows; the full tree is in the linked snapshot file, or one browser_snapshot away.',
  );
  expect(lines.slice(1)).toEqual([
    '- heading "Orders" [level=1] [ref=e2]',
    '- button "Open 0" [ref=e10]',
    '- button "Open 1" [ref=e11]',
    '- button "Open 2" [ref=e12]',
    '- … and 17 more',
  ]);
  const visible = outline(nodes, { title: 'Orders', reason: 'New page', maxLines: 6, visible: new Set(['e15']) });
  expect(visible.slice(1)).toEqual(['- heading "Orders" [level=1] [ref=e2]', '- button "Open 5" [ref=e15]']);
});

test('from snapshot text, only the lines that differ (with their ancestors) are compared: the same changes, found fast', () => {
  const rows = (edit: (i: number) => string) =>
    [
      '- main [ref=e1]:',
      '  - list "Orders" [ref=e2]:',
      ...Array.from(
        { length: 3000 },
        (_, i) => `    - listitem [ref=e${10 + i}]:\n      - button "${edit(i)}" [ref=e${5000 + i}]`,
      ),
    ].join('\n');
  const before = rows(i => `Open ${i}`);
  const after =
    rows(i => (i === 1500 ? 'Opened 1500' : `Open ${i}`)).replace('- main [ref=e1]:', '- main [active] [ref=e1]:') +
    '\n  - dialog "Order 1500" [ref=e9000]:\n    - button "Close" [ref=e9001]';
  const expected = changeLines(parseAriaTree(before), parseAriaTree(after), 60);
  expect(expected).toEqual([
    '- changed in list "Orders" [ref=e2] > listitem [ref=e1510]: button "Open 1500" → button "Opened 1500" [ref=e6500]',
    '- added in main [ref=e1]:',
    '  - dialog "Order 1500" [ref=e9000]:',
    '    - button "Close" [ref=e9001]',
  ]);
  expect(snapshotChangeLines(before, after, 60)).toEqual(expected);
  expect(snapshotChangeLines(before, before, 60)).toEqual([]);
  // Only lines added: their unchanged ancestors are compared on both sides, not reported as added.
  expect(snapshotChangeLines(before, `${before}\n  - status [ref=e9002]: Saved`, 60)).toEqual([
    '- added in main [ref=e1]:',
    '  - status [ref=e9002]: Saved',
  ]);
  expect(
    snapshotChangeLines(
      before,
      rows(i => `Shut ${i}`),
      60,
    ),
  ).toBeUndefined();
});

test('outline nodes are read from the lines alone, quoted keys included', () => {
  const nodes = outlineNodes(
    [
      '- main [ref=e1]:',
      '  - heading "Blog" [level=1] [ref=e2]',
      '  - \'link "A: b" [ref=e3] [cursor=pointer]\':',
      '    - /url: "#a"',
      '  - paragraph [ref=e4]: text',
      '  - generic [ref=e5] [cursor=pointer]: Menu',
    ].join('\n'),
  );
  expect(nodes.map(node => [node.role, node.name, node.ref])).toEqual([
    ['heading', 'Blog', 'e2'],
    ['link', 'A: b', 'e3'],
    ['generic', undefined, 'e5'],
  ]);
});

test('an outline skips nameless headings and adds the navigation links below the fold while there is room', () => {
  const yaml = [
    '- heading "Blog" [level=1] [ref=e1]',
    '- heading [level=2] [ref=e2]:',
    '  - link "Article 1" [ref=e3] [cursor=pointer]',
    '- link "Article 2" [ref=e4] [cursor=pointer]',
    '- navigation "Pagination" [ref=e5]:',
    '  - link "Page 2" [ref=e6] [cursor=pointer]',
    '  - link "Next" [ref=e7] [cursor=pointer]',
    '- link "Imprint" [ref=e8] [cursor=pointer]',
  ].join('\n');
  const nodes = outlineNodes(yaml);
  expect(nodes.filter(node => node.inNavigation).map(node => node.ref)).toEqual(['e6', 'e7']);
  const visible = new Set(['e1', 'e3']);
  expect(outline(nodes, { title: 'Blog', reason: 'New page', maxLines: 10, visible }).slice(1)).toEqual([
    '- heading "Blog" [level=1] [ref=e1]',
    '- link "Article 1" [cursor=pointer] [ref=e3]',
    '- link "Page 2" [cursor=pointer] [ref=e6]',
    '- link "Next" [cursor=pointer] [ref=e7]',
  ]);
  // No room left after the viewport: the navigation links are counted, not listed.
  expect(outline(nodes, { title: 'Blog', reason: 'New page', maxLines: 3, visible }).slice(1)).toEqual([
    '- heading "Blog" [level=1] [ref=e1]',
    '- link "Article 1" [cursor=pointer] [ref=e3]',
  ]);
});
