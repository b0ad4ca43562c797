import type { AgentTurns } from '../../../shared/spans';
import { inspector } from '../bridge/inspector';
import { attempt } from './attempt';
import type { Slice } from './types';

export interface AgentSlice {
  /** The open session's model turns (from its agent's spans) as of `key`: the Agent lane and the Model tab. */
  agentTurns?: { sessionId: string; key: string; value: AgentTurns };
  /** Bumped whenever the open session's agent sent spans: part of the key the turns are fetched again for. */
  agentSpansSeen: number;
  noteAgentSpans(sessionId: string): void;
  /** Fetches the turns unless those held (or being fetched) are for this session and key. */
  loadAgentTurns(sessionId: string, key: string): Promise<void>;
}

/** The key being fetched: the lane and the Model tab ask for the same turns at once, fetched once. */
let loading: string | undefined;

export const agentSlice: Slice<AgentSlice> = (set, get) => ({
  agentSpansSeen: 0,
  noteAgentSpans(sessionId) {
    if (get().opened?.session.id === sessionId) set({ agentSpansSeen: get().agentSpansSeen + 1 });
  },
  async loadAgentTurns(sessionId, key) {
    const held = get().agentTurns;
    const wanted = `${sessionId}\n${key}`;
    if ((held?.sessionId === sessionId && held.key === key) || loading === wanted) return;
    loading = wanted;
    const value = await attempt(get, inspector.invoke('agentTurns', { sessionId }));
    if (loading === wanted) loading = undefined;
    if (value && get().opened?.session.id === sessionId) set({ agentTurns: { sessionId, key, value } });
  },
});
