import type { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { EmptyResultSchema } from '@modelcontextprotocol/sdk/types.js';

/** @playwright/mcp's timings: a ping unanswered for 5 s ends the session; the next ping goes 3 s after an answer. */
const DEFAULT_PING_TIMEOUT = 5_000;
const PING_INTERVAL = 3_000;

/**
 * The ping timeout in ms, from PLAYWRIGHT_MCP_PING_TIMEOUT_MS as the peer reads it (users of the peer set it for
 * clients that do not answer pings): 0 or less turns the heartbeat off, a value that is not a number is ignored.
 */
export function pingTimeout(env: NodeJS.ProcessEnv = process.env): number {
  const value = env.PLAYWRIGHT_MCP_PING_TIMEOUT_MS;
  const parsed = Number(value);
  return value === undefined || !Number.isFinite(parsed) ? DEFAULT_PING_TIMEOUT : parsed;
}

/**
 * Pings a Streamable HTTP client as @playwright/mcp does, and closes its session when a ping goes unanswered: a client
 * that died without a DELETE would otherwise keep its browser context (or the persistent profile) forever. Pinging
 * starts once the client made a tool call (the peer pings clients that have a browser) and opened its stream for
 * server messages (a ping cannot reach it before).
 */
export class Heartbeat {
  private called = false;
  private listening = false;
  private started = false;
  private stopped = false;
  private timer?: NodeJS.Timeout;

  constructor(
    private readonly server: Server,
    private readonly timeout = pingTimeout(),
  ) {}

  toolCalled() {
    this.called = true;
    this.startWhenReady();
  }

  streamOpened() {
    this.listening = true;
    this.startWhenReady();
  }

  stop() {
    this.stopped = true;
    clearTimeout(this.timer);
  }

  private startWhenReady() {
    if (this.started || !this.called || !this.listening || this.timeout <= 0) return;
    this.started = true;
    this.beat();
  }

  private beat() {
    this.server.request({ method: 'ping' }, EmptyResultSchema, { timeout: this.timeout }).then(
      () => {
        if (this.stopped) return;
        this.timer = setTimeout(() => this.beat(), PING_INTERVAL);
        this.timer.unref();
      },
      () => {
        if (!this.stopped) void this.server.close();
      },
    );
  }
}
