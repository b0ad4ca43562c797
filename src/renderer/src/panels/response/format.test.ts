import { expect, test } from '@playwright/test';
import { utf8Bytes } from './format';

test('UTF-8 bytes are counted as TextEncoder encodes: multi-byte letters, emoji, lone surrogates', () => {
  const encoder = new TextEncoder();
  for (const text of ['', 'plain ascii', 'é and ß', '€ 中文', '😀 👍🏽', '\ud800 lone', 'end \udc00', '\ud83d'])
    expect(utf8Bytes(text), JSON.stringify(text)).toBe(encoder.encode(text).length);
});
