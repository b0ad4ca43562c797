import { useStore } from '../../store';

const when = (ms: number) =>
  new Date(ms).toLocaleString([], {
    month: 'short',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  });

/** "Compare with…" in the header: any other session, to align with the open one. */
export function CompareWithMenu() {
  const openId = useStore(state => state.openSessionId);
  const sessions = useStore(state => state.sessions);
  const compareWith = useStore(state => state.compareWith);
  const others = sessions.filter(session => session.id !== openId);
  if (!openId || !others.length) return null;
  return (
    <select
      aria-label="Compare with another session"
      data-testid="compare-with"
      value=""
      onChange={event => {
        if (event.target.value) void compareWith(event.target.value);
      }}
    >
      <option value="">Compare with…</option>
      {others.map(session => (
        <option key={session.id} value={session.id}>
          {session.clientName ?? session.transport} · {when(session.startedAt)} · {session.steps} steps
          {session.forkOf ? ` · fork of step ${session.forkOf.step}` : ''}
        </option>
      ))}
    </select>
  );
}
