import { expect, test } from '@playwright/test';
import { parseAriaTree } from './aria-tree';

const SNAPSHOT = `- generic [active] [ref=e1]:
  - 'heading "Hello: world" [level=1] [ref=e2]'
  - navigation [ref=e3]:
    - link "Home" [ref=e4] [cursor=pointer]:
      - /url: /x
  - generic [ref=e5]:
    - text: Email
    - textbox "Email" [ref=e6]: a@b
  - checkbox "Agree" [checked] [ref=e7]
  - paragraph [ref=e9]: "Some \\"quoted\\" text: here"
  - list [ref=e13]:
    - listitem [ref=e14]: Two's
  - iframe [ref=e18]:
    - button "In frame" [ref=f1e2]`;

test('parses roles, names, refs, states, inline text and props into a flat tree with subtree ends', () => {
  const nodes = parseAriaTree(SNAPSHOT);
  expect(nodes.map(n => n.ref ?? n.role)).toEqual([
    'e1',
    'e2',
    'e3',
    'e4',
    'e5',
    'text',
    'e6',
    'e7',
    'e9',
    'e13',
    'e14',
    'e18',
    'f1e2',
  ]);
  expect(nodes[0]).toMatchObject({ depth: 0, role: 'generic', states: ['active'], end: 13 });
  expect(nodes[1]).toMatchObject({ depth: 1, role: 'heading', name: 'Hello: world', states: ['level=1'], end: 2 });
  expect(nodes[2]).toMatchObject({ role: 'navigation', end: 4 });
  expect(nodes[3]).toMatchObject({
    role: 'link',
    name: 'Home',
    states: ['cursor=pointer'],
    props: { url: '/x' },
    end: 4,
  });
  expect(nodes[5]).toMatchObject({ role: 'text', text: 'Email', depth: 2 });
  expect(nodes[6]).toMatchObject({ role: 'textbox', name: 'Email', text: 'a@b' });
  expect(nodes[7].states).toEqual(['checked']);
  expect(nodes[8].text).toBe('Some "quoted" text: here');
  expect(nodes[10].text).toBe("Two's");
  expect(nodes[12]).toMatchObject({ role: 'button', name: 'In frame', ref: 'f1e2', depth: 2 });
});

test('an empty snapshot is an empty tree', () => {
  expect(parseAriaTree('')).toEqual([]);
});
