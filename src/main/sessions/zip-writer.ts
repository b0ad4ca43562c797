import { readdir, readFile, stat } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import { crc32, deflateRawSync } from 'node:zlib';

/**
 * A small ZIP writer (PKWARE APPNOTE 6.3: local headers, central directory, end record; stored or deflated entries,
 * UTF-8 names, no ZIP64), enough to share a recorded session folder. Sessions are at most a few hundred MB, so the
 * archive is built in memory.
 */

export interface ZipInput {
  /** Forward slashes, no leading slash. */
  name: string;
  data: Buffer;
  modified?: Date;
}

const LOCAL_HEADER = 0x04034b50;
const CENTRAL_HEADER = 0x02014b50;
const END_OF_CENTRAL_DIRECTORY = 0x06054b50;
const UTF8_NAMES = 0x0800;
const STORED = 0;
const DEFLATED = 8;
/** Version 2.0: deflate. */
const VERSION = 20;
const MAX_32 = 0xffffffff;

export function zip(entries: ZipInput[]): Buffer {
  if (entries.length > 0xffff) throw new Error(`Too many files for a ZIP without ZIP64: ${entries.length}.`);
  const chunks: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = Buffer.from(entry.name, 'utf8');
    const deflated = deflateRawSync(entry.data);
    // Already-compressed files (JPEG, gzip) do not shrink: those are stored as they are.
    const method = deflated.length < entry.data.length ? DEFLATED : STORED;
    const body = method === DEFLATED ? deflated : entry.data;
    const crc = crc32(entry.data);
    if (entry.data.length >= MAX_32 || offset + body.length >= MAX_32) throw new Error('The archive would need ZIP64 (over 4 GB).');
    const { time, date } = dosDateTime(entry.modified ?? new Date());

    const local = Buffer.alloc(30);
    local.writeUInt32LE(LOCAL_HEADER, 0);
    local.writeUInt16LE(VERSION, 4);
    local.writeUInt16LE(UTF8_NAMES, 6);
    local.writeUInt16LE(method, 8);
    local.writeUInt16LE(time, 10);
    local.writeUInt16LE(date, 12);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(body.length, 18);
    local.writeUInt32LE(entry.data.length, 22);
    local.writeUInt16LE(name.length, 26);
    local.writeUInt16LE(0, 28);

    const header = Buffer.alloc(46);
    header.writeUInt32LE(CENTRAL_HEADER, 0);
    // Made by: Unix (3), so the permission bits below are read as such.
    header.writeUInt16LE((3 << 8) | VERSION, 4);
    header.writeUInt16LE(VERSION, 6);
    header.writeUInt16LE(UTF8_NAMES, 8);
    header.writeUInt16LE(method, 10);
    header.writeUInt16LE(time, 12);
    header.writeUInt16LE(date, 14);
    header.writeUInt32LE(crc, 16);
    header.writeUInt32LE(body.length, 20);
    header.writeUInt32LE(entry.data.length, 24);
    header.writeUInt16LE(name.length, 28);
    // Extra field, comment, disk number start, internal attributes: none.
    header.writeUInt32LE((0o100644 << 16) >>> 0, 38);
    header.writeUInt32LE(offset, 42);

    chunks.push(local, name, body);
    central.push(header, name);
    offset += local.length + name.length + body.length;
  }
  const directory = Buffer.concat(central);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(END_OF_CENTRAL_DIRECTORY, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...chunks, directory, end]);
}

/** Every regular file under `dir`, named `<prefix>/<path inside dir>`; symbolic links and other special files are left out. */
export async function zipFolder(dir: string, prefix: string): Promise<Buffer> {
  const entries: ZipInput[] = [];
  const walk = async (folder: string) => {
    for (const item of await readdir(folder, { withFileTypes: true })) {
      const path = join(folder, item.name);
      if (item.isDirectory()) await walk(path);
      else if (item.isFile()) {
        const [data, info] = await Promise.all([readFile(path), stat(path)]);
        entries.push({ name: `${prefix}/${relative(dir, path).split(sep).join('/')}`, data, modified: info.mtime });
      }
    }
  };
  await walk(dir);
  entries.sort((a, b) => a.name.localeCompare(b.name));
  return zip(entries);
}

/** MS-DOS time and date fields (2-second resolution, local time, 1980 at the earliest). */
function dosDateTime(when: Date): { time: number; date: number } {
  const year = Math.max(1980, when.getFullYear());
  return {
    time: (when.getHours() << 11) | (when.getMinutes() << 5) | Math.floor(when.getSeconds() / 2),
    date: ((year - 1980) << 9) | ((when.getMonth() + 1) << 5) | when.getDate(),
  };
}
