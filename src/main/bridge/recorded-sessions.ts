import { readdir, stat } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { EVENTS_FILE } from '../sessions/format';
import {
  listSessions,
  openSession,
  summaryOf,
  type RecordedSession,
  type SessionSummary,
} from '../sessions/session-reader';

/** Opened sessions kept parsed; reopening a 500-step session costs a JSONL parse, so a few are worth keeping. */
const CACHE_SIZE = 4;

/**
 * The recorded sessions the UI can open: those under the recording folder, plus folders opened by hand. The UI names
 * a session by its id only, never by path, so it can open nothing but what is listed here.
 */
export class RecordedSessions {
  private readonly dirs = new Map<string, string>();
  private readonly extraDirs = new Set<string>();
  private readonly cache = new Map<string, { session: RecordedSession; version: string }>();

  constructor(private readonly root?: string) {}

  async list(): Promise<SessionSummary[]> {
    const underRoot = this.root ? await listSessions(this.root) : [];
    const extra = await Promise.all([...this.extraDirs].map(dir => summaryOf(dir).catch(() => undefined)));
    const all = [
      ...underRoot,
      ...extra.filter((s): s is SessionSummary => !!s && !underRoot.some(r => r.meta.id === s.meta.id)),
    ];
    for (const summary of all) this.dirs.set(summary.meta.id, summary.dir);
    return all.sort((a, b) => b.meta.startedAt - a.meta.startedAt);
  }

  /** The folders that may hold sessions, without reading them: the recording folder's subfolders and those opened by hand. */
  async folders(): Promise<string[]> {
    const root = this.root;
    const entries = root ? await readdir(root, { withFileTypes: true }).catch(() => []) : [];
    return [...entries.filter(entry => entry.isDirectory()).map(entry => join(root!, entry.name)), ...this.extraDirs];
  }

  /** Registers a session folder opened by hand; throws with the reader's message when it is not a session. */
  async add(dir: string): Promise<string> {
    const session = await openSession(resolve(dir));
    this.extraDirs.add(session.dir);
    this.dirs.set(session.meta.id, session.dir);
    return session.meta.id;
  }

  async open(id: string): Promise<RecordedSession> {
    if (!this.dirs.has(id)) await this.list();
    const dir = this.dirs.get(id);
    if (!dir)
      throw new Error(
        `No session with id "${id}": it is neither running nor recorded in a folder the inspector knows.`,
      );
    // A session still being written (by a crashed or other process) is read again when its log grew.
    const version = await stat(join(dir, EVENTS_FILE)).then(
      s => `${s.size}:${s.mtimeMs}`,
      () => '',
    );
    const cached = this.cache.get(id);
    if (cached && cached.version === version) {
      this.cache.delete(id);
      this.cache.set(id, cached);
      return cached.session;
    }
    const session = await openSession(dir);
    this.cache.set(id, { session, version });
    if (this.cache.size > CACHE_SIZE) this.cache.delete(this.cache.keys().next().value!);
    return session;
  }
}
