import type { StepDetail } from '../../../shared/bridge';
import { inspector } from '../bridge/inspector';
import { attempt } from './attempt';
import { shownSteps } from './search';
import { treeFor } from './tree';
import type { Slice, StepsSlice } from './types';

/** Recently viewed steps, so going back and forth with the arrow keys does not fetch snapshots again. */
const CACHE_SIZE = 24;
const details = new Map<string, StepDetail>();
/** Snapshots longer than this (about 2,500 nodes) are parsed into the tree after the step's other views have painted. */
const LARGE_TREE_CHARS = 100_000;

export const stepsSlice: Slice<StepsSlice> = (set, get) => {
  const show = (detail: StepDetail) => {
    if ((detail.aria?.yaml.length ?? 0) < LARGE_TREE_CHARS) return set({ detail, ...treeFor(get(), detail) });
    // A large tree takes tens of milliseconds to parse: the step's other views paint first, the tree a frame later.
    // A task queued from a frame callback runs once that frame is painted: waiting a second frame only adds ~16 ms.
    set({ detail });
    requestAnimationFrame(() =>
      setTimeout(() => {
        if (get().detail === detail) set(treeFor(get(), detail));
      }),
    );
  };

  return {
    follow: true,
    selectStep(seq) {
      const { opened } = get();
      set({ selectedSeq: seq, follow: seq !== undefined && seq === opened?.steps.at(-1)?.seq });
      if (seq === undefined || !opened) return set({ detail: undefined });
      const sessionId = opened.session.id;
      const key = `${sessionId}:${seq}`;
      const cached = details.get(key);
      if (cached) return show(cached);
      void attempt(get, inspector.invoke('getStep', { sessionId, seq })).then(detail => {
        if (!detail) return;
        details.set(key, detail);
        if (details.size > CACHE_SIZE) details.delete(details.keys().next().value!);
        // Only the latest selection is shown: with fast arrow keys, earlier answers arrive late.
        if (get().opened?.session.id === sessionId && get().selectedSeq === seq) show(detail);
      });
    },
    moveSelection(delta) {
      // Among the steps the timeline shows: with a filter on, the arrow keys skip the others.
      const steps = shownSteps(get());
      if (!steps.length) return;
      const index = steps.findIndex(step => step.seq === get().selectedSeq);
      const next = Math.max(0, Math.min(steps.length - 1, (index < 0 ? steps.length : index) + delta));
      get().selectStep(steps[next].seq);
    },
  };
};
