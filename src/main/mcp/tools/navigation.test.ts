import { expect, test } from '@playwright/test';
import { checkNavigationUrl } from './navigation';

test('http(s), about:blank and data: pass as typed; what does not parse gets a scheme, as @playwright/mcp', () => {
  expect(checkNavigationUrl('http://127.0.0.1:3000/a?b=1', false)).toBe('http://127.0.0.1:3000/a?b=1');
  expect(checkNavigationUrl('https://example.com', false)).toBe('https://example.com');
  expect(checkNavigationUrl('example.com/path', false)).toBe('https://example.com/path');
  expect(checkNavigationUrl('localhost/app', false)).toBe('http://localhost/app');
  expect(checkNavigationUrl('localhost:8080', false)).toBe('localhost:8080');
  expect(checkNavigationUrl('127.0.0.1:5173/app', false)).toBe('https://127.0.0.1:5173/app');
  expect(checkNavigationUrl('not a url', false)).toBe('https://not a url');
  expect(checkNavigationUrl('about:blank', false)).toBe('about:blank');
  expect(checkNavigationUrl('data:text/html,<h1>Hi there</h1>', false)).toBe('data:text/html,<h1>Hi there</h1>');
});

test('file: only with --allow-file-access; any other scheme goes to the browser, as @playwright/mcp', () => {
  expect(() => checkNavigationUrl('file:///etc/passwd', false)).toThrow(
    'Access to "file:" protocol is blocked. Attempted URL: "file:///etc/passwd"',
  );
  expect(checkNavigationUrl('file:///tmp/a.html', true)).toBe('file:///tmp/a.html');
  expect(checkNavigationUrl('chrome://crash', false)).toBe('chrome://crash');
  expect(checkNavigationUrl('javascript:void 0', false)).toBe('javascript:void 0');
  expect(() => checkNavigationUrl('x'.repeat(10_000), false)).toThrow(/^Invalid URL "x{200}… \(10,000 characters\)"/);
});
