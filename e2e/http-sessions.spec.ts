import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { SSEClientTransport } from '@modelcontextprotocol/sdk/client/sse.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { expect, test } from './support/fixtures';
import {
  browsersOf,
  connectClient,
  INITIALIZE,
  MCP_HEADERS,
  rawRequest,
  startEndpoint,
  type ConnectedClient,
  type HttpEndpoint,
  type ServerName,
} from './support/http-servers';
import { tabTitles, type ToolResult } from './support/mcp';

/**
 * MCP sessions over HTTP as @playwright/mcp 0.0.83 runs them, checked on both servers in the same test: each test
 * observes ours and the peer the same way and expects the same record (the peer's, written out).
 */

const SERVERS: ServerName[] = ['ours', 'peer'];

/** Runs `observe` on a fresh server of each kind in turn (one Chromium at a time on a small machine). */
async function onBoth<T>(
  args: string[],
  observe: (endpoint: HttpEndpoint) => Promise<T>,
  env: Record<string, string> = {},
): Promise<Record<ServerName, T>> {
  const records = {} as Record<ServerName, T>;
  for (const name of SERVERS) {
    const endpoint = await startEndpoint(name, args, env);
    try {
      records[name] = await observe(endpoint);
    } finally {
      await endpoint.stop();
    }
  }
  return records;
}

const PROFILE_IN_USE =
  '### Error\nError: Browser is already in use for <PROFILE>, use --isolated to run multiple instances of the same browser';

for (const transport of ['http', 'sse'] as const) {
  test(`${transport}: one client at a time holds the persistent profile; the holder leaving closes the browser for the next`, async ({
    site,
  }) => {
    // The peer waits 5 s for a held profile before it refuses, twice per server.
    test.setTimeout(120_000);
    const profile = mkdtempSync(join(tmpdir(), 'ai-profile-'));
    const outcome = (result: ToolResult) =>
      result.isError ? result.text.replaceAll(profile, '<PROFILE>') : 'navigated';
    const go = async (client: ConnectedClient) =>
      outcome(await client.mcp.call('browser_navigate', { url: `${site.url}/form.html` }));
    const records = await onBoth(['--user-data-dir', profile], async endpoint => {
      const first = await connectClient(endpoint, transport);
      const second = await connectClient(endpoint, transport);
      const record: Record<string, string> = { first: await go(first), secondWhileFirstHolds: await go(second) };
      await first.leave();
      record.secondOnceFirstLeft = await go(second);
      const third = await connectClient(endpoint, transport);
      record.thirdWhileSecondHolds = await go(third);
      await Promise.all([second.leave(), third.leave()]);
      return record;
    });
    rmSync(profile, { recursive: true, force: true });
    expect(records.peer).toEqual({
      first: 'navigated',
      secondWhileFirstHolds: PROFILE_IN_USE,
      secondOnceFirstLeft: 'navigated',
      thirdWhileSecondHolds: PROFILE_IN_USE,
    });
    expect(records.ours).toEqual(records.peer);
  });
}

test('clients in contexts of their own share one browser, which closes with the last of them to leave', async ({
  site,
}) => {
  const records = await onBoth(['--isolated'], async endpoint => {
    const first = await connectClient(endpoint, 'http');
    const second = await connectClient(endpoint, 'sse');
    for (const client of [first, second]) await client.mcp.call('browser_navigate', { url: `${site.url}/form.html` });
    const whileBoth = browsersOf(endpoint);
    await first.leave();
    // Time enough for a browser that closed with the first client to be gone.
    await new Promise(resolve => setTimeout(resolve, 2_000));
    const afterFirst = browsersOf(endpoint);
    await second.leave();
    const deadline = Date.now() + 10_000;
    while (browsersOf(endpoint) > 0 && Date.now() < deadline) await new Promise(resolve => setTimeout(resolve, 200));
    return { whileBoth, afterFirst, afterBoth: browsersOf(endpoint) };
  });
  expect(records.peer).toEqual({ whileBoth: 1, afterFirst: 1, afterBoth: 0 });
  expect(records.ours).toEqual(records.peer);
});

test('--shared-browser-context: clients share the tabs, and one leaving leaves them to the others', async ({
  site,
}) => {
  const profile = mkdtempSync(join(tmpdir(), 'ai-profile-'));
  const records = await onBoth(['--user-data-dir', profile, '--shared-browser-context'], async endpoint => {
    const first = await connectClient(endpoint, 'sse');
    const second = await connectClient(endpoint, 'http');
    await first.mcp.call('browser_navigate', { url: `${site.url}/form.html` });
    const seenBySecond = tabTitles(await second.mcp.call('browser_tabs', { action: 'list' }));
    await first.leave();
    await new Promise(resolve => setTimeout(resolve, 1_000));
    const snapshot = await second.mcp.call('browser_snapshot');
    const afterFirstLeft = { isError: snapshot.isError, title: snapshot.parsed.page?.title };
    const browsers = browsersOf(endpoint);
    await second.leave();
    return { seenBySecond, afterFirstLeft, browsers };
  });
  rmSync(profile, { recursive: true, force: true });
  expect(records.peer).toEqual({
    seenBySecond: ['Sign up'],
    afterFirstLeft: { isError: false, title: 'Sign up' },
    browsers: 1,
  });
  expect(records.ours).toEqual(records.peer);
});

test('a Streamable HTTP client that stops answering pings loses its session, and with it the profile', async ({
  site,
}) => {
  test.setTimeout(120_000);
  const profile = mkdtempSync(join(tmpdir(), 'ai-profile-'));
  const records = await onBoth(
    ['--user-data-dir', profile],
    async endpoint => {
      const silent = await connectClient(endpoint, 'http');
      const navigated = await silent.mcp.call('browser_navigate', { url: `${site.url}/form.html` });
      silent.answersPings = false;
      const sessionId = silent.sessionId()!;
      const probe = () =>
        rawRequest(
          endpoint,
          'POST',
          '/mcp',
          { ...MCP_HEADERS, host: endpoint.host, 'mcp-session-id': sessionId },
          INITIALIZE,
        );
      // A ping every 3 s, 1 s to answer it (PLAYWRIGHT_MCP_PING_TIMEOUT_MS below).
      await expect.poll(async () => (await probe()).status, { timeout: 15_000 }).toBe(404);
      const gone = await probe();
      const next = await connectClient(endpoint, 'http');
      const nextNavigated = await next.mcp.call('browser_navigate', { url: `${site.url}/form.html` });
      // A client that answers keeps its session past several pings.
      await new Promise(resolve => setTimeout(resolve, 5_000));
      const stillThere = await next.mcp.call('browser_snapshot');
      await Promise.all([silent.leave().catch(() => {}), next.leave()]);
      return {
        navigated: !navigated.isError,
        gone,
        nextNavigated: !nextNavigated.isError,
        stillThere: !stillThere.isError,
      };
    },
    { PLAYWRIGHT_MCP_PING_TIMEOUT_MS: '1000' },
  );
  rmSync(profile, { recursive: true, force: true });
  expect(records.peer).toEqual({
    navigated: true,
    gone: { status: 404, body: 'Session not found' },
    nextNavigated: true,
    stillThere: true,
  });
  expect(records.ours).toEqual(records.peer);
});

test('the startup banner is the peer\'s: a harness waiting for "Listening on <url>" connects at <url>/mcp, <url> and <url>/sse', async () => {
  const records = await onBoth([], async endpoint => {
    await expect.poll(endpoint.log).toContain('/sse endpoint instead.');
    const banner = endpoint
      .log()
      .split('For legacy SSE')[0]
      .replaceAll(endpoint.host, '<HOST>')
      .replace(/"(playwright|agent-inspector)"/, '"<NAME>"');
    const listening = /Listening on (http:\/\/.*)/.exec(endpoint.log())![1];
    // The peer's URL names localhost, which these tests do not connect to (127.0.0.1 only).
    if (endpoint.name === 'ours') {
      for (const transport of [
        new StreamableHTTPClientTransport(new URL('/mcp', listening)),
        new StreamableHTTPClientTransport(new URL(listening)),
        new SSEClientTransport(new URL('/sse', listening)),
      ]) {
        const client = new Client({ name: 'banner', version: '1.0.0' });
        await client.connect(transport);
        await client.ping();
        await client.close();
      }
    }
    return { banner, listening: listening.replace(`:${endpoint.port}`, ':<PORT>') };
  });
  expect(records.peer).toEqual({
    banner:
      'Listening on http://<HOST>\nPut this in your client config:\n{\n  "mcpServers": {\n    "<NAME>": {\n      "url": "http://<HOST>/mcp"\n    }\n  }\n}\n',
    listening: 'http://localhost:<PORT>',
  });
  // The address this server listens on, which its Host check accepts (README "Host check").
  expect(records.ours).toEqual({ ...records.peer, listening: 'http://127.0.0.1:<PORT>' });
});

test("DNS rebinding: a forged Host is refused with the peer's status and words; a request without Host is a bad one", async () => {
  const records = await onBoth([], async endpoint => {
    const forged = (host: string) => rawRequest(endpoint, 'POST', '/mcp', { ...MCP_HEADERS, host }, INITIALIZE);
    const evil = await forged('evil.example');
    const evilWithPort = await forged(`evil.example:${endpoint.port}`);
    const evilSse = await rawRequest(endpoint, 'GET', '/sse', { host: 'evil.example' });
    // The list of where to connect differs (below); that it starts with the name the peer advertises does not.
    const where = (answer: { body: string }) =>
      answer.body
        .replace(`Access is only allowed at localhost:${endpoint.port}`, 'Access is only allowed at localhost:<PORT>')
        .replace(/, .*$/, '');
    return {
      evil: { status: evil.status, contentType: evil.contentType, body: where(evil) },
      evilWithPort: { status: evilWithPort.status, body: where(evilWithPort) },
      evilSse: { status: evilSse.status, body: where(evilSse) },
      missing: await rawRequest(endpoint, 'POST', '/mcp', MCP_HEADERS, INITIALIZE),
      advertised: (await forged(endpoint.host)).status,
      localhost: (await forged(`localhost:${endpoint.port}`)).status,
      loopbackAddress: (await forged(`127.0.0.1:${endpoint.port}`)).status,
    };
  });
  const refused = { status: 403, body: 'Access is only allowed at localhost:<PORT>' };
  expect(records.peer).toEqual({
    evil: { ...refused, contentType: undefined },
    evilWithPort: refused,
    evilSse: refused,
    missing: { status: 400, body: 'Missing host' },
    advertised: 200,
    localhost: 200,
    // The peer's check takes the Host header literally: the address it listens on is refused.
    loopbackAddress: 403,
  });
  // README "Host check": ours accepts every loopback name, and says so in the refusal.
  expect(records.ours).toEqual({ ...records.peer, loopbackAddress: 200 });
});

test("requests the transports cannot take get the peer's status and answer", async () => {
  const records = await onBoth([], async endpoint => {
    const headers = { ...MCP_HEADERS, host: endpoint.host };
    const list = JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'tools/list' });
    return {
      getWithoutSession: await rawRequest(endpoint, 'GET', '/mcp', {
        host: endpoint.host,
        accept: 'text/event-stream',
      }),
      deleteWithoutSession: await rawRequest(endpoint, 'DELETE', '/mcp', { host: endpoint.host }),
      unknownSession: await rawRequest(
        endpoint,
        'POST',
        '/mcp',
        { ...headers, 'mcp-session-id': 'no-such-session' },
        list,
      ),
      notInitialize: await rawRequest(endpoint, 'POST', '/mcp', headers, list),
      sseWithoutSessionId: await rawRequest(endpoint, 'POST', '/sse', headers, list),
      sseUnknownSession: await rawRequest(endpoint, 'POST', '/sse?sessionId=no-such-session', headers, list),
      sseOtherMethod: await rawRequest(endpoint, 'PUT', '/sse', { host: endpoint.host }),
    };
  });
  expect(records.peer).toMatchObject({
    getWithoutSession: { status: 400, body: 'Invalid request' },
    deleteWithoutSession: { status: 400, body: 'Invalid request' },
    unknownSession: { status: 404, body: 'Session not found' },
    notInitialize: { status: 400 },
    sseWithoutSessionId: { status: 400, body: 'Missing sessionId' },
    sseUnknownSession: { status: 404, body: 'Session not found' },
    sseOtherMethod: { status: 405, body: 'Method not allowed' },
  });
  expect(records.ours).toEqual(records.peer);
});
