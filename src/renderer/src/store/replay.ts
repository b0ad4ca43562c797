import type { BridgeEvent, StepImage } from '../../../shared/bridge';
import type { CodeRunResult, ReplayProgress, ReplayStepResult, ReplayView } from '../../../shared/replay-view';
import { inspector } from '../bridge/inspector';
import { attempt } from './attempt';
import type { Slice } from './types';

/** The open session's replay, as the replay controller in the core reports it. */
export interface ReplaySlice {
  /** The replay of the open session; undefined until its state arrived. */
  replay?: { sessionId: string; progress: ReplayProgress; results: ReadonlyMap<number, ReplayStepResult> };
  loadReplay(sessionId: string): Promise<void>;
  /** F10: the next recorded step. */
  replayStep(): Promise<void>;
  /** Up to the selected step (from the start again when it was passed). */
  replayToSelected(): Promise<void>;
  /** F8: every remaining step. */
  replayAll(): Promise<void>;
  /** Shift+F8 / Esc: stop after the step in flight. */
  replayStop(): Promise<void>;
  replayReset(): Promise<void>;
  replayScreenshot(seq: number): Promise<StepImage | null | undefined>;
  /** Values for the secrets the waiting replay asked for; sent to the core, kept nowhere here. */
  replaySecrets(values: Record<string, string>): Promise<void>;
  applyReplayEvent(event: Extract<BridgeEvent, { type: 'replay' }>): void;
  /** Runs edited code (on the live page, or the replay browser's); only ever from a click. */
  runCode(code: string): Promise<CodeRunResult | undefined>;
}

const byseq = (results: ReplayStepResult[]) => new Map(results.map(result => [result.seq, result]));

export const replaySlice: Slice<ReplaySlice> = (set, get) => {
  const sessionId = () => get().openSessionId;
  const show = (id: string, view: ReplayView | null | undefined) => {
    if (!view || get().openSessionId !== id) return;
    set({ replay: { sessionId: id, progress: view.progress, results: byseq(view.results) } });
  };
  /** Runs a replay command on the open session and shows the state it answers with. */
  const command = async (call: (id: string) => Promise<ReplayView | null>) => {
    const id = sessionId();
    if (!id) return;
    show(id, await attempt(get, call(id)));
  };

  return {
    async loadReplay(id) {
      if (get().replay?.sessionId !== id) set({ replay: undefined });
      show(id, await attempt(get, inspector.invoke('replayState', { sessionId: id })));
    },
    replayStep: () => command(id => inspector.invoke('replayStep', { sessionId: id })),
    async replayToSelected() {
      const seq = get().selectedSeq;
      if (seq === undefined) return get().toast('Select the step to replay up to.', 'info');
      await command(id => inspector.invoke('replayTo', { sessionId: id, seq }));
    },
    replayAll: () => command(id => inspector.invoke('replayAll', { sessionId: id })),
    replayStop: () => command(id => inspector.invoke('replayStop', { sessionId: id })),
    replayReset: () => command(id => inspector.invoke('replayReset', { sessionId: id })),
    async replayScreenshot(seq) {
      const id = sessionId();
      return id ? attempt(get, inspector.invoke('replayScreenshot', { sessionId: id, seq })) : undefined;
    },
    replaySecrets: values => command(id => inspector.invoke('replaySecrets', { sessionId: id, values })),
    applyReplayEvent(event) {
      if (event.sessionId !== get().openSessionId) return;
      const current = get().replay;
      const results = new Map(event.reset || current?.sessionId !== event.sessionId ? [] : current.results);
      for (const result of event.results ?? []) results.set(result.seq, result);
      set({ replay: { sessionId: event.sessionId, progress: event.progress, results } });
    },
    async runCode(code) {
      const id = sessionId();
      return id ? attempt(get, inspector.invoke('runCode', { sessionId: id, code, confirmed: true })) : undefined;
    },
  };
};
