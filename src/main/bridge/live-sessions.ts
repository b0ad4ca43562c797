import type { InspectorEvent, NegotiationRoundEvent, SessionStartedEvent, ToolCallEvent } from '../../shared/events';
import type { ReceivedSpan } from '../../shared/spans';
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
  /** The last step whose artifacts were dropped from memory: a recorded session's are read from its folder instead. */
  evictedUpTo?: number;
  /** The recording stopped on a failed write (see RecordingFailedEvent). */
  recordingFailed?: { reason: string; lastSeq: number };
  /** The agent's spans that came for this session (its model turns…), the latest MAX_SPANS. */
  spans: ReceivedSpan[];
}

/** Spans kept per live session: a long agent run's turns and their tool spans, not an unbounded trace. */
const MAX_SPANS = 20_000;

/**
 * The skeleton DOMs and screenshots negotiation rounds sent, kept in memory across all live sessions, in characters.
 * Beyond this the oldest rounds lose them (a recording keeps them all): the Negotiation tab then says so.
 */
const MAX_ROUND_ARTIFACT_CHARS = 64 * 2 ** 20;

const roundChars = (round: NegotiationRoundEvent) =>
  (round.sent?.skeletonDom?.length ?? 0) + (round.sent?.screenshot?.base64.length ?? 0);

/**
 * Snapshots, screenshots, DOM states and console and network entries kept in memory across all live sessions, in
 * characters. Beyond this the oldest steps' artifacts are dropped (a recording keeps them all on disk), so a long
 * session (or a chatty page) cannot exhaust memory.
 */
const MAX_HEAVY_CHARS = 384 * 2 ** 20;

/**
 * The same for each session: its latest steps' artifacts, so that every concurrent session adds a bounded amount (at
 * most 16 MB, a character taking up to two bytes), however long it runs. A step of a large real page weighs 1 to 2 M;
 * at 16 M per session, 16 sessions of 36 calls on real pages cost the server 35 MB each (bench:memory).
 */
export const MAX_SESSION_HEAVY_CHARS = 8 * 2 ** 20;

const heavyChars = (step: ToolCallEvent) =>
  (step.ariaSnapshot?.length ?? 0) +
  (step.screenshot?.base64.length ?? 0) +
  (step.before?.base64.length ?? 0) +
  (step.domState?.dom.length ?? 0) +
  (step.domState?.diff?.length ?? 0) +
  activityChars(step.activity);

/** A step in the eviction queues, with its artifacts' weight; `evicted` once they were dropped. */
interface Held {
  step: ToolCallEvent;
  chars: number;
  owner: LiveSession;
  evicted?: true;
}

/** The sessions running in this process, as their events arrived on the bus: what the UI reads for live sessions. */
export class LiveSessions {
  private readonly sessions = new Map<string, LiveSession>();
  /** Steps still holding artifacts, oldest first, across all sessions and per session. */
  private readonly held = new HeldQueue();
  private readonly heldBySession = new Map<LiveSession, HeldQueue>();
  /** Rounds still holding their artifacts, oldest first. */
  private readonly heavyRounds: NegotiationRoundEvent[] = [];
  private heavyRoundsTotal = 0;
  private readonly unsubscribe: () => void;

  /**
   * `recorded`: every session is recorded to disk (--session-dir), so an ended session's artifacts are read from its
   * folder and need not stay in memory: the server gives them back when its client leaves.
   */
  constructor(
    bus: EventBus,
    onEvent: (event: InspectorEvent) => void,
    private readonly recorded = false,
  ) {
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
      this.sessions.set(event.sessionId, { started: event, steps: [], tokens: new Map(), rounds: [], spans: [] });
      return;
    }
    const session = this.sessions.get(event.sessionId);
    if (!session) return;
    if (event.type === 'session-ended') {
      session.endedAt = event.time;
      if (this.recorded && !session.recordingFailed) this.release(session);
    }
    if (event.type === 'step-tokens') session.tokens.set(event.seq, event.tokens);
    if (event.type === 'agent-spans') session.spans = [...session.spans, ...event.spans].slice(-MAX_SPANS);
    if (event.type === 'recording-failed') session.recordingFailed = { reason: event.reason, lastSeq: event.lastSeq };
    if (event.type === 'negotiation-round') {
      this.addRound(session, event);
      return;
    }
    if (event.type !== 'tool-call') return;
    // A copy: the bus hands the same object to the recorder and the others, and eviction deletes fields from it.
    const step = { ...event };
    session.steps.push(step);
    const held: Held = { step, chars: heavyChars(step), owner: session };
    let own = this.heldBySession.get(session);
    if (!own) this.heldBySession.set(session, (own = new HeldQueue()));
    own.push(held);
    this.held.push(held);
    this.evictBeyond(own, MAX_SESSION_HEAVY_CHARS, held);
    this.evictBeyond(this.held, MAX_HEAVY_CHARS, held);
  }

  /** Evicts the queue's oldest steps until it weighs at most `max`; the step just added stays whole (the UI shows it first). */
  private evictBeyond(queue: HeldQueue, max: number, added: Held) {
    for (let oldest = queue.oldest(); queue.total > max && oldest && oldest !== added; oldest = queue.oldest())
      this.evict(oldest);
  }

  /** Drops a step's artifacts; the step keeps its place, its summary and its response. */
  private evict(held: Held) {
    held.evicted = true;
    const { step, owner } = held;
    this.held.total -= held.chars;
    this.heldBySession.get(owner)!.total -= held.chars;
    delete step.ariaSnapshot;
    delete step.screenshot;
    delete step.before;
    delete step.domState;
    owner.evictedUpTo = step.seq;
    if (step.activity) {
      delete step.activity;
      owner.activityEvictedUpTo = step.seq;
    }
  }

  /** Drops every artifact a session still holds (its recording has them). */
  private release(session: LiveSession) {
    const own = this.heldBySession.get(session);
    for (let oldest = own?.oldest(); oldest; oldest = own!.oldest()) this.evict(oldest);
    this.heldBySession.delete(session);
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

/**
 * Held steps, oldest first, and their total weight. A step evicted through the other queue (its session's, or the
 * global one) is only marked there: it leaves this one when it comes to the front, so eviction never searches.
 */
class HeldQueue {
  private items: Held[] = [];
  private head = 0;
  /** The weight of the steps here not evicted yet; eviction takes its step off both queues' totals. */
  total = 0;

  push(held: Held) {
    this.items.push(held);
    this.total += held.chars;
  }

  oldest(): Held | undefined {
    while (this.head < this.items.length && this.items[this.head].evicted) this.head++;
    // Let go of the evicted front now and then rather than on every step.
    if (this.head > 1024 && this.head * 2 > this.items.length) {
      this.items = this.items.slice(this.head);
      this.head = 0;
    }
    return this.items[this.head];
  }
}
