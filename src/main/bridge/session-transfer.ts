import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { appendFile, mkdir, mkdtemp, open, rename, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { ARTIFACTS_DIR, EVENTS_FILE, META_FILE } from '../sessions/format';
import { SPANS_FILE } from '../sessions/spans-file';
import { openSession } from '../sessions/session-reader';
import { openZip, ZipError, type ZipArchive, type ZipLimits } from '../sessions/zip-reader';
import { zipFolder } from '../sessions/zip-writer';

/** Largest session archive accepted, and what it may unpack to. */
export const MAX_IMPORT_BYTES = 256 * 2 ** 20;
const LIMITS: ZipLimits = { maxEntries: 20_000, maxTotalBytes: 1024 * 2 ** 20 };
/** Bytes per chunk both ways: base64 of it stays well under the WebSocket's 1 MB request limit. */
export const CHUNK_BYTES = 512 * 1024;
/** Transfers nobody finished are dropped after this long. */
const STALE_MS = 10 * 60_000;
/** Files a session archive may hold besides session.json, events.jsonl and artifacts/ (left by archivers; ignored). */
const IGNORED = /(^|\/)(__MACOSX\/|\.DS_Store$|Thumbs\.db$)/;

/** An archive on disk, in transit: a zipped session being downloaded, or an upload being received. */
interface Transfer {
  path: string;
  size: number;
  touched: number;
}
interface Download extends Transfer {
  fileName: string;
}
interface Upload extends Transfer {
  name: string;
  received: number;
}

/** The archive a session folder is saved as. */
export const zipFileName = (dir: string) => `${basename(dir)}.zip`;

/**
 * Moving sessions in and out of the inspector as ZIP archives, in chunks so that neither the WebSocket nor IPC carries
 * one huge message: a session folder zipped for download, and an uploaded archive checked and unpacked into a folder
 * the inspector then lists. Archives in transit are files in the temp folder, never whole in memory.
 */
export class SessionTransfers {
  private readonly downloads = new Map<string, Download>();
  private readonly uploads = new Map<string, Upload>();

  /** `importRoot`: where uploaded sessions are unpacked (the recording folder, or a scratch folder when there is none). */
  constructor(private readonly importRoot?: string) {}

  /** Zips a session folder; the archive is then read with `read`. */
  async zip(dir: string): Promise<{ transferId: string; fileName: string; size: number }> {
    this.expire();
    const transferId = randomUUID();
    const path = transferFile('download', transferId);
    const size = await zipFolder(dir, basename(dir), path);
    const fileName = zipFileName(dir);
    this.downloads.set(transferId, { path, size, fileName, touched: Date.now() });
    return { transferId, fileName, size };
  }

  /** Zips a session folder straight into `path` (the app's save dialog, a test). */
  async saveZip(dir: string, path: string): Promise<void> {
    await zipFolder(dir, basename(dir), path);
  }

  /** A chunk of a zipped session; the transfer is forgotten once its last chunk was read. */
  async read(transferId: string, offset: number): Promise<{ base64: string; next?: number }> {
    const download = this.downloads.get(transferId);
    if (!download)
      throw new Error(`No download ${transferId}: it finished, or expired after ${STALE_MS / 60_000} minutes.`);
    if (offset > download.size)
      throw new Error(`offset ${offset} is past the end of the archive (${download.size} bytes).`);
    download.touched = Date.now();
    const end = Math.min(download.size, offset + CHUNK_BYTES);
    const chunk = Buffer.alloc(end - offset);
    const file = await open(download.path, 'r');
    try {
      await file.read(chunk, 0, chunk.length, offset);
    } finally {
      await file.close();
    }
    if (end === download.size) this.drop(this.downloads, transferId);
    return { base64: chunk.toString('base64'), ...(end < download.size && { next: end }) };
  }

  async beginUpload(name: string, size: number): Promise<{ uploadId: string; chunkBytes: number }> {
    this.expire();
    if (!name.toLowerCase().endsWith('.zip'))
      throw new Error(`${name} is not a .zip archive: drop a session folder's .zip, or open the folder itself.`);
    if (size > MAX_IMPORT_BYTES)
      throw new Error(
        `${name} is ${Math.round(size / 2 ** 20)} MB; session archives up to ${MAX_IMPORT_BYTES / 2 ** 20} MB are accepted.`,
      );
    const uploadId = randomUUID();
    const path = transferFile('upload', uploadId);
    await writeFile(path, '');
    this.uploads.set(uploadId, { path, name, size, received: 0, touched: Date.now() });
    return { uploadId, chunkBytes: CHUNK_BYTES };
  }

  async uploadChunk(uploadId: string, offset: number, base64: string): Promise<{ received: number }> {
    const upload = this.upload(uploadId);
    if (offset !== upload.received)
      throw new Error(`Expected the chunk at offset ${upload.received}, got one at ${offset}.`);
    const chunk = Buffer.from(base64, 'base64');
    if (upload.received + chunk.length > upload.size)
      throw new Error(`More data than the ${upload.size} bytes announced.`);
    // Counted before the write, so a chunk sent twice at once is refused by the offset check above.
    upload.received += chunk.length;
    upload.touched = Date.now();
    try {
      await appendFile(upload.path, chunk);
    } catch (error) {
      this.drop(this.uploads, uploadId);
      throw error;
    }
    return { received: upload.received };
  }

  /** Checks and unpacks the uploaded archive; returns the session folder it became. */
  async finishUpload(uploadId: string): Promise<string> {
    const upload = this.upload(uploadId);
    this.uploads.delete(uploadId);
    try {
      if (upload.received !== upload.size)
        throw new Error(`The upload is incomplete: ${upload.received} of ${upload.size} bytes.`);
      return await this.importArchive(upload.path, upload.name);
    } finally {
      await rm(upload.path, { force: true });
    }
  }

  /** A .zip on this machine (the path input, the app's open dialog, the CLI). */
  async importFile(path: string): Promise<string> {
    const info = await stat(path);
    if (info.size > MAX_IMPORT_BYTES)
      throw new Error(
        `${basename(path)} is ${Math.round(info.size / 2 ** 20)} MB; session archives up to ${MAX_IMPORT_BYTES / 2 ** 20} MB are accepted.`,
      );
    return this.importArchive(path, basename(path));
  }

  /** Removes the archives still in transit (the inspector is closing). */
  async close(): Promise<void> {
    const transfers = [...this.downloads.values(), ...this.uploads.values()];
    this.downloads.clear();
    this.uploads.clear();
    await Promise.all(transfers.map(transfer => rm(transfer.path, { force: true })));
  }

  /**
   * Unpacks a session archive into a staging folder under the import root and moves its session folder beside the
   * others. The archive must hold exactly one session (session.json, events.jsonl, artifacts/) and nothing else.
   */
  private async importArchive(path: string, name: string): Promise<string> {
    const archive = await openZip(path, LIMITS);
    try {
      return await this.unpackSession(archive, name);
    } finally {
      archive.close();
    }
  }

  private async unpackSession(archive: ZipArchive, name: string): Promise<string> {
    const entries = archive.entries.filter(entry => !IGNORED.test(entry.name));
    const metas = entries.filter(entry => entry.name === META_FILE || entry.name.endsWith(`/${META_FILE}`));
    if (metas.length !== 1)
      throw new ZipError(
        `${name} holds ${metas.length ? `${metas.length} sessions` : 'no session (no session.json)'}; one session per archive.`,
      );
    const prefix = metas[0].name.slice(0, -META_FILE.length);
    if (prefix.split('/').length > 2)
      throw new ZipError(`${name}: session.json must be at the top of the archive or in its one folder.`);
    for (const entry of entries) {
      const inside = entry.name.slice(prefix.length);
      const allowed =
        entry.name.startsWith(prefix) &&
        (inside === '' ||
          inside === META_FILE ||
          inside === EVENTS_FILE ||
          inside === SPANS_FILE ||
          inside === `${ARTIFACTS_DIR}/` ||
          inside.startsWith(`${ARTIFACTS_DIR}/`));
      if (!allowed) throw new ZipError(`${name} holds ${entry.name}, which is not part of a session folder.`);
    }
    if (!entries.some(entry => entry.name === `${prefix}${EVENTS_FILE}`))
      throw new ZipError(`${name} has no ${EVENTS_FILE}.`);

    const root = this.importRoot ?? join(tmpdir(), 'agent-inspector-imports');
    await mkdir(root, { recursive: true });
    // Dot-named, so the session list never mistakes a half-unpacked archive for a session; renamed into place only
    // once every entry passed its CRC and the folder opens as a session, and removed whatever happens.
    const staging = await mkdtemp(join(root, '.import-'));
    try {
      await archive.extract(staging, entries);
      const unpacked = join(staging, prefix);
      await openSession(unpacked);
      const target = freeName(root, safeFolderName(prefix.replace(/\/$/, '') || name.replace(/\.zip$/i, '')));
      await rename(unpacked, target);
      return target;
    } finally {
      await rm(staging, { recursive: true, force: true });
    }
  }

  private upload(uploadId: string): Upload {
    const upload = this.uploads.get(uploadId);
    if (!upload) throw new Error(`No upload ${uploadId}: it finished, failed, or expired.`);
    return upload;
  }

  private expire() {
    const stale = Date.now() - STALE_MS;
    for (const [id, download] of this.downloads) if (download.touched < stale) this.drop(this.downloads, id);
    for (const [id, upload] of this.uploads) if (upload.touched < stale) this.drop(this.uploads, id);
  }

  /** Forgets a transfer and removes its file; nobody waits on that (a file left in the temp folder harms no one). */
  private drop(transfers: Map<string, Transfer>, id: string) {
    const path = transfers.get(id)?.path;
    transfers.delete(id);
    if (path) rm(path, { force: true }).catch(() => {});
  }
}

/** A folder name from an archive: letters, digits, `-`, `_` and `.` only, never starting with a dot. */
const safeFolderName = (name: string) =>
  name
    .replace(/[^\w.-]+/g, '-')
    .replace(/^[.-]+/, '')
    .slice(0, 100) || 'session';

/** Where an archive in transit is kept, by its transfer id. */
const transferFile = (kind: 'download' | 'upload', id: string) => join(tmpdir(), `agent-inspector-${kind}-${id}.zip`);

function freeName(root: string, name: string): string {
  let candidate = join(root, name);
  for (let n = 2; existsSync(candidate); n++) candidate = join(root, `${name}-${n}`);
  return candidate;
}
