import { useEffect } from 'react';
import { PAIR_MARK, PAIR_STATUS } from '../../../../shared/comparison';
import type { ReplayProgress, ReplayStepResult } from '../../../../shared/replay-view';
import { useStore } from '../../store';
import { SecretsPrompt } from './SecretsPrompt';

/** The replay shortcuts, as the help lists them. */
export const REPLAY_SHORTCUTS: [string, string][] = [
  ['F10', 'Step over: replay the next recorded step'],
  ['F8', 'Run all: replay every remaining step'],
  ['Shift+F8 or Esc', 'Stop after the step in flight'],
  ['↑ / ↓', 'Select the previous / next step'],
];

const count = (results: Iterable<ReplayStepResult>) => {
  const counts = { ok: 0, drift: 0, failed: 0, skipped: 0 };
  for (const result of results) counts[result.status]++;
  return counts;
};

/**
 * Step/replay controls for the open session: step over, run to the selected step, run all, stop, restart; a
 * progress bar while a run goes on, and a summary after. Replays run on a browser of their own in the core.
 */
export function ReplayBar() {
  const opened = useStore(state => state.opened);
  const replay = useStore(state => state.replay);
  const selectedSeq = useStore(state => state.selectedSeq);
  const loadReplay = useStore(state => state.loadReplay);
  const { replayStep, replayToSelected, replayAll, replayStop, replayReset, compareReplay } = useStore.getState();
  const sessionId = opened?.session.id;
  const stillRunning = !!opened?.session.live && opened.session.running;
  const readOnly = useStore(state => state.readOnly);
  const usable = !!opened && opened.steps.length > 0 && !stillRunning && !readOnly;
  const progress = replay?.sessionId === sessionId ? replay?.progress : undefined;
  const busy = progress?.state === 'running' || progress?.state === 'stopping';

  useEffect(() => {
    if (sessionId) void loadReplay(sessionId);
  }, [sessionId, loadReplay]);

  useEffect(() => {
    if (!usable) return;
    const onKey = (event: KeyboardEvent) => {
      const action =
        event.key === 'F10' && !event.shiftKey
          ? replayStep
          : event.key === 'F8' && !event.shiftKey
            ? replayAll
            : (event.key === 'F8' && event.shiftKey) || (event.key === 'Escape' && busy)
              ? replayStop
              : undefined;
      if (!action) return;
      event.preventDefault();
      if ((action === replayStep || action === replayAll) && busy) return;
      void action();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [usable, busy, replayStep, replayAll, replayStop]);

  if (!opened) return null;
  const why = readOnly
    ? 'Read-only link: replaying needs the full token.'
    : stillRunning
      ? 'The agent is still working: replay once the session has ended.'
      : !opened.steps.length
        ? 'No steps to replay.'
        : undefined;
  const counts = replay && replay.sessionId === sessionId ? count(replay.results.values()) : undefined;
  const run = progress?.run;
  return (
    <section className="replay-bar" data-testid="replay-bar" aria-label="Replay">
      <div className="replay-controls">
        <span className="replay-title">Replay</span>
        <button
          type="button"
          data-testid="replay-step"
          disabled={!usable || busy || (progress?.nextSeq === undefined && progress?.state !== 'idle')}
          title={why ?? `Step over (F10): replay step ${progress?.nextSeq ?? 1}`}
          onClick={() => void replayStep()}
        >
          ⤼ Step
        </button>
        <button
          type="button"
          data-testid="replay-to"
          disabled={!usable || busy || selectedSeq === undefined}
          title={why ?? `Run to here: replay up to the selected step${selectedSeq ? ` (${selectedSeq})` : ''}`}
          onClick={() => void replayToSelected()}
        >
          ⇥ To here
        </button>
        <button
          type="button"
          data-testid="replay-all"
          disabled={!usable || busy}
          title={why ?? 'Run all (F8)'}
          onClick={() => void replayAll()}
        >
          ▶ All
        </button>
        <button
          type="button"
          data-testid="replay-stop"
          disabled={!busy || progress?.state === 'stopping'}
          title="Stop (Shift+F8 or Esc): after the step in flight"
          onClick={() => void replayStop()}
        >
          ■
        </button>
        <button
          type="button"
          data-testid="replay-reset"
          disabled={!usable || busy || !progress || progress.state === 'idle'}
          title="Restart: forget this replay; the next run starts at step 1 on a fresh page"
          onClick={() => void replayReset()}
        >
          ↺
        </button>
        <span className="grow" />
        <span
          className="replay-help"
          tabIndex={0}
          data-testid="replay-help"
          aria-label="Keyboard shortcuts"
          title={REPLAY_SHORTCUTS.map(([keys, what]) => `${keys}: ${what}`).join('\n')}
        >
          ⌨
        </span>
      </div>
      {progress?.secretsNeeded && busy ? (
        <SecretsPrompt key={progress.secretsNeeded.seq} {...progress.secretsNeeded} />
      ) : null}
      {busy && run ? (
        <div className="replay-progress" data-testid="replay-progress">
          <progress max={run.steps} value={run.done} aria-label="Replay progress" />
          <span className="muted">
            {run.done}/{run.steps}
            {progress.current
              ? ` · step ${progress.current.seq} ${progress.current.tool.replace(/^browser_/, '')}`
              : ''}
            {progress.secretsNeeded ? ' · waiting for secrets' : ''}
            {progress.state === 'stopping' ? ' · stopping…' : ''}
          </span>
        </div>
      ) : progress && progress.state !== 'idle' ? (
        <div className="replay-summary" data-testid="replay-summary">
          {progress.state === 'error' ? (
            <span className="problem">The replay failed: {progress.error}</span>
          ) : (
            <>
              <span>
                {progress.replayed}/{progress.total} replayed
              </span>
              {counts ? (
                <span className="muted">
                  {counts.ok} ok · {counts.drift} drift · {counts.failed} failed · {counts.skipped} skipped
                </span>
              ) : null}
              {progress.stopped ? (
                <span className="problem" title={progress.stopped.reason}>
                  stopped at {progress.stopped.seq}
                </span>
              ) : null}
              {progress.comparison ? (
                <>
                  <span className="grow" />
                  <Divergence comparison={progress.comparison} />
                  <button
                    type="button"
                    data-testid="replay-compare"
                    title="The recording (A) and this replay (B) in the Compare view, at their first divergence"
                    onClick={() => void compareReplay()}
                  >
                    Compare with the recording
                  </button>
                </>
              ) : null}
            </>
          )}
        </div>
      ) : why ? (
        <div className="replay-summary muted">{why}</div>
      ) : null}
    </section>
  );
}

/** Where the replay first parts from the recording, in the Compare view's words. */
function Divergence({ comparison }: { comparison: NonNullable<ReplayProgress['comparison']> }) {
  const { divergence } = comparison;
  if (!divergence)
    return (
      <span className="muted" data-testid="replay-divergence">
        = no divergence
      </span>
    );
  const where = divergence.a !== undefined ? `step ${divergence.a}` : `replay step ${divergence.b}`;
  return (
    <span className="problem" data-testid="replay-divergence">
      first divergence at {where}: {PAIR_MARK[divergence.status]} {PAIR_STATUS[divergence.status]}
    </span>
  );
}
