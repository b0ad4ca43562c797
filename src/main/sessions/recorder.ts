import { join } from 'node:path';
import type { EventBus } from '../events/bus';
import { SessionWriter, sessionFolderName } from './session-writer';
import { appendSpans } from './spans-file';

const MAX_ENDED = 1_000;

/**
 * Records every session on the bus into its own folder under `root`. It only listens: everything it writes came as
 * an event, so it records agent, negotiation, replay and human steps alike.
 */
export class SessionRecorder {
  private readonly writers = new Map<string, SessionWriter>();
  /** Sessions that ended, until their last writes are done. */
  private readonly finished = new Set<Promise<void>>();
  /** Folders of sessions that ended, for spans that arrive after them (the most recent MAX_ENDED). */
  private readonly ended = new Map<string, string>();
  private readonly unsubscribe: () => void;

  constructor(bus: EventBus, root: string) {
    this.unsubscribe = bus.subscribe(event => {
      // Its own report, coming back on the bus: nothing to record (the recording it is about has stopped).
      if (event.type === 'recording-failed') return;
      if (event.type === 'session-started') {
        const dir = join(root, sessionFolderName(event.time));
        const writer = new SessionWriter(dir, event, ({ reason, lastSeq }) => {
          // The one event spine carries it to the agent's session (a note in its answer) and to the UI (a badge).
          void bus.publish({
            type: 'recording-failed',
            sessionId: event.sessionId,
            time: Date.now(),
            dir,
            reason,
            lastSeq,
          });
        });
        this.writers.set(event.sessionId, writer);
        return writer.flush();
      }
      const writer = this.writers.get(event.sessionId);
      // An agent's exporter sends spans in batches, seconds late: those of an ended session go to its folder still.
      const ended = this.ended.get(event.sessionId);
      if (!writer && event.type === 'agent-spans' && ended)
        return appendSpans(ended, event.spans).catch(error =>
          console.error(`[recorder] adding spans to ${ended} failed:`, error),
        );
      if (!writer) return;
      writer.write(event);
      if (event.type === 'session-ended') {
        this.writers.delete(event.sessionId);
        this.ended.set(event.sessionId, writer.dir);
        if (this.ended.size > MAX_ENDED) this.ended.delete(this.ended.keys().next().value!);
        const done = writer.flush().finally(() => this.finished.delete(done));
        this.finished.add(done);
      }
      // The publisher may wait for this: a tool call is answered once its record is on disk.
      return writer.flush();
    });
  }

  /** The folder a live session is being written to. */
  folderOf(sessionId: string): string | undefined {
    return this.writers.get(sessionId)?.dir;
  }

  /** Waits until everything received so far is on disk. */
  async flush(): Promise<void> {
    await Promise.all([...this.writers.values()].map(writer => writer.flush()));
    await Promise.all(this.finished);
  }

  async close(): Promise<void> {
    this.unsubscribe();
    await this.flush();
  }
}
