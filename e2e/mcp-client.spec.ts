import { existsSync, mkdirSync } from 'node:fs';
import { connect, createServer, type Socket } from 'node:net';
import { join, resolve } from 'node:path';
import {
  CommandTimeoutError,
  ConnectionError,
  ElementNotFoundError,
  InvalidStateError,
  McpBrowserClient,
  McpClientPool,
  type ConnectionState,
  type McpClientOptions,
  type RetryEvent,
  type StdioServer,
} from '../src/main/mcp-client';
import { expect, test } from './support/fixtures';
import { CLI, startHttpServer } from './support/mcp';

// The MCP browser client library against real servers: ours over stdio and HTTP, and @playwright/mcp over stdio.

const ourServer = (cwd: string): StdioServer => {
  mkdirSync(cwd, { recursive: true });
  return { command: process.execPath, args: [resolve(CLI), 'mcp', '--headless', '--isolated'], cwd };
};

const PLAYWRIGHT_MCP = resolve('node_modules/@playwright/mcp/cli.js');

/** Records the client's states and retries. */
function observe(client: McpBrowserClient) {
  const states: ConnectionState[] = [];
  const retries: RetryEvent[] = [];
  client.on('state', state => states.push(state));
  client.on('retry', event => retries.push(event));
  return { states, retries };
}

const exited = (pid: number) =>
  new Promise<void>(done => {
    const poll = setInterval(() => {
      try {
        process.kill(pid, 0);
      } catch {
        clearInterval(poll);
        done();
      }
    }, 50);
  });

test('our server over stdio: forms by role and name, text and CSS selectors, element-not-found, server death', async ({
  site,
  workspace,
}) => {
  const client = new McpBrowserClient(ourServer(workspace));
  const { states } = observe(client);
  try {
    await client.connect();
    const page = await client.navigate(`${site.url}/form.html`);
    expect(page).toMatchObject({ url: `${site.url}/form.html`, title: 'Sign up' });

    expect((await client.fill("textbox[name='Full name']", 'Ada Lovelace')).target).toMatch(/^e\d+$/);
    await client.fill("[name='Email']", 'ada@example.com');
    await client.select("combobox[name='Country']", 'jp');
    await client.check("checkbox[name='I accept the terms']");
    await client.check("radio[name='Pro']");
    await client.click("button[name='Create account']");
    await client.waitForText('Saved Ada Lovelace');
    const snapshot = await client.snapshot();
    expect(snapshot.find('status').text).toBe('Saved Ada Lovelace <ada@example.com> country=jp terms=true plan=pro');
    expect(snapshot.find("checkbox[name='I accept the terms']").attributes.checked).toBe(true);
    expect(snapshot.find('heading[level=1]').name).toBe('Sign up');

    await client.click("text='Dialogs page'");
    expect((await client.snapshot()).page?.title).toBe('Dialogs');
    expect(await client.back()).toMatchObject({ url: `${site.url}/form.html` });

    await client.navigate(`${site.url}/interactions.html`);
    expect((await client.hover('#hover-me')).target).toBe('#hover-me');
    expect((await client.evaluate<string>("() => document.getElementById('hovered').textContent")).value).toBe(
      'hovered',
    );
    await client.type("[aria-label='Search']", 'q');
    expect((await client.evaluate<string>('(el) => el.id + ":" + el.value', "[aria-label='Search']")).value).toBe(
      'search:q',
    );
    await client.click('text=slow job');
    await client.waitForText('Finished loading');

    const notFound = await client.click("button[name='Submit']").catch(e => e);
    expect(notFound).toBeInstanceOf(ElementNotFoundError);
    expect(notFound.candidates.some((c: string) => c.startsWith('button "Hover me"'))).toBe(true);
    expect(existsSync(notFound.screenshotPath)).toBe(true);
    const cssNotFound = await client.click('#no-such-id').catch(e => e);
    expect(cssNotFound).toBeInstanceOf(ElementNotFoundError);
    expect(cssNotFound.selector).toBe('#no-such-id');
    expect(existsSync(cssNotFound.screenshotPath)).toBe(true);

    const shot = await client.screenshot('shots/page.png');
    expect(shot.path).toBe(join(workspace, 'shots/page.png'));
    expect(existsSync(shot.path!)).toBe(true);

    // The server dies: the client goes to Error, the next command says so, connect() starts a fresh one.
    const pid = client.pid!;
    process.kill(pid, 'SIGTERM');
    await exited(pid);
    await expect.poll(() => client.state).toBe('Error');
    await expect(client.snapshot()).rejects.toThrow(InvalidStateError);
    await client.connect();
    expect((await client.navigate(`${site.url}/form.html`)).title).toBe('Sign up');
  } finally {
    await client.disconnect();
  }
  expect(states.slice(0, 2)).toEqual(['Connecting', 'Ready']);
  expect(states.slice(-2)).toEqual(['Disconnecting', 'Disconnected']);
  const beforeDeath = states.slice(2, states.indexOf('Error'));
  expect(beforeDeath.length).toBeGreaterThan(20);
  beforeDeath.forEach((state, i) => expect(state).toBe(i % 2 === 0 ? 'Busy' : 'Ready'));
  expect(states.slice(states.indexOf('Error'), states.indexOf('Error') + 5)).toEqual([
    'Error',
    'Disconnecting',
    'Disconnected',
    'Connecting',
    'Ready',
  ]);
});

test('@playwright/mcp over stdio, started from a command line', async ({ site, workspace }) => {
  mkdirSync(workspace, { recursive: true });
  // The workspace is advertised as the MCP root: @playwright/mcp writes its files, screenshots included, there.
  const client = await McpBrowserClient.connect(
    `${process.execPath} ${PLAYWRIGHT_MCP} --headless --isolated --no-sandbox --executable-path /usr/bin/chromium`,
    { workspace },
  );
  try {
    expect(await client.navigate(`${site.url}/form.html`)).toMatchObject({ title: 'Sign up' });
    await client.fill("textbox[name='Full name']", 'Grace Hopper');
    await client.fill("[name='Email']", 'grace@example.com');
    await client.select('#country', 'fr');
    await client.click("button[name='Create account']");
    await client.waitForText('Saved Grace Hopper');
    expect((await client.snapshot()).find('text=Saved Grace').text).toBe(
      'Saved Grace Hopper <grace@example.com> country=fr terms=false plan=null',
    );

    const notFound = await client.click("button[name='Submit']").catch(e => e);
    expect(notFound).toBeInstanceOf(ElementNotFoundError);
    expect(notFound.candidates.some((c: string) => c.startsWith('button "Create account"'))).toBe(true);
    expect(notFound.screenshotPath.startsWith(workspace)).toBe(true);
    expect(existsSync(notFound.screenshotPath)).toBe(true);
    const cssNotFound = await client.click('#no-such-id').catch(e => e);
    expect(cssNotFound).toBeInstanceOf(ElementNotFoundError);
    expect(existsSync(cssNotFound.screenshotPath)).toBe(true);
  } finally {
    await client.disconnect();
  }
});

test('our server over Streamable HTTP, and over legacy SSE by fallback', async ({ site }, testInfo) => {
  const dir = testInfo.outputPath('server');
  mkdirSync(dir, { recursive: true });
  const server = await startHttpServer([], 'mcp', dir);
  const clients: McpBrowserClient[] = [];
  try {
    const http = await McpBrowserClient.connect(`${server.url}/mcp`, { workspace: dir });
    clients.push(http);
    expect(http.transport).toBe('streamable-http');
    await http.navigate(`${site.url}/form.html`);
    await http.fill("textbox[name='Full name']", 'Alan Turing');
    await http.click("button[name='Create account']");
    expect((await http.snapshot()).find('status').text).toContain('Saved Alan Turing');
    const notFound = await http.click("link[name='Nowhere']").catch(e => e);
    expect(notFound).toBeInstanceOf(ElementNotFoundError);
    expect(existsSync(notFound.screenshotPath)).toBe(true);

    // POST /sse is not Streamable HTTP (400 "Missing sessionId", as the peer), so the client falls back to legacy SSE there.
    const sse = await McpBrowserClient.connect(`${server.url}/sse`);
    clients.push(sse);
    expect(sse.transport).toBe('sse');
    expect((await sse.navigate(`${site.url}/interactions.html`)).title).toBe('Interactions');
  } finally {
    await Promise.all(clients.map(client => client.disconnect()));
    await server.stop();
  }
});

/** A TCP proxy to `target` that refuses its first `refuse` connections: closes them, or answers 503. */
async function refusingProxy(target: string, refuse: number, how: 'close' | '503') {
  const upstream = new URL(target);
  const sockets = new Set<Socket>();
  let connections = 0;
  const track = (socket: Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => socket.destroy());
  };
  const server = createServer(socket => {
    track(socket);
    if (++connections <= refuse) {
      if (how === 'close') socket.destroy();
      else
        socket.once('data', () =>
          socket.end('HTTP/1.1 503 Service Unavailable\r\ncontent-length: 0\r\nconnection: close\r\n\r\n'),
        );
      return;
    }
    const forward = connect(Number(upstream.port), upstream.hostname);
    track(forward);
    socket.pipe(forward).pipe(socket);
    socket.on('close', () => forward.destroy());
    forward.on('close', () => socket.destroy());
  });
  await new Promise<void>(done => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}`,
    connections: () => connections,
    close: () =>
      new Promise<void>(done => {
        for (const socket of sockets) socket.destroy();
        server.close(() => done());
      }),
  };
}

test('connecting retries with backoff through a proxy that refuses the first connections', async ({
  site,
}, testInfo) => {
  const dir = testInfo.outputPath('server');
  mkdirSync(dir, { recursive: true });
  const server = await startHttpServer([], 'mcp', dir);
  const retry = { retries: 3, baseDelay: 50 };
  const unavailable = await refusingProxy(server.url, 2, '503');
  const closing = await refusingProxy(server.url, 1_000, 'close');
  const client = new McpBrowserClient(`${unavailable.url}/mcp`, { retry });
  try {
    const { states, retries } = observe(client);
    await client.connect();
    expect(retries.map(r => [r.operation, r.retry, r.delay, r.error.kind])).toEqual([
      ['connect', 1, 50, 'connection'],
      ['connect', 2, 100, 'connection'],
    ]);
    expect(retries[0].error.message).toContain('503');
    expect(states).toEqual([
      'Connecting',
      'Error',
      'Disconnecting',
      'Disconnected',
      'Connecting',
      'Error',
      'Disconnecting',
      'Disconnected',
      'Connecting',
      'Ready',
    ]);
    expect((await client.navigate(`${site.url}/form.html`)).title).toBe('Sign up');

    // Too few retries for a server that keeps refusing: a ConnectionError after 1 + 1 attempts.
    const failing = new McpBrowserClient(`${closing.url}/mcp`, { retry: { retries: 1, baseDelay: 50 } });
    const failed = observe(failing);
    const error = await failing.connect().catch(e => e);
    expect(error).toBeInstanceOf(ConnectionError);
    expect(failed.retries).toHaveLength(1);
    expect(failing.state).toBe('Error');
    await failing.disconnect();
  } finally {
    await client.disconnect();
    await Promise.all([unavailable.close(), closing.close()]);
    await server.stop();
  }
});

test('a command that outlives its timeout fails with a Timeout error after the configured retries', async ({
  site,
  workspace,
}) => {
  const client = await McpBrowserClient.connect(ourServer(workspace), { retry: { retries: 2, baseDelay: 50 } });
  try {
    const { retries } = observe(client);
    await client.navigate(`${site.url}/interactions.html`);
    const started = Date.now();
    const error = await client.waitForText('Text that never appears', { timeout: 1_000 }).catch(e => e);
    expect(error).toBeInstanceOf(CommandTimeoutError);
    expect(error.message).toBe('browser_wait_for got no answer within 1000 ms');
    expect(retries.map(r => [r.operation, r.retry, r.delay, r.error.kind])).toEqual([
      ['waitForText', 1, 50, 'timeout'],
      ['waitForText', 2, 100, 'timeout'],
    ]);
    expect(Date.now() - started).toBeGreaterThanOrEqual(3_000);
    expect(client.state).toBe('Ready');
  } finally {
    await client.disconnect();
  }
});

test('a pool of 2 serves 4 parallel tasks on different pages', async ({ site, workspace }) => {
  const options: McpClientOptions = { retry: { retries: 1, baseDelay: 100 } };
  const pool = McpClientPool.forServer(index => ourServer(join(workspace, `client-${index}`)), {
    size: 2,
    client: options,
  });
  const pages = [
    ['form.html', 'Sign up'],
    ['interactions.html', 'Interactions'],
    ['dialogs.html', 'Dialogs'],
    ['tabs.html', 'Tabs home'],
  ];
  let peak = 0;
  try {
    const titles = await Promise.all(
      pages.map(([path]) =>
        pool.use(async client => {
          peak = Math.max(peak, pool.stats.size);
          const page = await client.navigate(`${site.url}/${path}`);
          const heading = (await client.snapshot()).findAll('heading')[0]?.name;
          return { title: page.title, heading, pid: client.pid };
        }),
      ),
    );
    expect(titles.map(t => t.title)).toEqual(pages.map(([, title]) => title));
    expect(new Set(titles.map(t => t.pid)).size).toBe(2);
    expect(peak).toBeLessThanOrEqual(2);
    expect(pool.stats).toMatchObject({ size: 2, created: 2, idle: 2, busy: 0, waiting: 0 });
  } finally {
    await pool.close();
  }
});
