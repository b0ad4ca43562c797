import { useState, type FormEvent } from 'react';
import { useStore } from '../../store';
import { filesOfInput } from '../../store/folder-zip';

/**
 * The header's session file actions: export the open session as a spec (with a preview) or as a .zip to share, and
 * open a session from a folder or .zip — the app's native dialog, or in web mode a path on the inspector's machine.
 */
export function SessionFileMenu() {
  const session = useStore(state => state.opened?.session);
  const previewExport = useStore(state => state.previewExport);
  const exportZip = useStore(state => state.exportZip);
  const openSessionDialog = useStore(state => state.openSessionDialog);
  const openSessionPath = useStore(state => state.openSessionPath);
  const sessionDir = useStore(state => state.status?.sessionDir);
  const upload = useStore(state => state.upload);
  const importFolder = useStore(state => state.importFolder);
  const [asking, setAsking] = useState(false);
  const [path, setPath] = useState('');
  const desktop = !!window.inspector;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (path.trim() && (await openSessionPath(path.trim()))) {
      setAsking(false);
      setPath('');
    }
  };

  return (
    <>
      {upload ? (
        <span className="muted" data-testid="upload-progress">
          Uploading {upload.name}: {Math.round((upload.sent / upload.size) * 100)}%
        </span>
      ) : null}
      {session && session.steps > 0 ? (
        <>
          <button type="button" data-testid="export" onClick={() => void previewExport()}>
            Export spec
          </button>
          <button
            type="button"
            data-testid="export-zip"
            disabled={!session.dir}
            title={session.dir ? `Zip ${session.dir} to share` : 'Only recorded sessions (--session-dir) can be zipped'}
            onClick={() => void exportZip()}
          >
            Export .zip
          </button>
        </>
      ) : null}
      {desktop ? (
        <>
          <button
            type="button"
            data-testid="open-folder"
            title="Open a recorded session folder"
            onClick={() => void openSessionDialog('folder')}
          >
            Open…
          </button>
          <button
            type="button"
            data-testid="open-zip"
            title="Open a session .zip"
            onClick={() => void openSessionDialog('zip')}
          >
            Open .zip…
          </button>
        </>
      ) : asking ? (
        <form className="open-path" onSubmit={event => void submit(event)} data-testid="open-path-form">
          <input
            autoFocus
            type="text"
            data-testid="open-path"
            placeholder={sessionDir ? `${sessionDir}/… or a .zip` : 'session folder or .zip path'}
            value={path}
            onChange={event => setPath(event.target.value)}
            onKeyDown={event => event.key === 'Escape' && setAsking(false)}
            aria-label="Path of a session folder or .zip on the inspector's machine"
          />
          <button type="submit">Open</button>
          <label className="upload-button" title="Upload a session folder from this computer">
            Upload folder…
            <input
              type="file"
              data-testid="upload-folder"
              // @ts-expect-error webkitdirectory is not in React's typings; Chromium, Firefox and Safari support it.
              webkitdirectory=""
              onChange={event => {
                if (event.target.files?.length)
                  void importFolder(filesOfInput(event.target.files)).then(() => setAsking(false));
              }}
            />
          </label>
        </form>
      ) : (
        <button
          type="button"
          data-testid="open-session-path"
          title="Open a session folder or .zip by its path on this machine, or drop a .zip on the window"
          onClick={() => setAsking(true)}
        >
          Open…
        </button>
      )}
    </>
  );
}
