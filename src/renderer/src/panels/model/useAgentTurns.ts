import { useEffect, useState } from 'react';
import type { AgentTurns } from '../../../../shared/spans';
import { inspector } from '../../bridge/inspector';
import { useStore } from '../../store';

/** The opened session's model turns, fetched again whenever its agent sends spans or a step arrives. */
export function useAgentTurns(): AgentTurns | undefined {
  const sessionId = useStore(state => state.opened?.session.id);
  const stepCount = useStore(state => state.opened?.steps.length);
  const toast = useStore(state => state.toast);
  const [result, setResult] = useState<{ sessionId: string; value: AgentTurns }>();
  const [changes, setChanges] = useState(0);

  useEffect(() => inspector.subscribe(event => {
    if (event.type === 'agent-turns' && event.sessionId === sessionId) setChanges(count => count + 1);
  }), [sessionId]);

  useEffect(() => {
    if (!sessionId) return;
    let current = true;
    inspector.invoke('agentTurns', { sessionId }).then(
      value => current && setResult({ sessionId, value }),
      error => current && toast(error instanceof Error ? error.message : String(error)),
    );
    return () => {
      current = false;
    };
  }, [sessionId, stepCount, changes, toast]);

  return result && result.sessionId === sessionId ? result.value : undefined;
}
