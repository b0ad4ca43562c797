import { existsSync } from 'node:fs';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, join, resolve } from 'node:path';
import { SessionTransfers } from '../bridge/session-transfer';
import { META_FILE } from '../sessions/format';
import { listSessions, type SessionSummary } from '../sessions/session-reader';

/** How `export` and `replay` are told which recording to read. */
export interface SessionChoice {
  /** The recording folder (`--session-dir`, or its environment variable): where ids and `--latest` are looked up. */
  sessionDir?: string;
  /** A session id (or a unique prefix of one, or its folder's name) under the recording folder. */
  session?: string;
  /** The newest session under the recording folder. */
  latest?: boolean;
}

export interface FoundSession {
  dir: string;
  /** Removes what was unpacked for a .zip; nothing for a folder. */
  release(): Promise<void>;
}

const isDir = async (path: string) => (await stat(path).catch(() => undefined))?.isDirectory() ?? false;
const none = async () => {};

/**
 * The session a command names: `target` may be a session folder, a session `.zip` (unpacked to a scratch folder and
 * checked like an upload), a recording folder (with `--session ID` or `--latest`), or an id under `--session-dir`.
 * Anything else is an error that says what was looked for and lists the sessions there are.
 */
export async function findSession(target: string | undefined, choice: SessionChoice): Promise<FoundSession> {
  if (target && /\.zip$/i.test(target) && existsSync(target)) {
    const root = await mkdtemp(join(tmpdir(), 'agent-inspector-zip-'));
    try {
      const dir = await new SessionTransfers(root).importFile(resolve(target));
      return { dir, release: () => rm(root, { recursive: true, force: true }) };
    } catch (error) {
      await rm(root, { recursive: true, force: true });
      throw new Error(`${target}: ${error instanceof Error ? error.message : error}`);
    }
  }
  if (target && existsSync(join(target, META_FILE))) return { dir: resolve(target), release: none };
  if (target && (await isDir(target))) return { dir: await pick(resolve(target), choice), release: none };
  if (target && (choice.session || choice.latest))
    throw new Error(`Give either a session (${target}) or --session/--latest, not both.`);
  const id = target ?? choice.session;
  if (!choice.sessionDir) {
    throw new Error(
      id
        ? `No session folder or .zip at ${id}. To find a session by id, say where recordings are: --session-dir DIR (or AGENT_INSPECTOR_SESSION_DIR).`
        : 'Which session? Give a session folder or .zip, or --session-dir DIR with --session ID or --latest.',
    );
  }
  return { dir: await pick(resolve(choice.sessionDir), { ...choice, session: id }), release: none };
}

/** A session of a recording folder, by id, id prefix or folder name, or the newest. */
async function pick(root: string, choice: SessionChoice): Promise<string> {
  const sessions = await listSessions(root);
  if (!sessions.length) throw new Error(`${root} holds no recorded sessions.`);
  if (choice.latest) return sessions[0].dir;
  if (!choice.session) {
    if (sessions.length === 1) return sessions[0].dir;
    throw new Error(
      `${root} holds ${sessions.length} sessions: name one with --session ID, or take the newest with --latest.\n${listing(sessions)}`,
    );
  }
  const wanted = choice.session;
  const exact = sessions.find(s => s.meta.id === wanted || basename(s.dir) === wanted);
  if (exact) return exact.dir;
  const prefixed = sessions.filter(s => s.meta.id.startsWith(wanted) || basename(s.dir).startsWith(wanted));
  if (prefixed.length === 1) return prefixed[0].dir;
  const why = prefixed.length
    ? `"${wanted}" starts ${prefixed.length} session ids; give more of it`
    : `No session "${wanted}" in ${root}`;
  throw new Error(`${why}. Sessions there:\n${listing(prefixed.length ? prefixed : sessions)}`);
}

/** The newest sessions first, one a line: id, start, steps, last URL — enough to choose one. */
function listing(sessions: SessionSummary[], max = 20): string {
  const lines = sessions
    .slice(0, max)
    .map(s =>
      `  ${s.meta.id}  ${new Date(s.meta.startedAt).toISOString()}  ${s.steps} step${s.steps === 1 ? '' : 's'}  ${s.url ?? ''}`.trimEnd(),
    );
  if (sessions.length > max) lines.push(`  … and ${sessions.length - max} older`);
  return lines.join('\n');
}
