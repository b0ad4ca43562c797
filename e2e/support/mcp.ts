import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { SSEClientTransport } from '@modelcontextprotocol/sdk/client/sse.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { findChromium } from '../../src/main/browser/discovery';
import { parseResponse, type ParsedResponse } from '../../src/shared/response';

export const CLI = 'bin/agent-inspector.js';

export interface ToolResult {
  text: string;
  parsed: ParsedResponse;
  isError: boolean;
  images: { mimeType: string; data: string }[];
}

/** An official MCP SDK client plus a helper that returns a call's text already split into sections. */
export class McpTestClient {
  constructor(readonly client: Client) {}

  async call(name: string, args: Record<string, unknown> = {}): Promise<ToolResult> {
    const result = await this.client.callTool({ name, arguments: args });
    const content = result.content as { type: string; text?: string; data?: string; mimeType?: string }[];
    const text = content
      .filter(c => c.type === 'text')
      .map(c => c.text)
      .join('\n');
    return {
      text,
      parsed: parseResponse(text),
      isError: !!result.isError,
      images: content.filter(c => c.type === 'image').map(c => ({ mimeType: c.mimeType!, data: c.data! })),
    };
  }

  close() {
    return this.client.close();
  }
}

const newClient = () => new Client({ name: 'agent-inspector-e2e', version: '1.0.0' });

/**
 * Spawns `agent-inspector mcp` (or `command`, e.g. `fork …`) over stdio, headless, with extra flags; an `env` value
 * undefined unsets that variable.
 */
export async function connectStdio(
  args: string[] = [],
  options: { cwd?: string; env?: Record<string, string | undefined>; command?: string[] } = {},
) {
  if (options.cwd) mkdirSync(options.cwd, { recursive: true });
  const transport = new StdioClientTransport({
    command: process.execPath,
    // In memory unless a test says otherwise: parallel servers in one folder would share (and lock) a persistent profile.
    args: [
      `${process.cwd()}/${CLI}`,
      ...(options.command ?? ['mcp']),
      '--headless',
      ...(args.includes('--user-data-dir') ? [] : ['--isolated']),
      ...args,
    ],
    cwd: options.cwd,
    env: Object.fromEntries(
      Object.entries({ ...process.env, ...options.env }).filter(
        (entry): entry is [string, string] => entry[1] !== undefined,
      ),
    ),
    stderr: 'pipe',
  });
  let stderr = '';
  transport.stderr?.on('data', chunk => (stderr += chunk));
  const client = newClient();
  await client.connect(transport);
  return Object.assign(new McpTestClient(client), { pid: transport.pid!, stderr: () => stderr });
}

/** The peer runs the Chromium ours finds, without its sandbox (root in a container): flags a comparison gives both. */
export const peerBrowserFlags = () => ['--no-sandbox', '--executable-path', findChromium()];

/**
 * @playwright/mcp itself beside ours: headless in a fresh in-memory profile (unless `args` name a --user-data-dir), in
 * `cwd` as its workspace root; `env` adds to the test's environment.
 */
export async function connectPeer(
  cwd: string,
  args: string[] = [],
  env: Record<string, string> = {},
): Promise<McpTestClient> {
  mkdirSync(cwd, { recursive: true });
  const client = new Client({ name: 'conformance', version: '1.0.0' });
  await client.connect(
    new StdioClientTransport({
      command: process.execPath,
      args: [
        `${process.cwd()}/node_modules/@playwright/mcp/cli.js`,
        '--headless',
        ...(args.includes('--user-data-dir') ? [] : ['--isolated']),
        ...peerBrowserFlags(),
        ...args,
      ],
      cwd,
      env: { ...process.env, ...env } as Record<string, string>,
      stderr: 'ignore',
    }),
  );
  return new McpTestClient(client);
}

export interface HttpServerProcess {
  url: string;
  /** The server's working directory: its workspace root for files it writes. */
  cwd: string;
  process: ChildProcess;
  /** Everything the server wrote to stderr so far. */
  log(): string;
  stop(): Promise<void>;
}

/**
 * Spawns `agent-inspector <command> --port 0` and waits for the line that says where it listens; `env` adds to the
 * test's environment (an undefined value unsets a variable).
 */
export async function startHttpServer(
  args: string[] = [],
  command: 'mcp' | 'serve' | 'sessions-mcp' = 'mcp',
  cwd = mkdtempSync(join(tmpdir(), 'ai-http-')),
  env: Record<string, string | undefined> = {},
): Promise<HttpServerProcess> {
  // sessions-mcp starts no browser: it has no --headless.
  const headless = command === 'sessions-mcp' ? [] : ['--headless'];
  const child = spawn(process.execPath, [`${process.cwd()}/${CLI}`, command, ...headless, '--port', '0', ...args], {
    cwd,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${output}`)), 20_000);
    child.stderr!.on('data', chunk => {
      output += chunk;
      const match = output.match(/(http:\/\/127\.0\.0\.1:\d+)/);
      if (match) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    });
    child.on('exit', code => reject(new Error(`server exited with ${code}:\n${output}`)));
  });
  return {
    url,
    cwd,
    process: child,
    log: () => output,
    stop: () =>
      new Promise<void>(resolve => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

export async function connectHttp(baseUrl: string, path = '/mcp'): Promise<McpTestClient> {
  const client = newClient();
  await client.connect(new StreamableHTTPClientTransport(new URL(`${baseUrl}${path}`)));
  return new McpTestClient(client);
}

export async function connectSse(baseUrl: string): Promise<McpTestClient> {
  const client = newClient();
  await client.connect(new SSEClientTransport(new URL(`${baseUrl}/sse`)));
  return new McpTestClient(client);
}

/**
 * The console log lines an answer links (`New console entries: <file>#L<a>-L<b>`), read from the file in the server's
 * workspace `root`; empty when it links none.
 */
export function linkedConsoleLines(text: string, root: string): string[] {
  const lines: string[] = [];
  for (const [, file, from, to = from] of text.matchAll(/New console entries: (\S+?)#L(\d+)(?:-L(\d+))?$/gm))
    lines.push(
      ...readFileSync(resolve(root, file), 'utf8')
        .split('\n')
        .slice(Number(from) - 1, Number(to)),
    );
  return lines;
}

/** The ref of the first snapshot line matching `pattern`, e.g. refOf(yaml, /button "Save"/). */
export function refOf(yaml: string | undefined, pattern: RegExp): string {
  const line = (yaml ?? '').split('\n').find(l => pattern.test(l));
  const ref = line?.match(/\[ref=((?:f\d+)?e\d+)\]/)?.[1];
  if (!ref) throw new Error(`No element matching ${pattern} in snapshot:\n${yaml}`);
  return ref;
}

/** The titles browser_tabs lists in its result (`- 0: (current) [Title](url)`, as @playwright/mcp answers). */
export function tabTitles(result: ToolResult): string[] {
  return [...(result.parsed.result ?? '').matchAll(/^- \d+: (?:\(current\) )?\[(.*)\]\(.*\)$/gm)].map(
    match => match[1],
  );
}
