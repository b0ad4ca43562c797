import { expect, test } from '@playwright/test';
import { randomBytes } from 'node:crypto';
import { decodeBytes, encodeBytes } from './report-codec';

test('bytes of every length come back as they went, 15 bits a character', () => {
  for (let length = 0; length <= 64; length++) {
    const bytes = randomBytes(length);
    const text = encodeBytes(bytes);
    expect(text.length).toBe(Math.ceil((length * 8) / 15));
    expect(Buffer.from(decodeBytes(text, length))).toEqual(bytes);
  }
  const large = randomBytes(300_001);
  expect(Buffer.from(decodeBytes(encodeBytes(large), large.length))).toEqual(large);
});

test('the text is safe inside a JavaScript string in a UTF-16 file: no surrogate, quote, backslash or line break', () => {
  const text = encodeBytes(randomBytes(65_536));
  expect([...text].findIndex(char => char.charCodeAt(0) < 0x4000 || char.charCodeAt(0) > 0xbfff)).toBe(-1);
  expect(Function(`return "${text}"`)()).toBe(text);
});

test('what is not report data is refused, naming the character or how many bytes it holds', () => {
  expect(() => decodeBytes('abc', 2)).toThrow('Not report data: character 0 is U+61.');
  expect(() => decodeBytes(encodeBytes(Uint8Array.of(1, 2)), 10)).toThrow(
    'Not report data: 10 bytes announced, the text holds 3.',
  );
});
