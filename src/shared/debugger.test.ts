import { expect, test } from '@playwright/test';
import { CONDITION_FORMS, conditionText, globMatches, parseCondition } from './debugger';

test('every accepted form of a condition reads back in its canonical form', () => {
  const read = (text: string) => conditionText(parseCondition(text));
  expect(read('tool:browser_click')).toBe('tool:browser_click');
  expect(read(' tool: browser_click , browser_type ')).toBe('tool:browser_click,browser_type');
  expect(read('target:button "Save"')).toBe('target:button "Save"');
  expect(read('url:*://*/checkout*')).toBe('url:*://*/checkout*');
  expect(read('error')).toBe('error');
  expect(read('console-error')).toBe('console-error');
  expect(read('text:Out of stock: try again')).toBe('text:Out of stock: try again');
});

test('a malformed condition is refused with what was wrong and the accepted forms', () => {
  const refusal = (text: string) => {
    try {
      parseCondition(text);
    } catch (error) {
      return (error as Error).message;
    }
    throw new Error(`${text} was accepted`);
  };
  expect(refusal('')).toBe(`Invalid breakpoint condition "": it is empty. Accepted forms: ${CONDITION_FORMS}.`);
  expect(refusal('click')).toContain('"click" is not a kind of condition');
  expect(refusal('tool:')).toContain('tool: needs at least one tool name');
  expect(refusal('tool:browser click')).toContain('"browser click" is not a tool name');
  expect(refusal('url:')).toContain('url: needs a glob');
  expect(refusal('text:  ')).toContain('text: needs the text to look for');
  expect(refusal('error:yes')).toContain('error takes no value');
  expect(refusal(`text:${'x'.repeat(2_000)}`)).toContain('it is longer than 1,000 characters');
});

test('a url: glob matches the whole URL, * across slashes, ? one character, case-insensitively', () => {
  expect(globMatches('*://*/checkout*', 'https://shop.example/checkout?step=2')).toBe(true);
  expect(globMatches('*/checkout', 'https://shop.example/checkout/pay')).toBe(false);
  expect(globMatches('https://shop.example/item/?', 'https://shop.example/item/7')).toBe(true);
  expect(globMatches('*SHOP.example*', 'https://shop.example/')).toBe(true);
  // Regular-expression characters in a glob are literal.
  expect(globMatches('*/a+b(1).html', 'http://x/a+b(1).html')).toBe(true);
  expect(globMatches('*/a+b(1).html', 'http://x/aab1.html')).toBe(false);
});
