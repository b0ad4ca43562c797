import type { InspectorEvent } from '../../shared/events';

type Listener = (event: InspectorEvent) => void;

/** The in-process event spine: synchronous fan-out of InspectorEvents to every subscriber. */
export class EventBus {
  private listeners = new Set<Listener>();

  subscribe(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  publish(event: InspectorEvent): void {
    for (const listener of this.listeners) {
      // One broken subscriber must not break the tool call or the other subscribers.
      try {
        listener(event);
      } catch (error) {
        console.error(`[event-bus] subscriber failed on ${event.type}:`, error);
      }
    }
  }
}
