import { z } from 'zod';
import type { Tool as McpTool, CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { Page } from 'playwright';
import { Context, type Workspace } from '../browser/context';
import type { BrowserSource } from '../browser/browser-source';
import { StepShots, stepScreenshot } from '../browser/step-screenshot';
import { firstLine } from '../browser/error-text';
import type { CoreConfig } from '../config';
import type { EventBus } from '../events/bus';
import type { ParsedResponse } from '../../shared/response';
import { answerWith, outcomeOf, skippedStep, stepEvent, withReview } from './step-event';
import { renderAnswer, thrownText, toolNotFound } from './answer';
import type { InspectorEvent, ToolCallEvent } from '../../shared/events';
import { Response } from './response';
import { SessionLog } from './session-log';
import { redactDeep, withSecretLookups } from '../secrets';
import { allTools } from './tools';
import { AgentActivity } from '../human/agent-activity';
import type { Planner } from '../negotiation/planner';
import { invokeTool, toolSession } from './tool-invoke';
import { mayChangePage, type ToolDefinition } from './tool';
import type { CallOptions, CallPreview, CallRequest, PreviewOptions, ToolHost } from './tool-host';
import type { TraceContextReading } from '../tracing/trace-context';
import { applyAliases, checkArgs, previewCall, unmaskNames } from './call-preview';
import type { PersonDesk } from './person-desk';

/**
 * One MCP client session: its browser Context, serialized tool calls, and the event each call publishes. Transports
 * (stdio, Streamable HTTP, SSE) only move JSON-RPC; everything an agent can do goes through here.
 */
export class McpSession implements ToolHost {
  private context?: Context;
  private queue: Promise<unknown> = Promise.resolve();
  /** The events of this session go on the bus in seq order, each once its call's Browser State is written. */
  private publishing: Promise<void> = Promise.resolve();
  private seq = 0;
  private readonly tools: ToolDefinition[];
  /** While a call runs, trusted input in the browser is the agent's, not a human step. */
  private readonly agent = new AgentActivity();
  /** Before and after screenshots for the inspector's page view (only with CoreConfig.stepScreenshots). */
  private readonly shots = new StepShots();
  /** Calls queued or running: the idle count starts when the last one is done. */
  private busy = 0;
  private idleTimer?: NodeJS.Timeout;
  /** This session's recording stopped (RecordingFailedEvent); `told` once the agent's answer said so. */
  private recordingFailed?: { note: string; told: boolean };
  private readonly unsubscribe: () => void;
  /** --save-session's log, made at the first call it records; undefined inside when its folder could not be made. */
  private sessionLog?: Promise<SessionLog | undefined>;

  constructor(
    readonly id: string,
    private readonly config: CoreConfig,
    private readonly browser: BrowserSource,
    private readonly bus: EventBus,
    private readonly planner: Planner,
    /** Resolves to the workspace root: the client's first MCP root, or the working directory. */
    private readonly workspace: () => Promise<Workspace>,
    /** How the client connected; HTTP and SSE sessions can run side by side in one workspace. */
    private readonly transport: string,
    /** A person watching in the inspector, when there is a UI (browser_annotate asks them). */
    private readonly person?: PersonDesk,
  ) {
    this.tools = allTools.filter(
      tool => (!tool.unsafe || config.allowUnsafeCode) && (!tool.capability || config.caps.includes(tool.capability)),
    );
    this.unsubscribe = bus.subscribe(event => {
      if (event.type !== 'recording-failed' || event.sessionId !== id || this.recordingFailed) return;
      const note = `Recording stopped: ${event.reason} (${event.dir}); the browser keeps working, steps after ${event.lastSeq} are not recorded.`;
      this.recordingFailed = { note, told: false };
    });
  }

  listTools(): McpTool[] {
    return this.tools.map(tool => ({
      name: tool.name,
      title: tool.title,
      description: tool.description,
      inputSchema: z.toJSONSchema(tool.schema, { io: 'input' }) as McpTool['inputSchema'],
      annotations: {
        title: tool.title,
        readOnlyHint: tool.readOnly,
        destructiveHint: !tool.readOnly,
        openWorldHint: true,
      },
    }));
  }

  /**
   * This session's open pages, for in-process readers (the scenario parser extracts the DOM from `current`). Reading
   * only: whatever changes a page must go through callTool, so it is a published call with generated code.
   */
  pages(): { all: Page[]; current?: Page } {
    return { all: this.context?.tabs.map(tab => tab.page) ?? [], current: this.context?.currentTab?.page };
  }

  /** The current page's viewport as it is now (a JPEG, as step screenshots): the page view of a held session. */
  pageNow(): Promise<Buffer | undefined> {
    return this.context ? stepScreenshot(this.context) : Promise.resolve(undefined);
  }

  /** The session's Browser State folder, once its browser context exists and when DomState is on. */
  browserStateDir(): string | undefined {
    return this.context?.domState?.dir;
  }

  /** Settles once every call answered so far is on the event bus (an event may follow its answer: see execute). */
  published(): Promise<void> {
    return this.publishing;
  }

  /** Calls run one at a time, in arrival order, as they would in a single browser tab. */
  callTool(
    name: string,
    rawArgs: Record<string, unknown>,
    options: CallOptions = {},
    request?: CallRequest,
  ): Promise<CallToolResult> {
    clearTimeout(this.idleTimer);
    this.busy++;
    const run = this.queue.then(async () => {
      const done = this.browser.callStarted();
      try {
        const outcome = await this.agent.during(() => this.execute(name, rawArgs, undefined, true, options, request));
        await this.logCall(name, rawArgs, outcome);
        return outcome.result;
      } finally {
        done();
      }
    });
    this.queue = run
      .catch(() => {})
      .finally(() => {
        if (--this.busy === 0) this.startIdleCount();
      });
    return run;
  }

  /** --save-session: a call that ran (not one refused or thrown, as the peer logs) goes into the session log. */
  private async logCall(
    name: string,
    args: Record<string, unknown>,
    outcome: { result: CallToolResult; response?: Response },
  ) {
    if (!this.config.saveSession || !outcome.response || outcome.response.errorOnly) return;
    const { workspace } = await this.ensureContext();
    this.sessionLog ??= SessionLog.create(workspace.outputDir, workspace.root).catch(() => undefined);
    await (await this.sessionLog)?.log(name, args, outcome.result);
    // As the peer: the browser closed, the next browser's calls go into a log of their own.
    if (name === 'browser_close') this.sessionLog = undefined;
  }

  preview(_name: string, args: Record<string, unknown>, options: PreviewOptions = {}): Promise<CallPreview> {
    return previewCall(args, this.context, this.config.secrets, options);
  }

  async checkArgs(name: string, args: Record<string, unknown>): Promise<string | undefined> {
    return checkArgs(
      this.tools.find(t => t.name === name),
      name,
      args,
    );
  }

  unmask(args: Record<string, unknown>): Record<string, unknown> {
    return unmaskNames(args, this.context?.secrets ?? this.config.secrets) as Record<string, unknown>;
  }

  mask<T>(value: T): T {
    return redactDeep(this.context?.secrets ?? this.config.secrets, value);
  }

  /**
   * Runs `setup` before any call of the agent's, which waits behind it: a fork restoring the state it continues from.
   * The calls `setup` makes act as the agent's would but are neither published nor recorded: the session's metadata
   * names what it continues instead.
   */
  prepare<T>(
    setup: (
      call: (name: string, args: Record<string, unknown>) => Promise<CallToolResult>,
      workspace: Workspace,
    ) => Promise<T>,
  ): Promise<T> {
    const run = this.queue.then(async () => {
      const done = this.browser.callStarted();
      try {
        const call = async (name: string, args: Record<string, unknown>) =>
          (await this.agent.during(() => this.execute(name, args, undefined, false))).result;
        return await setup(call, (await this.ensureContext()).workspace);
      } finally {
        done();
        // The agent's first call starts from the restored page, not from a picture taken before.
        this.shots.forget();
      }
    });
    this.queue = run.catch(() => {});
    return run;
  }

  /**
   * A session left alone for --idle-timeout gives its pages and browser context back, as Playwright MCP closes an idle
   * client's browser: many idle HTTP sessions then hold no pages. The next call starts on a fresh page. A context the
   * sessions share stays: the browser's own idle close (BrowserSource.callStarted) covers it.
   */
  private startIdleCount() {
    clearTimeout(this.idleTimer);
    const timeout = this.browser.idleTimeout;
    if (!timeout || this.config.browser.sharedContext || !this.context) return;
    const context = this.context;
    this.idleTimer = setTimeout(() => {
      this.queue = this.queue.then(() => context.closeBrowserContext()).catch(() => {});
    }, timeout);
    this.idleTimer.unref();
  }

  /** Validates, runs and (when `recorded`) publishes one call; `via` names the tool it runs on behalf of. */
  private async execute(
    name: string,
    rawArgs: Record<string, unknown>,
    via?: string,
    recorded = true,
    options: CallOptions = {},
    request?: CallRequest,
  ) {
    const trace = request?.trace;
    const tool = this.tools.find(t => t.name === name);
    if (!tool) return toolNotFound(name);
    const startedAt = Date.now();
    const context = await this.ensureContext();
    context.outputBudget.startCall();
    // A call run on another's behalf (via) times into that call's phases.
    if (!via) context.phases.take();
    if (options.skip) return this.skip(tool.name, rawArgs, startedAt, context, options, trace);
    const acts = mayChangePage(tool);
    const response = new Response(context, name, rawArgs);
    const args = applyAliases(rawArgs);
    const parsed = tool.schema.safeParse(args);
    const pageBefore = { tab: context.currentTab, navigations: context.currentTab?.navigations };
    // Only a call that may change the page has a before worth showing.
    const pageShots = recorded && this.config.stepScreenshots && tool.scope === 'page';
    const before = pageShots && acts && parsed.success ? await this.shots.before(context) : undefined;
    if (!parsed.success) {
      // zod's own rendering, as @playwright/mcp answers: `✖ message` then `  → at field.path` for each problem.
      response.addThrown(`Invalid arguments for tool "${name}":\n${z.prettifyError(parsed.error)}`);
    } else {
      try {
        await this.invoke(tool, parsed.data, context, response);
      } catch (error) {
        response.addThrown(thrownText(error));
      }
    }
    // A person acted while the call was held: the agent's refs may be stale, so it gets the page afresh.
    if (options.takeover) response.includeSnapshot();
    const finished = await response.finish().catch(error => ({ error: `Error: ${firstLine(error)}` }));
    // Redacted once, as data: the agent's text and the published event are rendered from the same sections.
    const sections: ParsedResponse = redactDeep(
      context.secrets,
      options.takeover ? { takeover: options.takeover, ...finished } : finished,
    );
    if (sections.code) sections.code = withSecretLookups(sections.code);
    const answer = await renderAnswer(this.config, context, sections, response);
    const { full, text } = answer;
    let { result } = answer;
    const targets = context.currentTab?.takeResolvedTargets() ?? [];
    // Only a recording keeps the storage state, and reading it costs a round trip to the browser.
    const storageState = recorded && this.config.sessionDir ? await context.storageState() : undefined;
    // For the inspector's timeline and page view; a call that returned an image already shows what it saw.
    if (response.images.length) this.shots.forget();
    const shot =
      pageShots && !response.images.length
        ? await context.phases.time('screenshot', () => this.shots.after(context))
        : undefined;
    if (!recorded) return { result, sections, response };
    const tab = context.currentTab;
    const navigated = !!tab && (tab !== pageBefore.tab || tab.navigations !== pageBefore.navigations);
    const seq = ++this.seq;
    const endedAt = Date.now();
    const activity = context.activity?.take({ seq, startedAt, endedAt });
    // A debugger may hold the answer (an answer breakpoint): the step goes out with what the agent finally gets.
    const review = via ? undefined : options.review?.(outcomeOf(text, !!sections.error, activity, seq));
    const domState = response.domState && {
      dom: response.domState.dom,
      diff: response.domState.diff,
      extraction: response.domState.extraction,
    };
    const event = stepEvent({
      sessionId: this.id,
      seq,
      tool: tool.name,
      args: rawArgs,
      startedAt,
      endedAt,
      sections,
      response,
      context,
      via,
      targets,
      storageState,
      page: { before, after: shot, navigated },
      capped: text === full ? undefined : text,
      activity,
      debug: options.debug,
      trace,
      phases: via ? undefined : context.phases.take(),
      requestId: request?.requestId,
    });
    const published = this.inOrder(async () => withReview({ ...event, domState }, await review, context.secrets));
    const reviewed = await review;
    if (reviewed?.sent) result = answerWith(result, reviewed.sent, context.secrets);
    // A recording answers once the call's record is on disk; otherwise the event follows the answer.
    if (this.config.sessionDir) await published;
    // The call worked; only its record did not: the agent hears it once, in the answer of the call it happened on.
    if (!via && this.recordingFailed && !this.recordingFailed.told) {
      this.recordingFailed.told = true;
      result.content.push({ type: 'text', text: `### Note\n${this.recordingFailed.note}` });
    }
    return { result, sections, response };
  }

  /** A person answered the agent instead of running its call: published as a step that ran nothing. */
  private async skip(
    tool: string,
    args: Record<string, unknown>,
    startedAt: number,
    context: Context,
    options: CallOptions,
    trace?: TraceContextReading,
  ) {
    const { event, result, sections } = skippedStep({
      sessionId: this.id,
      seq: ++this.seq,
      tool,
      args,
      startedAt,
      secrets: context.secrets,
      skip: options.skip!,
      debug: options.debug,
      trace,
      url: context.currentTab && !context.currentTab.page.isClosed() ? context.currentTab.page.url() : undefined,
    });
    const published = this.inOrder(async () => event);
    if (this.config.sessionDir) await published;
    return { result, sections, response: undefined };
  }

  private invoke(tool: ToolDefinition, args: Record<string, unknown>, context: Context, response: Response) {
    const parts = {
      id: this.id,
      planner: this.planner,
      person: this.person,
      bus: this.bus,
      runNested: (name: string, nested: Record<string, unknown>) => this.execute(name, nested, tool.name),
    };
    return invokeTool(tool, args, context, response, () => toolSession(parts, context));
  }

  /** Publishes after every earlier event of this session; the event is made once those are out. */
  private inOrder(event: () => Promise<InspectorEvent>): Promise<void> {
    const published = this.publishing.then(async () => this.bus.publish(await event()));
    this.publishing = published.catch(() => {});
    return published;
  }

  private async ensureContext(): Promise<Context> {
    this.context ??= new Context(
      this.config,
      this.browser,
      this.id,
      await this.workspace(),
      this.transport !== 'stdio',
      {
        agentActing: () => this.agent.acting,
        // A person's step is published like a call: the session's next seq, secrets redacted, what the page did.
        publish: step => {
          this.shots.forget();
          // A person working in the pages keeps them as a call would.
          if (this.busy === 0) this.startIdleCount();
          const seq = ++this.seq;
          const activity = this.context?.activity?.take({ seq, startedAt: step.startedAt, endedAt: step.endedAt });
          const event: ToolCallEvent = {
            type: 'tool-call',
            sessionId: this.id,
            seq,
            ...redactDeep(this.context!.secrets, step),
            ...(activity && { activity }),
          };
          return this.inOrder(async () => event);
        },
      },
    );
    return this.context;
  }

  async close(): Promise<void> {
    clearTimeout(this.idleTimer);
    this.unsubscribe();
    await this.queue;
    await this.publishing;
    await this.context?.dispose();
  }
}
