import type { InspectorEvent, NegotiationRoundEvent, SessionStartedEvent, ToolCallEvent } from '../../shared/events';
import type { StepTokens } from '../../shared/tokens';
import type { EventBus } from '../events/bus';
import { activityChars } from './step-activity';

export interface LiveSession {
  started: SessionStartedEvent;
  endedAt?: number;
  /** In seq order; the oldest lose their heavy fields (see MAX_HEAVY_CHARS) but keep their place. */
  steps: ToolCallEvent[];
  /** Each step's token count by seq, as its `step-tokens` event arrived. */
  tokens: Map<number, StepTokens>;
  /** Negotiation rounds, each placed after the last step published before it; only the latest keep their artifacts. */
  rounds: { afterSeq: number; event: NegotiationRoundEvent }[];
  /** The last step whose console and network entries were dropped from memory (see MAX_HEAVY_CHARS). */
  activityEvictedUpTo?: number;
}

/**
 * The skeleton DOMs and screenshots negotiation rounds sent, kept in memory across all live sessions, in characters.
 * Beyond this the oldest rounds lose them (a recording keeps them all): the Negotiation tab then says so.
 */
const MAX_ROUND_ARTIFACT_CHARS = 64 * 2 ** 20;

const roundChars = (round: NegotiationRoundEvent) => (round.sent?.skeletonDom?.length ?? 0) + (round.sent?.screenshot?.base64.length ?? 0);

/**
 * Snapshots, screenshots, DOM states and console and network entries kept in memory across all live sessions, in
 * characters. Beyond this the oldest steps' artifacts are dropped (a recording keeps them all on disk), so a long
 * session (or a chatty page) cannot exhaust memory.
 */
const MAX_HEAVY_CHARS = 384 * 2 ** 20;

const heavyChars = (step: ToolCallEvent) =>
  (step.ariaSnapshot?.length ?? 0) + (step.screenshot?.base64.length ?? 0) + (step.before?.base64.length ?? 0) + (step.domState?.dom.length ?? 0)
  + activityChars(step.activity);

/** The sessions running in this process, as their events arrived on the bus: what the UI reads for live sessions. */
export class LiveSessions {
  private readonly sessions = new Map<string, LiveSession>();
  /** Steps still holding artifacts, oldest first. */
  private readonly heavy: ToolCallEvent[] = [];
  private heavyTotal = 0;
  /** Rounds still holding their artifacts, oldest first. */
  private readonly heavyRounds: NegotiationRoundEvent[] = [];
  private heavyRoundsTotal = 0;
  private readonly unsubscribe: () => void;

  constructor(bus: EventBus, onEvent: (event: InspectorEvent) => void) {
    this.unsubscribe = bus.subscribe(event => {
      this.add(event);
      onEvent(event);
    });
  }

  get(id: string): LiveSession | undefined {
    return this.sessions.get(id);
  }

  all(): LiveSession[] {
    return [...this.sessions.values()];
  }

  private add(event: InspectorEvent) {
    if (event.type === 'session-started') {
      this.sessions.set(event.sessionId, { started: event, steps: [], tokens: new Map(), rounds: [] });
      return;
    }
    const session = this.sessions.get(event.sessionId);
    if (!session) return;
    if (event.type === 'session-ended') session.endedAt = event.time;
    if (event.type === 'step-tokens') session.tokens.set(event.seq, event.tokens);
    if (event.type === 'negotiation-round') {
      this.addRound(session, event);
      return;
    }
    if (event.type !== 'tool-call') return;
    // A copy: the bus hands the same object to the recorder and the others, and eviction deletes fields from it.
    const step = { ...event };
    session.steps.push(step);
    this.heavy.push(step);
    this.heavyTotal += heavyChars(step);
    while (this.heavyTotal > MAX_HEAVY_CHARS && this.heavy.length > 1) {
      const oldest = this.heavy.shift()!;
      this.heavyTotal -= heavyChars(oldest);
      delete oldest.ariaSnapshot;
      delete oldest.screenshot;
      delete oldest.before;
      delete oldest.domState;
      if (oldest.activity) {
        delete oldest.activity;
        const owner = this.sessions.get(oldest.sessionId);
        if (owner) owner.activityEvictedUpTo = oldest.seq;
      }
    }
  }

  private addRound(session: LiveSession, event: NegotiationRoundEvent) {
    // A copy, as for steps: eviction deletes `sent` from it.
    const round = { ...event };
    session.rounds.push({ afterSeq: session.steps.at(-1)?.seq ?? 0, event: round });
    if (!round.sent) return;
    this.heavyRounds.push(round);
    this.heavyRoundsTotal += roundChars(round);
    while (this.heavyRoundsTotal > MAX_ROUND_ARTIFACT_CHARS && this.heavyRounds.length > 1) {
      const oldest = this.heavyRounds.shift()!;
      this.heavyRoundsTotal -= roundChars(oldest);
      delete oldest.sent;
    }
  }

  close() {
    this.unsubscribe();
  }
}
