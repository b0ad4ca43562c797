import type { Dirent } from 'node:fs';
import { readdir, stat, unlink } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { inside } from './workspace-paths';

/** The Browser State folder (see dom-state/): the live page the agent is pointed at, not output of a past call. */
export const BROWSER_STATE_DIR = 'browser-state';

interface OutputFile {
  path: string;
  size: number;
  mtimeMs: number;
}

/**
 * --output-max-size, as @playwright/mcp reads it: the output folder may hold this many bytes; past it, the oldest
 * files go before a write. The files the current tool call wrote stay, so a call's links all work, and a single file
 * larger than the budget clears everything else and is still written. Two kinds of folder are not output and stay
 * out of the count: the Browser State folder, and the session recordings (each folder directly in --session-dir, the
 * output folder under --save-session): a recording with steps missing cannot be opened, and the peer's session log
 * survives too (appended after each call, it is never the oldest).
 */
export class OutputBudget {
  private readonly dir: string;
  private readonly written = new Set<string>();
  private readonly spared: Spared;

  constructor(
    dir: string,
    private readonly maxBytes: number | undefined,
    sessionDir?: string,
  ) {
    this.dir = resolve(dir);
    this.spared = {
      browserState: join(this.dir, BROWSER_STATE_DIR),
      sessionDir: sessionDir === undefined ? undefined : resolve(sessionDir),
    };
  }

  /** A new tool call starts: the files of the earlier ones may go. */
  startCall(): void {
    this.written.clear();
  }

  /** Makes room for a file of `bytes` about to be written to `file`; a file outside the output folder costs nothing. */
  async admit(file: string, bytes: number): Promise<void> {
    const path = resolve(file);
    if (this.maxBytes === undefined || !inside(this.dir, path)) return;
    this.written.add(path);
    await makeRoom(this.dir, this.maxBytes, { path, bytes }, this.written, this.spared);
  }
}

/** Folders below the output folder that the budget neither counts nor empties. */
interface Spared {
  browserState: string;
  /** Every folder directly in it is a session recording. */
  sessionDir?: string;
}

/**
 * Deletes the oldest files under `dir`, never those in `keep`, until they and the `incoming` file (replacing any file
 * of its name) hold at most `maxBytes`. Paths are absolute.
 */
async function makeRoom(
  dir: string,
  maxBytes: number,
  incoming: { path: string; bytes: number },
  keep: ReadonlySet<string>,
  spared: Spared,
): Promise<void> {
  const files = (await listFiles(dir, spared)).filter(file => file.path !== incoming.path);
  let total = files.reduce((sum, file) => sum + file.size, incoming.bytes);
  if (total <= maxBytes) return;
  files.sort((a, b) => a.mtimeMs - b.mtimeMs);
  for (const file of files) {
    if (total <= maxBytes) break;
    if (keep.has(file.path)) continue;
    // As the peer does, a file that cannot be deleted (a folder's permissions) stays counted and the write goes on:
    // an old file is no reason to fail the agent's call. One already gone (deleted by a session sharing the folder)
    // frees its bytes all the same.
    const freed = await unlink(file.path).then(
      () => true,
      (error: NodeJS.ErrnoException) => error.code === 'ENOENT',
    );
    if (freed) total -= file.size;
  }
}

/** Every file below `dir`, except those in spared folders. */
async function listFiles(dir: string, spared: Spared): Promise<OutputFile[]> {
  let entries: Dirent[];
  try {
    entries = await readdir(dir, { withFileTypes: true });
  } catch {
    // No output folder yet: nothing to evict.
    return [];
  }
  const nested = await Promise.all(
    entries.map(async (entry): Promise<OutputFile[]> => {
      const path = join(dir, entry.name);
      if (entry.isDirectory())
        return path === spared.browserState || dirname(path) === spared.sessionDir ? [] : listFiles(path, spared);
      if (!entry.isFile()) return [];
      const info = await stat(path).catch(() => undefined);
      return info ? [{ path, size: info.size, mtimeMs: info.mtimeMs }] : [];
    }),
  );
  return nested.flat();
}
