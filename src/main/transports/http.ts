import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { SSEServerTransport } from '@modelcontextprotocol/sdk/server/sse.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { isJSONRPCRequest } from '@modelcontextprotocol/sdk/types.js';
import { Heartbeat } from './heartbeat';
import { createMcpServer } from '../mcp/server';
import type { SessionHost } from '../mcp/tool-host';

/** A request the transports cannot take, answered in @playwright/mcp's words (plain text, as its clients see it). */
function refuse(res: ServerResponse, status: number, message: string) {
  res.writeHead(status).end(message);
}

/**
 * Streamable HTTP at `/` as well, where @playwright/mcp serves it (clients configured with the bare URL). Only MCP
 * requests: a browser's plain GET / is left to the inspector UI.
 */
const isStreamableAtRoot = (req: IncomingMessage, url: URL) =>
  url.pathname === '/' &&
  (req.method === 'POST' ||
    req.method === 'DELETE' ||
    req.headers['mcp-session-id'] !== undefined ||
    /text\/event-stream/.test(req.headers.accept ?? ''));

/**
 * MCP over HTTP: Streamable HTTP at /mcp (and /) and the legacy SSE transport at /sse. Every client session gets its own MCP
 * server and McpSession, hence its own isolated browser context (or, with a persistent profile, the profile while it
 * holds it). A Streamable HTTP session ends with its client's DELETE or an unanswered ping (Heartbeat); an SSE session
 * ends with its stream.
 */
export class McpHttpEndpoint {
  private readonly streamable = new Map<string, { transport: StreamableHTTPServerTransport; heartbeat: Heartbeat }>();
  private readonly sse = new Map<string, SSEServerTransport>();
  /** The HTTP response a Streamable HTTP message arrived with, while the transport delivers it. */
  private readonly arrivedOn = new AsyncLocalStorage<ServerResponse>();

  constructor(private readonly core: SessionHost) {}

  /** The request is for MCP (this endpoint answers it). */
  claims(req: IncomingMessage, url: URL): boolean {
    return url.pathname === '/mcp' || url.pathname === '/sse' || isStreamableAtRoot(req, url);
  }

  /** Handles the request when it is for MCP; returns false to let the caller serve it. */
  async handle(req: IncomingMessage, res: ServerResponse, url: URL): Promise<boolean> {
    if (!this.claims(req, url)) return false;
    if (url.pathname === '/sse') await this.handleSse(req, res, url);
    else await this.handleStreamable(req, res);
    return true;
  }

  private async handleStreamable(req: IncomingMessage, res: ServerResponse) {
    const sessionId = req.headers['mcp-session-id'];
    if (typeof sessionId === 'string') {
      const session = this.streamable.get(sessionId);
      if (!session) return refuse(res, 404, 'Session not found');
      if (req.method === 'GET') session.heartbeat.streamOpened();
      return this.arrivedOn.run(res, () => session.transport.handleRequest(req, res));
    }
    if (req.method !== 'POST') return refuse(res, 400, 'Invalid request');
    const server = createMcpServer(this.core, 'http');
    const heartbeat = new Heartbeat(server);
    const transport = new StreamableHTTPServerTransport({
      sessionIdGenerator: () => randomUUID(),
      onsessioninitialized: id => void this.streamable.set(id, { transport, heartbeat }),
    });
    transport.onclose = () => {
      heartbeat.stop();
      if (transport.sessionId) this.streamable.delete(transport.sessionId);
    };
    await server.connect(transport);
    this.watchMessages(transport, heartbeat);
    await this.arrivedOn.run(res, () => transport.handleRequest(req, res));
    // Not an initialize request (or a malformed one): the transport answered with an error; nothing to keep.
    if (!transport.sessionId) await server.close();
  }

  /**
   * A request whose connection closes before its answer was sent is cancelled, as if the client had said so: this
   * server keeps no events to resume a stream with, so nobody can get that answer any more. A call still waiting (held
   * by a person in the inspector) then never runs. The first tool call starts the heartbeat.
   */
  private watchMessages(transport: StreamableHTTPServerTransport, heartbeat: Heartbeat) {
    const deliver = transport.onmessage!;
    transport.onmessage = (message, extra) => {
      const res = this.arrivedOn.getStore();
      if (res && isJSONRPCRequest(message)) {
        if (message.method === 'tools/call') heartbeat.toolCalled();
        res.once('close', () => {
          if (!res.writableFinished)
            deliver({
              jsonrpc: '2.0',
              method: 'notifications/cancelled',
              params: { requestId: message.id, reason: 'The client closed the connection.' },
            });
        });
      }
      deliver(message, extra);
    };
  }

  private async handleSse(req: IncomingMessage, res: ServerResponse, url: URL) {
    if (req.method === 'GET') {
      const transport = new SSEServerTransport('/sse', res);
      this.sse.set(transport.sessionId, transport);
      const server = createMcpServer(this.core, 'sse');
      res.on('close', () => {
        this.sse.delete(transport.sessionId);
        void server.close();
      });
      await server.connect(transport);
      return;
    }
    if (req.method === 'POST') {
      const sessionId = url.searchParams.get('sessionId');
      if (!sessionId) return refuse(res, 400, 'Missing sessionId');
      const transport = this.sse.get(sessionId);
      if (!transport) return refuse(res, 404, 'Session not found');
      return transport.handlePostMessage(req, res);
    }
    res.writeHead(405, { allow: 'GET, POST' }).end('Method not allowed');
  }

  async close(): Promise<void> {
    const transports = [...[...this.streamable.values()].map(session => session.transport), ...this.sse.values()];
    await Promise.all(transports.map(t => t.close().catch(() => {})));
  }
}
