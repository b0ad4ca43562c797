import { expect, test } from '@playwright/test';
import { findTarget, locatorPick, recordedIndex } from './locate';

const twins = [
  '- generic [active] [ref=e1]:',
  '  - button "Delete" [ref=e2] [cursor=pointer]',
  '  - button "Delete all" [ref=e3]',
  '  - button "Delete" [ref=e4]',
  '  - link "Docs" [ref=e5]:',
  '    - /url: /docs',
].join('\n');

test('the recorded index is the position among elements with the same role and exact name', () => {
  expect(recordedIndex(twins, 'e2', 'button', 'Delete')).toBe(0);
  expect(recordedIndex(twins, 'e4', 'button', 'Delete')).toBe(1);
  expect(recordedIndex(twins, 'e3', 'button', 'Delete all')).toBe(0);
  // The snapshot shows another element under that ref: it is not the one the step's ref came from.
  expect(recordedIndex(twins, 'e4', 'button', 'Save')).toBeUndefined();
  expect(recordedIndex(twins, 'e9', 'button', 'Delete')).toBeUndefined();
});

test('plain getByRole locators give their pick; anything else gives none', () => {
  expect(locatorPick(`page.getByRole('button', { name: 'Delete' }).nth(1)`)).toEqual({
    role: 'button',
    name: 'Delete',
    exact: false,
    index: 1,
  });
  expect(locatorPick(`page.getByRole('button', { name: 'Delete' }).first()`)).toEqual({
    role: 'button',
    name: 'Delete',
    exact: false,
    index: 0,
  });
  expect(locatorPick(`page.getByRole('button', { name: 'Delete', exact: true }).last()`)).toEqual({
    role: 'button',
    name: 'Delete',
    exact: true,
    index: -1,
  });
  expect(locatorPick(`page.getByRole('textbox')`)).toEqual({ role: 'textbox', exact: false, index: 0 });
  expect(locatorPick(`page.getByRole('button', { name: 'It\\'s "ok" \\\\ \\u00e9' })`)).toEqual({
    role: 'button',
    name: `It's "ok" \\ é`,
    exact: false,
    index: 0,
  });
  expect(locatorPick(`page.getByRole('listitem').filter({ hasText: 'One' }).getByRole('button')`)).toBeUndefined();
  expect(locatorPick(`page.getByRole('list').getByRole('button', { name: 'Delete' }).nth(1)`)).toBeUndefined();
  expect(locatorPick(`page.getByTestId('save')`)).toBeUndefined();
  expect(locatorPick(undefined)).toBeUndefined();
});

test('a target is found at its recorded index, by its locator pick, or as the only one', () => {
  expect(findTarget(twins, { role: 'button', name: 'Delete', index: 1 })).toEqual({ found: true, ref: 'e4' });
  expect(findTarget(twins, { role: 'button', name: 'Delete', index: 2 })).toEqual({
    found: false,
    reason: 'not-found',
    count: 2,
  });
  // nth(2) among names containing "delete" (any case) is the second exact "Delete".
  expect(
    findTarget(twins, {
      role: 'button',
      name: 'Delete',
      locator: { role: 'button', name: 'Delete', exact: false, index: 2 },
    }),
  ).toEqual({ found: true, ref: 'e4' });
  // A pick landing on another name does not count.
  expect(
    findTarget(twins, {
      role: 'button',
      name: 'Delete',
      locator: { role: 'button', name: 'Delete', exact: false, index: 1 },
    }),
  ).toEqual({ found: false, reason: 'ambiguous', count: 2 });
  expect(findTarget(twins, { role: 'button', name: 'Delete' })).toEqual({
    found: false,
    reason: 'ambiguous',
    count: 2,
  });
  expect(findTarget(twins, { role: 'link', name: 'Docs' })).toEqual({ found: true, ref: 'e5' });
  expect(findTarget(twins, { role: 'button', name: 'Save' })).toEqual({ found: false, reason: 'not-found', count: 0 });
  expect(findTarget(twins, { role: 'button', name: '  Delete   all ' })).toEqual({ found: true, ref: 'e3' });
});
