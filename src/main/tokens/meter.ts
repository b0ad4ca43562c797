import type { ToolCallEvent } from '../../shared/events';
import type { EventBus } from '../events/bus';
import type { TokenCounter } from './counter';
import { stepTokens } from './step-tokens';

/**
 * Counts what each tool call's response cost the agent and publishes it as a `step-tokens` event. The count is off
 * the call's critical path: the call is answered once its record is stored, the count follows later. `settled(id)`
 * tells the core when a session's counts are all published, so they come before its `session-ended`.
 */
export class TokenMeter {
  /** Per session, the chain of its counts still to publish, in seq order. */
  private readonly pending = new Map<string, Promise<void>>();
  private readonly unsubscribe: () => void;

  constructor(
    private readonly bus: EventBus,
    private readonly counter: TokenCounter,
  ) {
    // Nothing is returned to the bus: the publisher of the call must not wait for its count.
    this.unsubscribe = bus.subscribe(event => {
      if (event.type === 'tool-call' && receivedByAgent(event)) this.meter(event);
    });
  }

  /** Resolves once every count of the session requested so far has been published (or failed). */
  settled(sessionId: string): Promise<void> {
    return this.pending.get(sessionId) ?? Promise.resolve();
  }

  close(): void {
    this.unsubscribe();
  }

  private meter(event: ToolCallEvent) {
    const { sessionId, seq } = event;
    const previous = this.settled(sessionId);
    // Even rendering and splitting the text waits for the next turn of the event loop, after the call's own work.
    const counted = new Promise(resolve => setImmediate(resolve)).then(() => stepTokens(event, this.counter));
    const done = Promise.all([counted, previous])
      .then(([tokens]) => this.bus.publish({ type: 'step-tokens', sessionId, seq, tokens }))
      // The counter reports its own failure once; a step without a count is all that is lost.
      .catch(() => {})
      .finally(() => {
        if (this.pending.get(sessionId) === done) this.pending.delete(sessionId);
      });
    this.pending.set(sessionId, done);
  }
}

/**
 * A person's step answers no agent, and a call run on behalf of another (browser_interact's click) reaches the agent
 * inside that call's response, which is counted: counting it too would count it twice.
 */
const receivedByAgent = (event: ToolCallEvent) => event.actor !== 'human' && event.via === undefined;
