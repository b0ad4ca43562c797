import { resolve, sep } from 'node:path';
import type { BridgeInput, BridgeOutput, SessionInfo } from '../../shared/bridge';

/** The bridge commands the tools read with: all of them a viewer may use, none that acts. */
export type ReadCommand =
  | 'listSessions'
  | 'openSession'
  | 'getStep'
  | 'screenshot'
  | 'stepDiff'
  | 'stepActivity'
  | 'searchSessions'
  | 'compareSessions'
  | 'export'
  | 'locatorReport';

/** Asks the inspector's bridge (main/bridge), throwing its error: the only way the tools reach the recordings. */
export type Read = <C extends ReadCommand>(command: C, input: BridgeInput<C>) => Promise<BridgeOutput<C>>;

/**
 * The recordings as the tools name them: `session` is what `export` takes (an id, a unique id prefix, the session's
 * folder or its name), looked up among the sessions the bridge lists — a folder outside them is refused, never read.
 */
export class Recordings {
  constructor(
    readonly read: Read,
    private readonly sessionDir: string | undefined,
  ) {}

  /** Recorded sessions, newest first (live ones too, in the app: they are recordings being written). */
  async list(): Promise<SessionInfo[]> {
    return [...(await this.read('listSessions', {}))].sort((a, b) => b.startedAt - a.startedAt);
  }

  async find(session: string): Promise<SessionInfo> {
    const sessions = await this.list();
    const exact = sessions.find(candidate => candidate.id === session);
    if (exact) return exact;
    const looksLikePath = session.includes('/') || session.includes(sep);
    if (looksLikePath) {
      const dir = resolve(session);
      const found = sessions.find(candidate => candidate.dir && resolve(candidate.dir) === dir);
      if (found) return found;
      throw new Error(
        `${session} is not a session folder of ${this.sessionDir ?? 'the recordings'}: only the sessions listed by inspector_list_sessions can be read.`,
      );
    }
    const named = sessions.filter(
      candidate => candidate.id.startsWith(session) || candidate.dir?.split(/[\\/]/).pop() === session,
    );
    if (named.length === 1) return named[0];
    if (named.length > 1)
      throw new Error(
        `"${session}" matches ${named.length} sessions (${named
          .slice(0, 5)
          .map(candidate => candidate.id.slice(0, 8))
          .join(', ')}…): give more of the id.`,
      );
    throw new Error(
      `No session "${session}" in ${this.sessionDir ?? 'the recordings'} (${sessions.length} there): call inspector_list_sessions for their ids.`,
    );
  }
}
