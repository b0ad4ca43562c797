import { VERSION } from '../version';
import { openConnection, type Connection, type HttpServer, type LinkedServer, type StdioServer } from './connection';
import { ConnectionError, errorMessage, InvalidStateError, thrownError, toolResultError } from './errors';
import { DEFAULT_RETRY_POLICY, withRetry, type RetryEvent, type RetryPolicy } from './retry';
import { StateMachine, type ConnectionState, type StateListener } from './state';
import { toToolResult, type ToolResult } from './tool-result';
import type { CommandOptions, McpClientEvents, McpClientOptions } from './options';

const DEFAULT_TIMEOUT = 30_000;

/**
 * The connection under McpBrowserClient, kept through the state machine of seed 004: it connects and reconnects with
 * retries and backoff, runs commands one at a time in call order (retrying the retryable failures), and makes each
 * tool call with its request timeout. What the commands are is the client's business.
 */
export class ManagedConnection {
  private readonly machine: StateMachine;
  private readonly retryListeners = new Set<McpClientEvents['retry']>();
  private readonly policy: RetryPolicy;
  private readonly timeout: number;
  private connection: Connection | undefined;
  private connecting: Promise<void> | undefined;
  private disconnecting: Promise<void> | undefined;
  // Aborted by disconnect(), so retry loops and backoff waits stop at once.
  private abort = new AbortController();
  // The tail of the command chain: each command starts when the previous one settled.
  private queue: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly server: StdioServer | HttpServer | LinkedServer,
    private readonly options: McpClientOptions,
  ) {
    this.policy = { ...DEFAULT_RETRY_POLICY, ...options.retry };
    this.timeout = options.timeout ?? DEFAULT_TIMEOUT;
    this.machine = new StateMachine(error => this.warn(`A state listener threw: ${errorMessage(error)}`));
  }

  /** The connection state (see `TRANSITIONS`). */
  get state(): ConnectionState {
    return this.machine.state;
  }

  /** The stdio server's process id while connected. */
  get pid(): number | undefined {
    return this.connection?.pid;
  }

  /** The transport in use while connected (`stdio`, `streamable-http`, or `sse` after the legacy fallback). */
  get transport(): Connection['transport'] | undefined {
    return this.connection?.transport;
  }

  /** Subscribes to state transitions or retries; returns the unsubscribe function. */
  on<E extends keyof McpClientEvents>(event: E, listener: McpClientEvents[E]): () => void {
    if (event === 'state') return this.machine.subscribe(listener as StateListener);
    const retryListener = listener as McpClientEvents['retry'];
    this.retryListeners.add(retryListener);
    return () => this.retryListeners.delete(retryListener);
  }

  /**
   * Connects (Disconnected or Error → Connecting → Ready), retrying connection failures with backoff. A no-op when
   * connected; concurrent calls share one attempt.
   */
  connect(): Promise<void> {
    if (this.state === 'Ready' || this.state === 'Busy') return Promise.resolve();
    if (this.connecting) return this.connecting;
    if (this.disconnecting) return this.disconnecting.then(() => this.connect());
    this.abort = new AbortController();
    const attempt = withRetry(() => this.open(), {
      operation: 'connect',
      policy: this.policy,
      onRetry: this.reportRetry,
      signal: this.abort.signal,
    });
    this.connecting = attempt.finally(() => (this.connecting = undefined));
    return this.connecting;
  }

  /**
   * Closes the connection (the stdio server exits, an HTTP session ends) from any state; a command in flight fails
   * with a ConnectionError and is not retried. A no-op when disconnected.
   */
  disconnect(): Promise<void> {
    if (this.state === 'Disconnected') return Promise.resolve();
    if (this.disconnecting) return this.disconnecting;
    this.abort.abort();
    this.disconnecting = this.teardown().finally(() => (this.disconnecting = undefined));
    return this.disconnecting;
  }

  /**
   * Runs a command after the previous one: Ready → Busy → Ready, retrying retryable failures (reconnecting first
   * when the connection was lost). A command in any other state fails at once, naming the state.
   */
  run<T>(operation: string, body: () => Promise<T>): Promise<T> {
    const task = this.queue.then(() => this.execute(operation, body));
    this.queue = task.catch(() => {});
    return task;
  }

  /**
   * One tool call with the request timeout; an error answer becomes the matching client error, which names
   * `selector` (the caller's) rather than the ref the server saw.
   */
  async call(
    name: string,
    args: Record<string, unknown>,
    options?: CommandOptions & { selector?: string },
  ): Promise<ToolResult> {
    const connection = this.connection;
    if (!connection) throw new ConnectionError(`${name}: not connected`);
    const timeout = options?.timeout ?? this.timeout;
    let raw;
    try {
      raw = await connection.client.callTool({ name, arguments: withoutUndefined(args) }, undefined, { timeout });
    } catch (error) {
      throw thrownError(error, name, timeout);
    }
    const result = toToolResult(name, raw);
    if (result.isError) throw toolResultError(result.sections.error ?? result.text, options?.selector);
    return result;
  }

  /** Tells the logger of a failure the client works around. */
  warn(text: string): void {
    this.options.logger?.warn(`[mcp-client] ${text}`);
  }

  private readonly reportRetry = (event: RetryEvent) => {
    this.warn(
      `${event.operation} failed (${event.error.message.split('\n')[0]}); retry ${event.retry}/${event.retries} in ${event.delay} ms`,
    );
    for (const listener of [...this.retryListeners]) {
      try {
        listener(event);
      } catch (error) {
        this.warn(`A retry listener threw: ${errorMessage(error)}`);
      }
    }
  };

  /** One connection attempt: (Error → Disconnecting → Disconnected →) Connecting → Ready, or → Error. */
  private async open(): Promise<void> {
    if (this.abort.signal.aborted) throw new InvalidStateError('connect', this.state);
    if (this.state === 'Error') await this.teardown();
    this.machine.to('Connecting');
    let opened: Connection | undefined;
    try {
      opened = await openConnection(this.server, {
        clientInfo: this.options.clientInfo ?? { name: 'agent-inspector-mcp-client', version: VERSION },
        workspace: this.options.workspace,
        timeout: this.options.connectTimeout ?? DEFAULT_TIMEOUT,
        // Only the live connection's loss matters; closes of failed or replaced ones are expected.
        onClose: () => {
          if (opened && opened === this.connection) this.connectionLost(opened);
        },
      });
    } catch (error) {
      const failure = thrownError(error, 'connect');
      if (this.state === 'Connecting') this.machine.to('Error', failure);
      throw failure;
    }
    if (this.state !== 'Connecting') {
      // disconnect() ran while the attempt was in flight.
      await opened.close().catch(() => {});
      throw new InvalidStateError('connect', this.state);
    }
    this.connection = opened;
    this.machine.to('Ready');
  }

  private connectionLost(connection: Connection): void {
    if (this.state !== 'Ready' && this.state !== 'Busy') return;
    const stderr = connection.stderrTail().trim();
    this.machine.to(
      'Error',
      new ConnectionError(`The server closed the connection${stderr ? `; its last output:\n${stderr}` : ''}`),
    );
  }

  /** → Disconnecting → Disconnected, closing the connection if there is one. */
  private async teardown(): Promise<void> {
    this.machine.to('Disconnecting');
    const connection = this.connection;
    this.connection = undefined;
    await connection?.close().catch(error => this.warn(`Closing the connection failed: ${errorMessage(error)}`));
    this.machine.to('Disconnected');
  }

  private async execute<T>(operation: string, body: () => Promise<T>): Promise<T> {
    const state = this.state;
    if (state !== 'Ready') throw new InvalidStateError(operation, state, this.machine.cause);
    this.machine.to('Busy');
    const signal = this.abort.signal;
    try {
      return await withRetry(
        async () => {
          if (this.state === 'Error') {
            await this.open();
            this.machine.to('Busy');
          }
          try {
            return await body();
          } catch (error) {
            // A lost connection puts the client in Error, so the retry reconnects.
            if (error instanceof ConnectionError && this.state === 'Busy') this.machine.to('Error', error);
            throw error;
          }
        },
        { operation, policy: this.policy, onRetry: this.reportRetry, signal },
      );
    } finally {
      if (this.state === 'Busy') this.machine.to('Ready');
    }
  }
}

/** Servers validate strictly; an explicit `undefined` must not reach them as a key. */
const withoutUndefined = (args: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(args).filter(([, value]) => value !== undefined));
