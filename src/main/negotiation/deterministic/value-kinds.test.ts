import { expect, test } from '@playwright/test';
import type { SemanticNode } from '../../../shared/negotiation';
import { plan, answerOf } from './planner-fixtures';

const field = (i: string, n: string, r = 'txt'): SemanticNode => ({ i, r, n });
const tree = [field('n', 'Full name'), field('e', 'Email for receipts'), field('p', 'Phone'), field('z', 'Zip')];
const run = async (query: string, interactiveTree = tree) => {
  const answer = await plan({ query, interactiveTree });
  return answerOf(answer);
};

test('a value whose kind says its field goes in the one field for it, when the query names none', async () => {
  expect(await run('type jo@mail.de')).toBe('type(e, "jo@mail.de")');
  expect(await run('enter +49 30 1234567')).toBe('type(p, "+49 30 1234567")');
  expect(await run('email address jo@mail.de')).toBe('type(e, "jo@mail.de")');
  expect(await run('send the receipts to jo@mail.de')).toBe('type(e, "jo@mail.de")');
  expect(await run('add jo@mail.de as the receipt email')).toBe('type(e, "jo@mail.de")');
  // A value of no known kind, or two fields of its kind: which field is for the user to say.
  expect(await run('enter 10115')).not.toMatch(/^type/);
  expect(await run('type jo@mail.de', [...tree, field('e2', 'Your email')])).not.toMatch(/^type/);
});

test('a verbless "<field> <value>" is read as a statement only when reading it as a command finds nothing', async () => {
  const fields = [
    field('c1', 'City'),
    field('c2', 'City'),
    field('k', 'Card number'),
    field('s', 'Security code'),
    { i: 'r', r: 'btn', n: 'Renew' },
  ];
  const skeletonDom =
    '<fieldset><legend>Shipping</legend><label>City</label><input data-llm-id="c1"></fieldset>' +
    '<fieldset><legend>Billing</legend><label>City</label><input data-llm-id="c2"></fieldset>' +
    '<label>Card number</label><input data-llm-id="k"><label>Security code</label><input data-llm-id="s">' +
    '<p>The Overstory <button data-llm-id="r">Renew</button></p>';
  const run = async (query: string) => {
    const answer = await plan({ query, domMode: 'skeleton', skeletonDom, interactiveTree: fields });
    return answerOf(answer);
  };
  expect(await run('billing city Leeds')).toBe('type(c2, "Leeds")');
  expect(await run('card 4242 4242 4242 4242')).toBe('type(k, "4242 4242 4242 4242")');
  expect(await run('CVC 314')).toBe('type(s, "314")');
  // A command is read first: "renew The Overstory" renews; "renew Piranesi", absent, is no City of "renew".
  expect(await run('renew The Overstory')).toBe('click(r)');
  expect(await run('renew Piranesi')).toMatch(/^fail\(/);
});
