import { useEffect, useState } from 'react';
import { describeHold, type HeldCall } from '../../../../shared/debugger';
import { useStore } from '../../store';
import { AnswerEditor } from './AnswerEditor';
import { EditArgsDialog } from './EditArgsDialog';
import { deadlineText, heldFor, prettyJson } from './format';
import { READ_ONLY_WHY, useNow, useOpenDebug } from './hooks';
import { PauseIcon } from './PauseIcon';
import { SkipDialog } from './SkipDialog';
import './debugger.css';

/**
 * The call the open session holds, at the top of the workspace: what it is, why it is held, its arguments (or the
 * answer about to be sent, editable), and what a person can do — edit, skip, step, continue.
 */
export function HeldCallPanel() {
  const { sessionId, debug, readOnly } = useOpenDebug();
  const held = debug?.held;
  const step = useStore(state => state.debugStep);
  const resume = useStore(state => state.debugContinue);
  const [dialog, setDialog] = useState<'edit' | 'skip'>();
  const now = useNow(!!held);
  // A dialog is for one held call: when that call goes on (a timeout, the client leaving), the dialog goes too.
  useEffect(() => setDialog(undefined), [held?.holdId]);
  if (!sessionId || !held) return null;

  const call = held.phase === 'call';
  const disabled = readOnly ? READ_ONLY_WHY : undefined;
  return (
    <section
      id="held-call"
      tabIndex={-1}
      className={`held-panel held-${held.phase}`}
      data-testid="held-call"
      data-hold={held.holdId}
      aria-label="Held call"
    >
      <header className="held-head">
        <span className="held-icon" aria-hidden="true">
          <PauseIcon size={14} />
        </span>
        <div className="held-title">
          <div className="held-title-line">
            <strong>{call ? 'Held before it runs' : 'Answer held before the agent gets it'}</strong>
            <code className="held-tool" data-testid="held-tool">
              {held.tool}
            </code>
          </div>
          <div className="held-meta">
            <span data-testid="held-reason">{describeHold(held.reason)}</span>
            <span aria-hidden="true">·</span>
            <span>held {heldFor(now - held.since)}</span>
            <span aria-hidden="true">·</span>
            <span title="--pause-timeout: then it goes on by itself">{deadlineText(held, held.deadline - now)}</span>
          </div>
        </div>
        <div className="held-actions" role="group" aria-label="Act on the held call">
          {call ? (
            <>
              <button
                type="button"
                disabled={readOnly}
                title={disabled ?? "Change what the call runs with (checked against the tool's schema)"}
                onClick={() => setDialog('edit')}
              >
                Edit arguments
              </button>
              <button
                type="button"
                disabled={readOnly}
                title={disabled ?? 'Answer the agent without running the call'}
                onClick={() => setDialog('skip')}
              >
                Skip
              </button>
            </>
          ) : null}
          <button
            type="button"
            aria-label="Step"
            disabled={readOnly}
            onClick={() => void step(sessionId)}
            title={
              disabled ??
              (call ? 'Step (F7): run it and hold the next call' : 'Step (F7): send this answer and hold the next call')
            }
          >
            <span aria-hidden="true">⤼</span> Step
          </button>
          <button
            type="button"
            aria-label="Continue"
            className="primary"
            disabled={readOnly}
            onClick={() => void resume(sessionId)}
            title={
              disabled ??
              (call ? 'Continue (F9): run it and stop holding' : 'Continue (F9): send this answer and stop holding')
            }
          >
            <span aria-hidden="true">▶</span> Continue
          </button>
        </div>
      </header>
      <div className="held-body">
        {call ? <HeldArgs held={held} /> : <AnswerEditor sessionId={sessionId} held={held} readOnly={readOnly} />}
        {held.takeover.length ? (
          <div className="held-takeover" data-testid="held-takeover">
            <h3>You acted in the browser meanwhile; the agent will be told:</h3>
            <ul>
              {held.takeover.map((line, index) => (
                <li key={index}>{line}</li>
              ))}
            </ul>
          </div>
        ) : null}
      </div>
      {dialog === 'edit' ? (
        <EditArgsDialog sessionId={sessionId} held={held} onClose={() => setDialog(undefined)} />
      ) : null}
      {dialog === 'skip' ? <SkipDialog sessionId={sessionId} held={held} onClose={() => setDialog(undefined)} /> : null}
    </section>
  );
}

/** The arguments the call will run with; once edited, what the agent sent is one click away. */
function HeldArgs({ held }: { held: HeldCall }) {
  return (
    <div className="held-args">
      <div className="held-section-head">
        <h3>Arguments</h3>
        {held.originalArgs ? (
          <span className="debug-badge debug-badge-args-edited" data-testid="held-args-edited">
            edited
          </span>
        ) : null}
      </div>
      <pre className="held-json" data-testid="held-args">
        {prettyJson(held.args)}
      </pre>
      {held.originalArgs ? (
        <details className="held-original">
          <summary>The agent sent</summary>
          <pre className="held-json">{prettyJson(held.originalArgs)}</pre>
        </details>
      ) : null}
    </div>
  );
}
