import { execFile } from 'node:child_process';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { promisify } from 'node:util';
import type { NegotiationRoundEvent, ToolCallEvent } from '../src/shared/events';
import { defaultCoreConfig } from '../src/main/config';
import { InspectorCore } from '../src/main/core';
import { startHttpServer } from '../src/main/http-server';
import { interactRequestSchema } from '../src/shared/negotiation';
import { asyncListener } from './support/async-listener.js';
import { expect, test } from './support/fixtures';
import { inProcessCore } from './support/in-process';
import { CLI, refOf } from './support/mcp';

const rounds = (events: unknown[]) =>
  events.filter((e): e is NegotiationRoundEvent => (e as NegotiationRoundEvent).type === 'negotiation-round');
const calls = (events: unknown[]) =>
  events.filter((e): e is ToolCallEvent => (e as ToolCallEvent).type === 'tool-call');

test('"Click the Save button": one semantic_v3 round, the click runs as a tool call with generated code', async ({
  site,
  workspace,
}) => {
  const { core, events, mcp } = await inProcessCore(workspace);
  try {
    const nav = await mcp.call('browser_navigate', { url: `${site.url}/semantic.html` });
    const save = refOf(nav.parsed.snapshot!.yaml, /button "Save"/);
    const result = await mcp.call('browser_interact', { query: 'Click the Save button' });
    expect(result.isError, result.text).toBe(false);
    expect(result.parsed.result).toContain(`Action: click(${save})`);
    expect(result.parsed.code).toBe(`await page.getByRole('button', { name: 'Save' }).click();`);
    expect(result.parsed.page?.title).toBe('Saved');
    expect(result.parsed.snapshot?.yaml).toContain('button "Save"');

    const [round] = rounds(events);
    expect(rounds(events)).toHaveLength(1);
    expect(round).toMatchObject({
      round: 1,
      planner: 'deterministic',
      domMode: 'semantic_v3',
      query: 'Click the Save button',
      answer: { kind: 'action', action: `click(${save})` },
    });
    expect(round.artifacts.map(a => a.name)).toEqual(['interactiveTree']);
    expect(round.nodeCount).toBeGreaterThan(5);
    // Counted with o200k_base (the step counter's tokenizer): JSON runs at 2 to 5 bytes a token.
    expect(round.artifacts[0].tokens).toBeGreaterThan(round.artifacts[0].bytes / 5);
    expect(round.artifacts[0].tokens).toBeLessThan(round.artifacts[0].bytes / 2);
    // The click is its own tool call on the bus, on behalf of browser_interact, published before it (each call's
    // event follows its answer, once its Browser State is written).
    await expect.poll(() => calls(events).length).toBe(3);
    expect(
      calls(events)
        .slice(1)
        .map(c => [c.tool, c.via, c.outcome]),
    ).toEqual([
      ['browser_click', 'browser_interact', 'ok'],
      ['browser_interact', undefined, 'ok'],
    ]);
    expect(calls(events)[1].args).toMatchObject({ target: save, element: 'button "Save"' });
  } finally {
    await mcp.close();
    await core.close();
  }
});

test('"Click the blue button" among same-named buttons: hybrid is requested, then the blue one is clicked', async ({
  site,
  workspace,
}) => {
  const { core, events, mcp } = await inProcessCore(workspace);
  try {
    await mcp.call('browser_navigate', { url: `${site.url}/colors.html` });
    const result = await mcp.call('browser_interact', { query: 'Click the blue button' });
    expect(result.isError, result.text).toBe(false);
    expect(result.parsed.snapshot?.yaml).toContain('Chose blue');
    expect(result.parsed.code).toBe(`await page.getByRole('button', { name: 'Continue' }).nth(2).click();`);

    const [first, second] = rounds(events);
    expect(rounds(events)).toHaveLength(2);
    expect(first).toMatchObject({
      domMode: 'semantic_v3',
      answer: { kind: 'needs_context', requested: { domMode: 'hybrid', screenshot: true, skeletonDom: true } },
    });
    expect((first.answer as { reason: string }).reason).toContain('blue');
    // The retry carries semantic_v3 plus exactly what was asked for.
    expect(second.domMode).toBe('hybrid');
    expect(second.artifacts.map(a => a.name)).toEqual(['interactiveTree', 'skeletonDom', 'screenshot']);
    expect(second.artifacts[2].tokens).toBeGreaterThan(85);
    expect(second.requestBytes).toBeGreaterThan(first.requestBytes * 5);
  } finally {
    await mcp.close();
    await core.close();
  }
});

test('duplicate "Add to cart" buttons: skeleton is requested, the Pro plan card decides', async ({
  site,
  workspace,
}) => {
  const { core, events, mcp } = await inProcessCore(workspace);
  try {
    await mcp.call('browser_navigate', { url: `${site.url}/plans.html` });
    const result = await mcp.call('browser_interact', { query: 'Add the Pro plan to cart' });
    expect(result.isError, result.text).toBe(false);
    expect(result.parsed.snapshot?.yaml).toContain('Cart: Pro plan');
    expect(rounds(events).map(r => [r.domMode, r.answer.kind])).toEqual([
      ['semantic_v3', 'needs_context'],
      ['skeleton', 'action'],
    ]);
    expect(rounds(events)[1].artifacts.map(a => a.name)).toEqual(['interactiveTree', 'skeletonDom']);
  } finally {
    await mcp.close();
    await core.close();
  }
});

test('an element covered by an overlay is not chosen when an uncovered one matches', async ({ site, workspace }) => {
  const { core, events, mcp } = await inProcessCore(workspace);
  try {
    await mcp.call('browser_navigate', { url: `${site.url}/overlay.html` });
    const result = await mcp.call('browser_interact', { query: 'Click Subscribe' });
    expect(result.isError, result.text).toBe(false);
    expect(result.parsed.snapshot?.yaml).toContain('Subscribed from the footer');
    const [round] = rounds(events);
    expect(rounds(events)).toHaveLength(1);
    expect(round.answer.kind).toBe('action');
  } finally {
    await mcp.close();
    await core.close();
  }
});

test('a query the planner cannot carry out is an error naming why; the session goes on', async ({
  site,
  workspace,
}) => {
  const { core, mcp } = await inProcessCore(workspace);
  try {
    await mcp.call('browser_navigate', { url: `${site.url}/semantic.html` });
    const missing = await mcp.call('browser_interact', { query: 'Click the Checkout button' });
    expect(missing.isError).toBe(true);
    expect(missing.parsed.error).toMatch(/could not carry out "Click the Checkout button"/);
    expect(missing.parsed.result).toMatch(/Action: fail\(/);
    const empty = await mcp.call('browser_interact', { query: '  ' });
    expect(empty.parsed.error).toContain('✖ query must not be empty\n  → at query');
    expect((await mcp.call('browser_interact', { query: 'Click Save' })).isError).toBe(false);
  } finally {
    await mcp.close();
    await core.close();
  }
});

/** An OpenAI-compatible chat-completions endpoint on loopback that answers each request with the next scripted reply. */
async function fakeModel(replies: string[]) {
  const requests: unknown[] = [];
  const server = createServer(
    asyncListener(async (req, res) => {
      let body = '';
      for await (const chunk of req) body += chunk;
      requests.push(JSON.parse(body));
      const content = replies[requests.length - 1] ?? 'no more scripted replies';
      res
        .writeHead(200, { 'content-type': 'application/json' })
        .end(JSON.stringify({ choices: [{ message: { role: 'assistant', content } }] }));
    }),
  );
  await new Promise<void>(resolve => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    requests,
    close: () => new Promise(resolve => server.close(resolve)),
  };
}

test('LLM planner: a malformed model reply is a clear error, no crash; a good reply acts', async ({
  site,
  workspace,
}) => {
  const replies: string[] = [];
  const model = await fakeModel(replies);
  const { core, events, mcp } = await inProcessCore(workspace, {
    planner: {
      ...defaultCoreConfig().planner,
      llm: { baseUrl: model.baseUrl, model: 'fake-model', timeoutMs: 10_000 },
    },
  });
  try {
    const nav = await mcp.call('browser_navigate', { url: `${site.url}/semantic.html` });
    const save = refOf(nav.parsed.snapshot!.yaml, /button "Save"/);
    replies.push(
      'Sure! I would click the save button.',
      JSON.stringify({ thought: 'The button named Save', action: `click(${save})` }),
    );

    const bad = await mcp.call('browser_interact', { query: 'Click the Save button' });
    expect(bad.isError).toBe(true);
    expect(bad.parsed.error).toMatch(/llm:fake-model/);
    expect(bad.parsed.error).toMatch(/JSON/);
    expect(rounds(events)[0]).toMatchObject({ planner: 'llm:fake-model', answer: { kind: 'error' } });
    // The model was sent the semantic tree, whose ids are the aria refs.
    expect(JSON.stringify(model.requests[0])).toContain(`\\"i\\":\\"${save}\\"`);

    const good = await mcp.call('browser_interact', { query: 'Click the Save button' });
    expect(good.isError, good.text).toBe(false);
    expect(good.parsed.page?.title).toBe('Saved');
  } finally {
    await mcp.close();
    await core.close();
    await model.close();
  }
});

test("remote planner: the client loop talks to another inspector's POST /api/agent/interact over HTTP", async ({
  site,
  workspace,
}) => {
  const backendCore = new InspectorCore(defaultCoreConfig());
  const backend = await startHttpServer(backendCore, { host: '127.0.0.1', port: 0, allowedHosts: [] });
  const { core, events, mcp } = await inProcessCore(workspace, {
    planner: { ...defaultCoreConfig().planner, endpoint: `${backend.url}/api/agent/interact` },
  });
  try {
    await mcp.call('browser_navigate', { url: `${site.url}/plans.html` });
    const result = await mcp.call('browser_interact', { query: 'Add the Pro plan to cart' });
    expect(result.isError, result.text).toBe(false);
    expect(result.parsed.snapshot?.yaml).toContain('Cart: Pro plan');
    expect(rounds(events).map(r => [r.planner, r.domMode])).toEqual([
      [`remote:${backend.url}/api/agent/interact`, 'semantic_v3'],
      [`remote:${backend.url}/api/agent/interact`, 'skeleton'],
    ]);
  } finally {
    await mcp.close();
    await core.close();
    await backend.close();
    await backendCore.close();
  }
});

test('CLI: agent-inspector interact "<query>" --url <url> prints the rounds, the action and its code', async ({
  site,
  workspace,
}) => {
  const run = promisify(execFile);
  const { stdout, stderr } = await run(
    'node',
    [CLI, 'interact', 'Add the Pro plan to cart', '--url', `${site.url}/plans.html`, '--headless'],
    { cwd: process.cwd(), env: { ...process.env, AGENT_INSPECTOR_OUTPUT_DIR: `${workspace}/out` } },
  );
  expect(stderr).toMatch(/round 1 · semantic_v3 · \d+ nodes · interactiveTree [\d.]+ KB → needs skeleton/);
  expect(stderr).toMatch(/round 2 · skeleton · .* → click\(e\d+\)/);
  // Playwright's own locator for the second card's button (never an aria ref).
  expect(stdout).toMatch(/### Ran Playwright code\n```js\nawait page\..*Pro plan.*\.click\(\);/);
  expect(stdout).not.toContain('### Snapshot');

  const failed = await run(
    'node',
    [CLI, 'interact', 'Click the Checkout button', '--url', `${site.url}/plans.html`, '--headless'],
    { env: { ...process.env, AGENT_INSPECTOR_OUTPUT_DIR: `${workspace}/out` } },
  ).then(
    () => undefined,
    (error: { code: number; stdout: string }) => error,
  );
  expect(failed?.code).toBe(1);
  expect(failed?.stdout).toContain('could not carry out');
});

test('the request the client sends validates against the contract in every mode', async ({ site, workspace }) => {
  const requests: unknown[] = [];
  const backendCore = new InspectorCore(defaultCoreConfig());
  const backend = await startHttpServer(backendCore, { host: '127.0.0.1', port: 0, allowedHosts: [] });
  // A recording proxy in front of the backend: what went over the wire is what the contract describes.
  const proxy = createServer(
    asyncListener(async (req, res) => {
      let body = '';
      for await (const chunk of req) body += chunk;
      requests.push(JSON.parse(body));
      const answer = await fetch(`${backend.url}/api/agent/interact`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body,
      });
      res.writeHead(answer.status, { 'content-type': 'application/json' }).end(await answer.text());
    }),
  );
  await new Promise<void>(resolve => proxy.listen(0, '127.0.0.1', resolve));
  const { core, mcp } = await inProcessCore(workspace, {
    planner: {
      ...defaultCoreConfig().planner,
      endpoint: `http://127.0.0.1:${(proxy.address() as AddressInfo).port}/api/agent/interact`,
    },
  });
  try {
    await mcp.call('browser_navigate', { url: `${site.url}/colors.html` });
    expect((await mcp.call('browser_interact', { query: 'Click the blue button' })).isError).toBe(false);
    expect(requests).toHaveLength(2);
    for (const request of requests) expect(interactRequestSchema.safeParse(request).success).toBe(true);
    const [first, second] = requests as Record<string, unknown>[];
    expect(Object.keys(first)).not.toContain('screenshot');
    expect(Object.keys(first)).not.toContain('skeletonDom');
    expect(first).toMatchObject({
      domMode: 'semantic_v3',
      pageTitle: 'Colours',
      query: 'Click the blue button',
      viewport: { width: expect.any(Number) },
    });
    expect(second).toMatchObject({
      domMode: 'hybrid',
      skeletonDom: expect.stringContaining('data-llm-id'),
      screenshotHash: expect.stringMatching(/^[0-9a-f]{64}$/),
    });
    expect(second.dom).toBeUndefined();
    expect(second.interactiveTree).toEqual(first.interactiveTree);
  } finally {
    await mcp.close();
    await core.close();
    await new Promise(resolve => proxy.close(resolve));
    await backend.close();
    await backendCore.close();
  }
});
