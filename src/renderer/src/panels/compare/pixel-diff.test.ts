import { expect, test } from '@playwright/test';
import { pixelDiff, type Pixels } from './pixel-diff';

const picture = (width: number, height: number, paint: (x: number, y: number) => [number, number, number]): Pixels => {
  const data = new Uint8ClampedArray(width * height * 4);
  for (let y = 0; y < height; y++) for (let x = 0; x < width; x++) data.set([...paint(x, y), 255], (y * width + x) * 4);
  return { width, height, data };
};

test('pixels that differ beyond the threshold are counted and painted red; JPEG-like noise is not', () => {
  const grey = picture(4, 3, () => [120, 120, 120]);
  const noisy = picture(4, 3, (x, y) => (x === 1 && y === 1 ? [250, 20, 20] : [130, 112, 125]));
  const diff = pixelDiff(grey, noisy);
  expect(diff).toMatchObject({ width: 4, height: 3, differing: 1, sizeDiffers: false });
  expect([...diff.overlay.slice((1 * 4 + 1) * 4, (1 * 4 + 1) * 4 + 4)]).toEqual([255, 0, 0, 150]);
  expect(diff.overlay.filter((_, i) => i % 4 === 3 && diff.overlay[i] > 0)).toHaveLength(1);
});

test('pictures of different sizes are compared where both cover, and say so', () => {
  const small = picture(2, 2, () => [0, 0, 0]);
  const large = picture(3, 4, (x, y) => (x === 1 && y === 0 ? [255, 255, 255] : [0, 0, 0]));
  expect(pixelDiff(small, large)).toMatchObject({ width: 2, height: 2, differing: 1, sizeDiffers: true });
});
