import { useEffect, useEffectEvent, useRef, useState } from 'react';
import type { HeldCall } from '../../../../shared/debugger';
import { useMonacoEditor } from '../../components/useMonacoEditor';
import { useStore } from '../../store';
import { Dialog } from './Dialog';
import { prettyJson } from './format';
import { SchemaSummary } from './SchemaSummary';

/**
 * "Edit arguments": the held call's arguments as JSON in an editor, beside the tool's input schema. Apply sends them
 * to the core, which checks them as the call would; a refusal is shown here and nothing runs. Applying does not run
 * the call either: Step or Continue does.
 */
export function EditArgsDialog({ sessionId, held, onClose }: { sessionId: string; held: HeldCall; onClose(): void }) {
  const editArgs = useStore(state => state.debugEditArgs);
  const host = useRef<HTMLDivElement>(null);
  const fallback = useRef<HTMLTextAreaElement>(null);
  const { editor, monaco } = useMonacoEditor(host, {
    language: 'javascript',
    ariaLabel: 'Arguments (JSON)',
    wordWrap: 'on',
    lineNumbers: 'on',
    tabSize: 2,
    renderLineHighlight: 'none',
  });
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const initial = prettyJson(held.args);

  const apply = async () => {
    if (busy) return;
    const json = editor ? editor.getValue() : (fallback.current?.value ?? initial);
    setBusy(true);
    setError(undefined);
    const problem = await editArgs(sessionId, held.holdId, json);
    setBusy(false);
    if (problem) setError(problem);
    else onClose();
  };
  // Monaco binds Ctrl+Enter itself (insert line after): the editor's own command applies instead.
  const applyRef = useRef(apply);
  applyRef.current = apply;

  // Once per editor, not per render: a later `initial` must not replace what is being edited.
  const setUpEditor = useEffectEvent((loaded: NonNullable<typeof editor>, keys: NonNullable<typeof monaco>) => {
    // Whatever was typed before the editor loaded is kept.
    loaded.setValue(fallback.current?.value ?? initial);
    loaded.addCommand(keys.KeyMod.CtrlCmd | keys.KeyCode.Enter, () => void applyRef.current());
    loaded.focus();
  });
  useEffect(() => {
    if (editor && monaco) setUpEditor(editor, monaco);
  }, [editor, monaco]);

  return (
    <Dialog
      label="Edit arguments"
      className="edit-args-dialog"
      testId="edit-args-dialog"
      onCancel={onClose}
      onSubmit={() => void apply()}
    >
      <header className="modal-header">
        <h2>
          Edit arguments · <code className="held-tool">{held.tool}</code>
        </h2>
      </header>
      <p className="muted modal-note">
        JSON, checked against the tool&apos;s input schema when you apply. Nothing runs until you Step or Continue; if
        --pause-timeout expires first, the call runs as the agent sent it.
      </p>
      <div className="edit-args-body">
        <div className="edit-args-editor">
          <div className="edit-args-monaco" ref={host} data-testid="edit-args-editor" hidden={!editor} />
          {!editor ? (
            <textarea
              ref={fallback}
              className="debug-textarea edit-args-fallback"
              aria-label="Arguments (JSON)"
              defaultValue={initial}
              spellCheck={false}
              data-autofocus
            />
          ) : null}
        </div>
        <SchemaSummary schema={held.inputSchema} />
      </div>
      {error ? (
        <p className="debug-error" role="alert" data-testid="edit-args-error">
          {error}
        </p>
      ) : null}
      <footer className="debug-dialog-footer">
        <span className="muted debug-keys">Ctrl+Enter applies · Esc cancels</span>
        <span className="grow" />
        <button type="button" onClick={onClose}>
          Cancel
        </button>
        <button type="button" className="primary" disabled={busy} onClick={() => void apply()}>
          Apply
        </button>
      </footer>
    </Dialog>
  );
}
