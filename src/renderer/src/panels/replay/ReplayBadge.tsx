import { PAIR_MARK, PAIR_STATUS } from '../../../../shared/comparison';
import { useStore } from '../../store';

/**
 * A timeline row's replay result: ok / drift / failed / skipped. Once the run ended, a step that drifted reads as its
 * pair in the comparison of the recording with the replay (`~ changed`, `- only in A`), the Compare view's words.
 */
export function ReplayBadge({ seq }: { seq: number }) {
  const result = useStore(state =>
    state.replay?.sessionId === state.openSessionId ? state.replay?.results.get(seq) : undefined,
  );
  const current = useStore(
    state => state.replay?.progress.current?.seq === seq && state.replay.sessionId === state.openSessionId,
  );
  if (current)
    return (
      <span className="replay-badge replay-running" data-testid="replay-badge" data-status="running" title="Replaying…">
        …
      </span>
    );
  if (!result) return null;
  const { compared } = result;
  const lines =
    result.status === 'skipped'
      ? [result.skipped]
      : result.drift.length || compared
        ? [...result.drift.map(drift => drift.summary), ...(compared?.differences ?? [])]
        : [`replayed in ${result.durationMs} ms`];
  const label = compared ? `${PAIR_MARK[compared.status]} ${PAIR_STATUS[compared.status]}` : result.status;
  return (
    <span
      className={`replay-badge replay-${result.status}`}
      data-testid="replay-badge"
      data-status={result.status}
      data-pair={compared?.status}
      title={`Replay: ${result.status}${compared ? ` · compared with the recording: ${label}` : ''}\n${lines.join('\n')}`}
    >
      {label}
    </span>
  );
}
