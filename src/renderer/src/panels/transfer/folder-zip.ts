/**
 * A dropped or picked session folder, packed in the page as a stored (uncompressed) ZIP so that it goes through the
 * same checked upload as a .zip does: the core validates and unpacks it, never trusting what the page sends.
 */

export interface FolderFile {
  /** Path inside the archive, forward slashes: `<folder>/events.jsonl`. */
  path: string;
  file: File;
}

/** A session folder is a few hundred MB at most; the core refuses larger uploads anyway. */
const MAX_FILES = 20_000;

const CRC_TABLE = (() => {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
})();

function crc32(bytes: Uint8Array): number {
  let crc = 0xffffffff;
  for (let i = 0; i < bytes.length; i++) crc = CRC_TABLE[(crc ^ bytes[i]) & 0xff] ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

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
        if (files.length > MAX_FILES) throw new Error(`The folder holds more than ${MAX_FILES} files: not a session folder.`);
        const path = `${prefix}/${entry.name}`;
        if (entry.isDirectory) await walk(entry as FileSystemDirectoryEntry, path);
        else files.push({ path, file: await new Promise<File>((resolve, reject) => (entry as FileSystemFileEntry).file(resolve, reject)) });
      }
    }
  };
  await walk(root, root.name);
  return files;
}

/** The files of an `<input webkitdirectory>`: their relative paths start with the folder's name. */
export const filesOfInput = (list: FileList): FolderFile[] => Array.from(list, file => ({ path: file.webkitRelativePath || file.name, file }));

/** A stored ZIP of the files (APPNOTE 6.3: local headers, central directory, end record; UTF-8 names). */
export async function storedZip(files: FolderFile[]): Promise<Blob> {
  const parts: BlobPart[] = [];
  const central: Uint8Array<ArrayBuffer>[] = [];
  const encoder = new TextEncoder();
  let offset = 0;
  for (const { path, file } of files) {
    const name = encoder.encode(path);
    const data = new Uint8Array(await file.arrayBuffer());
    const crc = crc32(data);
    const local = new DataView(new ArrayBuffer(30));
    local.setUint32(0, 0x04034b50, true);
    local.setUint16(4, 10, true);
    local.setUint16(6, 0x0800, true);
    local.setUint32(14, crc, true);
    local.setUint32(18, data.length, true);
    local.setUint32(22, data.length, true);
    local.setUint16(26, name.length, true);
    const header = new DataView(new ArrayBuffer(46));
    header.setUint32(0, 0x02014b50, true);
    header.setUint16(4, 10, true);
    header.setUint16(6, 10, true);
    header.setUint16(8, 0x0800, true);
    header.setUint32(16, crc, true);
    header.setUint32(20, data.length, true);
    header.setUint32(24, data.length, true);
    header.setUint16(28, name.length, true);
    header.setUint32(42, offset, true);
    parts.push(local.buffer, name, data);
    central.push(new Uint8Array(header.buffer), name);
    offset += 30 + name.length + data.length;
  }
  const size = central.reduce((total, part) => total + part.length, 0);
  const end = new DataView(new ArrayBuffer(22));
  end.setUint32(0, 0x06054b50, true);
  end.setUint16(8, files.length, true);
  end.setUint16(10, files.length, true);
  end.setUint32(12, size, true);
  end.setUint32(16, offset, true);
  return new Blob([...parts, ...central, end.buffer], { type: 'application/zip' });
}
