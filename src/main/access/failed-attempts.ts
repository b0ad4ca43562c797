/** Failures an address may have within WINDOW_MS before it is refused for the rest of the window. */
const MAX_FAILURES = 10;
const WINDOW_MS = 60_000;

/**
 * Failed sign-ins per remote address, so a token cannot be guessed at network speed. A blocked address is answered
 * 429 without a log line; a valid token still gets in, so a scanner behind the same proxy or NAT does not lock out
 * the team (tokens are at least 16 characters, generated ones 256 bits: guessing is hopeless either way). Old entries
 * are dropped as they expire.
 */
export class FailedAttempts {
  private readonly failures = new Map<string, { count: number; since: number }>();

  constructor(private readonly now: () => number = Date.now) {}

  /** Records a failure; true when it is the one that blocks the address. */
  fail(address: string): boolean {
    const entry = this.current(address) ?? { count: 0, since: this.now() };
    entry.count++;
    this.failures.set(address, entry);
    return entry.count === MAX_FAILURES;
  }

  /** Milliseconds until `address` may try again; 0 when it may now. */
  blockedFor(address: string): number {
    const entry = this.current(address);
    return entry && entry.count >= MAX_FAILURES ? entry.since + WINDOW_MS - this.now() : 0;
  }

  private current(address: string) {
    const entry = this.failures.get(address);
    if (entry && this.now() - entry.since >= WINDOW_MS) {
      this.failures.delete(address);
      return undefined;
    }
    if (this.failures.size > 10_000) this.prune();
    return entry;
  }

  private prune() {
    for (const [address, entry] of this.failures)
      if (this.now() - entry.since >= WINDOW_MS) this.failures.delete(address);
  }
}
