import { createReadStream, createWriteStream } from 'node:fs';
import { readdir, rename, rm, stat } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import yazl from 'yazl';

/**
 * Zips a session folder with yazl: files stream from disk into the archive (never all in memory), which switches to
 * ZIP64 by itself when an entry, the archive or the number of entries outgrows the classic format.
 */

/** Already-compressed artifacts (screenshots, gzip'd snapshots) gain nothing from deflate: they are stored as they are. */
const COMPRESSED = /\.(jpe?g|png|webp|gif|gz|zip)$/i;

/**
 * Writes every regular file under `dir` into a ZIP at `path`, named `<prefix>/<path inside dir>`; symbolic links and
 * other special files are left out. The archive is written beside `path` and renamed into place, so a failure leaves no
 * half-written file. Returns the archive's size in bytes.
 */
export async function zipFolder(dir: string, prefix: string, path: string): Promise<number> {
  const archive = new yazl.ZipFile();
  const files = await filesUnder(dir);
  // Each file is read up to the size it had when listed: a live session's events.jsonl keeps growing meanwhile.
  const sizes = await Promise.all(files.map(file => stat(file)));
  files.forEach((file, i) => {
    const { mtime, size } = sizes[i];
    const name = `${prefix}/${relative(dir, file).split(sep).join('/')}`;
    const options = { mtime, mode: 0o100644, compress: !COMPRESSED.test(file) };
    // Nothing to deflate in an empty file (and yazl would run a deflate job for each).
    if (size === 0) archive.addBuffer(Buffer.alloc(0), name, { ...options, compress: false });
    else
      archive.addReadStreamLazy(name, { ...options, size }, done =>
        done(null, createReadStream(file, { end: size - 1 })),
      );
  });
  // A file that cannot be read fails the archive (yazl reports it on the ZipFile), and so the pipeline below.
  archive.once('error', error => (archive.outputStream as Readable).destroy(error));
  archive.end();
  const partial = `${path}.partial`;
  try {
    await pipeline(archive.outputStream, createWriteStream(partial));
    await rename(partial, path);
  } catch (error) {
    await rm(partial, { force: true });
    throw error;
  }
  return (await stat(path)).size;
}

/** The regular files under `dir`, sorted by path so an archive lists a folder the same way each time. */
async function filesUnder(dir: string): Promise<string[]> {
  const files: string[] = [];
  const walk = async (folder: string) => {
    for (const item of await readdir(folder, { withFileTypes: true })) {
      const path = join(folder, item.name);
      if (item.isDirectory()) await walk(path);
      else if (item.isFile()) files.push(path);
    }
  };
  await walk(dir);
  return files.sort((a, b) => a.localeCompare(b));
}
