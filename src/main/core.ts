import { randomUUID } from 'node:crypto';
import { BrowserSource } from './browser/browser-source';
import { useTestIdAttribute } from './playwright/test-id';
import type { Workspace } from './browser/context';
import { configForClient, withFork, type CoreConfig, type SessionFork } from './config';
import { Debugger } from './debugger/debugger';
import { EventBus } from './events/bus';
import type { InspectorEvent } from '../shared/events';
import type { SessionHost, ToolHost } from './mcp/tool-host';
import { McpSession } from './mcp/session';
import { createPlanner } from './negotiation/create-planner';
import type { Planner } from './negotiation/planner';
import { UpstreamSession } from './proxy/upstream-session';
import { redactDeep, redactSecrets } from './secrets';
import { SessionRecorder } from './sessions/recorder';
import { tokenCounter } from './tokens/counter';
import { TokenMeter } from './tokens/meter';
import { SpanRouter } from './tracing/span-router';
import type { StepExport } from './tracing/step-exporter';

/**
 * The automation core of one process: the event spine, the controlled browser, and the MCP sessions on it. The CLI,
 * web mode and the Electron app each create one and attach transports to it.
 */
export class InspectorCore implements SessionHost {
  readonly bus = new EventBus();
  readonly browser: BrowserSource;
  /** Answers negotiation requests: for `browser_interact` and for `POST /api/agent/interact`. */
  readonly planner: Planner;
  /** Writes every session to a folder under --session-dir, when given. */
  readonly recorder?: SessionRecorder;
  /** Counts each call's response in tokens and publishes it (`step-tokens`), unless CoreConfig tokenCount is off. */
  private readonly meter?: TokenMeter;
  /** Pauses, steps and breakpoints on live sessions, when a person can act on them (CoreConfig.debug). */
  readonly debugger?: Debugger;
  /** The agent's OpenTelemetry spans (POST /v1/traces), handed to the sessions they belong to. */
  readonly spans: SpanRouter;
  /** Exports a span per tool call (CoreConfig.otlpExport), once its module is loaded. */
  private readonly stepExport?: Promise<StepExport | void>;
  private readonly sessions = new Set<ToolHost>();
  /** Each session as it serves its tools, under the debugger's stage: what the UI reads pages from. */
  private readonly served = new Map<string, ToolHost>();
  /** Sessions still closing, which close() waits for too: a proxy's upstream takes a moment to exit. */
  private readonly closing = new Set<Promise<void>>();

  constructor(readonly config: CoreConfig) {
    this.browser = new BrowserSource(config.browser);
    useTestIdAttribute(config.testIdAttribute);
    this.planner = createPlanner(config.planner);
    if (config.sessionDir) this.recorder = new SessionRecorder(this.bus, config.sessionDir);
    if (config.tokenCount) this.meter = new TokenMeter(this.bus, tokenCounter);
    if (config.debug) this.debugger = new Debugger(this.bus, config.debug);
    // A session that ended is masked with the --secrets alone: what it learned were secrets went with it.
    // Off unless configured; the OpenTelemetry SDK is loaded only then.
    if (config.otlpExport) {
      const otlp = config.otlpExport;
      // Events that come while the module loads (the first session's start) are kept and handed over first.
      const early: InspectorEvent[] = [];
      const stopKeeping = this.bus.subscribe(event => void early.push(event));
      const source = {
        subscribe: (listener: (event: InspectorEvent) => unknown) => (
          stopKeeping(), early.forEach(listener), this.bus.subscribe(listener)
        ),
      };
      this.stepExport = import('./tracing/step-exporter')
        .then(module => module.startStepExport(source, otlp, line => process.stderr.write(`${line}\n`)))
        .catch(
          error =>
            void process.stderr.write(
              `[otel] export to ${otlp.url} could not start: ${error instanceof Error ? error.message : error}\n`,
            ),
        );
    }
    this.spans = new SpanRouter(this.bus, {
      mask: (id, spans) => this.served.get(id)?.mask?.(spans) ?? redactDeep(config.secrets, spans),
    });
  }

  /** Our own tools on the controlled browser, or in proxy mode (`upstream`) the tools of a server of its own. */
  createSession(
    transport: string,
    workspace: () => Promise<Workspace>,
    clientName?: string,
    fork?: SessionFork,
  ): ToolHost {
    const id = randomUUID();
    const { upstream } = this.config;
    const forClient = configForClient(this.config, clientName);
    const config = fork ? withFork(forClient, fork) : forClient;
    const served = upstream
      ? new UpstreamSession(id, upstream, config, this.bus, workspace, clientName)
      : new McpSession(
          id,
          config,
          this.browser,
          this.bus,
          this.planner,
          workspace,
          transport,
          this.debugger?.deskFor(id),
        );
    // A proxied session's browser is the upstream's: what a person does there is not seen, so not told.
    const session = this.debugger ? this.debugger.wrap(served, !upstream && config.humanSteps) : served;
    this.sessions.add(session);
    this.served.set(id, served);
    // Not awaited: the session is usable before its start is on record, and publish never rejects.
    void this.bus.publish({
      type: 'session-started',
      sessionId: id,
      transport,
      clientName,
      ...(upstream && { upstream: redactSecrets(this.config.secrets, upstream) }),
      ...(config.forkOf && { forkOf: config.forkOf }),
      time: Date.now(),
    });
    return session;
  }

  /** A running session by id, as it serves its tools: the inspector UI reads its pages (to highlight and locate elements). */
  session(id: string): ToolHost | undefined {
    return this.served.get(id);
  }

  async closeSession(session: ToolHost): Promise<void> {
    if (!this.sessions.delete(session)) return;
    this.served.delete(session.id);
    const closed = this.end(session);
    this.closing.add(closed);
    try {
      await closed;
    } finally {
      this.closing.delete(closed);
    }
  }

  async close(): Promise<void> {
    await Promise.all([...this.sessions].map(session => this.closeSession(session)));
    await Promise.all(this.closing);
    this.meter?.close();
    this.debugger?.close();
    this.spans.close();
    await (await this.stepExport)?.close();
    await this.browser.close();
    await this.recorder?.close();
  }

  /**
   * A session ends here rather than in the session itself: once it has closed (no call runs any more) and its last
   * counts are published, so a recording or the UI never sees a step's count after the session's end.
   */
  private async end(session: ToolHost): Promise<void> {
    try {
      await session.close();
    } finally {
      await this.meter?.settled(session.id);
      await this.bus.publish({ type: 'session-ended', sessionId: session.id, time: Date.now() });
    }
  }
}
