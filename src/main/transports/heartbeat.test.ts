import { expect, test } from '@playwright/test';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { PingRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { Heartbeat, pingTimeout } from './heartbeat';

/** A server and a client linked in memory; the client answers pings while `answers` is true. */
async function linked() {
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  const server = new Server({ name: 'heartbeat-test', version: '1' }, { capabilities: {} });
  const client = new Client({ name: 'heartbeat-test', version: '1' });
  const state = { answers: true, pings: 0, closed: false };
  client.setRequestHandler(PingRequestSchema, () => {
    state.pings++;
    return state.answers ? {} : new Promise<never>(() => {});
  });
  server.onclose = () => (state.closed = true);
  await Promise.all([server.connect(serverSide), client.connect(clientSide)]);
  return { server, client, state };
}

test('the ping timeout is read as @playwright/mcp reads PLAYWRIGHT_MCP_PING_TIMEOUT_MS', () => {
  expect(pingTimeout({})).toBe(5_000);
  expect(pingTimeout({ PLAYWRIGHT_MCP_PING_TIMEOUT_MS: '1500' })).toBe(1_500);
  expect(pingTimeout({ PLAYWRIGHT_MCP_PING_TIMEOUT_MS: '0' })).toBe(0);
  expect(pingTimeout({ PLAYWRIGHT_MCP_PING_TIMEOUT_MS: '-1' })).toBe(-1);
  expect(pingTimeout({ PLAYWRIGHT_MCP_PING_TIMEOUT_MS: 'soon' })).toBe(5_000);
});

test('pinging starts once the client called a tool and opened its stream; an unanswered ping closes the session', async () => {
  const { server, client, state } = await linked();
  const heartbeat = new Heartbeat(server, 100);
  heartbeat.toolCalled();
  await new Promise(resolve => setTimeout(resolve, 50));
  expect(state.pings).toBe(0);
  heartbeat.streamOpened();
  await expect.poll(() => state.pings).toBe(1);
  // Answered: the next ping waits for the interval, and the session stays.
  await new Promise(resolve => setTimeout(resolve, 300));
  expect(state.closed).toBe(false);
  heartbeat.stop();
  await client.close();
});

test('a client that does not answer is closed after the timeout; 0 turns pinging off', async () => {
  const silent = await linked();
  silent.state.answers = false;
  const heartbeat = new Heartbeat(silent.server, 100);
  heartbeat.toolCalled();
  heartbeat.streamOpened();
  await expect.poll(() => silent.state.closed).toBe(true);

  const unpinged = await linked();
  const off = new Heartbeat(unpinged.server, 0);
  off.toolCalled();
  off.streamOpened();
  await new Promise(resolve => setTimeout(resolve, 100));
  expect(unpinged.state.pings).toBe(0);
  await unpinged.client.close();
});
