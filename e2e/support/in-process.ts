import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import type { InspectorEvent } from '../../src/shared/events';
import { defaultCoreConfig, type CoreConfig } from '../../src/main/config';
import { InspectorCore } from '../../src/main/core';
import { createMcpServer } from '../../src/main/mcp/server';
import { McpTestClient } from './mcp';

/**
 * A core in the test's own process, so the test can subscribe to its event bus like the recorder and the UI do, with
 * an official SDK client connected to it in memory.
 */
export async function inProcessCore(workspace: string, overrides: Partial<CoreConfig> = {}) {
  const core = new InspectorCore(
    defaultCoreConfig({
      browser: { args: [], headless: true },
      outputDir: `${workspace}/.playwright-mcp`,
      // The specs on this core read refs from the inline tree, as the CLI specs do (playwright.config.ts sets full).
      snapshotMode: 'inline',
      ...overrides,
    }),
  );
  const events: InspectorEvent[] = [];
  core.bus.subscribe(event => events.push(event));
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await createMcpServer(core, 'in-memory').connect(serverSide);
  const client = new Client({ name: 'events-test', version: '1.0.0' });
  await client.connect(clientSide);
  return { core, events, mcp: new McpTestClient(client) };
}
