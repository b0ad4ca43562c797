import { expect, test } from '@playwright/test';
import { decode, encode } from 'jpeg-js';
import { decodeBlockMeans } from './jpeg-blocks';

/** A 200×120 RGBA image in four coloured quadrants with a noisy band, JPEG-encoded at `quality`. */
function quadrants(quality: number): Buffer {
  const [width, height] = [200, 120];
  const data = Buffer.alloc(width * height * 4);
  const colours = [
    [211, 47, 47],
    [46, 125, 50],
    [21, 101, 192],
    [240, 240, 240],
  ];
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const [r, g, b] = colours[(y < 64 ? 0 : 2) + (x < 96 ? 0 : 1)];
      const noise = y > 100 ? ((x * 7 + y * 13) % 23) - 11 : 0;
      data.set([r + noise, g + noise, b + noise, 255], (y * width + x) * 4);
    }
  }
  return encode({ width, height, data }, quality).data;
}

test('block means equal the mean of each 8×8 block of the full decode', () => {
  for (const quality of [50, 90]) {
    const jpeg = quadrants(quality);
    const blocks = decodeBlockMeans(jpeg)!;
    const full = decode(jpeg, { useTArray: true, formatAsRGBA: true });
    expect(blocks).toMatchObject({ width: 200, height: 120, cell: 8 });
    expect(blocks.data.length).toBe(25 * 15 * 4);
    let worst = 0;
    for (let by = 0; by < 15; by++) {
      for (let bx = 0; bx < 25; bx++) {
        for (let c = 0; c < 3; c++) {
          let sum = 0;
          for (let y = 0; y < 8; y++)
            for (let x = 0; x < 8; x++) sum += full.data[((by * 8 + y) * 200 + bx * 8 + x) * 4 + c];
          worst = Math.max(worst, Math.abs(sum / 64 - blocks.data[(by * 25 + bx) * 4 + c]));
        }
      }
    }
    // Rounding and the clamping of the full decode's pixels only.
    expect(worst, `quality ${quality}`).toBeLessThan(4);
  }
});

test('what it does not read is left to the full decoder', () => {
  expect(decodeBlockMeans(Buffer.from('not a jpeg'))).toBeUndefined();
  const jpeg = quadrants(80);
  // A progressive frame header (SOF2) in place of the baseline one.
  const progressive = Buffer.from(jpeg);
  progressive[progressive.indexOf(Buffer.from([0xff, 0xc0])) + 1] = 0xc2;
  expect(decodeBlockMeans(progressive)).toBeUndefined();
  // Cut short inside the entropy-coded data: no exception, whatever it returns.
  expect(() => decodeBlockMeans(jpeg.subarray(0, jpeg.length / 2))).not.toThrow();
});
