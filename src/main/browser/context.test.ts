import { expect, test } from '@playwright/test';
import { originMatcher } from './context';

test('origin rules match exact origins, and bare hosts on either scheme', () => {
  const matches = originMatcher(['https://shop.example', 'localhost:3000', 'cdn.example']);
  expect(matches(new URL('https://shop.example/cart'))).toBe(true);
  expect(matches(new URL('http://shop.example/cart'))).toBe(false);
  expect(matches(new URL('http://localhost:3000/'))).toBe(true);
  expect(matches(new URL('http://localhost:3001/'))).toBe(false);
  expect(matches(new URL('https://cdn.example:8443/x.js'))).toBe(true);
  expect(matches(new URL('https://evil.example/'))).toBe(false);
});

test('an origin rule ending in :* matches that scheme and host on any port', () => {
  const matches = originMatcher(['http://localhost:*']);
  expect(matches(new URL('http://localhost:3000/'))).toBe(true);
  expect(matches(new URL('http://localhost/'))).toBe(true);
  expect(matches(new URL('https://localhost:3000/'))).toBe(false);
  expect(matches(new URL('http://127.0.0.1:3000/'))).toBe(false);
});
