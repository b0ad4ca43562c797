import { expect, test } from '@playwright/test';
import type { AlignKey } from '../../shared/comparison';
import { align } from './align';

const step = (tool: string, target = '', url = 'http://app/'): AlignKey => ({ tool, target, url });

test('identical runs pair step by step', () => {
  const run = [step('browser_navigate'), step('browser_click', 'button "Go"'), step('browser_snapshot')];
  expect(align(run, run)).toEqual([
    { a: 0, b: 0 },
    { a: 1, b: 1 },
    { a: 2, b: 2 },
  ]);
});

test('an inserted step and a skipped one leave the rest paired, not shifted', () => {
  const a = [
    step('browser_navigate'),
    step('browser_type', 'textbox "Email"'),
    step('browser_click', 'button "Save"'),
    step('browser_snapshot'),
  ];
  const b = [
    step('browser_navigate'),
    step('browser_snapshot'),
    step('browser_type', 'textbox "Email"'),
    step('browser_click', 'button "Save"'),
  ];
  expect(align(a, b)).toEqual([{ a: 0, b: 0 }, { b: 1 }, { a: 1, b: 2 }, { a: 2, b: 3 }, { a: 3 }]);
});

test('the same tool on another target still pairs (a changed step); another tool does not', () => {
  expect(align([step('browser_click', 'button "A"')], [step('browser_click', 'button "B"')])).toEqual([{ a: 0, b: 0 }]);
  expect(align([step('browser_click', 'button "A"')], [step('browser_hover', 'button "A"')])).toEqual([
    { a: 0 },
    { b: 0 },
  ]);
  expect(align([], [step('browser_navigate')])).toEqual([{ b: 0 }]);
});
