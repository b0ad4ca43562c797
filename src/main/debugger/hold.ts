import type { CallRequest } from '../mcp/tool-host';

/** How a held call goes on. `cancelled`/`disconnected`: the client cancelled the request or left; nothing runs. */
export type Release =
  | { how: 'step' | 'continue' | 'timeout' | 'cancelled' | 'disconnected' }
  | { how: 'skip'; text: string; isError: boolean };

/** How often a client waiting on a held call hears that it is still held (the issue asks for at most 10 s). */
export const PROGRESS_EVERY_MS = 5_000;

/**
 * A call (or an answer, or an annotation request) waiting for a person: released by a command, by --pause-timeout,
 * or by its client going away. Meanwhile the client gets `notifications/progress` so that it does not time out.
 */
export class Hold {
  readonly since = Date.now();
  /** When --pause-timeout lets the call go on as it stands. */
  readonly deadline: number;
  readonly released: Promise<Release>;
  private resolve!: (release: Release) => void;
  private done = false;
  private readonly timer: NodeJS.Timeout;
  private readonly ticker?: NodeJS.Timeout;
  private readonly onAbort = () => this.release({ how: 'cancelled' });

  constructor(
    timeoutMs: number,
    private readonly request: CallRequest | undefined,
    progressMessage: () => string,
  ) {
    this.deadline = this.since + timeoutMs;
    this.released = new Promise(resolve => (this.resolve = resolve));
    this.timer = setTimeout(() => this.release({ how: 'timeout' }), timeoutMs);
    if (request?.progress) {
      request.progress(progressMessage());
      this.ticker = setInterval(() => request.progress!(progressMessage()), PROGRESS_EVERY_MS);
    }
    if (request?.signal?.aborted) this.onAbort();
    else request?.signal?.addEventListener('abort', this.onAbort, { once: true });
  }

  get heldMs(): number {
    return Date.now() - this.since;
  }

  /** False when it was already released. */
  release(release: Release): boolean {
    if (this.done) return false;
    this.done = true;
    clearTimeout(this.timer);
    clearInterval(this.ticker);
    this.request?.signal?.removeEventListener('abort', this.onAbort);
    this.resolve(release);
    return true;
  }
}
