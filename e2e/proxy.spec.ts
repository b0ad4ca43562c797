import { execFileSync, spawn } from 'node:child_process';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { McpError } from '@modelcontextprotocol/sdk/types.js';
import type { SessionStartedEvent, ToolCallEvent } from '../src/shared/events';
import { findChromium } from '../src/main/browser/discovery';
import { splitCommand } from '../src/main/proxy/split-command';
import { expect, test } from './support/fixtures';
import { inProcessCore } from './support/in-process';
import {
  CLI,
  connectHttp,
  connectSse,
  connectStdio,
  McpTestClient,
  refOf,
  startHttpServer,
  type ToolResult,
} from './support/mcp';

/**
 * @playwright/mcp as the upstream, writing its files into the test's own folder. The folder also marks the process,
 * so a test can find it among its own children.
 */
const playwrightMcp = (outputDir: string) =>
  `"${process.execPath}" "${process.cwd()}/node_modules/@playwright/mcp/cli.js" --headless --isolated --no-sandbox ` +
  `--executable-path "${findChromium()}" --output-dir "${outputDir}"`;

/** @playwright/mcp without the proxy, for comparison: started the same way, with the same client name. */
async function connectDirect(command: string, clientName: string): Promise<McpTestClient> {
  const [program, ...args] = splitCommand(command);
  const client = new Client({ name: clientName, version: '1.0.0' });
  await client.connect(new StdioClientTransport({ command: program, args, cwd: process.cwd(), stderr: 'pipe' }));
  return new McpTestClient(client);
}

/** The pids of `parent`'s child processes whose command line contains `marker`. */
function childPids(parent: number, marker: string): number[] {
  const lines = execFileSync('ps', ['-o', 'pid=,args=', '--ppid', String(parent)], { encoding: 'utf8' }).split('\n');
  return lines.filter(line => line.includes(marker)).map(line => Number.parseInt(line, 10));
}

/** Whether the process has ended and been reaped (a zombie still answers signal 0). */
function isGone(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return false;
  } catch {
    return true;
  }
}

/** Snapshot, screenshot and console files are named by the time they were written. */
const untimed = (text: string) => text.replace(/\b([a-z]+)-\d{4}-\d\d-\d\dT[\d-]+Z/g, '$1-<time>');

/** The same steps on a sign-up form: navigate, read the snapshot, type, submit, look. */
async function fillForm(mcp: McpTestClient, url: string): Promise<ToolResult[]> {
  const navigate = await mcp.call('browser_navigate', { url });
  const snapshot = await mcp.call('browser_snapshot');
  const type = await mcp.call('browser_type', {
    target: refOf(snapshot.parsed.snapshot?.yaml, /textbox "Full name"/),
    text: 'Ada',
  });
  const click = await mcp.call('browser_click', {
    target: refOf(snapshot.parsed.snapshot?.yaml, /button "Create account"/),
  });
  const after = await mcp.call('browser_snapshot');
  return [navigate, snapshot, type, click, after];
}

test('proxy mode forwards @playwright/mcp unchanged and records every call on the bus', async ({ site, workspace }) => {
  const command = playwrightMcp(`${workspace}/playwright-mcp`);
  const direct = await connectDirect(command, 'events-test');
  const { core, events, mcp } = await inProcessCore(workspace, { upstream: command });
  try {
    const { tools } = await mcp.client.listTools();
    const { tools: expected } = await direct.client.listTools();
    expect(tools.map(t => t.name)).toEqual(expected.map(t => t.name));
    expect(tools).toEqual(expected);

    const url = `${site.url}/form.html`;
    const results = await fillForm(mcp, url);
    const directResults = await fillForm(direct, url);
    expect(results.map(r => untimed(r.text))).toEqual(directResults.map(r => untimed(r.text)));
    expect(results.every(r => !r.isError)).toBe(true);
    expect(results[4].parsed.snapshot?.yaml).toContain('Saved Ada');

    const screenshot = await mcp.call('browser_take_screenshot', {});
    expect(screenshot.images).toHaveLength(1);

    expect(events[0]).toMatchObject({
      type: 'session-started',
      transport: 'in-memory',
      clientName: 'events-test',
      upstream: command,
    } satisfies Partial<SessionStartedEvent>);
    const calls = events.filter((e): e is ToolCallEvent => e.type === 'tool-call');
    expect(calls.map(c => [c.seq, c.tool, c.outcome])).toEqual([
      [1, 'browser_navigate', 'ok'],
      [2, 'browser_snapshot', 'ok'],
      [3, 'browser_type', 'ok'],
      [4, 'browser_click', 'ok'],
      [5, 'browser_snapshot', 'ok'],
      [6, 'browser_take_screenshot', 'ok'],
    ]);
    const [navigate, snapshot, type] = calls;
    expect(navigate.args).toEqual({ url });
    expect(navigate.code).toContain(`await page.goto('${url}');`);
    expect(navigate).toMatchObject({ url, title: 'Sign up' });
    expect(navigate.response).toEqual(results[0].parsed);
    expect(navigate.endedAt).toBeGreaterThanOrEqual(navigate.startedAt);
    expect(snapshot.ariaSnapshot).toBe(results[1].parsed.snapshot?.yaml);
    expect(type.args).toEqual({ target: expect.stringMatching(/^e\d+$/), text: 'Ada' });
    expect(calls[5].screenshot).toEqual({ mimeType: screenshot.images[0].mimeType, base64: screenshot.images[0].data });
  } finally {
    await direct.close();
    await mcp.close();
    await core.close();
  }
  expect(events.at(-1)).toMatchObject({ type: 'session-ended' });
});

test("through the CLI: stdio serves the upstream's tools and records them; a bad upstream exits 1 saying why", async ({
  site,
  workspace,
}) => {
  const mcp = await connectStdio(
    ['--upstream', playwrightMcp(`${workspace}/playwright-mcp`), '--session-dir', `${workspace}/sessions`],
    { cwd: workspace },
  );
  try {
    const { tools } = await mcp.client.listTools();
    expect(tools.map(t => t.name)).toContain('browser_navigate');
    // Ours only: the proxy serves the upstream's list, not its own.
    expect(tools.map(t => t.name)).not.toContain('browser_interact');
    const navigate = await mcp.call('browser_navigate', { url: `${site.url}/form.html` });
    expect(navigate.isError).toBe(false);
    expect(navigate.parsed.page).toMatchObject({ url: `${site.url}/form.html`, title: 'Sign up' });
    // A call is answered once its record is on disk.
    const [folder] = readdirSync(`${workspace}/sessions`);
    expect(readFileSync(`${workspace}/sessions/${folder}/events.jsonl`, 'utf8')).toContain('"tool":"browser_navigate"');
  } finally {
    await mcp.close();
  }

  const bad = 'node -e "process.exit(3)"';
  const child = spawn(process.execPath, [CLI, 'mcp', '--upstream', bad], {
    cwd: process.cwd(),
    stdio: ['pipe', 'ignore', 'pipe'],
  });
  try {
    let stderr = '';
    child.stderr.on('data', chunk => (stderr += chunk));
    const exit = new Promise<number | null>(resolve => child.once('exit', code => resolve(code)));
    const send = (message: object) => child.stdin.write(`${JSON.stringify({ jsonrpc: '2.0', ...message })}\n`);
    send({
      id: 1,
      method: 'initialize',
      params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '1' } },
    });
    send({ method: 'notifications/initialized' });
    expect(await exit).toBe(1);
    expect(stderr).toContain(
      'The upstream MCP server `node -e "process.exit(3)"` exited with code 3 before it was ready.',
    );
  } finally {
    child.kill();
  }
});

test('HTTP and SSE clients each get their own upstream process', async ({ site }) => {
  const server = await startHttpServer(['--upstream', playwrightMcp('playwright-mcp')]);
  const clients: McpTestClient[] = [];
  try {
    clients.push(await connectHttp(server.url), await connectSse(server.url));
    for (const client of clients) {
      const navigate = await client.call('browser_navigate', { url: `${site.url}/form.html` });
      expect(navigate.parsed.page?.title).toBe('Sign up');
    }
    expect(childPids(server.process.pid!, '@playwright/mcp/cli.js')).toHaveLength(2);
  } finally {
    await Promise.all(clients.map(client => client.close()));
    await server.stop();
  }
});

test('a bad upstream is an error naming the command; one that dies is reported once, then started again', async ({
  site,
  workspace,
}) => {
  const bad = await inProcessCore(workspace, { upstream: 'node -e "process.exit(3)"' });
  try {
    const failed = await bad.mcp.call('browser_navigate', { url: `${site.url}/form.html` });
    expect(failed.isError).toBe(true);
    expect(failed.parsed.error).toBe(
      'The upstream MCP server `node -e "process.exit(3)"` exited with code 3 before it was ready.',
    );
    await expect(bad.mcp.client.listTools()).rejects.toThrow('exited with code 3 before it was ready');
  } finally {
    await bad.mcp.close();
    await bad.core.close();
  }
  expect(bad.events.find((e): e is ToolCallEvent => e.type === 'tool-call')).toMatchObject({
    tool: 'browser_navigate',
    outcome: 'error',
  });

  const missing = await inProcessCore(workspace, { upstream: 'no-such-mcp-server --flag' });
  try {
    expect((await missing.mcp.call('browser_snapshot')).parsed.error).toBe(
      'The upstream MCP server `no-such-mcp-server --flag` could not start: spawn no-such-mcp-server ENOENT.',
    );
  } finally {
    await missing.mcp.close();
    await missing.core.close();
  }

  const outputDir = `${workspace}/killed-upstream`;
  const { core, events, mcp } = await inProcessCore(workspace, { upstream: playwrightMcp(outputDir) });
  const navigate = async () =>
    (await mcp.call('browser_navigate', { url: `${site.url}/form.html` })).parsed.page?.title;
  const kill = () => {
    const [pid] = childPids(process.pid, outputDir);
    process.kill(pid, 'SIGKILL');
    return pid;
  };
  try {
    expect(await navigate()).toBe('Sign up');
    // Killed between calls: the next call says so, the one after runs on a new upstream.
    const idle = kill();
    await expect.poll(() => isGone(idle)).toBe(true);
    const lost = await mcp.call('browser_snapshot');
    expect(lost.isError).toBe(true);
    expect(lost.parsed.error).toMatch(
      /^The upstream MCP server `.*` exited on signal SIGKILL; its browser state is gone, and the next call starts it again\.$/,
    );
    expect(await navigate()).toBe('Sign up');
    // Killed during a call: that call says so, and only that one.
    const waiting = mcp.call('browser_wait_for', { time: 10 });
    await new Promise(resolve => setTimeout(resolve, 500));
    const busy = kill();
    expect(busy).not.toBe(idle);
    expect((await waiting).parsed.error).toMatch(
      /`.*` exited on signal SIGKILL during browser_wait_for; its browser state is gone/,
    );
    expect(await navigate()).toBe('Sign up');
  } finally {
    await mcp.close();
    await core.close();
  }
  const calls = events.filter((e): e is ToolCallEvent => e.type === 'tool-call');
  expect(calls.map(c => [c.tool, c.outcome])).toEqual([
    ['browser_navigate', 'ok'],
    ['browser_snapshot', 'error'],
    ['browser_navigate', 'ok'],
    ['browser_wait_for', 'error'],
    ['browser_navigate', 'ok'],
  ]);
});

/**
 * A minimal upstream whose answers use what Playwright MCP never sends — several content types, annotations, `_meta`,
 * structured content, JSON-RPC errors, progress, an unprompted notification — and one tool that never answers.
 */
// The script may be written outside the repository (--output): it imports the SDK by absolute URL.
const sdk = (path: string) =>
  pathToFileURL(createRequire(import.meta.url).resolve(`@modelcontextprotocol/sdk/${path}`)).href;
const FAKE_UPSTREAM = `
import { Server } from '${sdk('server/index.js')}';
import { StdioServerTransport } from '${sdk('server/stdio.js')}';
import { CallToolRequestSchema, ListToolsRequestSchema, McpError } from '${sdk('types.js')}';
const server = new Server({ name: 'fake', version: '1.0.0' }, { capabilities: { tools: { listChanged: true } } });
const tools = ${JSON.stringify([
  {
    name: 'echo',
    title: 'Echo',
    description: 'Answers with its arguments.',
    inputSchema: { type: 'object', properties: { word: { type: 'string' } } },
    outputSchema: { type: 'object', properties: { args: { type: 'object' } } },
    annotations: { readOnlyHint: true },
    _meta: { vendor: 'x' },
  },
  { name: 'fail', inputSchema: { type: 'object' } },
  { name: 'hang', inputSchema: { type: 'object' } },
])};
server.setRequestHandler(ListToolsRequestSchema, () => ({ tools }));
server.setRequestHandler(CallToolRequestSchema, async (request, extra) => {
  const { name, arguments: args, _meta } = request.params;
  if (name === 'fail') throw new McpError(-32602, 'No such word', { word: args.word });
  if (name === 'hang') return new Promise(() => {});
  if (_meta?.progressToken !== undefined) await extra.sendNotification({ method: 'notifications/progress', params: { progressToken: _meta.progressToken, progress: 1 } });
  await server.sendToolListChanged();
  return {
    content: [
      { type: 'text', text: 'plain text, no sections  \\n  kept as is ' },
      { type: 'image', data: 'iVBORw0KGgo=', mimeType: 'image/png', annotations: { audience: ['user'] } },
      { type: 'resource_link', uri: 'file:///tmp/x.txt', name: 'x.txt' },
    ],
    structuredContent: { args },
    _meta: { took: 1 },
  };
});
await server.connect(new StdioServerTransport());
`;

test('answers and errors pass through unchanged; progress and notifications do no harm; a silent upstream times out', async ({
  workspace,
}, testInfo) => {
  const script = testInfo.outputPath('fake-upstream.mjs');
  writeFileSync(script, FAKE_UPSTREAM);
  const command = `"${process.execPath}" "${script}"`;
  const direct = await connectDirect(command, 'events-test');
  const { core, events, mcp } = await inProcessCore(workspace, {
    upstream: command,
    timeouts: { action: 1_000, navigation: 1_000 },
  });
  const args = { word: 'hello <b>' };
  try {
    expect((await mcp.client.listTools()).tools).toEqual((await direct.client.listTools()).tools);
    const echoed = await mcp.client.callTool({ name: 'echo', arguments: args });
    expect(echoed).toEqual(await direct.client.callTool({ name: 'echo', arguments: args }));
    expect(echoed.structuredContent).toEqual({ args });

    const fail = (client: Client) =>
      client.callTool({ name: 'fail', arguments: { word: 'nope' } }).catch((e: unknown) => e as McpError);
    const [error, directError] = [await fail(mcp.client), await fail(direct.client)];
    expect(error).toBeInstanceOf(McpError);
    expect(error).toMatchObject({ code: -32602, data: { word: 'nope' } });
    // The upstream's message as it sent it, not wrapped once more by the proxy.
    expect(error.message).toBe(directError.message);

    const silent = await mcp.call('hang');
    expect(silent.parsed.error).toBe(`The upstream MCP server \`${command}\` did not answer hang within 2 s.`);
    // Still running: the next call is answered by the same process.
    expect((await mcp.client.callTool({ name: 'echo', arguments: args })).structuredContent).toEqual({ args });
  } finally {
    await direct.close();
    await mcp.close();
    await core.close();
  }
  const calls = events.filter((e): e is ToolCallEvent => e.type === 'tool-call');
  expect(calls.map(c => [c.tool, c.outcome])).toEqual([
    ['echo', 'ok'],
    ['fail', 'error'],
    ['hang', 'error'],
    ['echo', 'ok'],
  ]);
  expect(calls[0]).toMatchObject({
    args,
    response: { result: 'plain text, no sections  \n  kept as is ' },
    screenshot: { mimeType: 'image/png', base64: 'iVBORw0KGgo=' },
  });
  expect(calls[1].response.error).toContain('No such word');
});
