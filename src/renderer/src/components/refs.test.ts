import { expect, test } from '@playwright/test';
import { refAt, refLine } from './refs';

test('a click on a ref, or on a line with one ref, finds it; both file formats', () => {
  expect(refAt('    <button ref="e12">Save</button>', 16)).toBe('e12');
  expect(refAt('    <button ref="e12">Save</button>', 25)).toBe('e12');
  expect(refAt('- button "Save" [ref=f1e3]', 20)).toBe('f1e3');
  expect(refAt('<a ref="e1"><b ref="e2">', 16)).toBe('e2');
  expect(refAt('<a ref="e1"><b ref="e2">', 0)).toBeUndefined();
  expect(refAt('<p>no ref here</p>', 3)).toBeUndefined();
});

test('the line of a ref, not of a longer ref that starts the same', () => {
  expect(refLine(['<body ref="e1">', '  <p ref="e12">', '  <p ref="e1x">', '  <p ref="e123">'], 'e12')).toBe(2);
  expect(refLine(['- main [ref=e1]:', '  - button "Go" [ref=e10]'], 'e10')).toBe(2);
  expect(refLine(['<p>'], 'e5')).toBeUndefined();
});
