import { useEffect, useRef, useState, type RefObject } from 'react';
import type * as Monaco from 'monaco-editor/editor/editor.api';
import { loadMonaco, type MonacoModule } from './load-monaco';
import { useStore } from '../store';

/**
 * A Monaco editor in `host`, created once Monaco has loaded, following the UI theme, disposed with the component.
 * Returns the editor and the module (both undefined until loaded).
 */
export function useMonacoEditor(
  host: RefObject<HTMLDivElement | null>,
  options: Monaco.editor.IStandaloneEditorConstructionOptions,
) {
  const theme = useStore(state => state.theme);
  const [editor, setEditor] = useState<Monaco.editor.IStandaloneCodeEditor>();
  const [monaco, setMonaco] = useState<MonacoModule>();
  // The first render's options: an editor is not rebuilt when a caller passes a new object.
  const initial = useRef(options);

  useEffect(() => {
    let disposed = false;
    let created: Monaco.editor.IStandaloneCodeEditor | undefined;
    void loadMonaco().then(module => {
      if (disposed || !host.current) return;
      created = module.editor.create(host.current, {
        language: 'javascript',
        automaticLayout: true,
        minimap: { enabled: false },
        scrollBeyondLastLine: false,
        fontSize: 12,
        lineNumbersMinChars: 3,
        // Folding arrows are codicon glyphs, a font the slim bundle leaves out.
        folding: false,
        ...initial.current,
      });
      setMonaco(module);
      setEditor(created);
    });
    return () => {
      disposed = true;
      created?.dispose();
    };
  }, [host]);

  useEffect(() => {
    monaco?.editor.setTheme(theme === 'dark' ? 'vs-dark' : 'vs');
  }, [monaco, theme]);

  return { editor, monaco };
}
