import { useEffect, useMemo, useRef } from 'react';
import type * as Monaco from 'monaco-editor/editor/editor.api';
import { sessionCode } from '../../../../shared/step-text';
import { useMonacoEditor } from '../../components/useMonacoEditor';
import { useStore } from '../../store';

/** The session's Playwright code with the selected step's lines highlighted (a tab of DetailPanel). */
export function CodeView() {
  const steps = useStore(state => state.opened?.steps);
  const selectedSeq = useStore(state => state.selectedSeq);
  const code = useMemo(() => sessionCode(steps ?? []), [steps]);
  const host = useRef<HTMLDivElement>(null);
  const { editor, monaco } = useMonacoEditor(host, {
    readOnly: true,
    domReadOnly: true,
    renderLineHighlight: 'none',
    wordWrap: 'on',
  });
  const decorations = useRef<Monaco.editor.IEditorDecorationsCollection>(undefined);

  useEffect(() => {
    if (editor && editor.getValue() !== code.text) editor.setValue(code.text);
  }, [editor, code]);

  useEffect(() => {
    if (!editor || !monaco) return;
    const range = selectedSeq === undefined ? undefined : code.lines.get(selectedSeq);
    decorations.current?.clear();
    if (!range) return;
    decorations.current = editor.createDecorationsCollection([
      {
        range: new monaco.Range(range.start, 1, range.end, 1),
        options: { isWholeLine: true, className: 'code-step-line', linesDecorationsClassName: 'code-step-gutter' },
      },
    ]);
    editor.revealLinesInCenterIfOutsideViewport(range.start, range.end);
  }, [editor, monaco, code, selectedSeq]);

  return (
    <div className="code-wrap" data-testid="code-panel">
      <div className="code-host" ref={host} data-testid="code-editor" data-selected-seq={selectedSeq} />
      {!editor ? <pre className="code-fallback">{code.text}</pre> : null}
    </div>
  );
}
