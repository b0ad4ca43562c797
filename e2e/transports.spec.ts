import { spawn } from 'node:child_process';
import { expect, test } from './support/fixtures';
import { connectHttp, connectSse, refOf, startHttpServer, tabTitles, type HttpServerProcess } from './support/mcp';

test.describe('HTTP transports', () => {
  let server: HttpServerProcess;
  test.beforeAll(async () => {
    server = await startHttpServer();
  });
  test.afterAll(async () => {
    await server.stop();
  });

  test('Streamable HTTP and legacy SSE clients list the same tools and drive the browser', async ({ site }) => {
    const http = await connectHttp(server.url);
    const sse = await connectSse(server.url);
    const names = (await http.client.listTools()).tools.map(t => t.name);
    expect((await sse.client.listTools()).tools.map(t => t.name)).toEqual(names);
    expect(names).toEqual(
      expect.arrayContaining([
        'browser_navigate',
        'browser_click',
        'browser_find',
        'browser_drop',
        'browser_network_request',
      ]),
    );
    expect(names).not.toContain('browser_run_code_unsafe');

    const viaHttp = await http.call('browser_navigate', { url: `${site.url}/form.html` });
    expect(viaHttp.parsed.page!.title).toBe('Sign up');
    const viaSse = await sse.call('browser_navigate', { url: `${site.url}/dialogs.html` });
    expect(viaSse.parsed.page!.title).toBe('Dialogs');
    await http.close();
    await sse.close();
  });

  test('Streamable HTTP is served at / too, as @playwright/mcp serves it; a plain GET / is not taken for MCP', async () => {
    const atRoot = await connectHttp(server.url, '/');
    expect((await atRoot.client.listTools()).tools.map(t => t.name)).toContain('browser_navigate');
    await atRoot.close();
    expect((await fetch(`${server.url}/`)).status).toBe(404);
  });

  test('two concurrent HTTP sessions are isolated: separate pages, tabs and storage', async ({ site }) => {
    const [a, b] = await Promise.all([connectHttp(server.url), connectHttp(server.url)]);
    await Promise.all([
      a.call('browser_navigate', { url: `${site.url}/form.html` }),
      b.call('browser_navigate', { url: `${site.url}/interactions.html` }),
    ]);
    await a.call('browser_evaluate', { function: "() => localStorage.setItem('who', 'a')" });
    await a.call('browser_tabs', { action: 'new', url: `${site.url}/dialogs.html` });

    const tabsB = await b.call('browser_tabs', { action: 'list' });
    expect(tabTitles(tabsB)).toEqual(['Interactions']);
    const tabsA = await a.call('browser_tabs', { action: 'list' });
    expect(tabTitles(tabsA)).toEqual(['Sign up', 'Dialogs']);

    await b.call('browser_navigate', { url: `${site.url}/form.html` });
    const storageB = await b.call('browser_evaluate', { function: "() => localStorage.getItem('who')" });
    expect(storageB.parsed.result).toBe('null');
    await Promise.all([a.close(), b.close()]);
  });

  test('malformed JSON-RPC gets a protocol error and the server keeps serving', async ({ site }) => {
    const garbage = await fetch(`${server.url}/mcp`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      body: '{"jsonrpc": "2.0", "id": 1, "method": ',
    });
    expect(garbage.status).toBe(400);
    expect(((await garbage.json()) as { error: { code: number } }).error.code).toBe(-32700);

    const notInitialize = await fetch(`${server.url}/mcp`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
    });
    expect(notInitialize.status).toBe(400);

    const unknownSession = await fetch(`${server.url}/mcp`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
        'mcp-session-id': 'nope',
      },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
    });
    expect(unknownSession.status).toBe(404);

    const client = await connectHttp(server.url);
    expect((await client.call('browser_navigate', { url: `${site.url}/form.html` })).isError).toBe(false);
    await client.close();
  });

  test('requests with a foreign Host or Origin are refused (DNS rebinding)', async () => {
    const { request } = await import('node:http');
    const status = (headers: Record<string, string>) =>
      new Promise<number>((resolve, reject) => {
        const url = new URL(`${server.url}/mcp`);
        const req = request(
          {
            host: url.hostname,
            port: url.port,
            path: '/mcp',
            method: 'POST',
            headers: { 'content-type': 'application/json', ...headers },
          },
          res => {
            res.resume();
            resolve(res.statusCode!);
          },
        );
        req.on('error', reject);
        req.end('{}');
      });
    expect(await status({ host: 'evil.example:80' })).toBe(403);
    expect(await status({ origin: 'http://evil.example' })).toBe(403);
    expect(await status({ origin: 'http://localhost:3000' })).not.toBe(403);
  });
});

test('stdio: a malformed line is reported and the server keeps answering', async () => {
  const child = spawn(process.execPath, ['bin/agent-inspector.js', 'mcp', '--headless', '--isolated'], {
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  const lines: string[] = [];
  let buffer = '';
  child.stdout.on('data', chunk => {
    buffer += chunk;
    const parts = buffer.split('\n');
    buffer = parts.pop()!;
    lines.push(...parts.filter(Boolean));
  });
  const send = (message: unknown) =>
    child.stdin.write(`${typeof message === 'string' ? message : JSON.stringify(message)}\n`);
  const waitFor = async (predicate: (m: { id?: number; error?: { code: number } }) => boolean) => {
    await expect.poll(() => lines.map(l => JSON.parse(l)).find(predicate), { timeout: 10_000 }).toBeTruthy();
    return lines.map(l => JSON.parse(l)).find(predicate)!;
  };
  send({
    jsonrpc: '2.0',
    id: 1,
    method: 'initialize',
    params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '1' } },
  });
  await waitFor(m => m.id === 1);
  send({ jsonrpc: '2.0', method: 'notifications/initialized' });
  send('{ this is not json');
  send({ jsonrpc: '2.0', id: 2, method: 'tools/list' });
  const listed = (await waitFor(m => m.id === 2)) as { result?: { tools: unknown[] } };
  expect(listed.result!.tools.length).toBeGreaterThan(20);
  send({ jsonrpc: '2.0', id: 3, method: 'no/such/method' });
  const unknown = await waitFor(m => m.id === 3);
  expect(unknown.error!.code).toBe(-32601);
  child.kill();
});

test('stdio: a client that goes away mid-call (its end of stdout closed) ends the server quietly, not as a bug', async ({
  site,
}) => {
  const child = spawn(process.execPath, ['bin/agent-inspector.js', 'mcp', '--headless', '--isolated'], {
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', chunk => (stderr += chunk));
  const exited = new Promise<number | null>(resolve => child.once('exit', code => resolve(code)));
  const send = (message: unknown) => child.stdin.write(`${JSON.stringify(message)}\n`);
  send({
    jsonrpc: '2.0',
    id: 1,
    method: 'initialize',
    params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '1' } },
  });
  await new Promise(resolve => child.stdout.once('data', resolve));
  send({ jsonrpc: '2.0', method: 'notifications/initialized' });
  send({
    jsonrpc: '2.0',
    id: 2,
    method: 'tools/call',
    params: { name: 'browser_navigate', arguments: { url: `${site.url}/form.html` } },
  });
  // The client's end of the pipe closes while the answer is being prepared: writing it fails with EPIPE.
  child.stdout.destroy();
  expect(await exited).toBe(0);
  expect(stderr).not.toContain('BUG');
});

test('a ref from the previous page is refused after navigation', async ({ mcp, site }) => {
  const first = await mcp.call('browser_navigate', { url: `${site.url}/form.html` });
  const oldRef = refOf(first.parsed.snapshot!.yaml, /button "Create account"/);
  await mcp.call('browser_navigate', { url: `${site.url}/dialogs.html` });
  const stale = await mcp.call('browser_click', { target: oldRef });
  expect(stale.isError).toBe(true);
  expect(stale.parsed.error).toContain(`Ref ${oldRef} not found in the current page snapshot`);
});
