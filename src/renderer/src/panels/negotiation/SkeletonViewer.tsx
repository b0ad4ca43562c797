import { useEffect, useRef } from 'react';
import type * as Monaco from 'monaco-editor/editor/editor.api';
import { useMonacoEditor } from '../../components/useMonacoEditor';

/**
 * The skeleton DOM a round sent, exactly as the planner got it, in a read-only editor (page content: shown as text,
 * never parsed into the inspector's DOM). The element the action chose is marked wherever its id appears.
 */
const MAX_HEIGHT = 320;

export function SkeletonViewer({ text, targetId }: { text: string; targetId?: string }) {
  const host = useRef<HTMLDivElement>(null);
  const { editor, monaco } = useMonacoEditor(host, {
    readOnly: true,
    domReadOnly: true,
    language: 'html',
    wordWrap: 'on',
    lineNumbers: 'off',
    renderLineHighlight: 'none',
    glyphMargin: false,
    overviewRulerLanes: 0,
  });
  const decorations = useRef<Monaco.editor.IEditorDecorationsCollection>(undefined);
  // Models outlive their editor unless disposed: this one goes with the text it holds, or with the viewer.
  const model = useRef<Monaco.editor.ITextModel>(undefined);

  useEffect(() => {
    if (!editor || !monaco) return;
    model.current?.dispose();
    const current = (model.current = monaco.editor.createModel(text, 'html'));
    editor.setModel(current);
    decorations.current?.clear();
    if (!targetId) return;
    const matches = current.findMatches(`data-llm-id="${targetId}"`, false, false, true, null, false);
    decorations.current = editor.createDecorationsCollection(
      matches.map(match => ({ range: match.range, options: { inlineClassName: 'skeleton-target' } })),
    );
    if (matches[0]) editor.revealRangeInCenterIfOutsideViewport(matches[0].range);
  }, [editor, monaco, text, targetId]);

  useEffect(() => () => model.current?.dispose(), []);

  // As tall as the wrapped text, up to a limit: a short skeleton takes a few lines, a long one scrolls.
  useEffect(() => {
    const listener = editor?.onDidContentSizeChange(event => {
      if (host.current) host.current.style.height = `${Math.min(Math.max(event.contentHeight, 36), MAX_HEIGHT)}px`;
    });
    return () => listener?.dispose();
  }, [editor]);

  return <div className="skeleton-viewer" ref={host} data-testid="round-skeleton" aria-label="Skeleton DOM sent" />;
}
