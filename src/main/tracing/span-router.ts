import type { AgentSpansEvent, InspectorEvent } from '../../shared/events';
import type { ReceivedSpan } from '../../shared/spans';
import { isModelSpan, modelTurnOf } from './model-turns';
import { joinTurns, type StepForJoin } from './join';

/** What the router needs of the event spine (EventBus), so tracing does not import the events folder. */
export interface SpanBus {
  subscribe(listener: (event: InspectorEvent) => unknown): () => void;
  publish(event: AgentSpansEvent): Promise<void>;
}

export interface SpanRouterOptions {
  /** Masks a session's secrets (its --secrets and the values it learned were secret) in its spans. */
  mask(sessionId: string, spans: ReceivedSpan[]): ReceivedSpan[];
  /** Spans kept while no session claims them; the oldest go first past it. */
  maxPending?: number;
}

/** The steps of a session the router still matches spans against: the most recent, enough for an agent's batch delay. */
const STEPS_KEPT = 500;
const SESSIONS_KEPT = 200;
const TRACES_KEPT = 10_000;

/**
 * Hands the spans an agent sends (POST /v1/traces) to the sessions they belong to, as `agent-spans` events: a span
 * whose trace a session's step carried goes to that session; a model call whose emitted tool calls match a session's
 * steps takes its whole trace there. What no session claims yet waits (a step may come after its model's span) and is
 * listed by `pending`, never guessed onto a session.
 */
export class SpanRouter {
  private readonly sessionOfTrace = new Map<string, string>();
  private readonly steps = new Map<string, StepForJoin[]>();
  private pendingSpans: ReceivedSpan[] = [];
  private readonly unsubscribe: () => void;
  private rerouteScheduled = false;
  private closed = false;

  constructor(
    private readonly bus: SpanBus,
    private readonly options: SpanRouterOptions,
  ) {
    this.unsubscribe = bus.subscribe(event => {
      if (event.type === 'session-started') {
        this.steps.set(event.sessionId, []);
        // Ended sessions stay matchable for late spans; the oldest are forgotten past SESSIONS_KEPT.
        if (this.steps.size > SESSIONS_KEPT) this.steps.delete(this.steps.keys().next().value!);
      }
      if (event.type !== 'tool-call') return;
      const steps = this.steps.get(event.sessionId) ?? [];
      steps.push({
        seq: event.seq,
        tool: event.tool,
        args: event.args,
        startedAt: event.startedAt,
        ...(event.trace && { trace: event.trace }),
      });
      if (steps.length > STEPS_KEPT) steps.shift();
      this.steps.set(event.sessionId, steps);
      if (event.trace) this.claim(event.trace.traceId, event.sessionId);
      // A step can claim spans that came before it: looked at once the burst of steps is past, off the call's path.
      if (this.pendingSpans.length && !this.rerouteScheduled) {
        this.rerouteScheduled = true;
        setImmediate(() => {
          this.rerouteScheduled = false;
          if (!this.closed) this.route([]);
        });
      }
    });
  }

  /** The first session to show a trace keeps it; the oldest claims are forgotten past TRACES_KEPT. */
  private claim(traceId: string, sessionId: string) {
    if (this.sessionOfTrace.has(traceId)) return;
    this.sessionOfTrace.set(traceId, sessionId);
    if (this.sessionOfTrace.size > TRACES_KEPT) this.sessionOfTrace.delete(this.sessionOfTrace.keys().next().value!);
  }

  /** Spans received that no session has claimed (yet). */
  get pending(): readonly ReceivedSpan[] {
    return this.pendingSpans;
  }

  receive(spans: ReceivedSpan[]): void {
    this.route(spans);
  }

  close() {
    this.closed = true;
    this.unsubscribe();
  }

  private route(received: ReceivedSpan[]) {
    const spans = [...this.pendingSpans, ...received];
    this.claimByToolCalls(spans);
    const bySession = new Map<string, ReceivedSpan[]>();
    const pending: ReceivedSpan[] = [];
    for (const span of spans) {
      const session = this.sessionOfTrace.get(span.traceId);
      if (!session) pending.push(span);
      else if (bySession.has(session)) bySession.get(session)!.push(span);
      else bySession.set(session, [span]);
    }
    const max = this.options.maxPending ?? 10_000;
    this.pendingSpans = pending.length > max ? pending.slice(-max) : pending;
    for (const [sessionId, list] of bySession)
      void this.bus.publish({
        type: 'agent-spans',
        sessionId,
        spans: this.options.mask(sessionId, list),
        time: Date.now(),
      });
  }

  /** A model call of an unclaimed trace whose emitted tool calls are a session's steps: that session takes the trace. */
  private claimByToolCalls(spans: ReceivedSpan[]) {
    const turns = spans
      .filter(span => !this.sessionOfTrace.has(span.traceId) && isModelSpan(span))
      .map(modelTurnOf)
      .filter(turn => turn.toolCalls.length);
    if (!turns.length) return;
    for (const [sessionId, steps] of this.steps) {
      // Arguments too, not the tool alone: two sessions may well click at the same time.
      const { links } = joinTurns(
        steps.filter(step => !step.trace),
        turns.filter(turn => !this.sessionOfTrace.has(turn.traceId)),
        { exactOnly: true },
      );
      for (const link of links.values())
        this.claim(turns.find(candidate => candidate.spanId === link.spanId)!.traceId, sessionId);
    }
  }
}
