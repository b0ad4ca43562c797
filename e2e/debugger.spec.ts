import { spawnSync } from 'node:child_process';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { WebSocket } from 'ws';
import { expect, test } from '@playwright/test';
import { compareSessions } from '../src/main/compare/compare';
import { exportSpec } from '../src/main/sessions/export';
import { openSession } from '../src/main/sessions/session-reader';
import type { CallReleasedEvent, ToolCallEvent } from '../src/shared/events';
import { callWithProgress, heldCall, httpBridge } from './support/debugger';
import { startHitsSite, type HitsSite } from './support/hits-site';
import {
  CLI,
  connectHttp,
  connectSse,
  connectStdio,
  refOf,
  startHttpServer,
  type HttpServerProcess,
} from './support/mcp';
import { freePort, Person } from './support/person';

// The live debugger (issue 28) with the official MCP SDK client as the agent and a site that records what reached it.
// The UI's part is e2e/ui-debugger.spec.ts; here scripts act through the bridge (POST /api/bridge/<command>).

let site: HitsSite;
test.beforeEach(async () => {
  site = await startHitsSite();
});
test.afterEach(async () => {
  await site.close();
});

const servers: HttpServerProcess[] = [];
async function serve(args: string[] = [], cwd?: string) {
  const server = await startHttpServer(args, 'serve', cwd);
  servers.push(server);
  return { server, bridge: httpBridge(server.url) };
}
test.afterEach(async () => {
  await Promise.all(servers.splice(0).map(server => server.stop()));
});

const sleep = (ms: number) => new Promise(resolve => setTimeout(resolve, ms));

/** The session ids the inspector knows, newest first. */
const sessionIds = async (bridge: ReturnType<typeof httpBridge>) =>
  Object.keys((await bridge('debugState', {})).sessions);

test("Pause holds the agent's next call before anything runs, with progress, in order, and holds nothing of another session", async () => {
  const { server, bridge } = await serve();
  const agent = await connectHttp(server.url);
  const other = await connectHttp(server.url);
  const nav = await agent.call('browser_navigate', { url: `${site.url}/` });
  const [sessionId] = await sessionIds(bridge);
  await bridge('debugPause', { sessionId });

  const click = callWithProgress(agent, 'browser_click', {
    element: 'Buy',
    target: refOf(nav.parsed.snapshot!.yaml, /button "Buy"/),
  });
  // A later call of the same session waits behind the held one.
  const snapshot = callWithProgress(agent, 'browser_snapshot');
  const held = await heldCall(bridge, sessionId);
  expect(held).toMatchObject({
    phase: 'call',
    tool: 'browser_click',
    reason: { kind: 'paused' },
    args: { element: 'Buy' },
  });
  // The other session's calls go on meanwhile.
  expect((await other.call('browser_navigate', { url: `${site.url}/checkout` })).isError).toBe(false);
  await sleep(5_500);
  expect(click.settled()).toBe(false);
  expect(snapshot.settled()).toBe(false);
  expect(site.clicks()).toEqual([]);
  expect(click.progress.length).toBeGreaterThanOrEqual(2);
  expect(click.progress[0]).toContain('Held in the inspector (paused by a person): browser_click waits to run');

  await bridge('debugContinue', { sessionId, holdId: held.holdId });
  expect((await click.result).isError).toBe(false);
  expect((await snapshot.result).isError).toBe(false);
  await expect.poll(() => site.clicks()).toEqual(['buy']);
  // Continue stopped holding: the next call runs at once.
  expect((await agent.call('browser_snapshot')).isError).toBe(false);
  await Promise.all([agent.close(), other.close()]);
});

test("--pause-on-start holds a session's first call; Step runs it and holds the next; a stale Continue is refused", async () => {
  const { server, bridge } = await serve(['--pause-on-start']);
  const agent = await connectSse(server.url);
  const first = callWithProgress(agent, 'browser_navigate', { url: `${site.url}/` });
  const held = await heldCall(bridge);
  expect(held.reason).toEqual({ kind: 'start' });
  expect(site.hits).toEqual([]);
  await bridge('debugStep', { sessionId: held.sessionId, holdId: held.holdId });
  await first.result;
  expect(site.hits).toEqual(['/']);

  const second = callWithProgress(agent, 'browser_navigate', { url: `${site.url}/checkout` });
  const next = await heldCall(bridge, held.sessionId);
  expect(next).toMatchObject({ reason: { kind: 'step' }, holdId: held.holdId + 1 });
  await expect(bridge('debugContinue', { sessionId: held.sessionId, holdId: held.holdId })).rejects.toThrow(
    'That call is no longer held (call 2 is held now)',
  );
  await bridge('debugContinue', { sessionId: held.sessionId, holdId: next.holdId });
  expect((await second.result).parsed.page?.url).toBe(`${site.url}/checkout`);
  await agent.close();
});

test("edited arguments run instead of the agent's (checked against the schema first); the recording keeps both", async ({}, testInfo) => {
  const sessionDir = testInfo.outputPath('sessions');
  const { server, bridge } = await serve(['--pause-on', 'tool:browser_click', '--session-dir', sessionDir]);
  const agent = await connectHttp(server.url);
  const yaml = (await agent.call('browser_navigate', { url: `${site.url}/` })).parsed.snapshot!.yaml;
  const click = callWithProgress(agent, 'browser_click', {
    element: 'Delete account',
    target: refOf(yaml, /button "Delete account"/),
  });
  const held = await heldCall(bridge);
  expect(held.reason).toMatchObject({ kind: 'breakpoint', condition: 'tool:browser_click' });
  const edit = (json: string) => bridge('debugEditArgs', { sessionId: held.sessionId, holdId: held.holdId, json });
  await expect(edit('{"target": ')).rejects.toThrow(/^The arguments are not valid JSON/);
  await expect(edit('{"target": 5}')).rejects.toThrow(
    'Invalid arguments for tool "browser_click":\n✖ Invalid input: expected string, received number\n  → at target',
  );
  await expect(edit('[1]')).rejects.toThrow('The arguments must be a JSON object');
  expect(site.clicks()).toEqual([]);
  const state = await edit(
    JSON.stringify({ element: 'Accept cookies', target: refOf(yaml, /button "Accept cookies"/) }),
  );
  expect(state.held?.originalArgs).toMatchObject({ element: 'Delete account' });
  await bridge('debugContinue', { sessionId: held.sessionId });
  expect((await click.result).isError).toBe(false);
  await expect.poll(() => site.clicks()).toEqual(['cookies']);
  await agent.close();

  await expect.poll(() => readdirSync(sessionDir).length).toBe(1);
  const recording = await openSession(join(sessionDir, readdirSync(sessionDir)[0]));
  const step = recording.steps.find(candidate => candidate.tool === 'browser_click')!;
  expect(step.args).toMatchObject({ element: 'Accept cookies' });
  expect(step.debug).toMatchObject({
    originalArgs: { element: 'Delete account' },
    held: { reason: { kind: 'breakpoint', condition: 'tool:browser_click' } },
  });
  expect(step.debug!.held!.ms).toBeGreaterThan(0);
  // What ran is what export writes.
  expect(exportSpec(recording)).toContain("getByRole('button', { name: 'Accept cookies' }).click()");
  expect(
    recording.records
      .filter(record => record.type === 'call-held' || record.type === 'call-released')
      .map(record => record.type),
  ).toEqual(['call-held', 'call-released']);
});

test("Skip answers the agent with a person's text and runs nothing; export, replay and compare leave it out", async ({}, testInfo) => {
  const sessionDir = testInfo.outputPath('sessions');
  const { server, bridge } = await serve(['--pause-on', 'tool:browser_click', '--session-dir', sessionDir]);
  const agent = await connectHttp(server.url);
  const yaml = (await agent.call('browser_navigate', { url: `${site.url}/` })).parsed.snapshot!.yaml;
  const target = refOf(yaml, /button "Delete account"/);
  const first = callWithProgress(agent, 'browser_click', { element: 'Delete account', target });
  const held = await heldCall(bridge);
  await bridge('debugSkip', {
    sessionId: held.sessionId,
    holdId: held.holdId,
    text: 'Do not delete the account: ask the user first.',
  });
  const skipped = await first.result;
  expect(skipped).toMatchObject({ text: 'Do not delete the account: ask the user first.', isError: false });
  // Skip keeps a person in the loop: the next call is held; skipped as an error this time, with the default text.
  const second = callWithProgress(agent, 'browser_click', { element: 'Delete account', target });
  const next = await heldCall(bridge, held.sessionId);
  expect(next.reason).toEqual({ kind: 'step' });
  await bridge('debugSkip', { sessionId: held.sessionId, holdId: next.holdId, isError: true });
  expect(await second.result).toMatchObject({
    text: 'The call was skipped by a person in the inspector; nothing ran.',
    isError: true,
  });
  await bridge('debugContinue', { sessionId: held.sessionId });
  expect(site.clicks()).toEqual([]);
  await agent.close();

  await expect.poll(() => readdirSync(sessionDir).length).toBe(1);
  const recording = await openSession(join(sessionDir, readdirSync(sessionDir)[0]));
  const steps = recording.steps.filter(step => step.tool === 'browser_click');
  expect(steps.map(step => [step.debug?.skipped, step.outcome, step.responseText, step.code])).toEqual([
    [true, 'ok', ['Do not delete the account: ask the user first.'], ''],
    [true, 'error', ['The call was skipped by a person in the inspector; nothing ran.'], ''],
  ]);
  const spec = exportSpec(recording);
  expect(spec).toContain('— skipped by a person in the inspector (nothing ran), left out');
  expect(spec).not.toContain('.click()');
  // Compared with itself, the run is its navigate alone: the skipped calls did nothing.
  const comparison = await compareSessions(recording, recording);
  expect(comparison.pairs.map(pair => [pair.status, pair.a?.tool])).toEqual([['same', 'browser_navigate']]);
});

test('breakpoints: url: holds a navigation before it leaves, error holds the failed answer, a malformed condition is refused by name', async () => {
  const { server, bridge } = await serve(['--pause-on', 'url:*/checkout*', '--pause-on', 'error']);
  const agent = await connectHttp(server.url);
  await agent.call('browser_navigate', { url: `${site.url}/` });
  const going = callWithProgress(agent, 'browser_navigate', { url: `${site.url}/checkout?step=1` });
  const held = await heldCall(bridge);
  expect(held.reason).toMatchObject({ kind: 'breakpoint', condition: 'url:*/checkout*' });
  expect(site.hits).toEqual(['/']);
  await bridge('debugContinue', { sessionId: held.sessionId, holdId: held.holdId });
  await going.result;
  expect(site.hits).toEqual(['/', '/checkout']);

  // On the checkout page every call matches url: too: the breakpoint is disabled to let the error one show.
  const { breakpoints } = await bridge('debugState', {});
  await bridge('breakpointUpdate', { id: breakpoints.find(b => b.condition.startsWith('url:'))!.id, enabled: false });
  const failing = callWithProgress(agent, 'browser_click', { element: 'Nothing', target: 'e999' });
  const answer = await heldCall(bridge);
  expect(answer).toMatchObject({
    phase: 'answer',
    tool: 'browser_click',
    reason: { condition: 'error' },
    answer: { isError: true },
  });
  expect(answer.answer!.text).toContain('Ref e999 not found in the current page snapshot');
  expect(failing.settled()).toBe(false);
  await bridge('debugContinue', { sessionId: answer.sessionId });
  expect((await failing.result).isError).toBe(true);

  await expect(bridge('breakpointAdd', { condition: 'bogus:thing' })).rejects.toThrow(
    'Invalid breakpoint condition "bogus:thing": "bogus" is not a kind of condition. Accepted forms: tool:<name>[,<name>…], target:<text>, url:<glob>, error, console-error, text:<string>.',
  );
  await expect(bridge('breakpointAdd', { condition: 'tool:' })).rejects.toThrow('tool: needs at least one tool name');
  const added = await bridge('breakpointAdd', { condition: '  target:Buy ', sessionId: answer.sessionId });
  expect(added.at(-1)).toMatchObject({ condition: 'target:Buy', enabled: true, sessionId: answer.sessionId, hits: 0 });
  await agent.close();
});

test('a target: breakpoint matches the role and name a ref stands for; an edited answer reaches the agent', async () => {
  const { server, bridge } = await serve(['--pause-on', 'target:button "Broken"', '--pause-on', 'console-error']);
  const agent = await connectHttp(server.url);
  // The page has no icon: the browser's own 404 for it (logged as an error) is not the page failing.
  const yaml = (await agent.call('browser_navigate', { url: `${site.url}/` })).parsed.snapshot!.yaml;
  const click = callWithProgress(agent, 'browser_click', { target: refOf(yaml, /button "Broken"/) });
  const before = await heldCall(bridge);
  expect(before).toMatchObject({ phase: 'call', reason: { condition: 'target:button "Broken"' } });
  await bridge('debugContinue', { sessionId: before.sessionId, holdId: before.holdId });
  // The click logged an error and a request failed: its answer is held before the agent gets it.
  const after = await heldCall(bridge);
  expect(after).toMatchObject({ phase: 'answer', reason: { condition: 'console-error' }, answer: { isError: false } });
  expect(site.hits).toContain('/missing');
  const state = await bridge('debugEditAnswer', {
    sessionId: after.sessionId,
    holdId: after.holdId,
    text: '### Error\nThe shop is closed today.',
    isError: true,
  });
  expect(state.held?.answer).toMatchObject({
    text: '### Error\nThe shop is closed today.',
    isError: true,
    original: { isError: false },
  });
  await bridge('debugContinue', { sessionId: after.sessionId, holdId: after.holdId });
  expect(await click.result).toMatchObject({ text: '### Error\nThe shop is closed today.', isError: true });

  // A selector target is matched by the role and name of the element it finds on the page.
  const consoleError = (await bridge('debugState', {})).breakpoints.find(b => b.condition === 'console-error')!;
  await bridge('breakpointUpdate', { id: consoleError.id, enabled: false });
  const bySelector = callWithProgress(agent, 'browser_click', { target: 'text=Broken' });
  expect(await heldCall(bridge)).toMatchObject({
    phase: 'call',
    reason: { condition: 'target:button "Broken"' },
    args: { target: 'text=Broken' },
  });
  await bridge('debugContinue', { sessionId: after.sessionId });
  expect((await bySelector.result).isError).toBe(false);
  // Looking at a selector's element left the agent's refs as they were.
  expect((await agent.call('browser_click', { target: refOf(yaml, /button "Buy"/) })).isError).toBe(false);
  expect(site.clicks()).toContain('buy');
  await agent.close();
});

test('take over: what a person does while the call is held opens its answer, with a fresh snapshot', async () => {
  const port = await freePort();
  const { server, bridge } = await serve([`--browser-arg=--remote-debugging-port=${port}`]);
  const agent = await connectHttp(server.url);
  const nav = await agent.call('browser_navigate', { url: `${site.url}/` });
  const [sessionId] = await sessionIds(bridge);
  await bridge('debugPause', { sessionId });
  const type = callWithProgress(agent, 'browser_type', {
    element: 'Search',
    target: refOf(nav.parsed.snapshot!.yaml, /textbox "Search"/),
    text: 'shoes',
  });
  const held = await heldCall(bridge, sessionId);
  const person = await Person.at(port, '/');
  try {
    await sleep(400);
    await person.click('#banner button');
    await expect
      .poll(async () => (await bridge('debugState', {})).sessions[sessionId].held?.takeover)
      .toEqual(['clicked button "Accept cookies"']);
  } finally {
    person.close();
  }
  await bridge('debugContinue', { sessionId, holdId: held.holdId });
  const answer = await type.result;
  expect(
    answer.text.startsWith(
      '### A person took over\nWhile this call was held in the inspector, a person acted in the browser:\n- clicked button "Accept cookies"\n',
    ),
  ).toBe(true);
  // A plain type answers without a snapshot; after a takeover it carries one, without the banner the person closed.
  expect(answer.parsed.snapshot?.yaml).toBeDefined();
  expect(answer.parsed.snapshot!.yaml).not.toContain('Cookie banner');
  expect(site.clicks()).toEqual(['cookies']);
  await agent.close();
});

test('browser_annotate: no person without a UI; with one, two boxes come back with the refs under each', async () => {
  const { server, bridge } = await serve(['--caps', 'devtools']);
  const agent = await connectHttp(server.url);
  await agent.call('browser_navigate', { url: `${site.url}/` });
  const alone = await agent.call('browser_annotate');
  expect(alone.isError).toBe(true);
  expect(alone.parsed.error).toContain('No person is watching this session in the inspector');
  // Where the buttons are, as a person sees them on the page.
  const boxed = (await agent.call('browser_snapshot', { boxes: true })).parsed.snapshot!.yaml!;
  const boxOf = (pattern: RegExp) => {
    const [x, y, width, height] = boxed
      .split('\n')
      .find(line => pattern.test(line))!
      .match(/\[box=([\d.,-]+)\]/)![1]
      .split(',')
      .map(Number);
    return { x: x - 4, y: y - 4, width: width + 8, height: height + 8 };
  };

  // A UI connected to the bridge is a person watching.
  const ui = new WebSocket(`${server.url.replace('http', 'ws')}/bridge`, { headers: { origin: server.url } });
  await new Promise((resolve, reject) => ui.once('open', resolve).once('error', reject));
  try {
    const annotating = callWithProgress(agent, 'browser_annotate');
    let found:
      | [string, { requestId: string; screenshot: { base64: string }; viewport: { width: number; height: number } }]
      | undefined;
    await expect
      .poll(async () => {
        const entry = Object.entries((await bridge('debugState', {})).sessions).find(([, state]) => state.annotation);
        found = entry && [entry[0], entry[1].annotation!];
        return !!found;
      })
      .toBe(true);
    const [sessionId, request] = found!;
    expect(request.viewport).toEqual({ width: 1280, height: 720 });
    expect(annotating.progress[0]).toBe('Waiting in the inspector for a person to annotate the page.');
    await expect(
      bridge('annotationSubmit', {
        sessionId,
        requestId: request.requestId,
        note: 'x',
        annotations: [],
        image: { mimeType: 'image/png', base64: Buffer.from('not a png').toString('base64') },
      }),
    ).rejects.toThrow('The annotated image must be a PNG.');
    await bridge('annotationSubmit', {
      sessionId,
      requestId: request.requestId,
      note: 'Buy, not delete.',
      annotations: [
        { ...boxOf(/button "Buy"/), text: 'Click this one' },
        { ...boxOf(/button "Delete account"/), text: 'Never this one' },
      ],
      image: { mimeType: 'image/png', base64: request.screenshot.base64 },
    });
    const answer = await annotating.result;
    expect(answer.isError).toBe(false);
    const lines = answer.parsed.result!.split('\n');
    expect(lines[0]).toBe('Buy, not delete.');
    expect(lines[1]).toMatch(/^screenshot 1: \w{8} \/ Shop @ http:\/\/127\.0\.0\.1:\d+\/ \(1280x720\)$/);
    expect(lines[2]).toMatch(
      /^ {2}\{ x: \d+, y: \d+, width: \d+, height: \d+ \}: Click this one \(under it: e\d+ button "Buy"\)$/,
    );
    expect(lines[3]).toMatch(
      /^ {2}\{ x: \d+, y: \d+, width: \d+, height: \d+ \}: Never this one \(under it: e\d+ button "Delete account"\)$/,
    );
    const image = lines[4].match(/^- \[Annotation image 1\]\((.*\.png)\)$/)![1];
    const snapshot = lines[5].match(/^- \[Annotation snapshot 1\]\((.*\.yaml)\)$/)![1];
    expect(readFileSync(join(server.cwd, image)).subarray(1, 4).toString()).toBe('PNG');
    expect(readFileSync(join(server.cwd, snapshot), 'utf8')).toContain('button "Buy"');

    // Cancel answers that the person cancelled.
    const again = callWithProgress(agent, 'browser_annotate');
    await expect
      .poll(async () => (await bridge('debugState', {})).sessions[sessionId].annotation?.requestId)
      .toBeDefined();
    await bridge('annotationCancel', {
      sessionId,
      requestId: (await bridge('debugState', {})).sessions[sessionId].annotation!.requestId,
    });
    expect((await again.result).parsed.result).toBe('Annotation cancelled.');
  } finally {
    ui.close();
  }
  await agent.close();
});

test('a client that goes away while its call is held: nothing runs, the session ends cleanly, the recording says so (stdio, --ui)', async ({}, testInfo) => {
  const sessionDir = testInfo.outputPath('sessions');
  const agent = await connectStdio(['--pause-on-start', '--ui', '0', '--session-dir', sessionDir]);
  const url = await expect
    .poll(() => agent.stderr().match(/Agent Inspector UI at (http:\/\/127\.0\.0\.1:\d+)\//)?.[1])
    .toBeTruthy()
    .then(() => agent.stderr().match(/UI at (http:\/\/127\.0\.0\.1:\d+)\//)![1]);
  const bridge = httpBridge(url);
  const call = callWithProgress(agent, 'browser_navigate', { url: `${site.url}/` });
  call.result.catch(() => {});
  const held = await heldCall(bridge);
  expect(held.tool).toBe('browser_navigate');
  await agent.close();
  await expect.poll(() => readdirSync(sessionDir).length).toBe(1);
  const folder = join(sessionDir, readdirSync(sessionDir)[0]);
  await expect
    .poll(() => readFileSync(join(folder, 'events.jsonl'), 'utf8').includes('"session-ended"'), { timeout: 15_000 })
    .toBe(true);
  const records = readFileSync(join(folder, 'events.jsonl'), 'utf8')
    .trim()
    .split('\n')
    .map(line => JSON.parse(line));
  expect(records.map(record => record.type)).toEqual([
    'session-started',
    'call-held',
    'call-released',
    'session-ended',
  ]);
  expect((records[2] as CallReleasedEvent).how).toMatch(/^(disconnected|cancelled)$/);
  expect(records.some((record: ToolCallEvent) => record.type === 'tool-call')).toBe(false);
  expect(site.hits).toEqual([]);
});

test('over Streamable HTTP, a held call whose connection closes is cancelled: it never runs, the session stays paused', async () => {
  const { server, bridge } = await serve(['--pause-on-start', '--pause-timeout', '3000']);
  const agent = await connectHttp(server.url);
  const call = callWithProgress(agent, 'browser_navigate', { url: `${site.url}/` });
  call.result.catch(() => {});
  const held = await heldCall(bridge);
  await agent.close();
  // Past --pause-timeout: a call still held would run now.
  await sleep(4_000);
  expect(site.hits).toEqual([]);
  const state = (await bridge('debugState', {})).sessions[held.sessionId];
  expect([state.paused, state.held]).toEqual([true, undefined]);
});

test('a read-only viewer sees a held call but cannot continue it (403); the full token can', async () => {
  const token = 'full-token-0123456789abcdef';
  const viewerToken = 'viewer-token-0123456789abcdef';
  const server = await startHttpServer(['--token', token, '--viewer-token', viewerToken, '--pause-on-start'], 'serve');
  servers.push(server);
  const full = httpBridge(server.url, token);
  const viewer = httpBridge(server.url, viewerToken);
  const client = new (await import('@modelcontextprotocol/sdk/client/index.js')).Client({ name: 'e2e', version: '1' });
  const { StreamableHTTPClientTransport } = await import('@modelcontextprotocol/sdk/client/streamableHttp.js');
  await client.connect(
    new StreamableHTTPClientTransport(new URL(`${server.url}/mcp`), {
      requestInit: { headers: { authorization: `Bearer ${token}` } },
    }),
  );
  const call = client.callTool({ name: 'browser_navigate', arguments: { url: `${site.url}/` } });
  const held = await heldCall(viewer);
  await expect(viewer('debugContinue', { sessionId: held.sessionId })).rejects.toMatchObject({
    status: 403,
    message: 'Forbidden: a read-only (viewer) token cannot debugContinue.',
  });
  await expect(viewer('breakpointAdd', { condition: 'error' })).rejects.toMatchObject({ status: 403 });
  expect(site.hits).toEqual([]);
  await full('debugContinue', { sessionId: held.sessionId });
  await call;
  expect(site.hits).toEqual(['/']);
  await client.close();
});

test("proxy mode: the upstream's calls are held, edited and skipped the same way", async () => {
  const upstream = `node ${join(process.cwd(), 'node_modules/@playwright/mcp/cli.js')} --headless --isolated --no-sandbox --executable-path /usr/bin/chromium`;
  const { server, bridge } = await serve(['--upstream', upstream, '--pause-on', 'tool:browser_navigate']);
  const agent = await connectHttp(server.url);
  await agent.client.listTools();
  const going = callWithProgress(agent, 'browser_navigate', { url: `${site.url}/` });
  const held = await heldCall(bridge);
  expect(held.inputSchema).toMatchObject({ properties: { url: { type: 'string' } } });
  await expect(
    bridge('debugEditArgs', { sessionId: held.sessionId, holdId: held.holdId, json: '{"url": 5}' }),
  ).rejects.toThrow(/^Invalid arguments for tool "browser_navigate": /);
  await bridge('debugEditArgs', {
    sessionId: held.sessionId,
    holdId: held.holdId,
    json: JSON.stringify({ url: `${site.url}/checkout` }),
  });
  await bridge('debugContinue', { sessionId: held.sessionId, holdId: held.holdId });
  expect((await going.result).text).toContain('Page Title: Checkout');
  expect(site.hits).toEqual(['/checkout']);
  await agent.close();
});

test('--pause-on with a malformed condition exits at once, naming the accepted forms', () => {
  const run = spawnSync(process.execPath, [CLI, 'mcp', '--pause-on', 'tool:browser_click', '--pause-on', 'clicks'], {
    encoding: 'utf8',
  });
  expect(run.status).toBe(1);
  expect(run.stderr).toContain(
    'Invalid breakpoint condition "clicks": "clicks" is not a kind of condition. Accepted forms: tool:<name>[,<name>…], target:<text>, url:<glob>, error, console-error, text:<string>.',
  );
});
