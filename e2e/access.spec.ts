import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { chromium } from 'playwright';
import WebSocket from 'ws';
import { expect, test } from './support/fixtures';
import { CLI } from './support/mcp';
import { snap } from './support/ui';

/**
 * Token authentication (issue 19): a server bound beyond loopback refuses every route without its token. Traffic stays
 * on loopback: the server binds 0.0.0.0, and clients reach it at 127.0.0.1 or through a name mapped to it.
 */

/** The name the browser uses for the exposed server (mapped to 127.0.0.1 by --host-resolver-rules). */
const NAME = 'inspector.test';

interface Exposed {
  port: number;
  token: string;
  viewer: string;
  output: () => string;
  child: ChildProcess;
}

async function serveExposed(extra: string[] = []): Promise<Exposed> {
  const child = spawn(
    process.execPath,
    [
      `${process.cwd()}/${CLI}`,
      'serve',
      '--headless',
      '--host',
      '0.0.0.0',
      '--port',
      '0',
      '--allowed-hosts',
      NAME,
      '--viewer-token',
      ...extra,
    ],
    { cwd: mkdtempSync(join(tmpdir(), 'ai-access-')), stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let output = '';
  child.stderr!.on('data', chunk => {
    output += chunk;
  });
  await expect.poll(() => output, { timeout: 20_000 }).toContain('Read-only link');
  const port = Number(/0\.0\.0\.0:(\d+)/.exec(output)![1]);
  return {
    port,
    token: /Bearer ([^"]+)"/.exec(output)![1],
    viewer: /Read-only link.*\?token=(\S+)/.exec(output)![1],
    output: () => output,
    child,
  };
}

let server: Exposed;
test.beforeAll(async () => {
  server = await serveExposed();
});
test.afterAll(() => {
  server.child.kill('SIGTERM');
});

const local = (path: string) => `http://127.0.0.1:${server.port}${path}`;
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const initialize = {
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: { protocolVersion: '2025-03-26', capabilities: {}, clientInfo: { name: 't', version: '1' } },
};
const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
  fetch(local(path), {
    method: 'POST',
    body: JSON.stringify(body),
    headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...headers },
  });

/** Opens the bridge WebSocket; resolves with how it closed, or with the open socket. */
function bridgeSocket(port: number, headers: Record<string, string>) {
  const socket = new WebSocket(`ws://127.0.0.1:${port}/bridge`, { headers });
  return new Promise<{ socket: WebSocket; closed?: { code: number; reason: string } }>(resolve => {
    socket.once('close', (code, reason) => resolve({ socket, closed: { code, reason: String(reason) } }));
    socket.once('open', () =>
      setTimeout(() => {
        if (socket.readyState === socket.OPEN) resolve({ socket });
      }, 300),
    );
  });
}

function invoke(socket: WebSocket, command: string, input: unknown = {}) {
  const id = Math.floor(Math.random() * 1e9);
  return new Promise<{ ok: boolean; error?: string; result?: unknown }>(resolve => {
    const onMessage = (data: WebSocket.RawData) => {
      const message = JSON.parse(String(data));
      if (message.id !== id) return;
      socket.off('message', onMessage);
      resolve(message);
    };
    socket.on('message', onMessage);
    socket.send(JSON.stringify({ id, command, input }));
  });
}

test('an MCP client with the Authorization header works; the token is printed once, ready to use', async () => {
  expect(server.output().split(server.token).length - 1).toBe(2); // the sign-in URL and the header line
  const client = new Client({ name: 'access-test', version: '1.0.0' });
  await client.connect(
    new StreamableHTTPClientTransport(new URL(local('/mcp')), { requestInit: { headers: bearer(server.token) } }),
  );
  const result = await client.callTool({
    name: 'browser_navigate',
    arguments: { url: 'data:text/html,<h1>Behind a token</h1>' },
  });
  expect(JSON.stringify(result.content)).toContain('Behind a token');
  await client.close();
});

test('a real browser opens the printed URL once: the token becomes an HttpOnly cookie and leaves the address bar', async () => {
  const browser = await chromium.launch({
    executablePath: process.env.AGENT_INSPECTOR_CHROMIUM ?? '/usr/bin/chromium',
    args: [`--host-resolver-rules=MAP ${NAME} 127.0.0.1`],
  });
  try {
    const page = await browser.newPage();
    const base = `http://${NAME}:${server.port}/`;
    expect((await page.goto(base))!.status()).toBe(401);
    await page.goto(`${base}?token=${server.token}`);
    expect(page.url()).toBe(base);
    await expect(page.getByTestId('connect-panel')).toBeVisible();
    expect(await page.evaluate(() => document.cookie)).toBe('agent_inspector_role=full');
    const cookies = await page.context().cookies();
    expect(cookies.find(cookie => cookie.name === 'agent_inspector_access')).toMatchObject({
      httpOnly: true,
      sameSite: 'Strict',
    });
    expect(JSON.stringify(cookies)).not.toContain(server.token);
    // The snippets ask for the header (never showing the token); the viewer link is offered to share.
    await expect(page.getByTestId('snippet').first()).toContainText(
      '--header "Authorization: Bearer <the token printed at start>"',
    );
    await expect(page.getByTestId('status-bar')).toContainText('Share read-only link');
    await snap(page, 'status-bar', 'full-access-status-bar', test.info());

    const viewer = await browser.newPage({ viewport: { width: 1280, height: 720 } });
    await viewer.goto(`${base}?token=${server.viewer}`);
    expect(viewer.url()).toBe(base);
    await expect(viewer.getByTestId('read-only')).toBeVisible();
    await expect(viewer.getByTestId('connect-panel')).toContainText('Watching read-only');
    await expect(viewer.getByRole('button', { name: 'Run demo' })).toHaveCount(0);
    await expect(viewer.getByTestId('status-bar')).not.toContainText('Share read-only link');
    const shot = test.info().outputPath('viewer.png');
    await viewer.screenshot({ path: shot });
    await test.info().attach('viewer', { path: shot, contentType: 'image/png' });
  } finally {
    await browser.close();
  }
});

test('the viewer token watches: read commands answer, every acting route and command is refused', async () => {
  expect((await fetch(local('/'), { headers: bearer(server.viewer) })).status).toBe(200);
  for (const path of ['/mcp', '/', '/api/agent/interact'])
    expect((await post(path, initialize, bearer(server.viewer))).status, `POST ${path}`).toBe(403);
  const { socket, closed } = await bridgeSocket(server.port, bearer(server.viewer));
  expect(closed).toBeUndefined();
  expect(await invoke(socket, 'listSessions')).toMatchObject({ ok: true });
  expect((await invoke(socket, 'status')).result).toMatchObject({
    access: { tokenRequired: true, viewerUrl: expect.stringContaining(`/?token=${server.viewer}`) },
  });
  for (const [command, input] of [
    ['runDemo', {}],
    ['startBrowser', {}],
    ['runCode', { sessionId: 's', code: '1', confirmed: true }],
    ['openSessionPath', { path: '/etc' }],
    ['replayAll', { sessionId: 's' }],
  ] as const) {
    expect(await invoke(socket, command, input), command).toEqual({
      id: expect.any(Number),
      ok: false,
      error: `Forbidden: a read-only (viewer) token cannot ${command}.`,
    });
  }
  socket.close();
});

test('without the token every route answers 401 with how to get in, the bridge closes with a reason; failures are limited per address', async () => {
  // A server of its own: the ten refusals below are what its address may fail before the limit.
  const fresh = await serveExposed();
  const at = (path: string) => `http://127.0.0.1:${fresh.port}${path}`;
  try {
    for (const path of ['/', '/index.html', '/assets/missing.js', '/sse', '/api/agent/interact']) {
      const response = await fetch(at(path));
      expect(response.status, path).toBe(401);
      expect(await response.text(), path).toContain('needs its token');
    }
    for (const path of ['/mcp', '/', '/api/agent/interact']) {
      const response = await fetch(at(path), {
        method: 'POST',
        body: JSON.stringify(initialize),
        headers: { 'content-type': 'application/json' },
      });
      expect(response.status, `POST ${path}`).toBe(401);
    }
    expect((await fetch(at('/'), { headers: bearer('x'.repeat(43)) })).status).toBe(401);
    const { closed } = await bridgeSocket(fresh.port, {});
    expect(closed).toEqual({ code: 4401, reason: expect.stringContaining('Unauthorized') });
    expect(fresh.output()).toContain('[access] refused GET / from 127.0.0.1: no token');
    expect(fresh.output()).toContain('refused for a minute');
    const limited = await fetch(at('/'), { headers: bearer('wrong-token-xxxxxxxxxx') });
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toMatch(/^\d+$/);
    expect((await fetch(at('/'), { headers: bearer(fresh.token) })).status).toBe(200);
  } finally {
    fresh.child.kill('SIGTERM');
  }
});

test('a request target no URL parser accepts gets a 400; the server keeps serving and logs no unhandled error', async () => {
  // Node's HTTP parser lets `//[` through; `new URL` throwing in the request listener once took the whole server down.
  const answer = await new Promise<string>((resolve, reject) => {
    const socket = connect(server.port, '127.0.0.1', () => socket.write('GET //[ HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n'));
    let text = '';
    socket.on('data', chunk => {
      text += chunk;
      if (text.includes('is not a request path')) {
        socket.destroy();
        resolve(text);
      }
    });
    socket.on('error', reject);
  });
  expect(answer).toMatch(/^HTTP\/1\.1 400 /);
  expect((await fetch(local('/'), { headers: bearer(server.token) })).status).toBe(200);
  expect(server.output()).not.toContain('unhandled');
});

test('on loopback nothing changes without --require-token; with it the token is required there too', async () => {
  for (const [args, status] of [
    [[], 200],
    [['--require-token'], 401],
  ] as const) {
    const child = spawn(process.execPath, [`${process.cwd()}/${CLI}`, 'serve', '--headless', '--port', '0', ...args], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stderr!.on('data', chunk => {
      output += chunk;
    });
    await expect.poll(() => output, { timeout: 20_000 }).toContain('Browser:');
    const url = /http:\/\/127\.0\.0\.1:\d+/.exec(output)![0];
    expect((await fetch(`${url}/`)).status, args.join(' ') || 'loopback').toBe(status);
    expect(output.includes('Bearer'), 'token printed').toBe(status === 401);
    child.kill('SIGTERM');
  }
});
