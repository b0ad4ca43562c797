import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import { McpBrowserClient } from './client';
import {
  AmbiguousElementError,
  BrowserError,
  CommandTimeoutError,
  ConnectionError,
  ElementNotFoundError,
  InvalidStateError,
  ToolError,
} from './errors';
import type { McpClientOptions } from './options';
import type { RetryEvent } from './retry';
import type { ConnectionState } from './state';

// The client against a fake MCP server process (no browser): states, serialization, retries, reconnection, errors.
const FAKE_SERVER = fileURLToPath(new URL('./fake-server.fixture.mjs', import.meta.url));

function fakeClient(options: McpClientOptions = {}) {
  const cwd = test.info().outputDir;
  mkdirSync(cwd, { recursive: true });
  const client = new McpBrowserClient(
    { command: process.execPath, args: [FAKE_SERVER], cwd },
    { retry: { retries: 2, baseDelay: 10 }, ...options },
  );
  const states: ConnectionState[] = [];
  const retries: RetryEvent[] = [];
  client.on('state', state => states.push(state));
  client.on('retry', event => retries.push(event));
  return { client, states, retries, cwd };
}

const exited = (pid: number) =>
  new Promise<void>(resolve => {
    const poll = setInterval(() => {
      try {
        process.kill(pid, 0);
      } catch {
        clearInterval(poll);
        resolve();
      }
    }, 20);
  });

test('walks Disconnected → Connecting → Ready ⇄ Busy → Disconnecting → Disconnected', async () => {
  const { client, states } = fakeClient();
  expect(client.state).toBe('Disconnected');
  await client.connect();
  expect(client.transport).toBe('stdio');
  expect(client.pid).toEqual(expect.any(Number));
  await client.callTool('slow', { ms: 1 });
  await client.disconnect();
  expect(states).toEqual(['Connecting', 'Ready', 'Busy', 'Ready', 'Disconnecting', 'Disconnected']);
});

test('runs commands one at a time, in call order', async () => {
  const { client } = fakeClient();
  await client.connect();
  try {
    const [a, b] = await Promise.all([client.callTool('slow', { ms: 150 }), client.callTool('slow', { ms: 10 })]);
    const first = JSON.parse(a.sections.result!);
    const second = JSON.parse(b.sections.result!);
    expect(second.start).toBeGreaterThanOrEqual(first.end);
  } finally {
    await client.disconnect();
  }
});

test('a command in the wrong state fails naming the state', async () => {
  const { client } = fakeClient();
  await expect(client.snapshot()).rejects.toThrow(
    'Cannot run snapshot: the client is in state Disconnected. Call connect() first.',
  );
  await client.connect();
  await client.disconnect();
  const error = await client.navigate('http://x/').catch(e => e);
  expect(error).toBeInstanceOf(InvalidStateError);
  expect(error.state).toBe('Disconnected');
});

test('a server that dies while idle leaves the client in Error; the next command reports it; connect() recovers', async () => {
  const { client, states } = fakeClient();
  await client.connect();
  try {
    const pid = client.pid!;
    process.kill(pid, 'SIGKILL');
    await exited(pid);
    await expect.poll(() => client.state).toBe('Error');
    const error = await client.snapshot().catch(e => e);
    expect(error).toBeInstanceOf(InvalidStateError);
    expect(error.message).toContain('state Error (The server closed the connection');
    await client.connect();
    expect(client.pid).not.toBe(pid);
    expect((await client.snapshot()).elements).toHaveLength(5);
    expect(states).toEqual([
      'Connecting',
      'Ready',
      'Error',
      'Disconnecting',
      'Disconnected',
      'Connecting',
      'Ready',
      'Busy',
      'Ready',
    ]);
  } finally {
    await client.disconnect();
  }
});

test('a connection lost during a command is retried after reconnecting', async () => {
  const { client, states, retries } = fakeClient();
  await client.connect();
  try {
    const result = await client.callTool('die', { onceFile: join(test.info().outputDir, 'died') });
    expect(result.sections.result).toBe('survived');
    expect(retries.map(r => [r.operation, r.retry, r.delay, r.error.kind])).toEqual([['die', 1, 10, 'connection']]);
    expect(states).toEqual([
      'Connecting',
      'Ready',
      'Busy',
      'Error',
      'Disconnecting',
      'Disconnected',
      'Connecting',
      'Ready',
      'Busy',
      'Ready',
    ]);
  } finally {
    await client.disconnect();
  }
});

test('a request timeout is a Timeout error, retried the configured number of times', async () => {
  const { client, retries } = fakeClient({ timeout: 100 });
  await client.connect();
  try {
    const error = await client.callTool('slow', { ms: 2_000 }).catch(e => e);
    expect(error).toBeInstanceOf(CommandTimeoutError);
    expect(error.message).toBe('slow got no answer within 100 ms');
    expect(retries.map(r => [r.retry, r.delay])).toEqual([
      [1, 10],
      [2, 20],
    ]);
    expect(client.state).toBe('Ready');
    // A per-command timeout overrides the client's.
    await expect(client.callTool('slow', { ms: 150 }, { timeout: 1_000 })).resolves.toBeTruthy();
  } finally {
    await client.disconnect();
  }
});

test('browser errors are retried; tool errors are not', async () => {
  const { client, retries } = fakeClient();
  await client.connect();
  try {
    const result = await client.callTool('flaky', {
      key: 'b',
      times: 2,
      error: 'page.goto: Target page, context or browser has been closed',
    });
    expect(result.sections.result).toBe('ok after 3');
    expect(retries.map(r => r.error)).toEqual([expect.any(BrowserError), expect.any(BrowserError)]);
    const error = await client
      .callTool('flaky', { key: 't', times: 1, error: 'Invalid arguments for tool' })
      .catch(e => e);
    expect(error).toBeInstanceOf(ToolError);
    expect(retries).toHaveLength(2);
  } finally {
    await client.disconnect();
  }
});

test('snapshot selectors act on the ref; CSS selectors go to the server as they are', async () => {
  const { client } = fakeClient();
  await client.connect();
  try {
    const byRole = await client.click("button[name='Create account']");
    expect(byRole.target).toBe('e4');
    expect(byRole.sections.result).toBe('clicked e4 (button "Create account" [ref=e4])');
    expect((await client.click('text=cancel')).target).toBe('e5');
    expect((await client.click('#save')).target).toBe('#save');
    expect(await client.locate('heading[level=1]')).toMatchObject({
      target: 'e2',
      description: 'heading "Sign up" [ref=e2]',
    });
    const ambiguous = await client.click('button').catch(e => e);
    expect(ambiguous).toBeInstanceOf(AmbiguousElementError);
    // A usage error is thrown as it is: not retried, and the client stays usable.
    await expect(client.click(' ')).rejects.toThrow(TypeError);
    expect(client.state).toBe('Ready');
  } finally {
    await client.disconnect();
  }
});

test('element not found: never retried, screenshot first, path in the error', async () => {
  const { client, retries, cwd } = fakeClient();
  await client.connect();
  try {
    const inSnapshot = await client.click("button[name='Submit']").catch(e => e);
    expect(inSnapshot).toBeInstanceOf(ElementNotFoundError);
    expect(inSnapshot.candidates).toEqual(['button "Create account" [ref=e4]', 'button "Cancel" [ref=e5]']);
    expect(inSnapshot.screenshotPath).toMatch(new RegExp(`^${cwd}/\\.playwright-mcp/element-not-found-.*\\.png$`));
    const inBrowser = await client.click('#missing').catch(e => e);
    expect(inBrowser).toBeInstanceOf(ElementNotFoundError);
    expect(inBrowser.selector).toBe('#missing');
    expect(inBrowser.message).toContain('Screenshot: ');
    expect(retries).toEqual([]);
  } finally {
    await client.disconnect();
  }
});

test('a server that cannot start fails to connect after the retries, with its output', async () => {
  const retries: RetryEvent[] = [];
  const error = await McpBrowserClient.connect(
    { command: process.execPath, args: ['-e', 'console.error("no browser here"); process.exit(3)'] },
    {
      retry: { retries: 1, baseDelay: 10 },
    },
  ).catch(e => e);
  expect(error).toBeInstanceOf(ConnectionError);
  expect(error.message).toContain('no browser here');
  const client = new McpBrowserClient('/nonexistent/server --flag', { retry: { retries: 2, baseDelay: 10 } });
  client.on('retry', event => retries.push(event));
  await expect(client.connect()).rejects.toThrow('Cannot connect to /nonexistent/server --flag');
  expect(retries.map(r => r.operation)).toEqual(['connect', 'connect']);
  expect(client.state).toBe('Error');
  await client.disconnect();
  expect(client.state).toBe('Disconnected');
});

test('disconnect() during a backoff stops the retries at once', async () => {
  const client = new McpBrowserClient('/nonexistent/server', { retry: { retries: 3, baseDelay: 10_000 } });
  client.on('retry', () => void client.disconnect());
  const started = Date.now();
  await expect(client.connect()).rejects.toBeInstanceOf(ConnectionError);
  expect(Date.now() - started).toBeLessThan(5_000);
  expect(client.state).toBe('Disconnected');
});
