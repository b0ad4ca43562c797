import { expect, test } from '@playwright/test';
import { elementsUnder } from './annotate';

const element = (ref: string, role: string, x: number, y: number, width: number, height: number, name?: string) => ({
  ref,
  role,
  name,
  box: { x, y, width, height },
});

test('the elements under a drawn box: at least half inside, smallest first; else the smallest holding its centre', () => {
  const page = element('e1', 'main', 0, 0, 1280, 720);
  const form = element('e2', 'form', 100, 100, 400, 300);
  const save = element('e3', 'button', 120, 120, 80, 30, 'Save');
  const cancel = element('e4', 'button', 220, 120, 80, 30, 'Cancel');
  const all = [page, form, save, cancel];
  expect(elementsUnder({ x: 110, y: 110, width: 100, height: 50 }, all).map(e => e.ref)).toEqual(['e3']);
  expect(elementsUnder({ x: 90, y: 90, width: 430, height: 320 }, all).map(e => e.ref)).toEqual(['e3', 'e4', 'e2']);
  // A box on part of the Save button only: the button holding its centre.
  expect(elementsUnder({ x: 125, y: 125, width: 20, height: 10 }, all).map(e => e.ref)).toEqual(['e3']);
  expect(elementsUnder({ x: 2000, y: 2000, width: 10, height: 10 }, all)).toEqual([]);
});
