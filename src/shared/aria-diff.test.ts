import { expect, test } from '@playwright/test';
import { ariaDiff } from './aria-diff';
import { parseAriaTree } from './aria-tree';

const before = parseAriaTree(
  [
    '- main [ref=e1]:',
    '  - heading "Your tasks" [level=1] [ref=e2]',
    '  - textbox "New task" [active] [ref=e3]: Review',
    '  - list "Tasks" [ref=e4]:',
    '    - listitem [ref=e5]:',
    '      - checkbox "Triage" [ref=e6]',
    '      - text: Triage',
    '    - listitem [ref=e7]:',
    '      - checkbox "Release notes" [ref=e8]',
    '  - paragraph [ref=e9]: 2 open, 0 done',
  ].join('\n'),
);

const after = parseAriaTree(
  [
    '- main [ref=e1]:',
    '  - heading "Your tasks" [level=1] [ref=e2]',
    '  - textbox "New task" [ref=e3]',
    '  - list "Tasks" [ref=e4]:',
    '    - listitem [ref=e5]:',
    '      - checkbox "Triage" [checked] [active] [ref=e6]',
    '      - text: Triage',
    '    - listitem [ref=e10]:',
    '      - checkbox "Review" [ref=e11]',
    '  - paragraph [ref=e9]: 2 open, 1 done',
  ].join('\n'),
);

test('nodes added, removed and changed, matched by ref, with their place in their tree; focus alone is no change', () => {
  expect(ariaDiff(before, after)).toEqual([
    {
      kind: 'changed',
      ref: 'e3',
      role: 'textbox',
      name: 'New task',
      parent: 'main e1',
      before: 'textbox "New task" [active]: Review',
      after: 'textbox "New task"',
      index: 2,
    },
    {
      kind: 'changed',
      ref: 'e6',
      role: 'checkbox',
      name: 'Triage',
      parent: 'listitem e5',
      before: 'checkbox "Triage"',
      after: 'checkbox "Triage" [checked] [active]',
      index: 5,
    },
    {
      kind: 'added',
      ref: 'e10',
      role: 'listitem',
      name: undefined,
      parent: 'list "Tasks" e4',
      after: 'listitem',
      index: 7,
    },
    {
      kind: 'added',
      ref: 'e11',
      role: 'checkbox',
      name: 'Review',
      parent: 'listitem e10',
      after: 'checkbox "Review"',
      index: 8,
    },
    {
      kind: 'changed',
      ref: 'e9',
      role: 'paragraph',
      name: undefined,
      parent: 'main e1',
      before: 'paragraph: 2 open, 0 done',
      after: 'paragraph: 2 open, 1 done',
      index: 9,
    },
    {
      kind: 'removed',
      ref: 'e7',
      role: 'listitem',
      name: undefined,
      parent: 'list "Tasks" e4',
      before: 'listitem',
      index: 7,
    },
    {
      kind: 'removed',
      ref: 'e8',
      role: 'checkbox',
      name: 'Release notes',
      parent: 'listitem e7',
      before: 'checkbox "Release notes"',
      index: 8,
    },
  ]);
});

test('identical snapshots have no changes; text without refs is matched by its place', () => {
  expect(ariaDiff(before, before)).toEqual([]);
  const a = parseAriaTree('- list [ref=e1]:\n  - text: one\n  - text: two');
  const b = parseAriaTree('- list [ref=e1]:\n  - text: one\n  - text: three');
  expect(ariaDiff(a, b).map(change => [change.kind, change.before, change.after])).toEqual([
    ['changed', 'text: two', 'text: three'],
  ]);
});
