import { useState, type FormEvent } from 'react';
import type { Breakpoint } from '../../../../shared/debugger';
import { useStore } from '../../store';
import { READ_ONLY_WHY } from './hooks';
import './debugger.css';

const PLACEHOLDER = 'tool:name · target:text · url:glob · error · console-error · text:string';
const FORMS =
  'Accepted forms: tool:<name>[,<name>…] (before a call runs), target:<text>, url:<glob>, error (on its answer), console-error, text:<string>';
const OPEN_KEY = 'agent-inspector.breakpoints-open';

/**
 * The breakpoints of this inspector: a condition typed in the forms --pause-on takes, for every session or the open
 * one; each can be turned off, and shows how often it hit. The server parses conditions: its refusal, which names
 * the accepted forms, is shown under the field.
 */
export function BreakpointsPanel() {
  const breakpoints = useStore(state => state.breakpoints);
  // Closed until opened (the sidebar's room is the timeline's); the header's count says whether any are set.
  const [open, setOpen] = useState(() => localStorage.getItem(OPEN_KEY) === 'true');
  const toggle = () => {
    localStorage.setItem(OPEN_KEY, String(!open));
    setOpen(!open);
  };
  return (
    <section className="panel breakpoints-panel" aria-label="Breakpoints" data-testid="breakpoints-panel">
      <header className="panel-header">
        <h2>
          <button
            type="button"
            className="breakpoints-toggle"
            aria-expanded={open}
            aria-controls="breakpoints-body"
            onClick={toggle}
          >
            <span aria-hidden="true" className="breakpoints-chevron">
              {open ? '▾' : '▸'}
            </span>{' '}
            Breakpoints
            <span className="breakpoints-count" data-testid="breakpoints-count">
              {breakpoints.length}
            </span>
          </button>
        </h2>
      </header>
      {open ? (
        <div className="breakpoints-body" id="breakpoints-body">
          <AddBreakpoint />
          {breakpoints.length ? (
            <ul className="breakpoint-list" data-testid="breakpoint-list">
              {breakpoints.map(breakpoint => (
                <BreakpointRow key={breakpoint.id} breakpoint={breakpoint} />
              ))}
            </ul>
          ) : (
            <p className="muted breakpoints-empty">No breakpoints: calls run without stopping unless you pause.</p>
          )}
        </div>
      ) : null}
    </section>
  );
}

function AddBreakpoint() {
  const add = useStore(state => state.breakpointAdd);
  const readOnly = useStore(state => state.readOnly);
  // "This session" is the open session, while it runs in this inspector: only live sessions pause.
  const liveSession = useStore(state =>
    state.opened?.session.live && state.opened.session.running ? state.opened.session.id : undefined,
  );
  const [condition, setCondition] = useState('');
  const [scope, setScope] = useState<'all' | 'session'>('all');
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy || readOnly) return;
    setBusy(true);
    const problem = await add(condition, scope === 'session' ? liveSession : undefined);
    setBusy(false);
    setError(problem);
    if (!problem) setCondition('');
  };
  return (
    <form className="breakpoint-add" onSubmit={event => void submit(event)}>
      <input
        type="text"
        aria-label="Breakpoint condition"
        placeholder={PLACEHOLDER}
        title={readOnly ? READ_ONLY_WHY : FORMS}
        value={condition}
        disabled={readOnly}
        aria-invalid={!!error}
        aria-describedby={error ? 'breakpoint-error' : undefined}
        spellCheck={false}
        onChange={event => {
          setCondition(event.target.value);
          setError(undefined);
        }}
      />
      <div className="breakpoint-add-row">
        <select
          aria-label="Scope"
          value={scope === 'session' && liveSession ? 'session' : 'all'}
          disabled={readOnly}
          onChange={event => setScope(event.target.value as 'all' | 'session')}
        >
          <option value="all">All sessions</option>
          <option value="session" disabled={!liveSession}>
            This session
          </option>
        </select>
        <button
          type="submit"
          disabled={readOnly || busy || !condition.trim()}
          title={readOnly ? READ_ONLY_WHY : undefined}
        >
          Add
        </button>
      </div>
      {error ? (
        <p className="debug-error breakpoint-error" id="breakpoint-error" role="alert" data-testid="breakpoint-error">
          {error}
        </p>
      ) : null}
    </form>
  );
}

function BreakpointRow({ breakpoint }: { breakpoint: Breakpoint }) {
  const update = useStore(state => state.breakpointUpdate);
  // The checkbox follows the click at once; until the core has the change, a call may still stop on the old state.
  const [saving, setSaving] = useState(false);
  const remove = useStore(state => state.breakpointRemove);
  const readOnly = useStore(state => state.readOnly);
  const openSessionId = useStore(state => state.openSessionId);
  const scope = !breakpoint.sessionId
    ? 'all sessions'
    : breakpoint.sessionId === openSessionId
      ? 'this session'
      : `session ${breakpoint.sessionId.slice(0, 8)}`;
  const checkbox = `breakpoint-${breakpoint.id}`;
  return (
    <li
      className={`breakpoint-row${breakpoint.enabled ? '' : ' disabled'}`}
      data-testid="breakpoint"
      data-id={breakpoint.id}
      aria-busy={saving}
    >
      <input
        type="checkbox"
        id={checkbox}
        checked={breakpoint.enabled}
        disabled={readOnly}
        title={readOnly ? READ_ONLY_WHY : breakpoint.enabled ? 'On: turn off' : 'Off: turn on'}
        onChange={event => {
          setSaving(true);
          void update(breakpoint.id, { enabled: event.target.checked }).finally(() => setSaving(false));
        }}
      />
      <label htmlFor={checkbox} className="breakpoint-condition">
        <code>{breakpoint.condition}</code>
      </label>
      <span className="breakpoint-meta">
        {breakpoint.fromFlag ? (
          <span className="breakpoint-flag" title="Given on the command line with --pause-on">
            from --pause-on
          </span>
        ) : null}
        <span
          className="breakpoint-scope"
          title={breakpoint.sessionId ? `Only session ${breakpoint.sessionId}` : 'Every session pauses on it'}
        >
          {scope}
        </span>
        <span className="breakpoint-hits" data-testid="breakpoint-hits" title="How many times it paused a session">
          {breakpoint.hits} hit{breakpoint.hits === 1 ? '' : 's'}
        </span>
      </span>
      <button
        type="button"
        className="icon-button"
        aria-label={`Remove breakpoint ${breakpoint.condition}`}
        disabled={readOnly}
        title={readOnly ? READ_ONLY_WHY : `Remove breakpoint ${breakpoint.condition}`}
        onClick={() => void remove(breakpoint.id)}
      >
        ✕
      </button>
    </li>
  );
}
