import { useEffect, useMemo, useRef, useState } from 'react';
import type * as Monaco from 'monaco-editor/editor/editor.api';
import { sessionCode } from '../../../../shared/step-text';
import { useStore } from '../../store';
import { loadMonaco, type MonacoModule } from './load-monaco';


/** The session's Playwright code with the selected step's lines highlighted (a tab of DetailPanel). */
export function CodeView() {
  const steps = useStore(state => state.opened?.steps);
  const selectedSeq = useStore(state => state.selectedSeq);
  const theme = useStore(state => state.theme);
  const code = useMemo(() => sessionCode(steps ?? []), [steps]);
  const host = useRef<HTMLDivElement>(null);
  const [editor, setEditor] = useState<Monaco.editor.IStandaloneCodeEditor>();
  const [monaco, setMonaco] = useState<MonacoModule>();
  const decorations = useRef<Monaco.editor.IEditorDecorationsCollection>(undefined);

  useEffect(() => {
    let disposed = false;
    let created: Monaco.editor.IStandaloneCodeEditor | undefined;
    void loadMonaco().then(module => {
      if (disposed || !host.current) return;
      created = module.editor.create(host.current, {
        language: 'javascript',
        readOnly: true,
        domReadOnly: true,
        automaticLayout: true,
        minimap: { enabled: false },
        scrollBeyondLastLine: false,
        fontSize: 12,
        lineNumbersMinChars: 3,
        renderLineHighlight: 'none',
        wordWrap: 'on',
        // Folding arrows are codicon glyphs, a font this slim bundle leaves out; a read-only script needs no folding.
        folding: false,
      });
      setMonaco(module);
      setEditor(created);
    });
    return () => {
      disposed = true;
      created?.dispose();
    };
  }, []);

  useEffect(() => {
    monaco?.editor.setTheme(theme === 'dark' ? 'vs-dark' : 'vs');
  }, [monaco, theme]);

  useEffect(() => {
    if (editor && editor.getValue() !== code.text) editor.setValue(code.text);
  }, [editor, code]);

  useEffect(() => {
    if (!editor || !monaco) return;
    const range = selectedSeq === undefined ? undefined : code.lines.get(selectedSeq);
    decorations.current?.clear();
    if (!range) return;
    decorations.current = editor.createDecorationsCollection([{
      range: new monaco.Range(range.start, 1, range.end, 1),
      options: { isWholeLine: true, className: 'code-step-line', linesDecorationsClassName: 'code-step-gutter' },
    }]);
    editor.revealLinesInCenterIfOutsideViewport(range.start, range.end);
  }, [editor, monaco, code, selectedSeq]);

  return (
    <div className="code-wrap" data-testid="code-panel">
      <div className="code-host" ref={host} data-testid="code-editor" data-selected-seq={selectedSeq} />
      {!editor ? <pre className="code-fallback">{code.text}</pre> : null}
    </div>
  );
}
