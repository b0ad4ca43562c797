import { inspector } from '../bridge/inspector';
import { attempt } from './attempt';
import type { Slice } from './types';

/** "Fork from here": a live session that continues the open one after the selected step. */
export interface ForkSlice {
  /** The step being forked from while its fork is restored. */
  forking?: { sessionId: string; seq: number };
  /** What the last fork restored and could not (the restore report), shown until dismissed. */
  forkReport?: { sessionId: string; lines: string[]; command?: string };
  forkFromSelected(): Promise<void>;
  dismissForkReport(): void;
}

export const forkSlice: Slice<ForkSlice> = (set, get) => ({
  forkFromSelected: async () => {
    const { openSessionId: sessionId, selectedSeq: seq } = get();
    if (!sessionId || seq === undefined || get().forking) return;
    set({ forking: { sessionId, seq } });
    try {
      const fork = await attempt(get, inspector.invoke('forkSession', { sessionId, seq }));
      if (!fork) return;
      set({ forkReport: { sessionId: fork.sessionId, lines: fork.report, command: fork.command } });
      await get().openSession(fork.sessionId);
    } finally {
      set({ forking: undefined });
    }
  },
  dismissForkReport: () => set({ forkReport: undefined }),
});
