import type { Comparison } from '../../../shared/comparison';
import { inspector } from '../bridge/inspector';
import type { Slice } from './types';

/** The Compare view: the open session (A) against another (B), aligned step by step. */
export interface CompareSlice {
  /**
   * Open while defined; `result` once the comparison is back, `error` if it failed; `selected` is a pair's index.
   * `ofReplay`: B is the open session's replay (its id known once the result is back).
   */
  comparison?: { a: string; b: string; result?: Comparison; error?: string; selected: number; ofReplay?: true };
  /** Compares the open session with `other` and opens the view on the first divergence. */
  compareWith(other: string): Promise<void>;
  /** Compares the open session with its replay and opens the view on the first divergence, or on recorded step `seq`. */
  compareReplay(seq?: number): Promise<void>;
  selectPair(index: number): void;
  closeCompare(): void;
}

export const compareSlice: Slice<CompareSlice> = (set, get) => ({
  compareWith: async other => {
    const a = get().openSessionId;
    if (!a || a === other) return;
    set({ comparison: { a, b: other, selected: 0 } });
    try {
      const result = await inspector.invoke('compareSessions', { sessionId: a, withSessionId: other });
      // Closed, or another comparison asked for, while this one ran: not shown.
      if (get().comparison?.b !== other || get().comparison?.a !== a) return;
      set({ comparison: { a, b: other, result, selected: result.firstDivergence?.index ?? 0 } });
    } catch (error) {
      if (get().comparison?.b === other)
        set({
          comparison: { a, b: other, error: error instanceof Error ? error.message : String(error), selected: 0 },
        });
    }
  },
  compareReplay: async seq => {
    const a = get().openSessionId;
    if (!a) return;
    const showing = () => get().comparison?.ofReplay && get().comparison?.a === a;
    set({ comparison: { a, b: '', selected: 0, ofReplay: true } });
    try {
      const result = await inspector.invoke('compareReplay', { sessionId: a });
      if (!showing()) return;
      const ofStep = seq === undefined ? -1 : result.pairs.findIndex(pair => pair.a?.seq === seq);
      set({
        comparison: {
          a,
          b: result.b.id,
          result,
          ofReplay: true,
          selected: ofStep >= 0 ? ofStep : (result.firstDivergence?.index ?? 0),
        },
      });
    } catch (error) {
      if (showing())
        set({
          comparison: {
            a,
            b: '',
            ofReplay: true,
            error: error instanceof Error ? error.message : String(error),
            selected: 0,
          },
        });
    }
  },
  selectPair: index => {
    const comparison = get().comparison;
    const count = comparison?.result?.pairs.length ?? 0;
    if (comparison && count) set({ comparison: { ...comparison, selected: Math.max(0, Math.min(count - 1, index)) } });
  },
  closeCompare: () => set({ comparison: undefined }),
});
