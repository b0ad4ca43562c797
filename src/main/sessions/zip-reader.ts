import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, isAbsolute, resolve, sep } from 'node:path';
import { crc32, inflateRawSync } from 'node:zlib';

/**
 * Reads ZIP archives someone else made (a shared session), so nothing in one is trusted: sizes, counts and names are
 * checked before anything is inflated or written, and no entry may land outside the target folder.
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
  method: number;
  compressedSize: number;
  size: number;
  crc: number;
  /** Where its local header starts. */
  offset: number;
}

const LOCAL_HEADER = 0x04034b50;
const CENTRAL_HEADER = 0x02014b50;
const END_OF_CENTRAL_DIRECTORY = 0x06054b50;
const MAX_COMMENT = 0xffff;
const S_IFMT = 0o170000;
const S_IFLNK = 0o120000;

export class ZipError extends Error {}

/** The archive's entries, from its central directory; throws a ZipError naming the problem. */
export function readEntries(archive: Buffer, limits: ZipLimits): ZipEntry[] {
  const end = findEnd(archive);
  const count = archive.readUInt16LE(end + 10);
  const size = archive.readUInt32LE(end + 12);
  const start = archive.readUInt32LE(end + 16);
  if (count === 0xffff || size === 0xffffffff || start === 0xffffffff) throw new ZipError('ZIP64 archives are not supported.');
  if (count > limits.maxEntries) throw new ZipError(`The archive has ${count} entries; at most ${limits.maxEntries} are accepted.`);
  if (start + size > end) throw new ZipError('The archive is damaged: its central directory lies outside it.');
  const entries: ZipEntry[] = [];
  let total = 0;
  let at = start;
  for (let i = 0; i < count; i++) {
    if (at + 46 > end || archive.readUInt32LE(at) !== CENTRAL_HEADER) throw new ZipError('The archive is damaged: a central directory entry is missing.');
    const flags = archive.readUInt16LE(at + 8);
    const method = archive.readUInt16LE(at + 10);
    const crc = archive.readUInt32LE(at + 16);
    const compressedSize = archive.readUInt32LE(at + 20);
    const entrySize = archive.readUInt32LE(at + 24);
    const nameLength = archive.readUInt16LE(at + 28);
    const extraLength = archive.readUInt16LE(at + 30);
    const commentLength = archive.readUInt16LE(at + 32);
    const madeBy = archive.readUInt16LE(at + 4) >> 8;
    const external = archive.readUInt32LE(at + 38);
    const offset = archive.readUInt32LE(at + 42);
    const raw = archive.subarray(at + 46, at + 46 + nameLength).toString((flags & 0x0800) ? 'utf8' : 'latin1');
    at += 46 + nameLength + extraLength + commentLength;
    if (flags & 0x0001) throw new ZipError(`${raw} is encrypted.`);
    if (madeBy === 3 && ((external >>> 16) & S_IFMT) === S_IFLNK) throw new ZipError(`${raw} is a symbolic link; archives with links are refused.`);
    const name = checkedName(raw);
    const directory = name.endsWith('/');
    if (!directory && method !== 0 && method !== 8) throw new ZipError(`${name} uses compression method ${method}; only stored and deflated entries are supported.`);
    total += entrySize;
    if (total > limits.maxTotalBytes) throw new ZipError(`The archive unpacks to more than ${Math.round(limits.maxTotalBytes / 2 ** 20)} MB.`);
    entries.push({ name, directory, method, compressedSize, size: entrySize, crc, offset });
  }
  return entries;
}

/** One entry's content, inflated and checked against its CRC. */
export function entryData(archive: Buffer, entry: ZipEntry): Buffer {
  const at = entry.offset;
  if (at + 30 > archive.length || archive.readUInt32LE(at) !== LOCAL_HEADER) throw new ZipError(`The archive is damaged: no local header for ${entry.name}.`);
  const dataStart = at + 30 + archive.readUInt16LE(at + 26) + archive.readUInt16LE(at + 28);
  if (dataStart + entry.compressedSize > archive.length) throw new ZipError(`The archive is damaged: ${entry.name} is cut short.`);
  const body = archive.subarray(dataStart, dataStart + entry.compressedSize);
  let data: Buffer;
  try {
    // Inflating never makes more than the declared size: a "zip bomb" stops there.
    data = entry.method === 0 ? body : inflateRawSync(body, { maxOutputLength: Math.max(1, entry.size) });
  } catch (error) {
    throw new ZipError(`${entry.name} does not inflate: ${(error as Error).message}`);
  }
  if (data.length !== entry.size || crc32(data) !== entry.crc) throw new ZipError(`${entry.name} is damaged (size or CRC mismatch).`);
  return data;
}

/** Writes every entry under `target` (which must exist or be creatable); returns the files written, by entry name. */
export async function extractZip(archive: Buffer, target: string, limits: ZipLimits): Promise<string[]> {
  const root = resolve(target);
  const entries = readEntries(archive, limits);
  const written: string[] = [];
  for (const entry of entries) {
    const path = resolve(root, entry.name);
    // checkedName already refuses `..` and absolute names; this is the belt to those braces.
    if (path !== root && !path.startsWith(root + sep)) throw new ZipError(`${entry.name} would be written outside the target folder.`);
    if (entry.directory) {
      await mkdir(path, { recursive: true });
      continue;
    }
    const data = entryData(archive, entry);
    await mkdir(dirname(path), { recursive: true });
    await writeFile(path, data, { flag: 'wx' });
    written.push(entry.name);
  }
  return written;
}

function findEnd(archive: Buffer): number {
  const lowest = Math.max(0, archive.length - 22 - MAX_COMMENT);
  for (let at = archive.length - 22; at >= lowest; at--) {
    if (archive.readUInt32LE(at) === END_OF_CENTRAL_DIRECTORY) return at;
  }
  throw new ZipError('Not a ZIP archive (no end of central directory record).');
}

/** The entry name with `\` read as `/`; refuses absolute paths, drive letters, `..`, empty segments and control characters. */
export function checkedName(raw: string): string {
  const name = raw.replace(/\\/g, '/');
  // eslint-disable-next-line no-control-regex
  if (!name || /[\u0000-\u001f]/.test(name)) throw new ZipError(`An entry has an invalid name: ${JSON.stringify(raw)}.`);
  if (name.startsWith('/') || isAbsolute(name) || /^[a-zA-Z]:/.test(name)) throw new ZipError(`${raw} is an absolute path.`);
  const segments = name.replace(/\/$/, '').split('/');
  if (segments.some(segment => segment === '..' || segment === '.' || segment === '')) throw new ZipError(`${raw} escapes the folder it is extracted to, or is malformed.`);
  return name;
}
