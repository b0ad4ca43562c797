/**
 * How a report's data scripts carry gzipped bytes: 15 bits a character, each character one UTF-16 code unit from a
 * single range, in a script file saved as UTF-16 (its byte-order mark tells the browser so, even where a server says
 * UTF-8). That is 16 bits stored for 15 (1.07×) where base64 stores 8 for 6 (1.33×). The range U+4000–U+BFFF holds no
 * surrogate, quote, backslash, space or line terminator, so the text sits in a JavaScript string as it is. (The
 * base32768 package does the same with a scattered alphabet and decodes 1 MB in about 270 ms; a report decodes as the
 * reader clicks, and this takes a few.)
 */
const BASE = 0x4000;
const MASK = 0x7fff;

/** The byte-order mark that starts every data script, and the encoding Node writes the file in. */
export const SCRIPT_BOM = '\ufeff';
export const SCRIPT_ENCODING = 'utf16le';

export function encodeBytes(bytes: Uint8Array): string {
  const units = new Uint16Array(Math.ceil((bytes.length * 8) / 15));
  let acc = 0;
  let bits = 0;
  let n = 0;
  for (const byte of bytes) {
    acc = (acc << 8) | byte;
    bits += 8;
    if (bits >= 15) {
      bits -= 15;
      units[n++] = BASE + ((acc >> bits) & MASK);
      acc &= (1 << bits) - 1;
    }
  }
  if (bits > 0) units[n++] = BASE + ((acc << (15 - bits)) & MASK);
  let text = '';
  // In slices: String.fromCharCode takes its units as arguments, and a stack holds only so many.
  for (let start = 0; start < n; start += 8_192)
    text += String.fromCharCode(...units.subarray(start, Math.min(n, start + 8_192)));
  return text;
}

/** The `length` bytes `encodeBytes` made `text` of; a character outside the range is named, not misread. */
export function decodeBytes(text: string, length: number): Uint8Array {
  const bytes = new Uint8Array(length);
  let acc = 0;
  let bits = 0;
  let n = 0;
  for (let i = 0; i < text.length && n < length; i++) {
    const value = text.charCodeAt(i) - BASE;
    if (value < 0 || value > MASK)
      throw new Error(`Not report data: character ${i} is U+${text.charCodeAt(i).toString(16).toUpperCase()}.`);
    acc = (acc << 15) | value;
    bits += 15;
    while (bits >= 8 && n < length) {
      bits -= 8;
      bytes[n++] = (acc >> bits) & 0xff;
    }
    acc &= (1 << bits) - 1;
  }
  if (n < length) throw new Error(`Not report data: ${length} bytes announced, the text holds ${n}.`);
  return bytes;
}
