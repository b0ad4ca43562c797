import { randomUUID } from 'node:crypto';
import { BrowserSource } from './browser/browser-source';
import type { Workspace } from './browser/context';
import type { CoreConfig } from './config';
import { EventBus } from './events/bus';
import { McpSession } from './mcp/session';
import { createPlanner } from './negotiation/create-planner';
import type { Planner } from './negotiation/planner';
import { SessionRecorder } from './sessions/recorder';

/**
 * The automation core of one process: the event spine, the controlled browser, and the MCP sessions on it. The CLI,
 * web mode and the Electron app each create one and attach transports to it.
 */
export class InspectorCore {
  readonly bus = new EventBus();
  readonly browser: BrowserSource;
  /** Answers negotiation requests: for `browser_interact` and for `POST /api/agent/interact`. */
  readonly planner: Planner;
  /** Writes every session to a folder under --session-dir, when given. */
  readonly recorder?: SessionRecorder;
  private readonly sessions = new Set<McpSession>();

  constructor(readonly config: CoreConfig) {
    this.browser = new BrowserSource(config.browser);
    this.planner = createPlanner(config.planner);
    if (config.sessionDir) this.recorder = new SessionRecorder(this.bus, config.sessionDir);
  }

  createSession(transport: string, workspace: () => Promise<Workspace>, clientName?: string): McpSession {
    const session = new McpSession(randomUUID(), this.config, this.browser, this.bus, this.planner, workspace, transport);
    this.sessions.add(session);
    this.bus.publish({ type: 'session-started', sessionId: session.id, transport, clientName, time: Date.now() });
    return session;
  }

  async closeSession(session: McpSession): Promise<void> {
    if (!this.sessions.delete(session)) return;
    await session.close();
  }

  async close(): Promise<void> {
    await Promise.all([...this.sessions].map(session => this.closeSession(session)));
    await this.browser.close();
    await this.recorder?.close();
  }
}
