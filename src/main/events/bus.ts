import type { InspectorEvent } from '../../shared/events';

/** A subscriber; one that persists the event (the recorder) returns a promise that settles once it is stored. */
type Listener = (event: InspectorEvent) => unknown;

/** The in-process event spine: synchronous fan-out of InspectorEvents to every subscriber. */
export class EventBus {
  private listeners = new Set<Listener>();

  subscribe(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /**
   * Hands the event to every subscriber at once. The returned promise settles when the subscribers' own work on it
   * has (so a tool call can be answered only once its record is on disk); it never rejects.
   */
  publish(event: InspectorEvent): Promise<void> {
    const pending: Promise<unknown>[] = [];
    for (const listener of this.listeners) {
      // One broken subscriber must not break the tool call or the other subscribers.
      try {
        const result = listener(event);
        if (result instanceof Promise) pending.push(result.catch(error => report(event, error)));
      } catch (error) {
        report(event, error);
      }
    }
    return Promise.all(pending).then(() => {});
  }
}

const report = (event: InspectorEvent, error: unknown) =>
  console.error(`[event-bus] subscriber failed on ${event.type}:`, error);
