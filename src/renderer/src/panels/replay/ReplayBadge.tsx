import { useStore } from '../../store';

/** A timeline row's replay result: ok / drift / failed / skipped, with what drifted in the tooltip. */
export function ReplayBadge({ seq }: { seq: number }) {
  const result = useStore(state => (state.replay?.sessionId === state.openSessionId ? state.replay?.results.get(seq) : undefined));
  const current = useStore(state => state.replay?.progress.current?.seq === seq && state.replay.sessionId === state.openSessionId);
  if (current) return <span className="replay-badge replay-running" data-testid="replay-badge" data-status="running" title="Replaying…">…</span>;
  if (!result) return null;
  const detail = result.status === 'skipped' ? result.skipped
    : result.drift.length ? result.drift.map(drift => drift.summary).join('\n')
    : `replayed in ${result.durationMs} ms`;
  return (
    <span className={`replay-badge replay-${result.status}`} data-testid="replay-badge" data-status={result.status} title={`Replay: ${result.status}${detail ? `\n${detail}` : ''}`}>
      {result.status}
    </span>
  );
}
