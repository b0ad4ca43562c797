import { execFile } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import type { BridgeOutput } from '../src/shared/bridge';
import { BridgeHost } from '../src/main/bridge/bridge-host';
import { defaultCoreConfig } from '../src/main/config';
import { InspectorCore } from '../src/main/core';
import { createMcpServer } from '../src/main/mcp/server';
import { openSession } from '../src/main/sessions/session-reader';
import { expectSpecPasses } from './support/exported-spec';
import { expect, test } from './support/fixtures';
import { CLI, connectStdio, McpTestClient, refOf } from './support/mcp';

const run = promisify(execFile);

/** Follows the catalog's Shoes link (a redirect that adds `ts=<now>`) and subscribes to the newsletter there. */
async function subscribe(mcp: McpTestClient, siteUrl: string) {
  const catalog = await mcp.call('browser_navigate', { url: `${siteUrl}/catalog.html` });
  const results = await mcp.call('browser_click', { target: refOf(catalog.parsed.snapshot!.yaml!, /link "Shoes"/) });
  const yaml = results.parsed.snapshot!.yaml!;
  await mcp.call('browser_type', { target: refOf(yaml, /textbox "Email"/), text: 'ada@example.com' });
  return mcp.call('browser_click', { target: refOf(yaml, /button "Subscribe"/) });
}

const URL_ASSERTION = `await expect(page).toHaveURL(url => url.origin + url.pathname === BASE_URL + '/search.html' && url.searchParams.get('q') === 'shoes');`;
// The words before the request number and time, which change on every run.
const STATUS_ASSERTION = `await expect(page.getByRole('status')).toContainText('Subscribed ada@example.com to shoes news. Request');`;

test('an exported spec asserts where a link led without its timestamp, and what a submission said, and passes three runs in a row', async ({
  site,
  workspace,
}) => {
  test.setTimeout(180_000);
  const sessions = join(workspace, 'sessions');
  const mcp = await connectStdio(['--session-dir', sessions], { cwd: workspace });
  const subscribed = await subscribe(mcp, site.url);
  expect(subscribed.parsed.snapshot!.yaml).toMatch(
    /status \[ref=\w+\]: Subscribed ada@example.com to shoes news\. Request \d+ at /,
  );
  await mcp.close();

  const dir = join(sessions, readdirSync(sessions)[0]);
  const recorded = await openSession(dir);
  const click = recorded.steps[1];
  expect(click.navigated).toBe(true);
  const ts = new URL(click.url!).searchParams.get('ts');
  expect(ts).toMatch(/^\d{13}$/);

  const spec = join(workspace, 'shoes.spec.ts');
  await run('node', [CLI, 'export', dir, '-o', spec]);
  const code = readFileSync(spec, 'utf8');
  // The URL no later run will see again (its timestamp) is asserted without it.
  expect(code).toContain(`await page.getByRole('link', { name: 'Shoes' }).click();\n  ${URL_ASSERTION}`);
  expect(code).not.toContain(ts);
  expect(code).toContain(`await page.getByRole('button', { name: 'Subscribe' }).click();\n  ${STATUS_ASSERTION}`);

  // Run it as a project of its own would, three times: each run gets a new timestamp, request number and time.
  await expectSpecPasses(readFileSync(spec, 'utf8'), { runs: 3 });
});

test('the inspector exports a live session recorded to no folder with the same assertions, from the snapshots in memory', async ({
  site,
  workspace,
}) => {
  const core = new InspectorCore(
    defaultCoreConfig({
      browser: { args: [], headless: true },
      outputDir: `${workspace}/.playwright-mcp`,
      snapshotMode: 'inline',
    }),
  );
  // Listening before the agent connects, as the inspector window does.
  const host = new BridgeHost(core, { mode: 'web', demoWorkspace: { root: workspace, outputDir: workspace } });
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await createMcpServer(core, 'in-memory').connect(serverSide);
  const client = new Client({ name: 'export-test', version: '1.0.0' });
  await client.connect(clientSide);
  const mcp = new McpTestClient(client);
  try {
    await subscribe(mcp, site.url);
    const reply = await host.invoke('listSessions', {});
    if (!reply.ok) throw new Error(reply.error);
    const [{ id: sessionId }] = reply.result as BridgeOutput<'listSessions'>;
    // Without a recording, a call's event follows its answer (once its Browser State is written): export once it is in.
    const exportSpec = async () => {
      const exported = await host.invoke('export', { sessionId });
      if (!exported.ok) throw new Error(exported.error);
      return (exported.result as BridgeOutput<'export'>).spec;
    };
    await expect.poll(exportSpec).toContain(STATUS_ASSERTION);
    const spec = await exportSpec();
    expect(spec).toContain(URL_ASSERTION);
    expect(spec).toContain(STATUS_ASSERTION);
  } finally {
    await mcp.close();
    host.close();
    await core.close();
  }
});
