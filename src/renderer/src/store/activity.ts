import type { StepActivityView } from '../../../shared/bridge';
import { inspector } from '../bridge/inspector';
import { attempt } from './attempt';
import type { Slice, Store } from './types';

export interface ActivitySlice {
  /** Show every entry up to the selected step, not only its own (both tabs). */
  activityUpTo: boolean;
  /** The Console and Network tabs' entries, for the request named by `key` (see activityKey). */
  activity?: { key: string; view: StepActivityView };
  setActivityUpTo(upTo: boolean): void;
  /** Fetches the entries for the selected step, unless they were asked for already. */
  loadActivity(): void;
}

/**
 * What the tabs should show, as a key: the session, the step, the toggle, and the session's step count, since a live
 * session's later steps can complete a request still pending when this one was recorded.
 */
export const activityKey = (state: Store): string | undefined =>
  state.opened && state.selectedSeq !== undefined
    ? `${state.opened.session.id}:${state.selectedSeq}:${state.activityUpTo}:${state.opened.steps.length}`
    : undefined;

export const activitySlice: Slice<ActivitySlice> = (set, get) => {
  // Both tabs ask on the same changes: one request per key.
  let requested: string | undefined;
  return {
    activityUpTo: false,
    setActivityUpTo(upTo) {
      set({ activityUpTo: upTo });
    },
    loadActivity() {
      const state = get();
      const key = activityKey(state);
      if (!key || key === requested || state.activity?.key === key) return;
      requested = key;
      const input = {
        sessionId: state.opened!.session.id,
        seq: state.selectedSeq!,
        ...(state.activityUpTo && { upTo: true }),
      };
      void attempt(get, inspector.invoke('stepActivity', input)).then(view => {
        if (requested === key) requested = undefined;
        // Only the latest selection is shown: with fast arrow keys, earlier answers arrive late.
        if (view && activityKey(get()) === key) set({ activity: { key, view } });
      });
    },
  };
};
