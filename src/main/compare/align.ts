/**
 * Global sequence alignment (Needleman–Wunsch) of two runs' steps: steps that match line up even where one run
 * inserted or skipped some, instead of comparing step n with step n. A pair of steps scores by how alike they are
 * (same tool, same target, same URL); leaving a step unpaired costs a gap.
 */

import type { AlignKey } from '../../shared/comparison';

export type Aligned = { a: number; b: number } | { a: number; b?: undefined } | { a?: undefined; b: number };

const GAP = -2;

/** How alike two steps are: a different tool never pairs (a gap on each side scores better). */
export function similarity(a: AlignKey, b: AlignKey): number {
  if (a.tool !== b.tool) return -10;
  return 1 + (a.target === b.target ? 2 : 0) + (a.url === b.url ? 1 : 0);
}

/** The pairs and the unpaired steps of both runs (indexes into `a` and `b`), in run order. */
export function align(a: readonly AlignKey[], b: readonly AlignKey[]): Aligned[] {
  const rows = a.length + 1;
  const cols = b.length + 1;
  // Scores in one flat array: 500 × 500 steps are 251,001 cells, a few milliseconds.
  const score = new Float64Array(rows * cols);
  for (let i = 1; i < rows; i++) score[i * cols] = i * GAP;
  for (let j = 1; j < cols; j++) score[j] = j * GAP;
  for (let i = 1; i < rows; i++) {
    for (let j = 1; j < cols; j++) {
      score[i * cols + j] = Math.max(
        score[(i - 1) * cols + j - 1] + similarity(a[i - 1], b[j - 1]),
        score[(i - 1) * cols + j] + GAP,
        score[i * cols + j - 1] + GAP,
      );
    }
  }
  const out: Aligned[] = [];
  let i = a.length;
  let j = b.length;
  while (i > 0 || j > 0) {
    const here = score[i * cols + j];
    if (i > 0 && j > 0 && here === score[(i - 1) * cols + j - 1] + similarity(a[i - 1], b[j - 1]))
      out.push({ a: --i, b: --j });
    // Walking backwards, B's gap first: where both runs have an unpaired step, A's is listed first.
    else if (j > 0 && here === score[i * cols + j - 1] + GAP) out.push({ b: --j });
    else out.push({ a: --i });
  }
  return out.reverse();
}
