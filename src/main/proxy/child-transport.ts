import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { ReadBuffer, serializeMessage } from '@modelcontextprotocol/sdk/shared/stdio.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';

/** Lines of the child's stderr kept to explain a failure. */
const STDERR_TAIL_LINES = 15;
/** A full-page screenshot can be many megabytes of base64; the SDK's default limit (10 MB) is too tight for a proxy. */
const MAX_MESSAGE_BYTES = 64 * 1024 * 1024;
/** How long close() waits after ending stdin, then after SIGTERM, before it escalates. */
const GRACE_MS = 2_000;

const POSIX = process.platform !== 'win32';

const within = (promise: Promise<unknown>, ms: number) =>
  new Promise<boolean>(resolve => {
    const timer = setTimeout(() => resolve(false), ms);
    void promise.then(() => {
      clearTimeout(timer);
      resolve(true);
    });
  });

/**
 * An MCP client transport over a child process's stdin and stdout. The SDK's StdioClientTransport would do the
 * talking, but a proxy must also explain failures and clean up after itself, so this one keeps how the process ended
 * (exit code or signal), keeps the tail of its stderr while relaying it to ours line by line with a prefix, inherits
 * the whole environment (an upstream may need PLAYWRIGHT_BROWSERS_PATH or proxy settings), and on POSIX runs the
 * command in its own process group so that closing also ends what a launcher such as `npx` started.
 */
export class ChildProcessTransport implements Transport {
  onmessage?: (message: JSONRPCMessage) => void;
  onerror?: (error: Error) => void;
  onclose?: () => void;
  /** How the process ended — "exited with code 3", "exited on signal SIGKILL", "could not start: …" — once it has. */
  ended?: string;
  /** Settles once the process has ended and its output is read. */
  readonly closed: Promise<void>;
  private markClosed!: () => void;
  private child?: ChildProcessWithoutNullStreams;
  private readonly buffer = new ReadBuffer({ maxBufferSize: MAX_MESSAGE_BYTES });
  private readonly tail: string[] = [];
  private partialLine = '';

  constructor(
    private readonly argv: string[],
    private readonly cwd: string,
  ) {
    this.closed = new Promise(resolve => (this.markClosed = resolve));
  }

  get pid(): number | undefined {
    return this.child?.pid;
  }

  /** The last lines the process wrote to stderr. */
  stderrTail(): string {
    return [...this.tail, this.partialLine].filter(line => line.trim()).join('\n');
  }

  /** How the process ended, waiting up to `ms` for it to end; undefined while it still runs. */
  async endedWithin(ms: number): Promise<string | undefined> {
    await within(this.closed, ms);
    return this.ended;
  }

  start(): Promise<void> {
    const [command, ...args] = this.argv;
    const child = spawn(command, args, { cwd: this.cwd, stdio: 'pipe', detached: POSIX, windowsHide: true });
    this.child = child;
    child.on(
      'exit',
      (code, signal) => (this.ended ??= signal ? `exited on signal ${signal}` : `exited with code ${code}`),
    );
    child.on('close', () => {
      if (this.partialLine) this.relayLine(this.partialLine);
      this.partialLine = '';
      this.markClosed();
      this.onclose?.();
    });
    child.stdout.on('data', (chunk: Buffer) => this.receive(chunk));
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (text: string) => this.relay(text));
    // Writing to a process that has just died fails with EPIPE; its 'close' event reports the exit, so the write
    // error itself has nothing to add.
    child.stdin.on('error', () => {});
    return new Promise((resolve, reject) => {
      child.once('spawn', resolve);
      child.on('error', error => {
        this.ended ??= `could not start: ${error.message}`;
        reject(error);
      });
    });
  }

  send(message: JSONRPCMessage): Promise<void> {
    const stdin = this.child?.stdin;
    if (!stdin?.writable) return Promise.reject(new Error(`The upstream process ${this.ended ?? 'is not running'}.`));
    return new Promise((resolve, reject) =>
      stdin.write(serializeMessage(message), error => (error ? reject(error) : resolve())),
    );
  }

  /** Ends stdin, which a stdio MCP server takes as its cue to exit; one that does not is asked, then made to. */
  async close(): Promise<void> {
    const child = this.child;
    if (!child || this.ended) return;
    child.stdin.end();
    for (const signal of ['SIGTERM', 'SIGKILL'] as const) {
      if (await within(this.closed, GRACE_MS)) return;
      this.kill(signal);
    }
    await within(this.closed, GRACE_MS);
  }

  private kill(signal: NodeJS.Signals) {
    const pid = this.child?.pid;
    if (pid === undefined) return;
    try {
      if (POSIX) process.kill(-pid, signal);
      else this.child?.kill(signal);
    } catch {
      // Already gone.
    }
  }

  private receive(chunk: Buffer) {
    try {
      this.buffer.append(chunk);
    } catch {
      // The rest of that message is lost, so nothing it says can be trusted any more: stop the process.
      this.ended ??= `sent a message larger than ${MAX_MESSAGE_BYTES / 1024 / 1024} MB and was stopped`;
      this.kill('SIGKILL');
      return;
    }
    for (;;) {
      try {
        const message = this.buffer.readMessage();
        if (!message) return;
        this.onmessage?.(message);
      } catch (error) {
        // A line that is not JSON-RPC (a server logging to stdout) is skipped; the next line is read as usual.
        this.onerror?.(error as Error);
      }
    }
  }

  private relay(text: string) {
    const lines = (this.partialLine + text).split('\n');
    this.partialLine = lines.pop() ?? '';
    for (const line of lines) this.relayLine(line);
  }

  private relayLine(line: string) {
    process.stderr.write(`[upstream ${this.child?.pid}] ${line}\n`);
    this.tail.push(line);
    if (this.tail.length > STDERR_TAIL_LINES) this.tail.shift();
  }
}
