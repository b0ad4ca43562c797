import { createWriteStream } from 'node:fs';
import { mkdir, open } from 'node:fs/promises';
import { dirname, isAbsolute, resolve, sep } from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { crc32 } from 'node:zlib';
import yauzl from 'yauzl';

/**
 * Reads ZIP archives someone else made (a shared session), so nothing in one is trusted: the central directory is read
 * first (through yauzl: ZIP64, streaming from disk, inflated sizes held to the declared ones) and its counts, sizes and
 * names checked before anything is inflated or written; every entry's CRC-32 is checked as it streams, since yauzl
 * leaves that to its user.
 */

export interface ZipLimits {
  maxEntries: number;
  /** Uncompressed bytes of all entries together. */
  maxTotalBytes: number;
}

export interface ZipEntry {
  /** The entry's path, forward slashes, checked to stay inside the folder it is extracted to. */
  name: string;
  directory: boolean;
  /** Uncompressed bytes, as the central directory declares them (and the inflated data is held to). */
  size: number;
}

/** A damaged, hostile or unsupported archive; the message names what is wrong. */
export class ZipError extends Error {}

const S_IFMT = 0o170000;
const S_IFLNK = 0o120000;
const MADE_BY_UNIX = 3;
const LOCAL_HEADER = Buffer.from([0x50, 0x4b, 0x03, 0x04]);

/** Opens the archive at `path` and reads its central directory; throws a ZipError naming the problem. */
export async function openZip(path: string, limits: ZipLimits): Promise<ZipArchive> {
  const file = await yauzl
    .openPromise(path, { lazyEntries: true, autoClose: false, decodeStrings: false, validateEntrySizes: true })
    .catch(async (error: Error) => {
      throw await openError(path, error);
    });
  try {
    if (file.entryCount > limits.maxEntries)
      throw new ZipError(`The archive has ${file.entryCount} entries; at most ${limits.maxEntries} are accepted.`);
    const sources = new Map<ZipEntry, yauzl.Entry>();
    let total = 0;
    for (const raw of await centralDirectory(file)) {
      const entry = checkedEntry(raw);
      total += entry.size;
      if (total > limits.maxTotalBytes)
        throw new ZipError(
          `The archive is too large: it unpacks to more than ${Math.round(limits.maxTotalBytes / 2 ** 20)} MB.`,
        );
      sources.set(entry, raw);
    }
    return new ZipArchive(file, sources);
  } catch (error) {
    file.close();
    throw error;
  }
}

/** An open archive whose entries all passed the checks: their contents on demand. Close it when done. */
export class ZipArchive {
  /** `sources`: each checked entry's yauzl entry, in archive order. */
  constructor(
    private readonly file: yauzl.ZipFile,
    private readonly sources: Map<ZipEntry, yauzl.Entry>,
  ) {}

  get entries(): ZipEntry[] {
    return [...this.sources.keys()];
  }

  /** One entry's content in memory (for small entries), checked against its CRC. */
  async read(entry: ZipEntry): Promise<Buffer> {
    const chunks: Buffer[] = [];
    for await (const chunk of await contents(this.file, this.source(entry), entry.name)) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks);
  }

  /** Writes the entries (all by default) under `target`, created if needed; returns the files written, by entry name. */
  async extract(target: string, entries = this.entries): Promise<string[]> {
    const root = resolve(target);
    const written: string[] = [];
    for (const entry of entries) {
      const path = resolve(root, entry.name);
      // checkedName already refuses `..` and absolute names; this is the belt to those braces.
      if (path !== root && !path.startsWith(root + sep))
        throw new ZipError(`${entry.name} escapes the folder it is extracted to.`);
      if (entry.directory) {
        await mkdir(path, { recursive: true });
        continue;
      }
      await mkdir(dirname(path), { recursive: true });
      await pipeline(
        await contents(this.file, this.source(entry), entry.name),
        createWriteStream(path, { flags: 'wx' }),
      );
      written.push(entry.name);
    }
    return written;
  }

  close(): void {
    this.file.close();
  }

  private source(entry: ZipEntry): yauzl.Entry {
    const found = this.sources.get(entry);
    if (!found) throw new Error(`${entry.name} is not an entry of this archive.`);
    return found;
  }
}

/** Every central directory entry, read one at a time (lazyEntries). */
function centralDirectory(file: yauzl.ZipFile): Promise<yauzl.Entry[]> {
  return new Promise((done, fail) => {
    const entries: yauzl.Entry[] = [];
    file.on('entry', (entry: yauzl.Entry) => {
      entries.push(entry);
      file.readEntry();
    });
    file.once('end', () => done(entries));
    file.once('error', (error: Error) => fail(damaged(error)));
    file.readEntry();
  });
}

/** The entry's name, kind and size, once it is known to be a plain file or folder the reader can unpack. */
function checkedEntry(entry: yauzl.Entry): ZipEntry {
  // decodeStrings is off, so the name is still bytes: decoded as yauzl would, and checked by our rules, not yauzl's.
  const raw = yauzl.getFileNameLowLevel(
    entry.generalPurposeBitFlag,
    entry.fileName as unknown as Buffer,
    entry.extraFields,
    false,
  );
  if (entry.isEncrypted()) throw new ZipError(`${raw} is encrypted.`);
  if (entry.versionMadeBy >> 8 === MADE_BY_UNIX && ((entry.externalFileAttributes >>> 16) & S_IFMT) === S_IFLNK) {
    throw new ZipError(`${raw} is a symbolic link; archives with links are refused.`);
  }
  const name = checkedName(raw);
  const directory = name.endsWith('/');
  if (!directory && entry.compressionMethod !== 0 && entry.compressionMethod !== 8) {
    throw new ZipError(
      `${name} uses compression method ${entry.compressionMethod}; only stored and deflated entries are supported.`,
    );
  }
  return { name, directory, size: entry.uncompressedSize };
}

/** The entry's inflated bytes, failing with a ZipError when they do not match its CRC-32 or size. */
async function contents(file: yauzl.ZipFile, entry: yauzl.Entry, name: string): Promise<Readable> {
  const stream = await file.openReadStreamPromise(entry).catch((error: Error) => {
    throw damaged(error, name);
  });
  let crc = 0;
  const checked = new Transform({
    transform(chunk: Buffer, _encoding, next) {
      crc = crc32(chunk, crc);
      next(null, chunk);
    },
    flush(next) {
      next(crc === entry.crc32 ? null : new ZipError(`CRC mismatch in ${name}: the archive is damaged.`));
    },
  });
  // An inflate or size error of yauzl's stream reaches the pipeline as a ZipError too; a failed write stops the reading.
  stream.on('error', error => checked.destroy(damaged(error, name)));
  checked.on('close', () => stream.destroy());
  return stream.pipe(checked);
}

/** yauzl's error, said in terms of the archive (and the entry, when there is one). */
function damaged(error: Error, name?: string): ZipError {
  if (error instanceof ZipError) return error;
  return new ZipError(`The archive is damaged${name ? ` in ${name}` : ''}: ${error.message.replace(/\.$/, '')}.`);
}

/** Why yauzl could not open it: not a ZIP at all, one cut short (its end is where the directory lives), or damaged. */
async function openError(path: string, error: Error): Promise<Error> {
  if ((error as NodeJS.ErrnoException).code) return error;
  if (!/end of central directory record signature not found/i.test(error.message)) return damaged(error);
  const head = Buffer.alloc(LOCAL_HEADER.length);
  const handle = await open(path, 'r');
  try {
    await handle.read(head, 0, head.length, 0);
  } finally {
    await handle.close();
  }
  return head.equals(LOCAL_HEADER)
    ? new ZipError('The archive is truncated: it starts like a ZIP, but its end (the central directory) is missing.')
    : new ZipError('Not a ZIP archive (no end of central directory record).');
}

/** The entry name with `\` read as `/`; refuses absolute paths, drive letters, `..`, empty segments and control characters. */
function checkedName(raw: string): string {
  const name = raw.replace(/\\/g, '/');
  if (!name || /[\u0000-\u001f]/.test(name))
    throw new ZipError(`An entry has an invalid name: ${JSON.stringify(raw)}.`);
  if (name.startsWith('/') || isAbsolute(name) || /^[a-zA-Z]:/.test(name))
    throw new ZipError(`${raw} is an absolute path; the entry escapes the folder it is extracted to.`);
  const segments = name.replace(/\/$/, '').split('/');
  if (segments.some(segment => segment === '..' || segment === '.' || segment === ''))
    throw new ZipError(`${raw} escapes the folder it is extracted to, or is malformed.`);
  return name;
}
