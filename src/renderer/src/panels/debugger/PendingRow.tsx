import { describeHold } from '../../../../shared/debugger';
import { heldFor, shortArgs } from './format';
import { useNow, useOpenDebug } from './hooks';
import { PauseIcon } from './PauseIcon';
import './debugger.css';

/**
 * The call the debugger holds, as the timeline's last row: not a step yet (it has not run, or its answer has not been
 * sent), so it sits after the list of steps rather than in it. Clicking it goes to the held-call panel.
 */
export function PendingRow() {
  const { debug } = useOpenDebug();
  const held = debug?.held;
  const now = useNow(!!held);
  if (!held) return null;
  const args = shortArgs(held.args);
  const waiting = held.phase === 'answer' ? 'answer held' : 'waiting';
  const reason = describeHold(held.reason);
  const show = () => {
    const panel = document.getElementById('held-call');
    panel?.scrollIntoView({ block: 'nearest' });
    panel?.focus();
  };
  return (
    <button
      type="button"
      className={`pending-row pending-${held.phase}`}
      data-testid="pending-step"
      data-phase={held.phase}
      onClick={show}
      aria-label={`${held.tool}, ${waiting}: ${reason}`}
      title={`${held.phase === 'answer' ? 'Its answer is held before the agent gets it' : 'Held before it runs'}: ${reason}. Click to act on it.`}
    >
      <span className="pending-icon" aria-hidden="true">
        <PauseIcon size={18} />
      </span>
      <span className="step-text">
        <span className="step-line">
          <span className="step-tool">{held.tool.replace(/^browser_/, '')}</span>
          <span className="badge badge-warn" data-testid="pending-waiting">
            {waiting}
          </span>
          <span className="pending-time">{heldFor(now - held.since)}</span>
        </span>
        <span className="step-line">
          <span className="step-target" data-testid="pending-args">
            {args || 'no arguments'}
          </span>
          <span className="pending-reason" data-testid="pending-reason">
            {reason}
          </span>
        </span>
      </span>
    </button>
  );
}
