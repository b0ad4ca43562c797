import { useState } from 'react';
import { DEFAULT_SKIP_TEXT, type HeldCall } from '../../../../shared/debugger';
import { useStore } from '../../store';
import { Dialog } from './Dialog';

/** "Skip call": answer the agent without running the held call, with a person's text, as a result or as an error. */
export function SkipDialog({ sessionId, held, onClose }: { sessionId: string; held: HeldCall; onClose(): void }) {
  const skip = useStore(state => state.debugSkip);
  const [text, setText] = useState(DEFAULT_SKIP_TEXT);
  const [isError, setIsError] = useState(false);
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    if (busy) return;
    setBusy(true);
    const done = await skip(sessionId, held.holdId, text, isError);
    setBusy(false);
    if (done) onClose();
  };
  return (
    <Dialog
      label="Skip call"
      className="skip-dialog"
      testId="skip-dialog"
      onCancel={onClose}
      onSubmit={() => void submit()}
    >
      <header className="modal-header">
        <h2>
          Skip <code className="held-tool">{held.tool}</code>
        </h2>
      </header>
      <div className="skip-body">
        <p className="muted">
          Nothing runs: the agent receives this text as the call&apos;s answer, and the next call is held (as Step
          does).
        </p>
        <label className="debug-field">
          <span>Text the agent receives</span>
          <textarea
            className="debug-textarea"
            rows={5}
            value={text}
            onChange={event => setText(event.target.value)}
            data-autofocus
            spellCheck
          />
        </label>
        <label className="debug-check">
          <input type="checkbox" checked={isError} onChange={event => setIsError(event.target.checked)} />
          Send as an error
        </label>
      </div>
      <footer className="debug-dialog-footer">
        <span className="muted debug-keys">Ctrl+Enter skips · Esc cancels</span>
        <span className="grow" />
        <button type="button" onClick={onClose}>
          Cancel
        </button>
        <button type="button" className="primary" disabled={busy} onClick={() => void submit()}>
          Skip call
        </button>
      </footer>
    </Dialog>
  );
}
