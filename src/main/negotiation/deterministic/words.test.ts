// How query words meet the words of names: equal, a short extension, a typo, or the same root.
import { expect, test } from '@playwright/test';
import { normalizeWord, wordSimilarity } from './words';

const similarity = (a: string, b: string) => wordSimilarity(normalizeWord(a), normalizeWord(b));

test('words meet when equal, extended by a letter or two, misspelt once, or of the same root', () => {
  expect(similarity('plans', 'plan')).toBe(1);
  expect(similarity('log', 'login')).toBe(0.8);
  expect(similarity('frist', 'first')).toBe(0.7);
  // Another ending of the same root: a query's noun for a page's verb.
  expect(similarity('invitation', 'invited')).toBe(0.75);
  expect(similarity('departure', 'departs')).toBe(0.75);
  expect(similarity('shipping', 'ship')).toBe(0.75);
  // Not a root shared by accident: "add" is no "address", "payment" no "pay"; numbers only exactly.
  expect(similarity('add', 'address')).toBe(0);
  expect(similarity('managed', 'management')).toBe(0.75);
  expect(similarity('manager', 'management')).toBe(0);
  expect(similarity('10', '100')).toBe(0);
  expect(similarity('payment', 'pay')).toBe(0);
});
