import { McpBrowserClient } from './client';
import type { ServerSpec } from './connection';
import type { McpClientOptions } from './options';
import type { ConnectionState } from './state';

/** What the pool needs of a client: its state (only Ready clients are reused) and a way to close it. */
export interface PoolableClient {
  readonly state: ConnectionState;
  disconnect(): Promise<void>;
}

/** The pool's size and how it makes a client. */
export interface McpClientPoolOptions<C extends PoolableClient> {
  /** Most clients alive at once (created lazily, on demand). */
  size: number;
  /** Creates and connects one client; `index` counts creations from 0 (replacements included). */
  create: (index: number) => Promise<C>;
}

/** A snapshot of the pool's occupancy. */
export interface McpClientPoolStats {
  /** Clients alive or being created. */
  size: number;
  idle: number;
  busy: number;
  /** acquire() calls waiting for a client. */
  waiting: number;
  /** Clients created so far, replacements included. */
  created: number;
}

interface Waiter<C> {
  /** Gets an acquired client, or `undefined` meaning "a slot was reserved for you: create one". */
  resolve(client: C | undefined): void;
  reject(error: Error): void;
}

/**
 * A pool of up to `size` clients — one server process or HTTP session, and so one browser, each — for parallel
 * workers. Clients are created on first demand; acquire() waits in FIFO order when all are busy; a client that is no
 * longer Ready (its server died, it ended in Error) is disconnected and replaced instead of being handed out again.
 *
 * @example
 * const pool = McpClientPool.forServer({ command: 'npx', args: ['@playwright/mcp', '--headless', '--isolated'] }, { size: 2 });
 * await Promise.all(urls.map(url => pool.use(client => client.navigate(url))));
 * await pool.close();
 */
export class McpClientPool<C extends PoolableClient = McpBrowserClient> {
  private readonly live = new Set<C>();
  private readonly idle: C[] = [];
  private readonly busy = new Set<C>();
  private readonly waiters: Waiter<C>[] = [];
  private readonly creating = new Set<Promise<unknown>>();
  // Slots handed to waiters that have not started creating yet, so no other acquire() takes them meanwhile.
  private reserved = 0;
  private created = 0;
  private closed = false;

  constructor(private readonly options: McpClientPoolOptions<C>) {
    if (!Number.isInteger(options.size) || options.size < 1)
      throw new RangeError(`Pool size must be a positive integer, got ${options.size}`);
  }

  /** A pool of McpBrowserClients on one server spec (or one per client index, e.g. distinct ports). */
  static forServer(
    server: ServerSpec | ((index: number) => ServerSpec),
    options: { size: number; client?: McpClientOptions },
  ): McpClientPool {
    return new McpClientPool({
      size: options.size,
      create: index => McpBrowserClient.connect(typeof server === 'function' ? server(index) : server, options.client),
    });
  }

  /** How many clients exist, are idle or busy, and how many acquire() calls wait. */
  get stats(): McpClientPoolStats {
    return {
      size: this.live.size + this.creating.size + this.reserved,
      idle: this.idle.length,
      busy: this.busy.size,
      waiting: this.waiters.length,
      created: this.created,
    };
  }

  /** A Ready client for exclusive use until release(): an idle one, a new one while below `size`, or the next released one. */
  async acquire(): Promise<C> {
    this.assertOpen();
    for (let client = this.idle.shift(); client; client = this.idle.shift()) {
      if (client.state === 'Ready') {
        this.busy.add(client);
        return client;
      }
      this.discard(client);
    }
    if (this.stats.size < this.options.size) return this.create();
    const handed = await new Promise<C | undefined>((resolve, reject) => this.waiters.push({ resolve, reject }));
    if (handed) return handed;
    this.reserved--;
    return this.create();
  }

  /** Returns a client; it goes to the next waiter, back to the idle list, or — when no longer Ready — is replaced. */
  release(client: C): void {
    if (!this.busy.delete(client)) throw new Error('release(): this client is not acquired from this pool');
    if (this.closed) return;
    if (client.state !== 'Ready') {
      this.discard(client);
      this.handOff(undefined);
    } else {
      this.handOff(client);
    }
  }

  /** acquire() → fn(client) → release(), releasing also when fn throws. */
  async use<T>(fn: (client: C) => Promise<T> | T): Promise<T> {
    const client = await this.acquire();
    try {
      return await fn(client);
    } finally {
      this.release(client);
    }
  }

  /** Rejects waiting acquire() calls and disconnects every client, busy ones included. */
  async close(): Promise<void> {
    this.closed = true;
    for (const waiter of this.waiters.splice(0)) waiter.reject(new Error('The pool was closed'));
    await Promise.allSettled(this.creating);
    const clients = [...this.live];
    this.live.clear();
    this.idle.length = 0;
    await Promise.allSettled(clients.map(client => client.disconnect()));
  }

  private assertOpen(): void {
    if (this.closed) throw new Error('The pool is closed');
  }

  /** Gives a released client — or, with `undefined`, a freed slot — to the first waiter. */
  private handOff(client: C | undefined): void {
    const waiter = this.waiters.shift();
    if (!waiter) {
      if (client) this.idle.push(client);
      return;
    }
    if (client) this.busy.add(client);
    else this.reserved++;
    waiter.resolve(client);
  }

  private async create(): Promise<C> {
    const index = this.created++;
    // Through a promise, so a factory that throws synchronously still frees its slot below.
    const creation = Promise.resolve().then(() => this.options.create(index));
    this.creating.add(creation);
    let client: C;
    try {
      client = await creation;
    } catch (error) {
      this.creating.delete(creation);
      // The slot is free again: the next waiter tries for itself (and reports its own failure).
      if (!this.closed) this.handOff(undefined);
      throw error;
    }
    this.creating.delete(creation);
    if (this.closed) {
      await client.disconnect();
      throw new Error('The pool was closed');
    }
    this.live.add(client);
    this.busy.add(client);
    return client;
  }

  private discard(client: C): void {
    this.live.delete(client);
    void client.disconnect().catch(() => {});
  }
}
