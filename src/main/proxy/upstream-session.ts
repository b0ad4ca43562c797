import { McpError, type CallToolResult, type Tool } from '@modelcontextprotocol/sdk/types.js';
import { redactDeep } from '../secrets';
import type { Workspace } from '../browser/context';
import type { CoreConfig } from '../config';
import type { EventBus } from '../events/bus';
import { AjvJsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/ajv';
import type { JsonSchemaType } from '@modelcontextprotocol/sdk/validation/types.js';
import type { CallOptions, CallPreview, ToolHost } from '../mcp/tool-host';
import { unmaskNames } from '../mcp/call-preview';
import { answerWith, skippedStep } from '../mcp/step-event';
import { snapshotNode } from '../../shared/aria-snapshot';
import { targetValues } from '../../shared/target-args';
import type { ToolCallEvent } from '../../shared/events';
import { toolCallEvent } from './tool-call-event';
import { Upstream, UpstreamError } from './upstream';

const errorResult = (message: string): CallToolResult => ({
  content: [{ type: 'text', text: `### Error\n${message}` }],
  isError: true,
});

/** The upstream's JSON-RPC error as our server sends it on: same code, message and data (McpError prefixes the message). */
const forwardable = (error: McpError) =>
  Object.assign(new Error(error.message.replace(`MCP error ${error.code}: `, '')), {
    code: error.code,
    data: error.data,
  });

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
  /** The upstream's tools as last listed: what a person's edit of a held call is checked against. */
  private tools: Tool[] = [];
  /** The page of the last answer, and its last whole snapshot: what a breakpoint reads of a call before it runs. */
  private lastUrl?: string;
  private lastSnapshot = '';

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
      this.tools = await (await this.connected()).listTools();
      return this.tools;
    });
  }

  callTool(name: string, args: Record<string, unknown>, options: CallOptions = {}): Promise<CallToolResult> {
    return this.serialized(() => (options.skip ? this.skip(name, args, options) : this.forward(name, args, options)));
  }

  async preview(_name: string, args: Record<string, unknown>): Promise<CallPreview> {
    const targets = targetValues(args).map(target => {
      const node = snapshotNode(this.lastSnapshot, target);
      return { target, ...(node?.role && { role: node.role }), ...(node?.name && { name: node.name }) };
    });
    return { args: redactDeep(this.config.secrets, args), url: this.lastUrl, targets };
  }

  /** Checked against the upstream's own input schema, as the upstream would check them. */
  async checkArgs(name: string, args: Record<string, unknown>): Promise<string | undefined> {
    const tool = this.tools.find(candidate => candidate.name === name);
    if (!tool) return `Tool "${name}" not found`;
    const checked = new AjvJsonSchemaValidator().getValidator(tool.inputSchema as JsonSchemaType)(args);
    return checked.valid ? undefined : `Invalid arguments for tool "${name}": ${checked.errorMessage}`;
  }

  /** The upstream knows no secret names: a masked value goes back as the value itself. */
  unmask(args: Record<string, unknown>): Record<string, unknown> {
    return unmaskNames(args, this.config.secrets, 'value') as Record<string, unknown>;
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

  /** A person answered instead: nothing reaches the upstream. */
  private async skip(name: string, args: Record<string, unknown>, options: CallOptions): Promise<CallToolResult> {
    const { event, result } = skippedStep({
      sessionId: this.id,
      seq: ++this.seq,
      tool: name,
      args,
      startedAt: Date.now(),
      secrets: this.config.secrets,
      skip: options.skip!,
      debug: options.debug,
      url: this.lastUrl,
    });
    await this.bus.publish(event);
    return result;
  }

  private async forward(
    name: string,
    args: Record<string, unknown>,
    options: CallOptions = {},
  ): Promise<CallToolResult> {
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
    let event: ToolCallEvent = {
      ...toolCallEvent(call, result, this.config.secrets),
      ...(options.debug && { debug: redactDeep(this.config.secrets, options.debug) }),
    };
    if (event.url) this.lastUrl = event.url;
    if (event.ariaSnapshot) this.lastSnapshot = event.ariaSnapshot;
    // The upstream's browser is not ours: its console and requests are not seen, so only the answer is read.
    const text = result.content.flatMap(part => (part.type === 'text' ? [part.text] : [])).join('\n');
    const reviewed = await options.review?.({
      seq: call.seq,
      text,
      isError: !!result.isError,
      consoleErrors: 0,
      failedRequests: 0,
    });
    if (reviewed) {
      event = { ...event, debug: { ...event.debug, ...redactDeep(this.config.secrets, reviewed.debug) } };
      if (reviewed.sent) result = answerWith(result, reviewed.sent, this.config.secrets);
    }
    await this.bus.publish(event);
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
      const starting = this.workspace().then(({ root }) =>
        Upstream.start({
          command: this.command,
          cwd: root,
          clientName: this.clientName,
          // Generous: the upstream's own navigation timeout (ours by default) must get to fire and report first.
          timeoutMs: 2 * this.config.timeouts.navigation,
          signal: this.closing.signal,
        }),
      );
      this.upstream = starting;
      // A failed start is not kept: the next request tries again.
      starting.catch(() => {
        if (this.upstream === starting) this.upstream = undefined;
      });
    }
    return this.upstream;
  }
}
