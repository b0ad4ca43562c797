import { existsSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { SseError, SSEClientTransport } from '@modelcontextprotocol/sdk/client/sse.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport, StreamableHTTPError } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import { ListRootsRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { splitCommandLine } from '../command-line';
import { ConnectionError } from './errors';

/** A server the client spawns and talks to over stdin/stdout. */
export interface StdioServer {
  command: string;
  args?: string[];
  /** Working directory of the server process: the workspace root both servers resolve file names against. */
  cwd?: string;
  /** Added to the SDK's minimal inherited environment (PATH, HOME…). */
  env?: Record<string, string>;
}

/** A running server reached over HTTP. */
export interface HttpServer {
  /** The Streamable HTTP endpoint, e.g. `http://127.0.0.1:8931/mcp`. */
  url: string | URL;
  /** `auto` (default): Streamable HTTP, falling back to legacy SSE when the server answers 4xx (not 401/403). */
  transport?: 'auto' | 'streamable-http' | 'sse';
  /** Extra request headers (e.g. authorization). */
  headers?: Record<string, string>;
}

/**
 * A server in this process, reached through a transport it links for each connection attempt (e.g. one side of the
 * SDK's InMemoryTransport pair, the other side connected to the server).
 */
export interface LinkedServer {
  link(): Promise<Transport>;
  /** Names the server in error messages. */
  name: string;
}

/**
 * Where the MCP browser server is: an `http(s)://` URL, a command line such as `"npx @playwright/mcp --headless"`
 * (split like a shell would, spawned without one), or the structured forms.
 */
export type ServerSpec = string | StdioServer | HttpServer | LinkedServer;

/** Normalises a ServerSpec to its structured form. */
export function resolveServerSpec(spec: ServerSpec): StdioServer | HttpServer | LinkedServer {
  if (typeof spec !== 'string') return spec;
  if (/^https?:\/\//i.test(spec.trim())) return { url: spec.trim() };
  const [command, ...args] = splitCommandLine(spec);
  if (!command) throw new TypeError('Empty server command line');
  return { command, args };
}

/** Whether a resolved spec names an HTTP server (rather than a command to spawn). */
export const isHttpServer = (spec: StdioServer | HttpServer | LinkedServer): spec is HttpServer => 'url' in spec;
export const isLinkedServer = (spec: StdioServer | HttpServer | LinkedServer): spec is LinkedServer => 'link' in spec;

/** An initialised SDK client and what is needed to report on and close its transport. */
export interface Connection {
  readonly client: Client;
  readonly transport: 'stdio' | 'streamable-http' | 'sse' | 'linked';
  /** The server process id (stdio). */
  readonly pid?: number;
  /** The last few KB the stdio server wrote to stderr, for error messages. */
  stderrTail(): string;
  close(): Promise<void>;
}

/** How openConnection() identifies the client and watches the connection. */
export interface OpenOptions {
  clientInfo: { name: string; version: string };
  /** Advertised as the client's MCP root, so servers resolve relative file names against it. */
  workspace?: string;
  /** Timeout of the initialize request, in ms. */
  timeout: number;
  /** Called when the transport closes, whoever closed it. */
  onClose: () => void;
}

const STDERR_TAIL = 4096;

/** Connects an SDK client to the server; every failure is a ConnectionError (which the caller may retry). */
export async function openConnection(
  spec: StdioServer | HttpServer | LinkedServer,
  options: OpenOptions,
): Promise<Connection> {
  if (isLinkedServer(spec)) return openLinked(spec, options);
  if (!isHttpServer(spec)) return openStdio(spec, options);
  const url = new URL(spec.url);
  const requestInit = spec.headers ? { headers: spec.headers } : undefined;
  const mode = spec.transport ?? 'auto';
  if (mode !== 'sse') {
    try {
      const client = newClient(options);
      await client.connect(new StreamableHTTPClientTransport(url, { requestInit }), { timeout: options.timeout });
      return httpConnection(client, 'streamable-http');
    } catch (error) {
      // A 4xx is how a server without Streamable HTTP at that URL answers the initialize POST (the MCP spec's fallback
      // rule; @playwright/mcp's /sse says 400 "Missing sessionId"), except a refused token, which SSE would not fix.
      const legacy =
        error instanceof StreamableHTTPError &&
        !!error.code &&
        error.code >= 400 &&
        error.code < 500 &&
        error.code !== 401 &&
        error.code !== 403;
      if (mode === 'streamable-http' || !legacy) throw connectionError(url.href, error);
    }
  }
  try {
    const client = newClient(options);
    await client.connect(new SSEClientTransport(url, { requestInit }), { timeout: options.timeout });
    return httpConnection(client, 'sse');
  } catch (error) {
    throw connectionError(`${url.href} (legacy SSE)`, error);
  }
}

function newClient(options: OpenOptions): Client {
  const client = new Client(options.clientInfo, { capabilities: options.workspace ? { roots: {} } : {} });
  const { workspace } = options;
  if (workspace)
    client.setRequestHandler(ListRootsRequestSchema, async () => ({
      roots: [{ uri: pathToFileURL(workspace).href, name: 'workspace' }],
    }));
  client.onclose = options.onClose;
  return client;
}

function httpConnection(client: Client, transport: 'streamable-http' | 'sse'): Connection {
  return { client, transport, stderrTail: () => '', close: () => client.close() };
}

async function openLinked(spec: LinkedServer, options: OpenOptions): Promise<Connection> {
  const client = newClient(options);
  try {
    await client.connect(await spec.link(), { timeout: options.timeout });
  } catch (error) {
    await client.close().catch(() => {});
    throw connectionError(spec.name, error);
  }
  return { client, transport: 'linked', stderrTail: () => '', close: () => client.close() };
}

async function openStdio(spec: StdioServer, options: OpenOptions): Promise<Connection> {
  const transport = new StdioClientTransport({
    command: spec.command,
    args: spec.args,
    cwd: spec.cwd,
    env: spec.env,
    stderr: 'pipe',
  });
  let stderr = '';
  // Reading stderr also keeps the pipe drained, so a chatty server never blocks on it.
  transport.stderr?.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-STDERR_TAIL);
  });
  const client = newClient(options);
  try {
    await client.connect(transport, { timeout: options.timeout });
  } catch (error) {
    await client.close().catch(() => {});
    // spawn reports a missing cwd as the command being missing ("spawn node ENOENT"): say which it is.
    const missingCwd =
      spec.cwd !== undefined && !existsSync(spec.cwd) ? ` (the working directory ${spec.cwd} does not exist)` : '';
    const output = stderr.trim() ? `\n--- server stderr ---\n${stderr.trim()}` : '';
    throw connectionError([spec.command, ...(spec.args ?? [])].join(' '), error, missingCwd + output);
  }
  return {
    client,
    transport: 'stdio',
    pid: transport.pid ?? undefined,
    stderrTail: () => stderr,
    close: () => client.close(),
  };
}

function connectionError(target: string, error: unknown, detail = ''): ConnectionError {
  const message = error instanceof Error ? error.message : String(error);
  // The SDK's HTTP errors keep the status in `code`, not in the message (which may end with an empty body).
  const status =
    (error instanceof StreamableHTTPError || error instanceof SseError) && error.code ? `HTTP ${error.code}: ` : '';
  return new ConnectionError(`Cannot connect to ${target}: ${status}${message}${detail}`, { cause: error });
}
