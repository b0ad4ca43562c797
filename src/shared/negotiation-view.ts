import type { NegotiationRoundEvent } from './events';
import type { StepImage } from './bridge';

/** How the UI shows the page-state negotiation behind a step (the bridge's `negotiation` commands). */

/** A negotiation round as the UI shows it; the heavy artifacts it sent are fetched on demand (`negotiationArtifacts`). */
export type RoundView = Omit<NegotiationRoundEvent, 'type' | 'sessionId' | 'sent'> & {
  /** Which of the skeleton DOM and screenshot this round sent can still be fetched. */
  kept: { skeletonDom: boolean; screenshot: boolean };
};

/** The skeleton DOM and screenshot a round sent, as the planner got them; `note` says why they are missing. */
export interface RoundArtifacts {
  skeletonDom?: string;
  screenshot?: StepImage;
  note?: string;
}

/** What the step's final action pointed at: an aria ref (interact) or an element index (scenario), and its element. */
export interface NegotiationTarget {
  id: string;
  ref?: string;
  /** The call that carried the action out, and the element as it resolved it. */
  seq?: number;
  locator?: string;
  box?: { x: number; y: number; width: number; height: number };
}

export interface NegotiationTotals {
  /** Queries planned (browser_interact calls, scenario steps). */
  interactions: number;
  rounds: number;
  bytesSent: number;
  tokensSent: number;
  /** Estimated bytes had every query been sent once with semantic tree, skeleton DOM and screenshot; absent when unknowable. */
  hybridBytes?: number;
  /** hybridBytes − bytesSent (negative when negotiating cost more). */
  savedBytes?: number;
}

export interface StepNegotiation {
  /** The rounds that planned this step (empty when it was not planned). */
  rounds: RoundView[];
  target?: NegotiationTarget;
  totals: NegotiationTotals;
}
