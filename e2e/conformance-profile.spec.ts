import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { ListRootsRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { expect, test } from './support/fixtures';
import { CLI, peerBrowserFlags } from './support/mcp';

/**
 * Over stdio, without --isolated, both servers keep the browser profile on disk, one per MCP root (issue 30): each
 * client's first root names its profile folder by the root's hash. PWMCP_PROFILES_DIR_FOR_TEST points both at a folder
 * of the test's.
 */

const SERVERS = {
  ours: [`${process.cwd()}/${CLI}`, 'mcp'],
  peer: [`${process.cwd()}/node_modules/@playwright/mcp/cli.js`],
};
const hash = (root: string) => createHash('sha256').update(root).digest('hex').slice(0, 7);

/** Starts `server` for a client that gives `root` as its MCP root, opens a page, and stops it. */
async function visit(server: keyof typeof SERVERS, root: string, profiles: string, url: string) {
  mkdirSync(root, { recursive: true });
  const client = new Client({ name: 'roots-client', version: '1.0.0' }, { capabilities: { roots: {} } });
  client.setRequestHandler(ListRootsRequestSchema, async () => ({
    roots: [{ name: 'workspace', uri: pathToFileURL(root).toString() }],
  }));
  await client.connect(
    new StdioClientTransport({
      command: process.execPath,
      args: [...SERVERS[server], '--headless', ...peerBrowserFlags()],
      cwd: root,
      env: { ...process.env, PWMCP_PROFILES_DIR_FOR_TEST: profiles } as Record<string, string>,
      stderr: 'ignore',
    }),
  );
  try {
    const result = await client.callTool({ name: 'browser_navigate', arguments: { url } });
    expect(result.isError, `${server}: ${JSON.stringify(result.content)}`).toBeFalsy();
  } finally {
    await client.close();
  }
}

test("a persistent profile per MCP root, named by the root's hash, as @playwright/mcp keeps them", async ({
  site,
  workspace,
}) => {
  const roots = [join(workspace, 'project-a'), join(workspace, 'project-b')];
  for (const server of ['ours', 'peer'] as const) {
    const profiles = join(workspace, `profiles-${server}`);
    for (const root of roots) await visit(server, root, profiles, `${site.url}/form.html`);
    const folders = readdirSync(profiles);
    expect(folders, server).toHaveLength(2);
    for (const root of roots)
      expect(
        folders.some(name => name.startsWith('mcp-') && name.endsWith(`-${hash(root)}`)),
        `${server}: ${folders}`,
      ).toBe(true);
  }
});
