import { decode } from 'jpeg-js';
import { decodeBlockMeans } from './jpeg-blocks';
import type { ColourName } from './vocabulary';

/**
 * A decoded screenshot: RGBA, 4 bytes a sample. `width` and `height` are in pixels; each sample covers `cell` × `cell`
 * pixels (1 for a full decode, 8 for block means), so `data` holds ceil(width / cell) × ceil(height / cell) samples.
 */
export interface Screenshot {
  width: number;
  height: number;
  cell?: number;
  data: Uint8Array;
}

const bytesOf = (base64: string) => Buffer.from(base64.replace(/^data:image\/[\w+.-]+;base64,/, ''), 'base64');

/** The request's JPEG (base64, a data: URL prefix tolerated). Throws on bytes that are not a JPEG. */
export function decodeScreenshot(base64: string): Screenshot {
  const image = decode(bytesOf(base64), { useTArray: true, formatAsRGBA: true, maxMemoryUsageInMB: 256 });
  return { width: image.width, height: image.height, data: image.data };
}

/** The JPEG's 8×8 block means (jpeg-blocks.ts): a tenth of the full decode's time; undefined for JPEGs it does not read. */
export function decodeScreenshotBlocks(base64: string): Screenshot | undefined {
  return decodeBlockMeans(bytesOf(base64));
}

/** Bright enough in colour to count as a hue: the background of a coloured button, not JPEG noise on white. */
const MIN_CHROMA = 0.18;
const MIN_SATURATION = 0.3;

/** The hue name of a saturated pixel; undefined for white, gray and black ones. */
export function hueOf(r: number, g: number, b: number): ColourName | undefined {
  const max = Math.max(r, g, b) / 255;
  const min = Math.min(r, g, b) / 255;
  const chroma = max - min;
  const lightness = (max + min) / 2;
  const saturation = chroma / (1 - Math.abs(2 * lightness - 1) || 1);
  if (chroma < MIN_CHROMA || saturation < MIN_SATURATION) return undefined;
  const [rn, gn, bn] = [r / 255, g / 255, b / 255];
  let hue = max === rn ? ((gn - bn) / chroma) % 6 : max === gn ? (bn - rn) / chroma + 2 : (rn - gn) / chroma + 4;
  hue = (hue * 60 + 360) % 360;
  if (hue < 15 || hue >= 345) return lightness > 0.75 ? 'pink' : 'red';
  if (hue < 45) return lightness < 0.4 ? 'brown' : 'orange';
  if (hue < 70) return 'yellow';
  if (hue < 165) return 'green';
  if (hue < 255) return 'blue';
  if (hue < 290) return 'purple';
  return 'pink';
}

function toneOf(r: number, g: number, b: number): ColourName {
  const lightness = (Math.max(r, g, b) + Math.min(r, g, b)) / 2 / 255;
  return lightness > 0.8 ? 'white' : lightness < 0.2 ? 'black' : 'gray';
}

export interface ColourReading {
  /** The colour that covers the box: its background, for a button. */
  dominant: ColourName;
  /** A hue present in part of a mostly neutral box: the text of a blue link on white. */
  accent?: ColourName;
}

/** Share of sampled pixels that must be saturated for a hue to be the box's colour rather than an accent. */
const DOMINANT_SHARE = 0.25;
const ACCENT_SHARE = 0.03;
/** Pixels of the box edge left out: anti-aliasing and JPEG blocks blur them into the neighbours. */
const BORDER = 2;
/** About this many pixels are sampled from a box, however large. */
const SAMPLES = 4000;

/**
 * The colour of a box of the page. `box` is in viewport CSS pixels, `scale` is screenshot pixels per CSS pixel.
 * Undefined when the box has no pixels in the screenshot (outside the viewport, or empty).
 */
export function readColour(
  shot: Screenshot,
  box: [number, number, number, number],
  scale: number,
): ColourReading | undefined {
  const x0 = Math.max(0, Math.floor(box[0] * scale) + BORDER);
  const y0 = Math.max(0, Math.floor(box[1] * scale) + BORDER);
  const x1 = Math.min(shot.width, Math.ceil((box[0] + box[2]) * scale) - BORDER);
  const y1 = Math.min(shot.height, Math.ceil((box[1] + box[3]) * scale) - BORDER);
  if (x1 <= x0 || y1 <= y0) return undefined;
  // Samples whose centre lies in the box; with block means, at least the block under the box's centre.
  const cell = shot.cell ?? 1;
  const across = Math.ceil(shot.width / cell);
  const first = (from: number) => Math.ceil((from - cell / 2) / cell);
  let [gx0, gx1, gy0, gy1] = [first(x0), first(x1), first(y0), first(y1)];
  if (gx1 <= gx0) [gx0, gx1] = [Math.floor((x0 + x1) / 2 / cell), Math.floor((x0 + x1) / 2 / cell) + 1];
  if (gy1 <= gy0) [gy0, gy1] = [Math.floor((y0 + y1) / 2 / cell), Math.floor((y0 + y1) / 2 / cell) + 1];
  const step = Math.max(1, Math.floor(Math.sqrt(((gx1 - gx0) * (gy1 - gy0)) / SAMPLES)));
  const hues = new Map<ColourName, number>();
  const tones = new Map<ColourName, number>();
  let total = 0;
  for (let y = gy0; y < gy1; y += step) {
    for (let x = gx0; x < gx1; x += step) {
      const at = (y * across + x) * 4;
      const [r, g, b] = [shot.data[at], shot.data[at + 1], shot.data[at + 2]];
      const hue = hueOf(r, g, b);
      const counts = hue ? hues : tones;
      const name = hue ?? toneOf(r, g, b);
      counts.set(name, (counts.get(name) ?? 0) + 1);
      total++;
    }
  }
  const top = (counts: Map<ColourName, number>) =>
    [...counts].sort((a, b) => b[1] - a[1])[0] as [ColourName, number] | undefined;
  const hue = top(hues);
  const saturated = [...hues.values()].reduce((sum, n) => sum + n, 0);
  if (hue && saturated >= DOMINANT_SHARE * total) return { dominant: hue[0] };
  const tone = top(tones)!;
  return hue && hue[1] >= ACCENT_SHARE * total ? { dominant: tone[0], accent: hue[0] } : { dominant: tone[0] };
}
