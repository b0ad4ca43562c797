import { downloadZip } from 'client-zip';

/**
 * A dropped or picked session folder, zipped in the page so that it goes through the same checked upload as a .zip
 * does: the core validates and unpacks it, never trusting what the page sends. client-zip writes the archive: it reads
 * the files one by one as streams, computes their CRC-32 and switches to ZIP64 when needed. It stores without
 * deflating, which keeps the page's work light.
 */

export interface FolderFile {
  /** Path inside the archive, forward slashes: `<folder>/events.jsonl`. */
  path: string;
  file: File;
}

/** A session folder is a few hundred MB at most; the core refuses larger uploads anyway. */
const MAX_FILES = 20_000;

/** The files under a dropped folder entry, with their paths from the folder's own name down. */
export async function filesOfEntry(root: FileSystemDirectoryEntry): Promise<FolderFile[]> {
  const files: FolderFile[] = [];
  const walk = async (directory: FileSystemDirectoryEntry, prefix: string) => {
    const reader = directory.createReader();
    // readEntries answers in batches until it answers with none.
    for (;;) {
      const batch = await new Promise<FileSystemEntry[]>((resolve, reject) => reader.readEntries(resolve, reject));
      if (!batch.length) break;
      for (const entry of batch) {
        if (files.length > MAX_FILES)
          throw new Error(`The folder holds more than ${MAX_FILES} files: not a session folder.`);
        const path = `${prefix}/${entry.name}`;
        if (entry.isDirectory) await walk(entry as FileSystemDirectoryEntry, path);
        else
          files.push({
            path,
            file: await new Promise<File>((resolve, reject) => (entry as FileSystemFileEntry).file(resolve, reject)),
          });
      }
    }
  };
  await walk(root, root.name);
  return files;
}

/** The files of an `<input webkitdirectory>`: their relative paths start with the folder's name. */
export const filesOfInput = (list: FileList): FolderFile[] =>
  Array.from(list, file => ({ path: file.webkitRelativePath || file.name, file }));

/** The files as one ZIP archive, named by their paths. */
export const zipFiles = (files: FolderFile[]): Promise<Blob> =>
  downloadZip(files.map(({ path, file }) => ({ name: path, input: file }))).blob();
