import { useEffect, useState } from 'react';
import { useStore } from '../../store';
import { filesOfEntry } from '../../store/folder-zip';

const hasFiles = (event: DragEvent) => !!event.dataTransfer && Array.from(event.dataTransfer.types).includes('Files');

/**
 * Dropping a session .zip, or a session folder (packed into a .zip in the page), anywhere on the window uploads it to
 * the core in chunks, where it is checked and unpacked, and opens it.
 */
export function DropZone() {
  const importZip = useStore(state => state.importZip);
  const importFolder = useStore(state => state.importFolder);
  const toast = useStore(state => state.toast);
  const [over, setOver] = useState(false);

  useEffect(() => {
    let depth = 0;
    const enter = (event: DragEvent) => {
      if (!hasFiles(event)) return;
      depth++;
      setOver(true);
    };
    const leave = () => {
      depth = Math.max(0, depth - 1);
      if (!depth) setOver(false);
    };
    const overHandler = (event: DragEvent) => {
      if (hasFiles(event)) event.preventDefault();
    };
    const drop = (event: DragEvent) => {
      if (!hasFiles(event)) return;
      event.preventDefault();
      depth = 0;
      setOver(false);
      const item = event.dataTransfer!.items[0];
      const entry = item?.webkitGetAsEntry?.();
      const file = event.dataTransfer!.files[0];
      if (entry?.isDirectory) {
        void filesOfEntry(entry as FileSystemDirectoryEntry).then(importFolder, (error: Error) =>
          toast(`Could not read the folder: ${error.message}`),
        );
        return;
      }
      if (!file) return;
      if (!file.name.toLowerCase().endsWith('.zip')) return toast(`${file.name} is not a session .zip.`);
      void importZip(file);
    };
    window.addEventListener('dragenter', enter);
    window.addEventListener('dragleave', leave);
    window.addEventListener('dragover', overHandler);
    window.addEventListener('drop', drop);
    return () => {
      window.removeEventListener('dragenter', enter);
      window.removeEventListener('dragleave', leave);
      window.removeEventListener('dragover', overHandler);
      window.removeEventListener('drop', drop);
    };
  }, [importZip, importFolder, toast]);

  return over ? (
    <div className="drop-zone" data-testid="drop-zone">
      <p>Drop a session folder or .zip to open it</p>
    </div>
  ) : null;
}
