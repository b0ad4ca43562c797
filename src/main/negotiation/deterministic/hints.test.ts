import { expect, test } from '@playwright/test';
import type { SemanticNode } from '../../../shared/negotiation';
import { actionOf, negotiationOf, plan, onPage } from './planner-fixtures';

const tree: SemanticNode[] = [
  { i: 'c', r: 'txt', n: 'Coupon code' },
  { i: 'n', r: 'txt', n: 'New expense' },
  { i: 'q', r: 'spn', n: 'Quantity' },
];
const skeletonDom =
  '<label>Coupon code</label><input data-llm-id="c" placeholder="e.g. SAVE10">' +
  '<label>New expense</label><input data-llm-id="n" placeholder="What was it for?">' +
  '<input type="number" data-llm-id="q">';

test('a field named by the hint it shows while empty: "the e.g. SAVE10 field"', async () => {
  const query = 'type WELCOME5 into the e.g. SAVE10 field';
  // The semantic tree has no placeholders: the skeleton DOM, which keeps them, is asked for.
  expect(negotiationOf(await plan({ query, interactiveTree: tree })).needsSkeletonDom).toBe(true);
  const run = async (q: string) =>
    actionOf(await plan({ query: q, interactiveTree: tree, domMode: 'skeleton', skeletonDom }));
  expect(await run(query)).toBe('type(c, "WELCOME5")');
  expect(await run('type Parking into the What was it for? field')).toBe('type(n, "Parking")');
  // A hint that holds only some of the words names nothing.
  expect(await run('type Parking into the What was it worth? field')).toMatch(/^fail\(/);
});

test('an option said another way: on the 12-hour clock, or with a focusing word', async () => {
  const interactiveTree: SemanticNode[] = [
    { i: 'q', r: 'cmb', n: 'Quiet hours start' },
    { i: 's', r: 'cmb', n: 'Status' },
  ];
  const skeletonDom =
    '<select data-llm-id="q"><option>Off</option><option>22:00</option><option>23:00</option></select>' +
    '<select data-llm-id="s"><option>All</option><option>Paid</option><option>Overdue</option></select>';
  const run = onPage(interactiveTree, skeletonDom);
  expect(await run('quiet hours from 11pm')).toBe('select(q, "23:00")');
  expect(await run('status: overdue only')).toBe('select(s, "Overdue")');
  expect(await run('quiet hours from 9pm')).toMatch(/^fail\(/);
});
