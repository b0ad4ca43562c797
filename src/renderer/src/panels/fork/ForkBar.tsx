import { CopyButton } from '../../components/CopyButton';
import { useStore } from '../../store';

/**
 * "Fork from here" for the selected step: a live session that continues this one after it (its cookies, storage, URL
 * and forms restored, or its steps replayed), recorded as its fork; then what the restore did and could not do.
 */
export function ForkBar() {
  const opened = useStore(state => state.opened);
  const selectedSeq = useStore(state => state.selectedSeq);
  const readOnly = useStore(state => state.readOnly);
  const forking = useStore(state => state.forking);
  const report = useStore(state => state.forkReport);
  const fork = useStore(state => state.forkFromSelected);
  const dismiss = useStore(state => state.dismissForkReport);
  if (!opened) return null;
  const why = readOnly
    ? 'Read-only link: forking needs the full token.'
    : opened.session.live && opened.session.running
      ? 'The agent is still working: fork once the session has ended.'
      : selectedSeq === undefined
        ? 'Select the step to continue after.'
        : undefined;
  const shown = report && report.sessionId === opened.session.id ? report : undefined;
  return (
    <section className="fork-bar" data-testid="fork-bar" aria-label="Fork">
      <div className="fork-controls">
        <button
          type="button"
          data-testid="fork-from-here"
          disabled={!!why || !!forking}
          title={why ?? `A live session that continues this one after step ${selectedSeq}`}
          onClick={() => void fork()}
        >
          {forking
            ? `Forking from step ${forking.seq}…`
            : `Fork from ${selectedSeq === undefined ? 'here' : `step ${selectedSeq}`}`}
        </button>
      </div>
      {shown ? (
        <div className="fork-report" data-testid="fork-report" role="status">
          <button type="button" className="icon-button" aria-label="Dismiss" onClick={dismiss}>
            ✕
          </button>
          {shown.lines.map(line => (
            <p key={line}>{line}</p>
          ))}
          {shown.command ? (
            <p className="muted">
              An agent continues from there with <code>{shown.command}</code> <CopyButton text={shown.command} />
            </p>
          ) : null}
        </div>
      ) : null}
    </section>
  );
}
