import { open, realpath, readdir, readFile, stat } from 'node:fs/promises';
import { isAbsolute, join, relative, sep } from 'node:path';
import type { StateFile, StateFileList } from '../../shared/bridge';
import {
  byStateOrder,
  cappedText,
  languageOf,
  MAX_BYTES,
  RecordedState,
  type StateStep,
  type StateTexts,
} from '../../shared/recorded-state';
import type { RecordedSession } from '../sessions/session-reader';
import { diffFileName } from '../dom-state/writer';

/**
 * A live session's Browser State folder on disk. Every read is confined to it: the requested path must be relative,
 * and its real path (symlinks resolved) must lie inside the folder's real path.
 */
export class StateFolder {
  constructor(private readonly dir: string) {}

  async list(): Promise<StateFileList> {
    let root: string;
    try {
      root = await realpath(this.dir);
    } catch {
      return {
        files: [],
        note: 'No Browser State files yet: they are written after the first tool call that reads the page.',
      };
    }
    const files: StateFileList['files'] = [];
    const walk = async (dir: string) => {
      for (const entry of await readdir(dir, { withFileTypes: true })) {
        const path = join(dir, entry.name);
        if (entry.isDirectory()) await walk(path);
        // Atomic writes leave `.tmp` files for an instant; they are not state.
        else if (entry.isFile() && !entry.name.endsWith('.tmp'))
          files.push({ path: relative(root, path).split(sep).join('/'), bytes: (await stat(path)).size });
      }
    };
    await walk(root);
    return { files: files.sort(byStateOrder) };
  }

  async read(path: string): Promise<StateFile> {
    if (isAbsolute(path) || path.includes('\0'))
      throw new Error(`"${path}" is not a path inside the session's Browser State folder.`);
    const root = await realpath(this.dir).catch(() => {
      throw new Error('This session has no Browser State folder yet.');
    });
    const resolved = await realpath(join(root, path)).catch(() => {
      throw new Error(`No file "${path}" in the session's Browser State folder.`);
    });
    if (resolved !== root && !resolved.startsWith(root + sep))
      throw new Error(`"${path}" is outside the session's Browser State folder; only its own files can be read.`);
    const info = await stat(resolved);
    if (!info.isFile()) throw new Error(`"${path}" is a folder, not a file.`);
    return { path, language: languageOf(path), bytes: info.size, ...(await readCapped(resolved, info.size)) };
  }
}

/** A recorded session's Browser State steps and their texts (shared/recorded-state.ts), from its artifacts. */
export function stateSourceOf(session: RecordedSession): { steps: StateStep[]; texts: StateTexts } {
  const bySeq = new Map(session.steps.map(step => [step.seq, step]));
  const step = (at: number) => bySeq.get(at)!;
  return {
    steps: session.steps.map(({ seq, tool, args, artifacts }) => ({
      seq,
      dom: !!artifacts.dom,
      aria: !!artifacts.aria,
      ...(artifacts.domDiff !== undefined && { diffFile: diffFileName(seq, tool, args) }),
    })),
    texts: {
      dom: at => session.dom(step(at)),
      aria: at => session.ariaSnapshot(step(at)),
      domDiff: at => session.domStateDiff(step(at)),
    },
  };
}

/** A recorded session's Browser State as of a step. */
export function recordedState(session: RecordedSession, seq: number): RecordedState {
  const { steps, texts } = stateSourceOf(session);
  return new RecordedState(steps, texts, seq);
}

/** The first MAX_BYTES of a file, read without loading the rest. */
async function readCapped(file: string, size: number) {
  if (size <= MAX_BYTES) return { text: await readFile(file, 'utf8'), truncated: false };
  const handle = await open(file, 'r');
  try {
    const head = Buffer.alloc(MAX_BYTES);
    const { bytesRead } = await handle.read(head, 0, MAX_BYTES, 0);
    return cappedText(head.subarray(0, bytesRead), true);
  } finally {
    await handle.close();
  }
}
