import { expect, test } from '@playwright/test';
import { locatorIn, selectorOf } from './locator-expression';

test('locators Playwright normalizes (test id, text, nth, regular expressions) read back in every language', () => {
  expect(locatorIn('python', "page.getByTestId('full-name')")).toBe('page.get_by_test_id("full-name")');
  expect(locatorIn('java', "page.getByText('Hello', { exact: true }).first()")).toBe(
    'page.getByText("Hello", new Page.GetByTextOptions().setExact(true)).first()',
  );
  expect(locatorIn('csharp', "page.locator('#a').nth(2)")).toBe('page.Locator("#a").Nth(2)');
  expect(locatorIn('python', "page.getByRole('heading', { name: /abc/i })")).toBe(
    'page.get_by_role("heading", name=re.compile(r"abc", re.IGNORECASE))',
  );
});

test('a target is a locator expression (with or without page.) or a selector passed on as it is', () => {
  expect(selectorOf("getByRole('button', { name: 'Submit' })", 'data-testid')).toBe(
    'internal:role=button[name="Submit"i]',
  );
  expect(selectorOf("page.getByTestId('q')", 'data-test')).toBe('internal:testid=[data-test="q"s]');
  expect(selectorOf("locator('#a').first()", 'data-testid')).toBe('#a >> nth=0');
  for (const selector of [
    'input[name=terms]',
    '#e12',
    "//div[@id='x']",
    'text=Hello',
    'button >> nth=1',
    'aria-ref=e5',
  ])
    expect(selectorOf(selector, 'data-testid')).toBe(selector);
  expect(selectorOf("getByRole('button'", 'data-testid')).toBeUndefined();
});
