/**
 * What an image costs a vision model's context, by the usual (OpenAI high-detail) tile rule: the image is fitted
 * within 2048×2048, then scaled down so its shortest side is at most 768 px, and costs 85 tokens plus 170 per 512-px
 * tile. Models price images differently, so this is an estimate.
 */
export function imageTokens({ width, height }: { width: number; height: number }): number {
  const fit = Math.min(1, 2048 / Math.max(width, height));
  const shortest = Math.min(width, height) * fit;
  const scale = fit * Math.min(1, 768 / shortest);
  const tiles = Math.ceil((width * scale) / 512) * Math.ceil((height * scale) / 512);
  return 85 + 170 * tiles;
}
