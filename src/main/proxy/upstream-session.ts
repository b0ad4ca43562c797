import { McpError, type CallToolResult, type Tool } from '@modelcontextprotocol/sdk/types.js';
import type { Workspace } from '../browser/context';
import type { CoreConfig } from '../config';
import type { EventBus } from '../events/bus';
import type { ToolHost } from '../mcp/tool-host';
import { toolCallEvent } from './tool-call-event';
import { Upstream, UpstreamError } from './upstream';

const errorResult = (message: string): CallToolResult => ({ content: [{ type: 'text', text: `### Error\n${message}` }], isError: true });

/** The upstream's JSON-RPC error as our server sends it on: same code, message and data (McpError prefixes the message). */
const forwardable = (error: McpError) =>
  Object.assign(new Error(error.message.replace(`MCP error ${error.code}: `, '')), { code: error.code, data: error.data });

/**
 * Proxy mode: one MCP client session served by its own upstream MCP browser server process. Tools are listed and
 * called there unchanged; each call is published on the bus like one of ours, so the recorder and the UI see it.
 */
export class UpstreamSession implements ToolHost {
  private upstream?: Promise<Upstream>;
  private queue: Promise<unknown> = Promise.resolve();
  private seq = 0;
  /** An upstream exit the agent has not been told about yet. */
  private unreported?: string;
  private readonly closing = new AbortController();

  constructor(
    readonly id: string,
    /** The upstream command line, e.g. `npx @playwright/mcp --headless`. */
    private readonly command: string,
    private readonly config: CoreConfig,
    private readonly bus: EventBus,
    /** The upstream runs in the workspace root, so the files it writes land where the agent works. */
    private readonly workspace: () => Promise<Workspace>,
    private readonly clientName?: string,
  ) {}

  /** Starts the upstream now rather than on the first request, so that a bad command shows at once. */
  async start(): Promise<void> {
    await this.connected();
  }

  listTools(): Promise<Tool[]> {
    return this.serialized(async () => {
      await this.noticeExit();
      return (await this.connected()).listTools();
    });
  }

  callTool(name: string, args: Record<string, unknown>): Promise<CallToolResult> {
    return this.serialized(() => this.forward(name, args));
  }

  async close(): Promise<void> {
    this.closing.abort();
    const upstream = await this.upstream?.catch(() => undefined);
    await upstream?.close();
    await this.queue;
  }

  /** One request at a time, in arrival order, as McpSession runs its calls: the upstream drives a single browser. */
  private serialized<T>(run: () => Promise<T>): Promise<T> {
    const next = this.queue.then(run);
    this.queue = next.catch(() => {});
    return next;
  }

  private async forward(name: string, args: Record<string, unknown>): Promise<CallToolResult> {
    const call = { sessionId: this.id, seq: ++this.seq, tool: name, args, startedAt: Date.now() };
    let result: CallToolResult;
    let upstream: Upstream | undefined;
    try {
      await this.noticeExit();
      if (this.unreported) throw new UpstreamError(this.unreported);
      upstream = await this.connected();
      result = await upstream.callTool(name, args);
    } catch (error) {
      if (error instanceof McpError) {
        await this.bus.publish(toolCallEvent(call, errorResult(error.message), this.config.secrets));
        throw forwardable(error);
      }
      this.unreported = undefined;
      // It ended during this call, which says so: the next call starts a new one.
      if (upstream?.ended) this.upstream = undefined;
      result = errorResult(error instanceof Error ? error.message : String(error));
    }
    await this.bus.publish(toolCallEvent(call, result, this.config.secrets));
    return result;
  }

  /** An upstream that ended between requests is dropped; the next call tells the agent (its browser state is gone). */
  private async noticeExit() {
    const upstream = await this.upstream?.catch(() => undefined);
    if (!upstream?.ended) return;
    this.unreported ??= upstream.endedFailure().message;
    this.upstream = undefined;
  }

  private connected(): Promise<Upstream> {
    if (this.closing.signal.aborted) return Promise.reject(new UpstreamError('The session is closed.'));
    if (!this.upstream) {
      const starting = this.workspace().then(({ root }) => Upstream.start({
        command: this.command,
        cwd: root,
        clientName: this.clientName,
        // Generous: the upstream's own navigation timeout (ours by default) must get to fire and report first.
        timeoutMs: 2 * this.config.timeouts.navigation,
        signal: this.closing.signal,
      }));
      this.upstream = starting;
      // A failed start is not kept: the next request tries again.
      starting.catch(() => {
        if (this.upstream === starting) this.upstream = undefined;
      });
    }
    return this.upstream;
  }
}
