import type { Breakpoint, DebuggerState, SessionDebugState } from '../../shared/debugger';
import type { DebugConfig } from '../config';
import type { EventBus } from '../events/bus';
import type { AnnotationAnswer, PersonDesk } from '../mcp/person-desk';
import { NoPersonError } from '../mcp/person-desk';
import type { ToolHost } from '../mcp/tool-host';
import { Breakpoints } from './breakpoints';
import { DebuggedSession, type DebugHub } from './debugged-session';
import { describeHumanStep } from './takeover';

/** What the UI hears of the debugger (BridgeHost forwards it). */
export type DebuggerChange =
  | { type: 'debug'; sessionId: string; state: SessionDebugState }
  | { type: 'breakpoints'; breakpoints: Breakpoint[] };

/**
 * The live debugger of one inspector process: every session's stage (see DebuggedSession), the breakpoints, and the
 * commands the UI sends through the bridge. Held calls and their release go on the event spine, so the recording,
 * the timeline and a viewer see the same thing.
 */
export class Debugger implements DebugHub {
  readonly breakpoints: Breakpoints;
  readonly pauseTimeoutMs: number;
  private readonly sessions = new Map<string, DebuggedSession>();
  private readonly listeners = new Set<(change: DebuggerChange) => void>();
  private watchers = 0;
  private readonly unsubscribe: () => void;

  constructor(
    private readonly bus: EventBus,
    private readonly options: DebugConfig,
  ) {
    this.pauseTimeoutMs = options.pauseTimeoutMs;
    this.breakpoints = new Breakpoints(breakpoints => this.emit({ type: 'breakpoints', breakpoints }));
    for (const condition of options.pauseOn) this.breakpoints.add(condition, { fromFlag: true });
    this.unsubscribe = bus.subscribe(event => {
      if (event.type === 'tool-call' && event.actor === 'human')
        this.sessions.get(event.sessionId)?.noteHumanStep(describeHumanStep(event));
      else if (event.type === 'session-ended') this.ended(event.sessionId);
    });
  }

  /** The session's calls, seen through the debugger. `takeover`: a person's steps in its browser are captured. */
  wrap(session: ToolHost, takeover: boolean): ToolHost {
    const debugged = new DebuggedSession(session, this, { pauseOnStart: this.options.pauseOnStart, takeover });
    this.sessions.set(session.id, debugged);
    this.changed(debugged);
    return debugged;
  }

  /** Where the session's tools reach a person (made before the session is wrapped, so it finds it by id). */
  deskFor(sessionId: string): PersonDesk {
    return {
      annotate: page => {
        const session = this.sessions.get(sessionId);
        if (!session) throw new NoPersonError('No person is watching this session in the inspector.');
        return session.desk.annotate(page);
      },
    };
  }

  /** A UI is open while this is held: only then is there someone to ask. */
  watch(): () => void {
    this.watchers++;
    let done = false;
    return () => {
      if (!done) this.watchers--;
      done = true;
    };
  }

  watched(): boolean {
    return this.watchers > 0;
  }

  subscribe(listener: (change: DebuggerChange) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  state(): DebuggerState {
    return {
      sessions: Object.fromEntries([...this.sessions].map(([id, session]) => [id, session.state()])),
      breakpoints: this.breakpoints.list(),
      pauseTimeoutMs: this.pauseTimeoutMs,
      pauseOnStart: this.options.pauseOnStart,
    };
  }

  /** A live session of this process, by id; refused with a reason when there is none. */
  session(id: string): DebuggedSession {
    const session = this.sessions.get(id);
    if (!session) throw new Error(`Session ${id} is not running in this inspector: only a live session can be paused.`);
    return session;
  }

  submitAnnotation(sessionId: string, requestId: string, answer: AnnotationAnswer): SessionDebugState {
    const session = this.session(sessionId);
    session.desk.submit(requestId, answer);
    return session.state();
  }

  cancelAnnotation(sessionId: string, requestId: string): SessionDebugState {
    const session = this.session(sessionId);
    session.desk.cancel(requestId);
    return session.state();
  }

  /** An ended session holds nothing and waits for nothing: the UI is told so once. */
  private ended(sessionId: string) {
    const session = this.sessions.get(sessionId);
    if (!session) return;
    this.sessions.delete(sessionId);
    this.emit({ type: 'debug', sessionId, state: { paused: false, takeover: session.takeover } });
  }

  publish(event: Parameters<DebugHub['publish']>[0]): void {
    void this.bus.publish(event);
  }

  changed(session: DebuggedSession): void {
    this.emit({ type: 'debug', sessionId: session.id, state: session.state() });
  }

  close(): void {
    this.unsubscribe();
    this.listeners.clear();
  }

  private emit(change: DebuggerChange) {
    for (const listener of this.listeners) {
      try {
        listener(change);
      } catch (error) {
        console.error('[debugger] a subscriber failed:', error);
      }
    }
  }
}
