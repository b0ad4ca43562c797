import { useStore } from '../../store';
import './debugger.css';

/** A session list entry's debugger state: a person is needed there (a held call, an annotation request), or paused. */
export function SessionDebugBadge({ sessionId }: { sessionId: string }) {
  const state = useStore(store => store.debug[sessionId]);
  if (!state) return null;
  const [text, title, kind] = state.annotation
    ? ['annotate', 'The agent asks you to annotate its page', 'ask']
    : state.held
      ? ['held', `${state.held.tool} is held: open the session to act on it`, 'ask']
      : state.paused
        ? ['paused', 'The next call will be held', 'paused']
        : [];
  if (!text) return null;
  return (
    <span className={`badge debug-session-badge debug-session-${kind}`} data-testid="session-debug-badge" title={title}>
      {text}
    </span>
  );
}
