import { expect, test } from '@playwright/test';
import type { SemanticNode } from '../../../shared/negotiation';
import { plan } from './planner-fixtures';

const field = (i: string, n: string, r = 'txt'): SemanticNode => ({ i, r, n });
const tree = [field('n', 'Full name'), field('e', 'Email for receipts'), field('p', 'Phone'), field('z', 'Zip')];
const run = async (query: string, interactiveTree = tree) => {
  const answer = await plan({ query, interactiveTree });
  return 'action' in answer ? answer.action : 'asks for context';
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
