/** Sizes as the Response tab writes them. */
export const bytesText = (bytes: number) =>
  bytes < 1024
    ? `${bytes} B`
    : bytes < 1024 ** 2
      ? `${(bytes / 1024).toFixed(1)} KB`
      : `${(bytes / 1024 ** 2).toFixed(2)} MB`;

export const tokensText = (tokens: number, estimate = false) =>
  `${estimate ? '≈' : ''}${tokens.toLocaleString('en-US')} token${tokens === 1 ? '' : 's'}`;

/**
 * UTF-8 bytes: what the agent's transport carried, not UTF-16 string length. Counted, not encoded: a 500 KB snapshot
 * would otherwise be copied into a throwaway buffer on every step shown. A lone surrogate counts as U+FFFD (3 bytes),
 * as TextEncoder writes it.
 */
export function utf8Bytes(text: string): number {
  let bytes = text.length;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x80) continue;
    if (code < 0x800) bytes += 1;
    else if (code >= 0xd800 && code <= 0xdbff && (text.charCodeAt(i + 1) & 0xfc00) === 0xdc00) {
      // A surrogate pair: two UTF-16 units, four bytes.
      bytes += 2;
      i++;
    } else bytes += 2;
  }
  return bytes;
}
