import type { OpenedSession, SessionInfo } from '../../shared/bridge';
import { SESSION_FORMAT, SESSION_VERSION, type SessionMeta } from '../sessions/format';
import type { SessionRecorder } from '../sessions/recorder';
import { openSession, RecordedSession } from '../sessions/session-reader';
import { VERSION } from '../version';
import type { LiveSession, LiveSessions } from './live-sessions';
import type { RecordedSessions } from './recorded-sessions';
import { summarize } from './summaries';

/**
 * The sessions the UI lists and opens: those running in this process (their events) and those recorded in the
 * session folders, as one catalogue.
 */
export class SessionCatalog {
  constructor(
    private readonly live: LiveSessions,
    private readonly recorded: RecordedSessions,
    /** Where live sessions are being recorded, when they are. */
    private readonly recorder: SessionRecorder | undefined,
  ) {}

  /** A session running in this process, as the UI lists it. */
  private liveInfo(session: LiveSession): SessionInfo {
    const { started, steps } = session;
    return {
      id: started.sessionId,
      live: true,
      running: session.endedAt === undefined,
      transport: started.transport,
      clientName: started.clientName,
      startedAt: started.time,
      steps: steps.length,
      url: steps.findLast(step => step.url)?.url,
      dir: this.recorder?.folderOf(started.sessionId),
      ...(started.forkOf && { forkOf: started.forkOf }),
      ...(session.recordingFailed && { recordingFailed: session.recordingFailed }),
    };
  }

  /** Every session, newest first: a live one stands for its own recording. */
  async list(): Promise<SessionInfo[]> {
    const live = this.live.all().map(session => this.liveInfo(session));
    const liveIds = new Set(live.map(session => session.id));
    const recorded = (await this.recorded.list())
      .filter(summary => !liveIds.has(summary.meta.id))
      .map(
        (summary): SessionInfo => ({
          id: summary.meta.id,
          live: false,
          running: !summary.complete,
          transport: summary.meta.transport,
          clientName: summary.meta.clientName,
          startedAt: summary.meta.startedAt,
          steps: summary.steps,
          url: summary.url,
          dir: summary.dir,
          stats: summary.stats,
          ...(summary.meta.forkOf && { forkOf: summary.meta.forkOf }),
        }),
      );
    return [...live, ...recorded].sort((a, b) => b.startedAt - a.startedAt);
  }

  /** A session and its steps, live or recorded. */
  async open(id: string): Promise<OpenedSession> {
    const live = this.live.get(id);
    if (live)
      return {
        session: this.liveInfo(live),
        steps: live.steps.map(step => summarize(step, live.tokens.get(step.seq))),
        warnings: [],
      };
    const recorded = await this.recorded.open(id);
    const steps = recorded.steps;
    return {
      session: {
        id,
        live: false,
        running: !recorded.complete,
        transport: recorded.meta.transport,
        clientName: recorded.meta.clientName,
        startedAt: recorded.meta.startedAt,
        steps: steps.length,
        url: steps.findLast(step => step.url)?.url,
        dir: recorded.dir,
        ...(recorded.meta.forkOf && { forkOf: recorded.meta.forkOf }),
      },
      steps: steps.map(step => summarize(step, recorded.tokens.get(step.seq))),
      warnings: recorded.warnings,
    };
  }

  /** Any session as a recording: a live one from its folder (flushed first) or, when not recorded, from memory. */
  async recordingOf(id: string): Promise<RecordedSession> {
    const live = this.live.get(id);
    const folder = this.recorder?.folderOf(id);
    let session: RecordedSession;
    if (live && folder) {
      await this.recorder!.flush();
      session = await openSession(folder);
    } else if (live) {
      // Not recorded: the same spec from the events in memory (export reads only steps' fields and the start time).
      const { started } = live;
      const meta: SessionMeta = {
        format: SESSION_FORMAT,
        version: SESSION_VERSION,
        id,
        startedAt: started.time,
        transport: started.transport,
        writer: `agent-inspector ${VERSION}`,
      };
      session = new RecordedSession(
        '',
        meta,
        live.steps.map(step => ({ ...step, artifacts: {} })),
        [],
      );
    } else {
      session = await this.recorded.open(id);
    }
    return session;
  }
}
