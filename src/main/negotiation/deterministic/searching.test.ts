import { expect, test } from '@playwright/test';
import type { SemanticNode } from '../../../shared/negotiation';
import { actionOf, plan, answerOf } from './planner-fixtures';

const tree: SemanticNode[] = [
  { i: 's', r: 'srch', n: 'Search the catalogue' },
  { i: 'r1', r: 'btn', n: 'Renew' },
  { i: 'r2', r: 'btn', n: 'Renew' },
];
const skeletonDom =
  '<input type="search" data-llm-id="s"><ul><li>The Overstory <button data-llm-id="r1">Renew</button></li>' +
  '<li>Piranesi <button data-llm-id="r2">Renew</button></li></ul>';
const run = async (query: string) =>
  actionOf(await plan({ query, domMode: 'skeleton', skeletonDom, interactiveTree: tree }));

test('asked to find what no control is named for, the planner searches for it in the page’s one search box', async () => {
  expect(await run('find Klara and the Sun')).toBe('type(s, "Klara and the Sun")');
  expect(await run("I'm looking for Never Let Me Go")).toBe('type(s, "Never Let Me Go")');
  expect(await run('look up 9780571364886')).toBe('type(s, "9780571364886")');
  expect(await run('look up ISBN 9780571364886')).toBe('type(s, "9780571364886")');
  // "books by Ishiguro": what kind of thing, then the name it is found by — the name is the search text.
  expect(await run('find me books by Kazuo Ishiguro')).toBe('type(s, "Kazuo Ishiguro")');
  expect(await run('look up everything from Faber')).toBe('type(s, "Faber")');
  // Lower case, the name is not told from the words around it: which text to search for is for the user to say.
  expect(await run('find books by ishiguro')).toMatch(/^fail\(/);
  expect(await run('do you have Demon Copperhead in the catalogue?')).toBe('type(s, "Demon Copperhead")');
  // What the page's controls answer is theirs; a control asked for is never searched for.
  expect(await run('renew Piranesi')).toBe('click(r2)');
  const renew = await plan({ query: 'find the Renew button', domMode: 'skeleton', skeletonDom, interactiveTree: tree });
  expect(answerOf(renew)).not.toMatch(/^type/);
  // A clause with a step of its own is no search text.
  expect(await run("I'm hunting for anything from Sam, pop 'from:sam' into the box")).not.toMatch(/anything from Sam/);
});

test('without exactly one search box, finding is refused as before', async () => {
  const two = [...tree, { i: 's2', r: 'srch', n: 'Search this page' }];
  const answer = actionOf(
    await plan({ query: 'find Klara and the Sun', domMode: 'skeleton', skeletonDom, interactiveTree: two }),
  );
  expect(answer).toMatch(/^fail\(/);
});

test('the things a search box is named for, wanted by a name, are searched by that name', async () => {
  const invoices: SemanticNode[] = [
    { i: 's', r: 'srch', n: 'Search invoices' },
    { i: 'nav', r: 'lnk', n: 'Invoices' },
    { i: 'v1', r: 'lnk', n: 'View' },
    { i: 'v2', r: 'lnk', n: 'View' },
    { i: 'st', r: 'cmb', n: 'Status' },
  ];
  const skeleton =
    '<nav><a data-llm-id="nav">Invoices</a></nav><input type="search" data-llm-id="s">' +
    '<select data-llm-id="st"><option>Any</option><option>Paid</option></select><table>' +
    '<tr><td>Northwind Traders</td><td><a data-llm-id="v1">View</a></td></tr>' +
    '<tr><td>Bluebird Café</td><td>Paid</td><td><a data-llm-id="v2">View</a></td></tr></table>';
  const run = async (query: string) =>
    actionOf(await plan({ query, domMode: 'skeleton', skeletonDom: skeleton, interactiveTree: invoices }));
  expect(await run('show me invoices from Harbor Dental')).toBe('type(s, "Harbor Dental")');
  expect(await run('filter invoices by Harbor Dental')).toBe('type(s, "Harbor Dental")');
  expect(await run("only show Greenleaf Studio's invoices")).toBe('type(s, "Greenleaf Studio")');
  expect(await run('find the Greenleaf Studio invoice')).toBe('type(s, "Greenleaf Studio")');
  expect(await run('find invoices with Greenleaf in them')).toBe('type(s, "Greenleaf")');
  expect(await run('look up invoice 2046')).toBe('type(s, "2046")');
  // A name in lower case is one when the page writes it capitalised; a word the page offers as a choice is none.
  expect(await run('find the invoices from northwind')).toBe('type(s, "northwind")');
  expect(await run('show me invoices from harbor dental')).toMatch(/^fail\(/);
  const paid = await plan({
    query: 'find paid invoices',
    domMode: 'skeleton',
    skeletonDom: skeleton,
    interactiveTree: invoices,
  });
  expect(answerOf(paid)).not.toMatch(/^type/);
  // One thing opened by its number is no search: absent, it is refused.
  expect(await run('open invoice INV-2050')).toMatch(/^fail\(/);
  expect(await run('show me orders from Harbor Dental')).toMatch(/^fail\(/);
});
