import { randomUUID } from 'node:crypto';
import { BrowserSource } from './browser/browser-source';
import { useTestIdAttribute } from './browser/test-id';
import type { Workspace } from './browser/context';
import { configForClient, withFork, type CoreConfig, type SessionFork } from './config';
import { EventBus } from './events/bus';
import type { SessionHost, ToolHost } from './mcp/tool-host';
import { McpSession } from './mcp/session';
import { createPlanner } from './negotiation/create-planner';
import type { Planner } from './negotiation/planner';
import { UpstreamSession } from './proxy/upstream-session';
import { redactSecrets } from './secrets';
import { SessionRecorder } from './sessions/recorder';
import { tokenCounter } from './tokens/counter';
import { TokenMeter } from './tokens/meter';

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
  private readonly sessions = new Set<ToolHost>();
  /** Sessions still closing, which close() waits for too: a proxy's upstream takes a moment to exit. */
  private readonly closing = new Set<Promise<void>>();

  constructor(readonly config: CoreConfig) {
    this.browser = new BrowserSource(config.browser);
    useTestIdAttribute(config.testIdAttribute);
    this.planner = createPlanner(config.planner);
    if (config.sessionDir) this.recorder = new SessionRecorder(this.bus, config.sessionDir);
    if (config.tokenCount) this.meter = new TokenMeter(this.bus, tokenCounter);
  }

  /** Our own tools on the controlled browser, or in proxy mode (`upstream`) the tools of a server of its own. */
  createSession(transport: string, workspace: () => Promise<Workspace>, clientName?: string, fork?: SessionFork): ToolHost {
    const id = randomUUID();
    const { upstream } = this.config;
    const forClient = configForClient(this.config, clientName);
    const config = fork ? withFork(forClient, fork) : forClient;
    const session = upstream
      ? new UpstreamSession(id, upstream, config, this.bus, workspace, clientName)
      : new McpSession(id, config, this.browser, this.bus, this.planner, workspace, transport);
    this.sessions.add(session);
    this.bus.publish({
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

  /** A running session by id: the inspector UI reads its pages (to highlight and locate elements). */
  session(id: string): ToolHost | undefined {
    for (const session of this.sessions) if (session.id === id) return session;
    return undefined;
  }

  async closeSession(session: ToolHost): Promise<void> {
    if (!this.sessions.delete(session)) return;
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
