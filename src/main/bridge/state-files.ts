import { open, realpath, readdir, readFile, stat } from 'node:fs/promises';
import { isAbsolute, join, relative, sep } from 'node:path';
import type { StateFile, StateFileList } from '../../shared/bridge';
import type { RecordedSession } from '../sessions/session-reader';
import { diffFileName } from '../dom-state/writer';

/** Larger files are cut at this many bytes, with a note: past a few MB an editor (and the link to it) only gets slow. */
export const MAX_BYTES = 2 * 2 ** 20;

const languageOf = (path: string): StateFile['language'] =>
  path.endsWith('.html') ? 'html' : path.endsWith('.yaml') || path.endsWith('.yml') ? 'yaml' : path.endsWith('.diff') ? 'diff' : 'plaintext';

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
      return { files: [], note: 'No Browser State files yet: they are written after the first tool call that reads the page.' };
    }
    const files: StateFileList['files'] = [];
    const walk = async (dir: string) => {
      for (const entry of await readdir(dir, { withFileTypes: true })) {
        const path = join(dir, entry.name);
        if (entry.isDirectory()) await walk(path);
        // Atomic writes leave `.tmp` files for an instant; they are not state.
        else if (entry.isFile() && !entry.name.endsWith('.tmp')) files.push({ path: relative(root, path).split(sep).join('/'), bytes: (await stat(path)).size });
      }
    };
    await walk(root);
    return { files: files.sort(byStateOrder) };
  }

  async read(path: string): Promise<StateFile> {
    if (isAbsolute(path) || path.includes('\0')) throw new Error(`"${path}" is not a path inside the session's Browser State folder.`);
    const root = await realpath(this.dir).catch(() => {
      throw new Error('This session has no Browser State folder yet.');
    });
    const resolved = await realpath(join(root, path)).catch(() => {
      throw new Error(`No file "${path}" in the session's Browser State folder.`);
    });
    if (resolved !== root && !resolved.startsWith(root + sep)) throw new Error(`"${path}" is outside the session's Browser State folder; only its own files can be read.`);
    const info = await stat(resolved);
    if (!info.isFile()) throw new Error(`"${path}" is a folder, not a file.`);
    return { path, language: languageOf(path), bytes: info.size, ...(await readCapped(resolved, info.size)) };
  }
}

/**
 * A recorded session's Browser State as of a step, rebuilt from its artifacts: dom.html and accessibility-tree.yaml
 * as they were after that step, and the DOM diffs DomState wrote up to it. Names are looked up, never joined to a path.
 */
export class RecordedState {
  constructor(private readonly session: RecordedSession, private readonly seq: number) {}

  private stepsUpTo() {
    return this.session.steps.filter(step => step.seq <= this.seq);
  }

  private files() {
    const steps = this.stepsUpTo();
    const dom = steps.findLast(step => step.artifacts.dom);
    const aria = steps.findLast(step => step.artifacts.aria);
    const entries = new Map<string, () => Promise<string | undefined>>();
    if (dom) entries.set('dom.html', () => this.session.dom(dom));
    if (aria) entries.set('accessibility-tree.yaml', () => this.session.ariaSnapshot(aria));
    for (const step of steps) {
      if (step.artifacts.domDiff !== undefined) entries.set(`diffs/${diffFileName(step.seq, step.tool, step.args)}`, () => this.session.domStateDiff(step));
    }
    return entries;
  }

  async list(): Promise<StateFileList> {
    const files = await Promise.all([...this.files()].map(async ([path, read]) => ({ path, bytes: Buffer.byteLength((await read()) ?? '') })));
    return {
      files: files.sort(byStateOrder),
      note: files.length ? `As after step ${this.seq}, rebuilt from the recording.` : 'The recording has no Browser State up to this step (DomState was off).',
    };
  }

  async read(path: string): Promise<StateFile> {
    const read = this.files().get(path);
    if (!read) throw new Error(`No file "${path}" in this session's Browser State as of step ${this.seq}.`);
    const whole = Buffer.from((await read()) ?? '');
    return { path, language: languageOf(path), bytes: whole.length, ...capped(whole) };
  }
}

/** The first MAX_BYTES of a file, read without loading the rest. */
async function readCapped(file: string, size: number) {
  if (size <= MAX_BYTES) return { text: await readFile(file, 'utf8'), truncated: false };
  const handle = await open(file, 'r');
  try {
    const head = Buffer.alloc(MAX_BYTES);
    const { bytesRead } = await handle.read(head, 0, MAX_BYTES, 0);
    return capped(head.subarray(0, bytesRead), true);
  } finally {
    await handle.close();
  }
}

/** UTF-8 text of at most MAX_BYTES; a character cut in two at the end is left out (`stream` holds its bytes back). */
function capped(data: Buffer, cut = data.length > MAX_BYTES) {
  return { text: new TextDecoder().decode(data.subarray(0, MAX_BYTES), { stream: cut }), truncated: cut };
}

/** dom.html, accessibility-tree.yaml, then the diffs in their numbered order. */
function byStateOrder(a: { path: string }, b: { path: string }): number {
  const rank = (path: string) => (path === 'dom.html' ? 0 : path === 'accessibility-tree.yaml' ? 1 : 2);
  return rank(a.path) - rank(b.path) || a.path.localeCompare(b.path, undefined, { numeric: true });
}
