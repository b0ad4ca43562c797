import { useEffect } from 'react';
import type { SessionDebugState } from '../../../../shared/debugger';
import { useStore } from '../../store';
import { deadlineText, heldFor, holdTitle } from './format';
import { dialogOpen, READ_ONLY_WHY, useNow, useOpenDebug } from './hooks';
import { PauseIcon } from './PauseIcon';
import './debugger.css';

/** The debugger's keys: apart from replay's (F10, F8, Shift+F8, Esc), which act on ended sessions only anyway. */
export const DEBUG_SHORTCUTS: [string, string][] = [
  ['F6', 'Pause: hold the next call before it runs'],
  ['F7', 'Step: run the held call (or send its answer) and hold the next'],
  ['F9', 'Continue: run the held call (or send its answer) and stop holding'],
];

type Action = 'pause' | 'step' | 'continue';

/** What each button may do now; undefined: it may not (the reason is its tooltip). */
function available(state: SessionDebugState | undefined, readOnly: boolean): Record<Action, boolean> {
  if (readOnly) return { pause: false, step: false, continue: false };
  const paused = !!state?.paused;
  return { pause: !paused, step: true, continue: paused };
}

/**
 * Pause, Step and Continue for the open live session, with what it is doing: running, paused (the next call will be
 * held), or holding a call — for how long, why, and how long until --pause-timeout lets it go on by itself.
 */
export function DebugBar() {
  const { sessionId, debug, readOnly } = useOpenDebug();
  const pause = useStore(state => state.debugPause);
  const step = useStore(state => state.debugStep);
  const resume = useStore(state => state.debugContinue);
  const held = debug?.held;
  const now = useNow(!!held);
  const can = available(debug, readOnly);

  useEffect(() => {
    if (!sessionId || readOnly) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.ctrlKey || event.metaKey || event.altKey || event.shiftKey || dialogOpen()) return;
      const action =
        event.key === 'F6' ? 'pause' : event.key === 'F7' ? 'step' : event.key === 'F9' ? 'continue' : undefined;
      if (!action) return;
      event.preventDefault();
      const state = useStore.getState();
      if (!available(state.debug[sessionId], false)[action]) return;
      void (action === 'pause' ? state.debugPause : action === 'step' ? state.debugStep : state.debugContinue)(
        sessionId,
      );
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [sessionId, readOnly]);

  if (!sessionId) return null;
  const mode = held ? 'held' : debug?.paused ? 'paused' : 'running';
  const why = (action: Action, what: string) => (readOnly ? READ_ONLY_WHY : can[action] ? what : undefined);
  return (
    <section className="debug-bar" data-testid="debug-bar" data-state={mode} aria-label="Debugger">
      <div className="debug-controls">
        <span className="debug-title">Debug</span>
        <button
          type="button"
          aria-label="Pause"
          aria-keyshortcuts="F6"
          disabled={!can.pause}
          onClick={() => void pause(sessionId)}
          title={why('pause', 'Pause (F6): hold the next call before it runs') ?? 'Already paused'}
        >
          <span aria-hidden="true" className="debug-icon">
            <PauseIcon />
          </span>{' '}
          Pause
        </button>
        <button
          type="button"
          aria-label="Step"
          aria-keyshortcuts="F7"
          disabled={!can.step}
          onClick={() => void step(sessionId)}
          title={why(
            'step',
            held
              ? 'Step (F7): run the held call (or send its answer) and hold the next'
              : 'Step (F7): hold the next call',
          )}
        >
          <span aria-hidden="true" className="debug-icon">
            ⤼
          </span>{' '}
          Step
        </button>
        <button
          type="button"
          aria-label="Continue"
          aria-keyshortcuts="F9"
          disabled={!can.continue}
          onClick={() => void resume(sessionId)}
          title={
            why(
              'continue',
              held
                ? 'Continue (F9): run the held call (or send its answer) and stop holding'
                : 'Continue (F9): stop holding calls',
            ) ?? 'Nothing is paused'
          }
        >
          <span aria-hidden="true" className="debug-icon">
            ▶
          </span>{' '}
          Continue
        </button>
        <span className="grow" />
        <span
          className="debug-help"
          tabIndex={0}
          role="img"
          aria-label="Debugger keyboard shortcuts"
          title={DEBUG_SHORTCUTS.map(([keys, what]) => `${keys}: ${what}`).join('\n')}
        >
          ⌨
        </span>
      </div>
      <p className={`debug-state debug-${mode}`}>
        <span className="debug-dot" aria-hidden="true" />
        {/* Announced when it changes; the clock beside it ticks every second, so it is not. */}
        <span className="debug-state-text" data-testid="debug-state" aria-live="polite">
          {held ? holdTitle(held) : debug?.paused ? 'Paused — the next call will be held' : 'Running'}
        </span>
        {held ? (
          <span className="debug-clock" data-testid="debug-clock">
            {heldFor(now - held.since)} · {deadlineText(held, held.deadline - now)}
          </span>
        ) : null}
      </p>
    </section>
  );
}
