import type { NegotiationTarget } from '../../../shared/negotiation-view';
import type { Slice } from './types';

/** The element a planned step's final action pointed at, for the page view to outline. */
export interface NegotiationMark {
  sessionId: string;
  /** The step shown: the page view draws the mark only on this step's screenshot. */
  seq: number;
  box: NonNullable<NegotiationTarget['box']>;
  label: string;
}

export interface NegotiationSlice {
  /** Set by the Negotiation tab while it shows a step whose action had a target with a box. */
  negotiationMark?: NegotiationMark;
  setNegotiationMark(mark: NegotiationMark | undefined): void;
}

export const negotiationSlice: Slice<NegotiationSlice> = set => ({
  setNegotiationMark(mark) {
    set({ negotiationMark: mark });
  },
});
