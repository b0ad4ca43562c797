import { useEffect, useEffectEvent, useRef, useState } from 'react';
import type * as Monaco from 'monaco-editor/editor/editor.api';
import type { CodeRunResult } from '../../../../shared/replay-view';
import { sessionCode } from '../../../../shared/step-text';
import { useMonacoEditor } from '../../components/useMonacoEditor';
import { useStore } from '../../store';
import type { Store } from '../../store/types';

/** The code of the whole session, or of one step's block, as the code view shows it. */
function codeOf(state: Store, which: 'session' | 'step'): string {
  const code = sessionCode(state.opened?.steps ?? []);
  if (which === 'session') return code.text;
  const range = state.selectedSeq === undefined ? undefined : code.lines.get(state.selectedSeq);
  return range
    ? code.text
        .split('\n')
        .slice(range.start - 1, range.end)
        .join('\n')
    : '';
}

/**
 * The "Run code" tab: a copy of the session's (or the selected step's) Playwright code in an editable Monaco, run on
 * the live session's page or, for a recording, on the replay browser's. Errors name their line, which is marked.
 */
export function RunCodeView() {
  const host = useRef<HTMLDivElement>(null);
  const { editor, monaco } = useMonacoEditor(host, { readOnly: false, wordWrap: 'off', glyphMargin: true });
  const opened = useStore(state => state.opened);
  const selectedSeq = useStore(state => state.selectedSeq);
  const runCode = useStore(state => state.runCode);
  const readOnly = useStore(state => state.readOnly);
  const [running, setRunning] = useState(false);
  const [result, setResult] = useState<CodeRunResult>();
  const marks = useRef<Monaco.editor.IEditorDecorationsCollection>(undefined);
  const loadedFor = useRef<string>(undefined);
  const live = !!opened?.session.live && opened.session.running;

  const load = (which: 'session' | 'step') => {
    if (!editor) return;
    editor.setValue(codeOf(useStore.getState(), which));
    setResult(undefined);
  };

  // A new session starts from its whole code; edits are kept while the same session stays open.
  const openedId = opened?.session.id;
  const loadSession = useEffectEvent(() => load('session'));
  useEffect(() => {
    if (!editor || !openedId || loadedFor.current === openedId) return;
    loadedFor.current = openedId;
    loadSession();
  }, [editor, openedId]);

  useEffect(() => {
    marks.current?.clear();
    if (!editor || !monaco || !result?.line) return;
    marks.current = editor.createDecorationsCollection([
      {
        range: new monaco.Range(result.line, 1, result.line, 1),
        options: {
          isWholeLine: true,
          className: 'run-error-line',
          glyphMarginClassName: 'run-error-glyph',
          hoverMessage: { value: result.error ?? '' },
        },
      },
    ]);
    editor.revealLineInCenterIfOutsideViewport(result.line);
  }, [editor, monaco, result]);

  const run = async () => {
    if (!editor) return;
    setRunning(true);
    setResult(undefined);
    try {
      setResult(await runCode(editor.getValue()));
    } finally {
      setRunning(false);
    }
  };

  return (
    <div className="run-code" data-testid="run-code">
      <div className="run-code-toolbar">
        <button
          type="button"
          className="primary"
          data-testid="run-code-run"
          disabled={!editor || running || !opened || readOnly}
          title={readOnly ? 'Read-only link: running code needs the full token.' : undefined}
          onClick={() => void run()}
        >
          {running ? 'Running…' : '▶ Run code'}
        </button>
        <span
          className="muted run-code-target"
          title={live ? undefined : 'Where the replay stands, or a fresh page when nothing was replayed'}
        >
          on {live ? "the live session's page" : 'the replay browser'}
        </span>
        <span className="grow" />
        <button type="button" data-testid="run-code-load-session" disabled={!editor} onClick={() => load('session')}>
          Session code
        </button>
        <button
          type="button"
          data-testid="run-code-load-step"
          disabled={!editor || selectedSeq === undefined}
          onClick={() => load('step')}
        >
          Step {selectedSeq ?? ''} code
        </button>
      </div>
      <p className="run-code-warning" role="note">
        ⚠ The code runs in the inspector's own process with full Playwright access to that browser (and Node.js): run
        only code you have read. It runs only when you press Run.
      </p>
      <div className="run-code-editor" ref={host} data-testid="run-code-editor" data-error-line={result?.line ?? ''} />
      {result ? (
        <div
          className={`run-code-result ${result.ok ? 'ok' : 'failed'}`}
          data-testid="run-code-result"
          data-ok={result.ok}
        >
          {result.ok ? (
            <span>
              ✓ Ran in {result.durationMs} ms on {result.ranOn}
              {result.value !== undefined ? ':' : '.'}
            </span>
          ) : (
            <pre className="run-code-error">
              ✕ {result.line ? `Line ${result.line}: ` : ''}
              {result.error}
            </pre>
          )}
          {result.ok && result.value !== undefined ? <pre>{result.value}</pre> : null}
          {!result.ok ? (
            <span className="muted">
              {' '}
              ({result.ranOn}, {result.durationMs} ms)
            </span>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
