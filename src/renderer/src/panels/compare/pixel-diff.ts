/** RGBA pixels, as a canvas's ImageData holds them. */
export interface Pixels {
  width: number;
  height: number;
  data: Uint8ClampedArray;
}

export interface PixelDiff {
  /** The area compared: what both pictures cover (from the top left). */
  width: number;
  height: number;
  /** Pixels that differ beyond `threshold` in any channel, of `width × height`. */
  differing: number;
  /** An overlay of that area: the differing pixels red and half opaque, the rest transparent. */
  overlay: Uint8ClampedArray;
  /** The pictures are not the same size: only the area both cover is compared. */
  sizeDiffers: boolean;
}

/**
 * Where two screenshots differ, pixel by pixel. Step screenshots are JPEGs: `threshold` (0–255 per channel) keeps the
 * compression's noise from counting as a difference.
 */
export function pixelDiff(a: Pixels, b: Pixels, threshold = 40): PixelDiff {
  const width = Math.min(a.width, b.width);
  const height = Math.min(a.height, b.height);
  const overlay = new Uint8ClampedArray(width * height * 4);
  let differing = 0;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * a.width + x) * 4;
      const j = (y * b.width + x) * 4;
      const distance = Math.max(
        Math.abs(a.data[i] - b.data[j]),
        Math.abs(a.data[i + 1] - b.data[j + 1]),
        Math.abs(a.data[i + 2] - b.data[j + 2]),
      );
      if (distance <= threshold) continue;
      differing++;
      const o = (y * width + x) * 4;
      overlay[o] = 255;
      overlay[o + 3] = 150;
    }
  }
  return { width, height, differing, overlay, sizeDiffers: a.width !== b.width || a.height !== b.height };
}
