import { expect, test } from '@playwright/test';
import { sessionCode, stepTarget } from './step-text';

const base = { args: {}, outcome: 'ok' as const, code: '' };

test('the session code has one commented block per step and the line range of each', () => {
  const code = sessionCode([
    { ...base, seq: 1, tool: 'browser_navigate', args: { url: 'http://x/' }, code: "await page.goto('http://x/');" },
    { ...base, seq: 2, tool: 'browser_snapshot' },
    {
      ...base,
      seq: 3,
      tool: 'browser_click',
      targets: [
        {
          target: 'e3',
          ref: 'e3',
          role: 'button',
          name: 'Save',
          locator: "page.getByRole('button', { name: 'Save' })",
        },
      ],
      code: "await page.getByRole('button', { name: 'Save' }).click();",
      via: 'browser_interact',
    },
  ]);
  expect(code.text.split('\n')).toEqual([
    '// 1. browser_navigate http://x/',
    "await page.goto('http://x/');",
    '',
    '// 2. browser_snapshot',
    '',
    '// 3. browser_click button "Save" (via browser_interact)',
    "await page.getByRole('button', { name: 'Save' }).click();",
  ]);
  expect([...code.lines]).toEqual([
    [1, { start: 1, end: 2 }],
    [2, { start: 4, end: 4 }],
    [3, { start: 6, end: 7 }],
  ]);
});

test('a step target names the element, else the URL, query or selector', () => {
  expect(stepTarget({ args: { query: 'Click   Save' } })).toBe('Click Save');
  expect(stepTarget({ args: { target: '#x' }, targets: [{ target: '#x', locator: "page.locator('#x')" }] })).toBe('#x');
  expect(stepTarget({ args: {} })).toBe('');
});

test('an action chosen by browser_interact shares the block of the interact call that answered with its code', () => {
  const code = "await page.getByRole('button', { name: 'Save' }).click();";
  const { text, lines } = sessionCode([
    {
      ...base,
      seq: 1,
      tool: 'browser_click',
      via: 'browser_interact',
      code,
      targets: [{ target: 'e3', role: 'button', name: 'Save', locator: '' }],
    },
    { ...base, seq: 2, tool: 'browser_interact', args: { query: 'Click Save' }, code },
  ]);
  expect(text.split('\n')).toEqual(['// 2. browser_interact Click Save → browser_click button "Save"', code]);
  expect(lines.get(1)).toEqual({ start: 1, end: 2 });
  expect(lines.get(2)).toEqual({ start: 1, end: 2 });
});
