import { expect, test } from '@playwright/test';
import { imageSize } from './image-size';
import { imageTokens } from './image-tokens';

const u16 = (value: number) => [value >> 8, value & 0xff];
const u32 = (value: number) => [...u16(value >>> 16), ...u16(value & 0xffff)];

/** The first bytes of a PNG: signature, then the IHDR chunk with the size. */
const png = (width: number, height: number) =>
  Uint8Array.from([
    0x89,
    0x50,
    0x4e,
    0x47,
    0x0d,
    0x0a,
    0x1a,
    0x0a,
    ...u32(13),
    ...Buffer.from('IHDR'),
    ...u32(width),
    ...u32(height),
    8,
    6,
    0,
    0,
    0,
  ]);

/** A JPEG start: SOI, an APP0 segment and a DHT segment to skip, then a baseline or progressive frame header. */
const jpeg = (width: number, height: number, sof = 0xc0) =>
  Uint8Array.from([
    0xff,
    0xd8,
    0xff,
    0xe0,
    ...u16(16),
    ...Buffer.from('JFIF\0'),
    1,
    1,
    0,
    0,
    1,
    0,
    1,
    0,
    0,
    0xff,
    0xc4,
    ...u16(5),
    0,
    1,
    2,
    0xff,
    sof,
    ...u16(17),
    8,
    ...u16(height),
    ...u16(width),
    3,
    1,
    0x22,
    0,
    2,
    0x11,
    1,
    3,
    0x11,
    1,
  ]);

test('PNG and JPEG sizes come from their headers; anything else has none', () => {
  expect(imageSize(png(1280, 720))).toEqual({ width: 1280, height: 720 });
  expect(imageSize(jpeg(800, 6000))).toEqual({ width: 800, height: 6000 });
  expect(imageSize(jpeg(640, 480, 0xc2))).toEqual({ width: 640, height: 480 });
  expect(imageSize(Uint8Array.from([0x47, 0x49, 0x46, 0x38]))).toBeUndefined();
  expect(imageSize(jpeg(640, 480).slice(0, 30))).toBeUndefined();
});

test('image tokens follow the tile rule: fit 2048, shortest side 768, 85 + 170 per 512-px tile', () => {
  // 1280×720 stays as it is: 3×2 tiles.
  expect(imageTokens({ width: 1280, height: 720 })).toBe(85 + 170 * 6);
  expect(imageTokens({ width: 512, height: 512 })).toBe(85 + 170);
  // 4096×2048 → 2048×1024 → 1536×768: 3×2 tiles.
  expect(imageTokens({ width: 4096, height: 2048 })).toBe(85 + 170 * 6);
  // A full-page 1280×8000 shot: fits to 328×2048 and is not scaled up: 1×4 tiles.
  expect(imageTokens({ width: 1280, height: 8000 })).toBe(85 + 170 * 4);
});
