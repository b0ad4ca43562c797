import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import type { BridgeCommand, BridgeOutput } from '../src/shared/bridge';
import { BridgeHost } from '../src/main/bridge/bridge-host';
import { LiveSessions } from '../src/main/bridge/live-sessions';
import { defaultCoreConfig } from '../src/main/config';
import { InspectorCore } from '../src/main/core';
import { createMcpServer } from '../src/main/mcp/server';
import { expect, test } from './support/fixtures';
import { McpTestClient } from './support/mcp';

test("a live recorded session's older steps, whose artifacts left memory, are shown from its folder", async ({
  site,
  workspace,
}) => {
  test.setTimeout(240_000);
  const core = new InspectorCore(
    defaultCoreConfig({
      browser: { args: [], headless: true },
      outputDir: join(workspace, 'out'),
      sessionDir: join(workspace, 'sessions'),
      stepScreenshots: true,
    }),
  );
  // The bridge, and a watcher applying the same bounds, see the session from its start.
  const host = new BridgeHost(core, { mode: 'web', demoWorkspace: { root: workspace, outputDir: workspace } });
  const watcher = new LiveSessions(core.bus, () => {});
  const invoke = async <C extends BridgeCommand>(command: C, input: unknown): Promise<BridgeOutput<C>> => {
    const reply = await host.invoke(command, input);
    if (!reply.ok) throw new Error(reply.error);
    return reply.result as BridgeOutput<C>;
  };
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await createMcpServer(core, 'in-memory').connect(serverSide);
  const client = new Client({ name: 'live-memory', version: '1.0.0' });
  await client.connect(clientSide);
  const mcp = new McpTestClient(client);
  try {
    // Each navigation to a 1 MB page holds its DOM, a diff as large, its snapshot and screenshots: some 3 M characters.
    for (let n = 0; n < 8; n++) await mcp.call('browser_navigate', { url: `${site.url}/large.html?n=${5000 + n}` });
    const [session] = watcher.all();
    expect(session.evictedUpTo, 'the first steps left memory').toBeGreaterThanOrEqual(1);
    const sessionId = session.started.sessionId;

    const first = await invoke('getStep', { sessionId, seq: 1 });
    expect(first.step.url).toContain('n=5000');
    expect(first.aria).toMatchObject({ seq: 1 });
    // n=5000 rows end with the button of row 4996.
    expect(first.aria!.yaml).toContain('button "Action 4997"');
    expect(first.screenshot?.mimeType).toBe('image/jpeg');
    expect(await invoke('screenshot', { sessionId, seq: 1 })).toMatchObject({ mimeType: 'image/jpeg' });
    const diff = await invoke('stepDiff', { sessionId, seq: 2, fromSeq: 1 });
    expect(diff.ariaNote).toBeUndefined();
    expect(diff.aria).not.toBeNull();
    // The latest step is still served from memory, as before.
    const last = await invoke('getStep', { sessionId, seq: 8 });
    expect(last.step.url).toContain('n=5007');
    expect(last.aria!.yaml).toContain('button "Action 5005"');
  } finally {
    await mcp.close();
    watcher.close();
    host.close();
    await core.close();
  }
});
