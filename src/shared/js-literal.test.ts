import { expect, test } from '@playwright/test';
import { jsLiteral, jsOptions, jsString, jsTemplate } from './js-literal';

test('jsString escapes quotes, backslashes and newlines the way Playwright writes them', () => {
  expect(jsString("it's")).toBe("'it\\'s'");
  expect(jsString('a\\b\nc')).toBe("'a\\\\b\\nc'");
  // The literal evaluates back to the same string.
  expect(eval(jsString(`O'Brien\\ "quoted"\r\n`))).toBe(`O'Brien\\ "quoted"\r\n`);
});

test('jsLiteral writes data as JavaScript; jsOptions omits empty option bags', () => {
  expect(jsLiteral({ button: 'right', modifiers: ['Shift'], x: undefined, 'data-a': 1 })).toBe(
    "{ button: 'right', modifiers: ['Shift'], 'data-a': 1 }",
  );
  expect(jsOptions({ button: undefined })).toBe('');
  expect(jsOptions({ fullPage: true })).toBe('{ fullPage: true }');
});

test('jsTemplate evaluates back to the same text, whatever it holds', () => {
  const text = '- listitem: "Banana \\"ripe\\""\n- text: `tick` ${not a placeholder}';
  expect(eval(jsTemplate(text))).toBe(text);
});
