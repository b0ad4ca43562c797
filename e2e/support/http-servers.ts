import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { request } from 'node:http';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { SSEClientTransport } from '@modelcontextprotocol/sdk/client/sse.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { PingRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { findChromium } from '../../src/main/browser/discovery';
import { McpTestClient, startHttpServer } from './mcp';

/**
 * Ours and @playwright/mcp over HTTP, side by side. Both listen on 127.0.0.1 and every request goes there; `host` is the
 * Host header each expects: the peer advertises (and only accepts) `localhost:<port>` even when bound to 127.0.0.1.
 */
export interface HttpEndpoint {
  name: 'ours' | 'peer';
  port: number;
  host: string;
  /** The server's process: the browsers it launched are its children. */
  pid: number;
  log(): string;
  stop(): Promise<void>;
}

export type ServerName = HttpEndpoint['name'];

/**
 * Starts `name` over HTTP, headless, with `args` in `cwd` (its workspace root); `env` adds to the environment, an
 * undefined value unsets a variable.
 */
export async function startEndpoint(
  name: ServerName,
  args: string[] = [],
  env: Record<string, string | undefined> = {},
  cwd = mkdtempSync(join(tmpdir(), `ai-http-${name}-`)),
): Promise<HttpEndpoint> {
  if (name === 'ours') {
    const server = await startHttpServer(args, 'mcp', cwd, env);
    const port = Number(new URL(server.url).port);
    return { name, port, host: `127.0.0.1:${port}`, pid: server.process.pid!, log: server.log, stop: server.stop };
  }
  const peerArgs = [
    '--headless',
    '--no-sandbox',
    '--executable-path',
    findChromium(),
    '--port',
    '0',
    '--host',
    '127.0.0.1',
    ...args,
  ];
  const child = spawn(process.execPath, [`${process.cwd()}/node_modules/@playwright/mcp/cli.js`, ...peerArgs], {
    cwd,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const port = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the peer did not start:\n${output}`)), 20_000);
    child.stderr.on('data', chunk => {
      output += chunk;
      const match = output.match(/Listening on http:\/\/localhost:(\d+)/);
      if (match) {
        clearTimeout(timer);
        resolve(Number(match[1]));
      }
    });
    child.on('exit', code => reject(new Error(`the peer exited with ${code}:\n${output}`)));
  });
  return {
    name,
    port,
    host: `localhost:${port}`,
    pid: child.pid!,
    log: () => output,
    stop: () =>
      new Promise<void>(resolve => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

/** A fetch for the SDK transports that connects to 127.0.0.1 and names `host` in the Host header. */
function loopbackFetch(host: string): typeof fetch {
  return async (input, init = {}) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    const body = init.body ? Buffer.from(await new Response(init.body).arrayBuffer()) : undefined;
    return new Promise<Response>((resolve, reject) => {
      const headers: Record<string, string> = { host };
      new Headers(init.headers).forEach((value, name) => (headers[name] = value));
      const req = request(
        {
          host: '127.0.0.1',
          port: url.port,
          path: `${url.pathname}${url.search}`,
          method: init.method ?? 'GET',
          headers,
        },
        res => {
          const answer = new Headers();
          for (const [name, value] of Object.entries(res.headers))
            if (value !== undefined) answer.set(name, String(value));
          const empty = [204, 205, 304].includes(res.statusCode!);
          resolve(
            new Response(empty ? null : (Readable.toWeb(res) as ReadableStream), {
              status: res.statusCode,
              headers: answer,
            }),
          );
        },
      );
      // The SSE transport sends every message with one signal: a listener per request, gone with its request.
      const abort = () => req.destroy(init.signal!.reason);
      init.signal?.addEventListener('abort', abort, { once: true });
      req.on('close', () => init.signal?.removeEventListener('abort', abort));
      req.on('error', reject);
      req.end(body);
    });
  };
}

/** How many browsers the server runs now: its child processes that are Chromium. */
export function browsersOf(endpoint: HttpEndpoint): number {
  // ps exits with 1 when there is no child at all.
  const children = spawnSync('ps', ['-o', 'comm=', '--ppid', String(endpoint.pid)], { encoding: 'utf8' }).stdout.split(
    '\n',
  );
  return children.filter(name => /chrom/i.test(name)).length;
}

export interface ConnectedClient {
  mcp: McpTestClient;
  /** The Streamable HTTP session id (undefined over SSE). */
  sessionId(): string | undefined;
  /** The client answers the server's pings while this is true (as the SDK client does by default). */
  answersPings: boolean;
  /** Leaves as a well-behaved client does: a DELETE for its Streamable HTTP session, then the connection closed. */
  leave(): Promise<void>;
}

export async function connectClient(endpoint: HttpEndpoint, transport: 'http' | 'sse'): Promise<ConnectedClient> {
  const fetch = loopbackFetch(endpoint.host);
  const base = `http://127.0.0.1:${endpoint.port}`;
  const client = new Client({ name: 'http-sessions', version: '1.0.0' });
  const connected: ConnectedClient = {
    mcp: new McpTestClient(client),
    answersPings: true,
    sessionId: () => undefined,
    leave: () => client.close(),
  };
  // A client that stops answering: the ping request is left pending for good.
  client.setRequestHandler(PingRequestSchema, () => (connected.answersPings ? {} : new Promise<never>(() => {})));
  if (transport === 'sse') {
    await client.connect(new SSEClientTransport(new URL(`${base}/sse`), { fetch, eventSourceInit: { fetch } }));
    return connected;
  }
  const streamable = new StreamableHTTPClientTransport(new URL(`${base}/mcp`), { fetch });
  await client.connect(streamable);
  connected.sessionId = () => streamable.sessionId;
  connected.leave = async () => {
    await streamable.terminateSession();
    await client.close();
  };
  return connected;
}

export interface RawAnswer {
  status: number;
  contentType?: string;
  body: string;
}

/**
 * One HTTP/1.0 request to 127.0.0.1, headers exactly as given: Node's parser refuses an HTTP/1.1 request without Host
 * before any server code sees it, HTTP/1.0 lets a server answer that itself. The answer is read to the end.
 */
export function rawRequest(
  endpoint: HttpEndpoint,
  method: string,
  path: string,
  headers: Record<string, string> = {},
  body = '',
): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const socket = connect(endpoint.port, '127.0.0.1');
    const lines = [
      `${method} ${path} HTTP/1.0`,
      ...Object.entries({ ...headers, ...(body && { 'content-length': String(Buffer.byteLength(body)) }) }).map(
        ([name, value]) => `${name}: ${value}`,
      ),
    ];
    socket.end(`${lines.join('\r\n')}\r\n\r\n${body}`);
    const chunks: Buffer[] = [];
    socket.on('data', chunk => chunks.push(chunk));
    socket.on('error', reject);
    socket.on('close', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const split = text.indexOf('\r\n\r\n');
      const head = text.slice(0, split).split('\r\n');
      const contentType = head.find(line => /^content-type:/i.test(line))?.replace(/^content-type:\s*/i, '');
      resolve({
        status: Number(head[0].split(' ')[1]),
        ...(contentType && { contentType }),
        body: text.slice(split + 4),
      });
    });
  });
}

/** An MCP initialize request body, for raw requests. */
export const INITIALIZE = JSON.stringify({
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '1' } },
});
export const MCP_HEADERS = { 'content-type': 'application/json', accept: 'application/json, text/event-stream' };
