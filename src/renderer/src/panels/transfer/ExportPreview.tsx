import { useEffect, useRef } from 'react';
import { CopyButton } from '../../components/CopyButton';
import { useMonacoEditor } from '../../components/useMonacoEditor';
import { useStore } from '../../store';
import type { Store } from '../../store/types';

/** "Export spec": the generated @playwright/test spec in a read-only editor, to read before saving or copying. */
export function ExportPreview() {
  const preview = useStore(state => state.exportPreview);
  return preview ? <PreviewDialog preview={preview} /> : null;
}

function PreviewDialog({ preview }: { preview: NonNullable<Store['exportPreview']> }) {
  const close = useStore(state => state.closeExportPreview);
  const save = useStore(state => state.saveExport);
  const host = useRef<HTMLDivElement>(null);
  const { editor } = useMonacoEditor(host, {
    readOnly: true,
    domReadOnly: true,
    language: 'javascript',
    wordWrap: 'off',
  });

  useEffect(() => {
    if (editor && editor.getValue() !== preview.spec) editor.setValue(preview.spec);
  }, [editor, preview]);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') close();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [close]);

  return (
    <div className="modal-backdrop" onClick={event => event.target === event.currentTarget && close()}>
      <div
        className="modal export-preview"
        role="dialog"
        aria-modal="true"
        aria-label="Export spec"
        data-testid="export-preview"
      >
        <header className="modal-header">
          <h2>
            Export spec · <span className="muted">{preview.fileName}</span>
          </h2>
          <span className="grow" />
          <CopyButton text={preview.spec} />
          <button type="button" className="primary" data-testid="export-save" onClick={() => void save()}>
            Save…
          </button>
          <button type="button" className="icon-button" aria-label="Close" data-testid="export-close" onClick={close}>
            ✕
          </button>
        </header>
        <p className="muted modal-note">
          A @playwright/test spec: run it with <code>npx playwright test</code>; <code>BASE_URL</code> overrides the
          recorded origin.
        </p>
        <div className="export-editor" ref={host} data-testid="export-editor" />
        {!editor ? <pre className="code-fallback">{preview.spec}</pre> : null}
      </div>
    </div>
  );
}
