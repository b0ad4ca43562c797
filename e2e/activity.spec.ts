import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ConsoleActivity, NetworkActivity, StepActivity } from '../src/shared/activity';
import type { BridgeCommand, BridgeOutput } from '../src/shared/bridge';
import { BridgeHost } from '../src/main/bridge/bridge-host';
import { defaultCoreConfig } from '../src/main/config';
import { InspectorCore } from '../src/main/core';
import { openSession } from '../src/main/sessions/session-reader';
import { expect, test } from './support/fixtures';
import { connectStdio, refOf } from './support/mcp';

const onlySession = (root: string) => join(root, readdirSync(root)[0]);
const texts = (entries: ConsoleActivity[]) => entries.map(entry => entry.text);
// The browser asks for /favicon.ico when it likes: whichever step that lands on is not what these tests are about.
const paths = (entries: NetworkActivity[]) =>
  entries.map(entry => new URL(entry.url).pathname).filter(path => path !== '/favicon.ico');
const byPath = (entries: NetworkActivity[], path: string) =>
  entries.find(entry => new URL(entry.url).pathname === path);

/** A bridge over a core that only reads recordings (nothing runs in it). */
function recordingsBridge(sessions: string, workspace: string) {
  const core = new InspectorCore(defaultCoreConfig({ sessionDir: sessions }));
  const host = new BridgeHost(core, { mode: 'web', demoWorkspace: { root: workspace, outputDir: workspace } });
  const invoke = async <C extends BridgeCommand>(command: C, input: unknown): Promise<BridgeOutput<C>> => {
    const reply = await host.invoke(command, input);
    if (!reply.ok) throw new Error(reply.error);
    return reply.result as BridgeOutput<C>;
  };
  return {
    invoke,
    close: async () => {
      host.close();
      await core.close();
    },
  };
}

test('console messages, page errors and requests are recorded with the step they happened in', async ({
  site,
  workspace,
}) => {
  test.setTimeout(90_000);
  const sessions = join(workspace, 'sessions');
  const secrets = join(workspace, 'secrets.env');
  mkdirSync(workspace, { recursive: true });
  writeFileSync(secrets, 'API_TOKEN=tok-123\n');
  const mcp = await connectStdio(['--session-dir', sessions, '--secrets', secrets], { cwd: workspace });
  const yaml = (await mcp.call('browser_navigate', { url: `${site.url}/activity.html` })).parsed.snapshot!.yaml;
  await mcp.call('browser_click', { target: refOf(yaml, /button "Run"/) });
  // The slow request (5.6 s) outlasts the click's settling wait (a request holds it 2 s at most): recorded pending, then
  // complete with a later step.
  await mcp.call('browser_click', { target: refOf(yaml, /button "Hang"/) });
  await mcp.call('browser_wait_for', { time: 5 });
  await mcp.close();

  const dir = onlySession(sessions);
  const events = readFileSync(join(dir, 'events.jsonl'), 'utf8');
  expect(events).not.toContain('tok-123');
  const steps = (await openSession(dir)).steps;
  const activity = (seq: number): StepActivity => steps.find(step => step.seq === seq)!.activity!;

  // The navigation's own entries, nothing of the click.
  const [navigate, run, hang, wait] = [1, 2, 3, 4].map(activity);
  expect(texts(navigate.console)).toEqual(['booted', 'careful: old API']);
  // 1-based, as an editor numbers the fixture's lines.
  const warnLine =
    readFileSync('e2e/fixtures/activity.html', 'utf8')
      .split('\n')
      .findIndex(line => line.includes('console.warn(')) + 1;
  expect(navigate.console[1]).toMatchObject({
    kind: 'console',
    level: 'warning',
    seq: 1,
    location: `${site.url}/activity.html:${warnLine}`,
  });
  expect(paths(navigate.network)).toEqual(expect.arrayContaining(['/activity.html', '/api/data']));
  expect(paths(navigate.network)).not.toContain('/api/echo');
  expect(byPath(navigate.network, '/activity.html')).toMatchObject({
    resourceType: 'document',
    method: 'GET',
    status: 200,
    seq: 1,
  });
  expect(byPath(navigate.network, '/activity.html')!.durationMs).toBeGreaterThanOrEqual(0);
  expect(byPath(navigate.network, '/api/data')).toMatchObject({ resourceType: 'fetch', status: 200 });
  // {"item":1,"ok":true}, plus the chunked encoding's framing: bytes as transferred.
  expect(byPath(navigate.network, '/api/data')!.size).toBeGreaterThanOrEqual(20);
  for (const entry of [...navigate.console, ...navigate.network]) expect(entry.between).toBeUndefined();

  // The click's: its log, the uncaught error, the POST (credentials redacted by --secrets), the 404, the refused port
  // (port 9 is one Chromium refuses to connect to: a failure without any traffic).
  expect(run.console.map(entry => [entry.kind, entry.level, entry.text])).toEqual([
    ['console', 'error', 'clicked run'],
    ['pageerror', 'error', 'kaboom'],
    // The browser's own reports, as DevTools shows them.
    ['console', 'error', 'Failed to load resource: the server responded with a status of 404 (Not Found)'],
    ['console', 'error', 'Failed to load resource: net::ERR_UNSAFE_PORT'],
  ]);
  const echo = byPath(run.network, '/api/echo')!;
  expect(echo).toMatchObject({ method: 'POST', status: 200, postData: '{"query":"widgets"}', seq: 2 });
  expect(echo.requestHeaders).toMatchObject({
    authorization: 'Bearer <secret>API_TOKEN</secret>',
    cookie: 'sid=cookie-value-123',
  });
  expect(byPath(run.network, '/missing.json')).toMatchObject({ status: 404, statusText: 'Not Found' });
  expect(byPath(run.network, '/closed')!.failure).toMatch(/^net::ERR_/);
  expect(byPath(run.network, '/closed')!.status).toBeUndefined();

  const slowPending = byPath(hang.network, '/api/slow')!;
  expect(slowPending).toMatchObject({ seq: 3, pending: true });
  const slowDone = byPath(wait.network, '/api/slow')!;
  expect(slowDone).toMatchObject({ id: slowPending.id, seq: 3, status: 200 });
  expect(slowDone.pending).toBeUndefined();

  // The bridge reads the recording the way the tabs show it.
  const bridge = recordingsBridge(sessions, workspace);
  try {
    const sessionId = JSON.parse(readFileSync(join(dir, 'session.json'), 'utf8')).id as string;
    const opened = await bridge.invoke('openSession', { sessionId });
    expect(opened.steps[1].activity).toEqual({ console: 4, errors: 4, network: run.network.length, failed: 2 });

    const clickView = await bridge.invoke('stepActivity', { sessionId, seq: 2 });
    expect(texts(clickView.console).slice(0, 2)).toEqual(['clicked run', 'kaboom']);
    expect(paths(clickView.network)).toEqual(['/api/echo', '/missing.json', '/closed']);

    const hangView = await bridge.invoke('stepActivity', { sessionId, seq: 3 });
    expect(hangView.network.map(entry => [new URL(entry.url).pathname, entry.status, entry.pending])).toEqual([
      ['/api/slow', 200, undefined],
    ]);
    expect(hangView.dropped).toEqual({ console: 0, network: 0 });

    const upTo = await bridge.invoke('stepActivity', { sessionId, seq: 2, upTo: true });
    expect(texts(upTo.console).slice(0, 4)).toEqual(['booted', 'careful: old API', 'clicked run', 'kaboom']);
    expect(paths(upTo.network)).toEqual(
      expect.arrayContaining(['/activity.html', '/api/data', '/api/echo', '/missing.json', '/closed']),
    );

    await expect(bridge.invoke('stepActivity', { sessionId, seq: 99 })).rejects.toThrow('The session has no step 99.');
    await expect(bridge.invoke('stepActivity', { sessionId, seq: 0 })).rejects.toThrow(
      'Invalid input for "stepActivity": seq',
    );
  } finally {
    await bridge.close();
  }
});

test('--no-activity records no console or network entries', async ({ site, workspace }) => {
  const sessions = join(workspace, 'sessions');
  const mcp = await connectStdio(['--session-dir', sessions, '--no-activity'], { cwd: workspace });
  const yaml = (await mcp.call('browser_navigate', { url: `${site.url}/activity.html` })).parsed.snapshot!.yaml;
  await mcp.call('browser_click', { target: refOf(yaml, /button "Run"/) });
  await mcp.close();
  const dir = onlySession(sessions);
  const steps = (await openSession(dir)).steps;
  expect(steps).toHaveLength(2);
  for (const step of steps) expect(step.activity).toBeUndefined();

  const bridge = recordingsBridge(sessions, workspace);
  try {
    const sessionId = JSON.parse(readFileSync(join(dir, 'session.json'), 'utf8')).id as string;
    const view = await bridge.invoke('stepActivity', { sessionId, seq: 1 });
    expect(view.note).toContain('made with --no-activity');
  } finally {
    await bridge.close();
  }
});

test('a proxied recording has no activity of ours, and the bridge says why', async ({ workspace }) => {
  const sessions = join(workspace, 'sessions');
  const dir = join(sessions, 'proxied');
  mkdirSync(dir, { recursive: true });
  const started = {
    type: 'session-started',
    sessionId: 'proxied-1',
    transport: 'stdio',
    upstream: 'npx @playwright/mcp',
    time: 1,
  };
  const step = {
    type: 'tool-call',
    sessionId: 'proxied-1',
    seq: 1,
    tool: 'browser_navigate',
    args: {},
    startedAt: 1,
    endedAt: 2,
    outcome: 'ok',
    response: {},
    code: '',
    artifacts: {},
  };
  writeFileSync(
    join(dir, 'session.json'),
    JSON.stringify({
      format: 'agent-inspector-session',
      version: 1,
      id: 'proxied-1',
      startedAt: 1,
      transport: 'stdio',
      writer: 'test',
    }),
  );
  writeFileSync(join(dir, 'events.jsonl'), `${JSON.stringify(started)}\n${JSON.stringify(step)}\n`);
  const bridge = recordingsBridge(sessions, workspace);
  try {
    const view = await bridge.invoke('stepActivity', { sessionId: 'proxied-1', seq: 1 });
    expect(view).toMatchObject({
      console: [],
      network: [],
      note: expect.stringContaining('This session is proxied (--upstream)'),
    });
  } finally {
    await bridge.close();
  }
});
