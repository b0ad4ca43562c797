import { useEffect, useRef, useState } from 'react';
import type * as Monaco from 'monaco-editor/editor/editor.api';
import type { StateFile, StateFileList } from '../../../../shared/bridge';
import { inspector } from '../../bridge/inspector';
import { useStore } from '../../store';
import { useMonacoEditor } from '../../components/useMonacoEditor';
import { FileTree } from './FileTree';
import { refAt, refLine } from '../../components/refs';

/** What the bridge sends of a larger file (src/main/bridge/state-files.ts MAX_BYTES). */
const MAX_SHOWN = 2 * 2 ** 20;
const mb = (bytes: number) => `${(bytes / 2 ** 20).toFixed(1)} MB`;

/**
 * The session's Browser State files (dom.html, accessibility-tree.yaml, diffs/) in a read-only editor. In dom.html and
 * the accessibility tree, clicking a ref selects that node in the aria tree, and selecting a node there reveals its
 * line here. The files are page content: Monaco shows them as text.
 */
export function StateFilesView() {
  const sessionId = useStore(state => state.opened?.session.id);
  const live = useStore(state => state.opened?.session.live);
  const seq = useStore(state => state.selectedSeq);
  const toast = useStore(state => state.toast);
  const [list, setList] = useState<{ key: string; value: StateFileList }>();
  const [path, setPath] = useState('dom.html');
  const [file, setFile] = useState<StateFile>();
  // A live folder holds the latest state whatever step is selected; a recording is rebuilt as of the selected step.
  const listKey = `${sessionId}:${live ? 'live' : seq}`;

  useEffect(() => {
    if (!sessionId || seq === undefined) return;
    let current = true;
    inspector.invoke('stateFiles', { sessionId, seq }).then(
      value => current && setList({ key: listKey, value }),
      error => current && toast(error instanceof Error ? error.message : String(error)),
    );
    return () => {
      current = false;
    };
  }, [sessionId, seq, listKey, toast]);

  const files = list?.key === listKey ? list.value.files : undefined;
  const shown = files?.some(candidate => candidate.path === path) ? path : files?.[0]?.path;
  useEffect(() => {
    if (!sessionId || seq === undefined || !shown) return setFile(undefined);
    let current = true;
    inspector.invoke('readStateFile', { sessionId, seq, path: shown }).then(
      value => current && setFile(value),
      error => current && toast(error instanceof Error ? error.message : String(error)),
    );
    return () => {
      current = false;
    };
  }, [sessionId, seq, shown, listKey, toast]);

  if (seq === undefined) return <p className="empty">Select a step to see the session's Browser State files.</p>;
  if (!list || list.key !== listKey) return <p className="empty">Loading…</p>;
  return (
    <div className="state-files" data-testid="state-files">
      <nav className="state-file-list" aria-label="Browser State files">
        {list.value.note ? (
          <p className="muted state-note" data-testid="state-note">
            {list.value.note}
          </p>
        ) : null}
        <FileTree files={list.value.files} selected={shown} onSelect={setPath} />
      </nav>
      <FileEditor file={file?.path === shown ? file : undefined} />
    </div>
  );
}

function FileEditor({ file }: { file?: StateFile }) {
  const nodes = useStore(state => state.nodes);
  const selectedNode = useStore(state => state.selectedNode);
  const selectNode = useStore(state => state.selectNode);
  const host = useRef<HTMLDivElement>(null);
  const { editor, monaco } = useMonacoEditor(host, {
    readOnly: true,
    domReadOnly: true,
    lineNumbersMinChars: 4,
    wordWrap: 'off',
    renderLineHighlight: 'none',
  });
  const decorations = useRef<Monaco.editor.IEditorDecorationsCollection>(undefined);
  // The click handler outlives renders: it reads the latest tree through a ref.
  const latest = useRef({ nodes, selectNode });
  latest.current = { nodes, selectNode };

  // A click on a ref selects that node in the aria tree.
  useEffect(() => {
    const listener = editor?.onMouseDown(event => {
      const position = event.target.position;
      const model = editor.getModel();
      if (!position || !model) return;
      const ref = refAt(model.getLineContent(position.lineNumber), position.column - 1);
      const index = ref ? latest.current.nodes.findIndex(node => node.ref === ref) : -1;
      if (index >= 0) latest.current.selectNode(index);
    });
    return () => listener?.dispose();
  }, [editor]);

  useEffect(() => {
    if (!editor || !monaco) return;
    const old = editor.getModel();
    editor.setModel(file ? monaco.editor.createModel(file.text, file.language) : null);
    old?.dispose();
  }, [editor, monaco, file]);

  // The node selected in the aria tree: its line here, revealed and marked.
  const selectedRef = selectedNode !== undefined ? nodes[selectedNode]?.ref : undefined;
  useEffect(() => {
    decorations.current?.clear();
    const model = editor?.getModel();
    if (!editor || !monaco || !model || !selectedRef) return;
    const line = refLine(model.getLinesContent(), selectedRef);
    if (!line) return;
    decorations.current = editor.createDecorationsCollection([
      { range: new monaco.Range(line, 1, line, 1), options: { isWholeLine: true, className: 'code-step-line' } },
    ]);
    editor.revealLineInCenter(line);
  }, [editor, monaco, file, selectedRef]);

  return (
    <div className="state-file-view">
      {file?.truncated ? (
        <p className="muted state-note" data-testid="state-file-truncated">
          {file.path} is {mb(file.bytes)}: showing its first {mb(MAX_SHOWN)}.
        </p>
      ) : null}
      <div
        className="code-host"
        ref={host}
        data-testid="state-file-editor"
        data-path={file?.path ?? ''}
        data-selected-ref={selectedRef ?? ''}
      />
      {!editor && file ? <pre className="code-fallback">{file.text}</pre> : null}
    </div>
  );
}
