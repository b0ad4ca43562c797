import { expect, test } from '@playwright/test';
import type { SemanticNode } from '../../../shared/negotiation';
import { plan, answerOf, onPage } from './planner-fixtures';

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
  expect(await run('invite jo@mail.de')).toBe('type(e, "jo@mail.de")');
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

test('a field found by its kind word alone is ambiguous when another field of that kind is labelled otherwise', async () => {
  const fields = [field('d', 'Departure'), field('r', 'Return date'), field('n', 'Notes')];
  const skeleton =
    '<label>Departure <input type="date" data-llm-id="d"></label>' +
    '<label>Return date <input type="date" data-llm-id="r"></label><label>Notes <input data-llm-id="n"></label>';
  const run = onPage(fields, skeleton);
  expect(await run('set the date to 2025-07-01')).toMatch(/^fail\("Cannot tell which.*Departure.*Return date/);
  expect(await run('set the return date to 2025-07-01')).toBe('type(r, "2025-07-01")');
  expect(await run('departure 2025-07-01')).toBe('type(d, "2025-07-01")');
  // Without the skeleton the tree cannot say which fields are dates: it is asked for.
  expect(answerOf(await plan({ query: 'set the date to 2025-07-01', interactiveTree: fields }))).toBe(
    'asks for context',
  );
});

test('a value of a known kind goes to the field for it when only a generic word found another', async () => {
  const run = onPage(
    [field('v', 'VAT number'), field('p', 'Phone'), field('c', 'Card number')],
    '<fieldset><legend>Company</legend><label>VAT number <input data-llm-id="v"></label>' +
      '<label>Phone <input data-llm-id="p"></label></fieldset>' +
      '<fieldset><legend>Payment</legend><label>Card number <input data-llm-id="c"></label></fieldset>',
  );
  expect(await run('jot down +49 30 1234567 as my company number')).toBe('type(p, "+49 30 1234567")');
  // A card's digit groups look like a phone number: only a country code or an @ says the kind.
  expect(await run('type 4242 4242 4242 4242 into the card number')).toBe('type(c, "4242 4242 4242 4242")');
  expect(await run('put 4242 4242 4242 4242 in the card')).toBe('type(c, "4242 4242 4242 4242")');
  expect(await run('my VAT number is ATU12345678')).toBe('type(v, "ATU12345678")');
});

test('words without a digit are never typed into a field named for a number', async () => {
  const run = onPage([field('c', 'Card number'), field('m', 'Gift message')]);
  expect(await run('write "Happy birthday!" on the card')).toMatch(/^fail\(.*takes a number/);
  expect(await run('write "Happy birthday!" in the gift message')).toBe('type(m, "Happy birthday!")');
  expect(await run('type 4111 1111 1111 1111 into the card')).toBe('type(c, "4111 1111 1111 1111")');
  const phoneType = onPage(
    [{ i: 't', r: 'cmb', n: 'Phone type' }],
    '<select data-llm-id="t"><option>Mobile</option></select>',
  );
  expect(await phoneType('set the phone type to Mobile')).toBe('select(t, "Mobile")');
});
