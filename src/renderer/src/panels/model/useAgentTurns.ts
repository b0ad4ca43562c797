import { useEffect } from 'react';
import type { AgentTurns } from '../../../../shared/spans';
import { useStore } from '../../store';

/** The opened session's model turns, fetched again whenever its agent sends spans or a step arrives. */
export function useAgentTurns(): AgentTurns | undefined {
  const sessionId = useStore(state => state.opened?.session.id);
  const stepCount = useStore(state => state.opened?.steps.length);
  const spansSeen = useStore(state => state.agentSpansSeen);
  const load = useStore(state => state.loadAgentTurns);
  const held = useStore(state => state.agentTurns);
  useEffect(() => {
    if (sessionId) void load(sessionId, `${stepCount}:${spansSeen}`);
  }, [sessionId, stepCount, spansSeen, load]);
  return held && held.sessionId === sessionId ? held.value : undefined;
}
