import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import {
  CallToolResultSchema,
  ErrorCode,
  McpError,
  type CallToolResult,
  type Tool,
} from '@modelcontextprotocol/sdk/types.js';
import { VERSION } from '../version';
import { ChildProcessTransport } from './child-transport';
import { splitCommand } from './split-command';

/** A failure of the upstream itself — it did not start, it exited, it did not answer in time — not an error it sent. */
export class UpstreamError extends Error {}

export interface UpstreamOptions {
  /** The command line as the user gave it: it names the upstream in every message. */
  command: string;
  cwd: string;
  /** Presented to the upstream as the client's name, as if the agent had connected directly. */
  clientName?: string;
  /** For the handshake and for every request. */
  timeoutMs: number;
  /** Aborting kills a starting upstream (its session closed before it was ready). */
  signal?: AbortSignal;
}

/** How long a handshake failure waits for the process's exit to be reported (see Upstream.start). */
const EXIT_WAIT_MS = 1_000;
const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));
/** The SDK's own timeout, not an error of that code the upstream sent. */
const isTimeout = (error: unknown) =>
  error instanceof McpError &&
  error.code === ErrorCode.RequestTimeout &&
  (error.data as { timeout?: number } | undefined)?.timeout !== undefined;

/** "The upstream MCP server `cmd` exited with code 3 …", with the tail of its stderr when it wrote any. */
function failure(command: string, transport: ChildProcessTransport, what: string): UpstreamError {
  const tail = transport.stderrTail();
  return new UpstreamError(
    `The upstream MCP server \`${command}\` ${what}.${tail ? `\nIts last stderr lines:\n${tail}` : ''}`,
  );
}

/** One running upstream MCP server process and the official SDK client connected to it over its stdio. */
export class Upstream {
  private constructor(
    private readonly options: UpstreamOptions,
    private readonly transport: ChildProcessTransport,
    private readonly client: Client,
  ) {}

  static async start(options: UpstreamOptions): Promise<Upstream> {
    if (options.signal?.aborted) throw new UpstreamError('The session closed before its upstream started.');
    const transport = new ChildProcessTransport(splitCommand(options.command), options.cwd);
    const client = new Client({ name: options.clientName ?? 'agent-inspector', version: VERSION });
    const abort = () => void transport.close();
    options.signal?.addEventListener('abort', abort, { once: true });
    try {
      await client.connect(transport, { timeout: options.timeoutMs });
      return new Upstream(options, transport, client);
    } catch (error) {
      // Read before close(): closing a server that hung in the handshake ends it too, and that is not the news. A
      // write to a process that is dying fails (EPIPE) a moment before its exit is reported: that exit is the news.
      const ended = transport.ended ?? (isTimeout(error) ? undefined : await transport.endedWithin(EXIT_WAIT_MS));
      await transport.close();
      // Without a pid it never ran, and "could not start" says it all.
      const what = ended
        ? `${ended}${transport.pid === undefined ? '' : ' before it was ready'}`
        : isTimeout(error)
          ? `did not answer the MCP handshake within ${options.timeoutMs / 1000} s`
          : `failed the MCP handshake: ${messageOf(error)}`;
      throw failure(options.command, transport, what);
    } finally {
      options.signal?.removeEventListener('abort', abort);
    }
  }

  /** Why the process is gone, once it is. */
  get ended(): string | undefined {
    return this.transport.ended;
  }

  /** Every tool, across pages, exactly as the upstream describes them. */
  async listTools(): Promise<Tool[]> {
    const tools: Tool[] = [];
    let cursor: string | undefined;
    try {
      do {
        const page = await this.client.listTools(cursor ? { cursor } : undefined, { timeout: this.options.timeoutMs });
        tools.push(...page.tools);
        cursor = page.nextCursor;
      } while (cursor);
    } catch (error) {
      throw await this.explain(error, 'tools/list');
    }
    return tools;
  }

  /**
   * Forwards one call. A plain request rather than client.callTool(), which would check results against the tools'
   * output schemas: a proxy passes on what the upstream said, right or wrong, and leaves judging it to the agent.
   */
  async callTool(name: string, args: Record<string, unknown>): Promise<CallToolResult> {
    try {
      return await this.client.request(
        { method: 'tools/call', params: { name, arguments: args } },
        CallToolResultSchema,
        {
          timeout: this.options.timeoutMs,
          // An upstream that reports progress on a long call keeps it alive; the reports themselves are not forwarded.
          onprogress: () => {},
          resetTimeoutOnProgress: true,
        },
      );
    } catch (error) {
      throw await this.explain(error, name);
    }
  }

  close(): Promise<void> {
    return this.client.close();
  }

  /** The process ended: what the agent is told, on the call it happened during or else on the next one. */
  endedFailure(during?: string): UpstreamError {
    return this.failure(
      `${this.ended}${during ? ` during ${during}` : ''}; its browser state is gone, and the next call starts it again`,
    );
  }

  private failure(what: string): UpstreamError {
    return failure(this.options.command, this.transport, what);
  }

  /** A request failed: because the process ended or did not answer in time, or with an error the upstream sent (kept). */
  private async explain(error: unknown, what: string): Promise<unknown> {
    // A write to a process that is dying fails just before its exit is known; wait a moment for the exit.
    if (!(error instanceof McpError) && !this.ended)
      await Promise.race([this.transport.closed, new Promise(r => setTimeout(r, 1_000))]);
    if (this.ended) return this.endedFailure(what);
    if (isTimeout(error)) return this.failure(`did not answer ${what} within ${this.options.timeoutMs / 1000} s`);
    if (error instanceof McpError) return error;
    return this.failure(`failed on ${what}: ${messageOf(error)}`);
  }
}
