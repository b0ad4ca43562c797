import { expect, test } from '@playwright/test';
import { hueOf, readColour, type Screenshot } from './colour';

test('pixels are named by hue when saturated, and not at all when white, gray or black', () => {
  const named = {
    red: [220, 30, 30],
    orange: [250, 150, 20],
    brown: [139, 69, 19],
    yellow: [240, 220, 30],
    green: [40, 170, 60],
    blue: [30, 90, 220],
    purple: [130, 40, 200],
    pink: [240, 80, 170],
  } as const;
  for (const [name, [r, g, b]] of Object.entries(named)) expect(hueOf(r, g, b), name).toBe(name);
  expect(hueOf(255, 255, 255)).toBeUndefined();
  expect(hueOf(128, 130, 128)).toBeUndefined();
  expect(hueOf(250, 242, 242)).toBeUndefined();
});

/** An RGBA image filled with `background`, with `rect` ([x, y, w, h]) in `fill`. */
function image(width: number, height: number, background: number[], rect: number[], fill: number[]): Screenshot {
  const data = new Uint8Array(width * height * 4);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const inside = x >= rect[0] && x < rect[0] + rect[2] && y >= rect[1] && y < rect[1] + rect[3];
      data.set([...(inside ? fill : background), 255], (y * width + x) * 4);
    }
  }
  return { width, height, data };
}

test('a coloured background dominates its text; coloured text on white is an accent; boxes off the image read nothing', () => {
  // A blue button with a white label covering a third of it.
  const button = image(100, 40, [30, 90, 220], [10, 14, 80, 12], [255, 255, 255]);
  expect(readColour(button, [0, 0, 100, 40], 1)).toEqual({ dominant: 'blue' });
  // A link: white box, thin blue text.
  const link = image(100, 40, [255, 255, 255], [10, 18, 80, 4], [30, 90, 220]);
  expect(readColour(link, [0, 0, 100, 40], 1)).toEqual({ dominant: 'white', accent: 'blue' });
  // The same link measured in CSS pixels on a 2x screenshot: the box must be scaled to cover it.
  expect(readColour(link, [0, 0, 50, 20], 2)).toEqual({ dominant: 'white', accent: 'blue' });
  expect(readColour(link, [0, 0, 50, 20], 1)).toEqual({ dominant: 'white' });
  expect(readColour(button, [200, 0, 50, 20], 1)).toBeUndefined();
  // The 2 px border is skipped: a 1 px red outline around a gray box does not count.
  const outlined = image(40, 40, [220, 30, 30], [1, 1, 38, 38], [128, 128, 128]);
  expect(readColour(outlined, [0, 0, 40, 40], 1)).toEqual({ dominant: 'gray' });
});
