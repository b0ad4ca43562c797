import type { StateFileList } from '../../../../shared/bridge';

type Entry = StateFileList['files'][number];

const kb = (bytes: number) => (bytes < 1024 ? `${bytes} B` : `${(bytes / 1024).toFixed(1)} KB`);

/** Files at this level (in the order given), then each folder with what is under it; `name` is relative to the level. */
function level(entries: { entry: Entry; name: string }[]) {
  const files = entries.filter(item => !item.name.includes('/'));
  const folders = new Map<string, { entry: Entry; name: string }[]>();
  for (const item of entries) {
    const slash = item.name.indexOf('/');
    if (slash < 0) continue;
    const folder = item.name.slice(0, slash);
    folders.set(folder, [...(folders.get(folder) ?? []), { entry: item.entry, name: item.name.slice(slash + 1) }]);
  }
  return { files, folders };
}

/** The Browser State folder as a tree (nested lists, folders always open: there is one, diffs/): dom.html and accessibility-tree.yaml, then diffs/ and its numbered files. */
export function FileTree({
  files,
  selected,
  onSelect,
}: {
  files: Entry[];
  selected?: string;
  onSelect(path: string): void;
}) {
  return (
    <Level
      entries={files.map(entry => ({ entry, name: entry.path }))}
      depth={0}
      selected={selected}
      onSelect={onSelect}
    />
  );
}

function Level({
  entries,
  depth,
  selected,
  onSelect,
}: {
  entries: { entry: Entry; name: string }[];
  depth: number;
  selected?: string;
  onSelect(path: string): void;
}) {
  const { files, folders } = level(entries);
  const indent = { paddingLeft: `${10 + depth * 14}px` };
  return (
    <ul>
      {files.map(({ entry, name }) => (
        <li key={entry.path}>
          <button
            type="button"
            className={`state-file${entry.path === selected ? ' selected' : ''}`}
            aria-current={entry.path === selected}
            style={indent}
            data-testid="state-file"
            data-path={entry.path}
            title={entry.path}
            onClick={() => onSelect(entry.path)}
          >
            <span className="state-file-name">{name}</span>
            <span className="muted">{kb(entry.bytes)}</span>
          </button>
        </li>
      ))}
      {[...folders].map(([folder, children]) => (
        <li key={folder}>
          <div className="state-folder" style={indent} data-testid="state-folder">
            {folder}/{' '}
            <span className="muted">
              {children.length} file{children.length === 1 ? '' : 's'}
            </span>
          </div>
          <Level entries={children} depth={depth + 1} selected={selected} onSelect={onSelect} />
        </li>
      ))}
    </ul>
  );
}
