/**
 * The connection states of seed 004's diagram. `Ready ⇄ Busy` brackets every command; `Error` is where a failed
 * connection or a lost server leaves the client until it reconnects or disconnects.
 */
export type ConnectionState = 'Disconnected' | 'Connecting' | 'Ready' | 'Busy' | 'Disconnecting' | 'Error';

/** Every transition the client may make; anything else is a bug, so `StateMachine.to` throws on it. */
export const TRANSITIONS: Readonly<Record<ConnectionState, readonly ConnectionState[]>> = {
  Disconnected: ['Connecting'],
  // Disconnecting from Connecting: disconnect() while a connect attempt is in flight aborts it.
  Connecting: ['Ready', 'Error', 'Disconnecting'],
  Ready: ['Busy', 'Disconnecting', 'Error'],
  Busy: ['Ready', 'Disconnecting', 'Error'],
  Error: ['Disconnecting'],
  Disconnecting: ['Disconnected'],
};

/** Called after each transition; `cause` is set when entering Error. */
export type StateListener = (state: ConnectionState, previous: ConnectionState, cause?: Error) => void;

/** The current state, its checked transitions, and the listeners that observe them. */
export class StateMachine {
  private current: ConnectionState = 'Disconnected';
  private lastCause: Error | undefined;
  private readonly listeners = new Set<StateListener>();

  constructor(private readonly onListenerError: (error: unknown) => void = () => {}) {}

  get state(): ConnectionState {
    return this.current;
  }

  /** Why the client entered Error, while it is there. */
  get cause(): Error | undefined {
    return this.current === 'Error' ? this.lastCause : undefined;
  }

  /** Moves to `next`; throws when the diagram has no such edge. */
  to(next: ConnectionState, cause?: Error): void {
    const previous = this.current;
    if (!TRANSITIONS[previous].includes(next))
      throw new Error(`Invalid connection state transition ${previous} → ${next}`);
    this.current = next;
    this.lastCause = cause;
    for (const listener of [...this.listeners]) {
      // A throwing listener must not leave the client half-way through a transition.
      try {
        listener(next, previous, cause);
      } catch (error) {
        this.onListenerError(error);
      }
    }
  }

  /** Subscribes to transitions; returns the unsubscribe function. */
  subscribe(listener: StateListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}
