/**
 * Two recorded runs compared step by step (src/main/compare): what `compare --json` prints and the UI's Compare view
 * shows.
 */

/** One step of a run as the alignment sees it. */
export interface AlignKey {
  tool: string;
  /** Role and name, or the locator, of what it acted on; '' when it acted on nothing. */
  target: string;
  /** The page's URL after the step, without its query and fragment. */
  url: string;
}

/** One step of a run, as a comparison shows it. */
export interface ComparedStep extends AlignKey {
  seq: number;
  outcome: 'ok' | 'error';
  durationMs: number;
  tokens?: number;
}

/** same: nothing differs beyond volatile text; changed: paired, but the target, URL, outcome or page differ. */
export type PairStatus = 'same' | 'changed' | 'only-a' | 'only-b';

/**
 * How every report of two runs names a pair's status — `compare`, `replay`, the Compare view and the replay's
 * timeline badges alike — so a drift report and a comparison read the same.
 */
export const PAIR_MARK: Record<PairStatus, string> = { same: '=', changed: '~', 'only-a': '-', 'only-b': '+' };
export const PAIR_STATUS: Record<PairStatus, string> = {
  same: 'same',
  changed: 'changed',
  'only-a': 'only in A',
  'only-b': 'only in B',
};

/** The line for a page whose aria snapshots differ beyond volatile text (its diff goes beside it). */
export const PAGE_DIFFERS = 'page: the aria snapshots differ';

/** One line of what differs between two runs' values, A's first: `url: /details → /other`. */
export function changeLine(what: 'target' | 'url' | 'outcome', a: string, b: string): string {
  return `${what}: ${a || '(none)'} → ${b || '(none)'}`;
}

export interface ComparedPair {
  status: PairStatus;
  a?: ComparedStep;
  b?: ComparedStep;
  /** What differs, one line each (`target: button "A" → button "B"`, `page: the aria snapshots differ`). */
  differences: string[];
  /** The aria snapshots' diff (volatile text taken out), when they differ. */
  ariaDiff?: string;
}

export interface RunSummary {
  dir: string;
  id: string;
  steps: number;
  durationMs: number;
  tokens: number;
}

export interface Comparison {
  a: RunSummary;
  b: RunSummary;
  pairs: ComparedPair[];
  /**
   * Where the runs part: the first pair where they did something different (tool, target, URL, outcome, or a step on
   * one side only); when they did the same throughout, the first whose page differs.
   */
  firstDivergence?: { index: number; pair: ComparedPair };
  counts: Record<PairStatus, number>;
}
