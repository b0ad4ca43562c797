import { test as base } from '@playwright/test';
import { startFixtureServer } from './fixture-server.js';
import { connectStdio, type McpTestClient } from './mcp';

type WorkerFixtures = { site: { url: string } };
type TestFixtures = { mcp: McpTestClient & { pid: number }; workspace: string };

/**
 * `site`: the fixture pages on 127.0.0.1, one server per worker.
 * `mcp`: an official SDK client connected over stdio to a fresh `agent-inspector mcp`, run in a temporary workspace.
 */
export const test = base.extend<TestFixtures, WorkerFixtures>({
  site: [
    async ({}, use) => {
      const server = await startFixtureServer();
      await use(server);
      await server.close();
    },
    { scope: 'worker' },
  ],
  workspace: async ({}, use, testInfo) => {
    await use(testInfo.outputPath('workspace'));
  },
  mcp: async ({ workspace }, use) => {
    const client = await connectStdio([], { cwd: workspace });
    await use(client);
    await client.close();
  },
});

export { expect } from '@playwright/test';
