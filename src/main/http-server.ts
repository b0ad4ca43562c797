import { createReadStream, existsSync, statSync } from 'node:fs';
import { createServer, STATUS_CODES, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';
import { extname, join, normalize, sep } from 'node:path';
import { AccessPolicy, type Role } from './access/access-policy';
import type { HttpConfig } from './config';
import type { InspectorCore } from './core';
import { McpHttpEndpoint } from './transports/http';
import { SESSIONS_MCP_PATH } from './sessions-mcp/path';
import { INTERACT_PATH, PlannerEndpoint } from './negotiation/endpoint';
import { TRACES_PATH, TraceReceiver } from './tracing/receiver';

/** An OTLP exporter sends at most 512 spans a batch by default: 16 MB leaves room for large prompts in attributes. */
const MAX_TRACE_BODY_BYTES = 16 * 1024 * 1024;

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]', '::1']);
const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.webp': 'image/webp',
  '.zip': 'application/zip',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
};

/** Bound to every interface: no one name to accept besides the loopback ones. */
const WILDCARD_HOSTS = new Set(['0.0.0.0', '::', '[::]']);

/** A refused request: its status and plain-text body, in @playwright/mcp's words. */
export type RequestCheck = { ok: true } | { ok: false; status: 400 | 403; message: string };

/**
 * DNS-rebinding defence: a page on another site can make a browser send requests to 127.0.0.1, but it cannot forge
 * the Host and Origin headers. Loopback names are accepted on any port (an SSH tunnel or a port mapping changes it),
 * and so are the hosts the user allowed: `name` on any port, `name:port` (the peer's form) on that one. `port` is the
 * one the server listens on, for the refusal that says where to connect.
 */
export function isLocalRequest(req: IncomingMessage, config: HttpConfig, port: number): RequestCheck {
  const allowedHosts = config.allowedHosts.map(entry => entry.toLowerCase());
  const boundName = WILDCARD_HOSTS.has(config.host) ? undefined : config.host.toLowerCase();
  const allowed = (host: string) => {
    const name = host.replace(/:\d+$/, '');
    return (
      LOOPBACK_HOSTS.has(name) ||
      name === boundName ||
      allowedHosts.some(entry => entry === '*' || entry === host || entry === name)
    );
  };
  const where = [
    ...['localhost', '127.0.0.1', '[::1]'].map(name => `${name}:${port}`),
    ...(boundName && !LOOPBACK_HOSTS.has(boundName) ? [`${boundName}:${port}`] : []),
    ...allowedHosts,
  ].join(', ');
  const host = req.headers.host?.toLowerCase();
  // The peer's answers: a request without Host (HTTP/1.0) is malformed, another host is forbidden.
  if (!host) return { ok: false, status: 400, message: 'Missing host' };
  if (!allowed(host)) return { ok: false, status: 403, message: `Access is only allowed at ${where}` };
  // The peer does not look at Origin; we refuse a page of another site too (README: "Origin check").
  const origin = req.headers.origin;
  if (origin === undefined || origin === 'null') return { ok: true };
  const originHost = URL.canParse(origin) ? new URL(origin).host : '';
  return originHost && allowed(originHost)
    ? { ok: true }
    : { ok: false, status: 403, message: `Access is only allowed from pages at ${where}` };
}

export interface RunningHttpServer {
  server: Server;
  url: string;
  /** Who may do what (tokens): see access/access-policy.ts. */
  access: AccessPolicy;
  close(): Promise<void>;
}

/** What a server shows besides MCP and the planner. */
export interface ServedContent {
  /** The built inspector UI (web mode), at /. */
  uiDir?: string;
  /** The bundled demo site, at /demo/: the inspector's "Run demo" drives the controlled browser through it. */
  demoDir?: string;
  /**
   * WebSocket endpoints by path (web mode's bridge). Upgrades pass the same local-request check first; `role` is
   * undefined when a token is required and the upgrade has none (the endpoint says so on the socket, then closes it).
   */
  upgrades?: Record<string, (req: IncomingMessage, socket: Duplex, head: Buffer, role: Role | undefined) => void>;
  /** Other HTTP endpoints (the bridge for scripts, the sessions MCP): true when the request was theirs. */
  api?: (req: IncomingMessage, res: ServerResponse, url: URL, role: Role) => Promise<boolean>;
  /** No browser endpoints (MCP tools, planner, traces): a server of the recordings only (`sessions-mcp --port`). */
  recordingsOnly?: boolean;
}

/** Several `api` handlers as one: each in turn, until one takes the request. */
export function apis(...handlers: NonNullable<ServedContent['api']>[]): NonNullable<ServedContent['api']> {
  return async (req, res, url, role) => {
    for (const handler of handlers) if (await handler(req, res, url, role)) return true;
    return false;
  };
}

/**
 * The one HTTP server of a process: MCP (/mcp, /sse), the page-state planner (POST /api/agent/interact) and, in web
 * mode and the app, the inspector UI, its bridge and the demo site (see ServedContent).
 */
export async function startHttpServer(
  core: InspectorCore,
  config: HttpConfig,
  content: ServedContent = {},
): Promise<RunningHttpServer> {
  const access = AccessPolicy.from(config, line => process.stderr.write(`${line}\n`));
  const mcp = new McpHttpEndpoint(core);
  const planner = new PlannerEndpoint(() => core.planner, { maxBodyBytes: core.config.planner.maxBodyBytes });
  const traces = new TraceReceiver({
    maxBodyBytes: MAX_TRACE_BODY_BYTES,
    protobuf: () => import('./tracing/otlp-proto').then(module => module.decodeTraceRequest),
    onSpans: spans => core.spans.receive(spans),
  });
  const server = createServer((req, res) => {
    const check = isLocalRequest(req, config, listeningPort());
    if (!check.ok) {
      res.writeHead(check.status).end(check.message);
      return;
    }
    const url = requestUrl(req);
    if (!url) {
      res.writeHead(400, { 'content-type': 'text/plain' }).end(`Bad request: "${req.url}" is not a request path.\n`);
      return;
    }
    // The bundled demo site is static pages without data, and the controlled browser opens it without a token.
    const decision =
      url.pathname.startsWith('/demo/') || url.pathname === '/demo'
        ? { role: 'viewer' as const }
        : access.check(req, res, url);
    if ('handled' in decision) return;
    const browser = !content.recordingsOnly;
    // A viewer watches: the UI and its read-only bridge commands, never a tool call or a planner request.
    if (browser && decision.role === 'viewer' && (mcp.claims(req, url) || planner.claims(url) || traces.claims(url))) {
      res
        .writeHead(403, { 'content-type': 'text/plain' })
        .end('Forbidden: a read-only (viewer) token cannot call tools, the planner or send traces.\n');
      return;
    }
    (browser ? mcp.handle(req, res, url) : Promise.resolve(false))
      .then(handled => handled || (browser && planner.handle(req, res, url)))
      .then(handled => handled || (browser && traces.handle(req, res, url)))
      .then(handled => handled || (content.api?.(req, res, url, decision.role) ?? false))
      .then(handled => handled || serveContent(res, url, content))
      .catch(error => {
        console.error('[http] request failed:', error);
        if (!res.headersSent) res.writeHead(500, { 'content-type': 'text/plain' });
        res.end(`Internal error: ${error instanceof Error ? error.message : error}`);
      });
  });
  server.on('upgrade', (req, socket, head) => {
    const check = isLocalRequest(req, config, listeningPort());
    const url = requestUrl(req);
    const upgrade = url && content.upgrades?.[url.pathname];
    if (check.ok && upgrade) {
      return upgrade(req, socket, head, access.roleOfUpgrade(req));
    }
    socket.end(
      check.ok
        ? 'HTTP/1.1 404 Not Found\r\n\r\n'
        : `HTTP/1.1 ${check.status} ${STATUS_CODES[check.status]}\r\n\r\n${check.message}`,
    );
  });
  const listeningPort = () => (server.address() as AddressInfo).port;
  await new Promise<void>((resolve, reject) => {
    server.once('error', (error: NodeJS.ErrnoException) =>
      reject(
        error.code === 'EADDRINUSE'
          ? new Error(
              `Port ${config.port} on ${config.host} is already in use: pass --port with another port, or --port 0 for any free one.`,
            )
          : error,
      ),
    );
    server.listen(config.port, config.host, () => resolve());
  });
  const port = listeningPort();
  const shownHost = config.host.includes(':') ? `[${config.host}]` : config.host;
  return {
    server,
    access,
    url: `http://${shownHost}:${port}`,
    async close() {
      await mcp.close();
      server.closeAllConnections();
      await new Promise<void>(resolve => server.close(() => resolve()));
    },
  };
}

/**
 * The request's target as a URL, or null when it is none: Node's parser lets `//[` through, and `new URL` throwing in a
 * request listener would take the whole server down.
 */
function requestUrl(req: IncomingMessage): URL | null {
  return URL.canParse(req.url ?? '/', 'http://localhost') ? new URL(req.url ?? '/', 'http://localhost') : null;
}

function serveContent(res: ServerResponse, url: URL, { uiDir, demoDir, recordingsOnly }: ServedContent) {
  if (recordingsOnly) {
    res
      .writeHead(404, { 'content-type': 'text/plain' })
      .end(
        `Not found. Endpoint: POST ${SESSIONS_MCP_PATH} (MCP Streamable HTTP, stateless: the recordings, read-only).`,
      );
    return;
  }
  if (demoDir && url.pathname === '/demo') {
    res.writeHead(308, { location: '/demo/' }).end();
    return;
  }
  if (demoDir && url.pathname.startsWith('/demo/'))
    return serveStatic(res, url, demoDir, url.pathname.slice('/demo'.length));
  if (uiDir) return serveStatic(res, url, uiDir, url.pathname);
  res
    .writeHead(404, { 'content-type': 'text/plain' })
    .end(
      `Not found. Endpoints: /mcp and / (MCP Streamable HTTP), /sse (MCP legacy SSE), POST ${INTERACT_PATH} (page-state planner), POST ${TRACES_PATH} (OTLP/HTTP traces), POST ${SESSIONS_MCP_PATH} (the recordings over MCP).`,
    );
}

/** A file under `dir` (none outside it), with the UI's content policy: our own scripts only. */
export function serveStatic(res: ServerResponse, url: URL, dir: string, pathname: string) {
  let relativePath: string;
  try {
    relativePath = decodeURIComponent(pathname.endsWith('/') ? `${pathname}index.html` : pathname);
  } catch {
    res.writeHead(400, { 'content-type': 'text/plain' }).end(`Bad request: malformed path ${url.pathname}`);
    return;
  }
  const file = normalize(join(dir, relativePath));
  if (!file.startsWith(dir + sep) || !existsSync(file) || !statSync(file).isFile()) {
    res.writeHead(404, { 'content-type': 'text/plain' }).end(`Not found: ${url.pathname}`);
    return;
  }
  res.writeHead(200, {
    'content-type': CONTENT_TYPES[extname(file)] ?? 'application/octet-stream',
    // Nothing from a visited site may run in the inspector: only our own bundled scripts.
    'content-security-policy':
      "default-src 'self'; script-src 'self'; img-src 'self' data: blob:; style-src 'self' 'unsafe-inline'; font-src 'self' data:; worker-src 'self' blob:; connect-src 'self'; object-src 'none'; base-uri 'none'",
    'x-content-type-options': 'nosniff',
  });
  createReadStream(file).pipe(res);
}
