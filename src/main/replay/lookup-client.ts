import type { ReplayClient } from './replayer';

/**
 * A replay's client that numbers its calls as the replaying server's recording numbers its steps (1, 2, … in call
 * order), remembering which were lookups: the fresh snapshots a replay takes to find targets by, which replay no
 * recorded step, so a comparison of the replay with the recording leaves them out. A call the client itself retried
 * is recorded twice and counted once; the numbers after it are then one short.
 */
export class LookupCountingClient implements ReplayClient {
  private calls = 0;
  private readonly lookups = new Set<number>();

  constructor(private readonly client: ReplayClient) {}

  callTool: ReplayClient['callTool'] = (...args) => {
    this.calls++;
    return this.client.callTool(...args);
  };

  snapshot: ReplayClient['snapshot'] = (...args) => {
    this.lookups.add(++this.calls);
    return this.client.snapshot(...args);
  };

  /** Whether step `seq` of the replay's recording was only a lookup. */
  isLookup(seq: number): boolean {
    return this.lookups.has(seq);
  }
}
