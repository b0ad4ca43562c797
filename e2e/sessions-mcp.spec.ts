import { execFile } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { expect, test } from './support/fixtures';
import { CLI, connectStdio, refOf, startHttpServer, type ToolResult } from './support/mcp';

const run = promisify(execFile);
const PASSWORD = 'pw-sessions-mcp-5521';

type Answer = { text: string; texts: string[]; images: { mimeType: string; data: string }[]; isError: boolean };

async function ask(client: Client, name: string, args: Record<string, unknown>): Promise<Answer> {
  const result = await client.callTool({ name, arguments: args });
  const content = result.content as { type: string; text?: string; data?: string; mimeType?: string }[];
  const texts = content.filter(item => item.type === 'text').map(item => item.text!);
  return {
    text: texts[0] ?? '',
    texts,
    images: content.filter(item => item.type === 'image').map(item => ({ mimeType: item.mimeType!, data: item.data! })),
    isError: !!result.isError,
  };
}

/** The text of the fenced block after a heading line that starts with `heading`. */
function fencedAfter(text: string, heading: string): string {
  const start = text.indexOf(`\n${heading}`);
  const open = /\n(`{3,})[a-z]*\n/.exec(text.slice(start + 1));
  if (start < 0 || !open) throw new Error(`no fenced block after ${heading} in:\n${text}`);
  const bodyStart = start + 1 + open.index + open[0].length;
  return text.slice(bodyStart, text.indexOf(`\n${open[1]}`, bodyStart));
}

/**
 * Two runs of one task through our MCP server: sign up with a password, then the activity page, where "Run" logs a
 * page error and a failed request; the good run then follows the "Sign up" link, the bad one clicks a ref that is gone.
 */
async function recordRuns(siteUrl: string, workspace: string) {
  const sessions = join(workspace, 'sessions');
  const secrets = join(workspace, 'secrets.env');
  mkdirSync(workspace, { recursive: true });
  writeFileSync(secrets, `PASSWORD=${PASSWORD}\n`);
  const received: Record<'good' | 'bad', ToolResult[]> = { good: [], bad: [] };
  for (const kind of ['good', 'bad'] as const) {
    const agent = await connectStdio(['--session-dir', sessions, '--secrets', secrets], { cwd: workspace });
    const calls = received[kind];
    const form = await agent.call('browser_navigate', { url: `${siteUrl}/form.html` });
    calls.push(form);
    calls.push(
      await agent.call('browser_type', {
        target: refOf(form.parsed.snapshot?.yaml, /textbox "Password"/),
        text: PASSWORD,
      }),
    );
    const activity = await agent.call('browser_navigate', { url: `${siteUrl}/activity.html` });
    calls.push(activity);
    calls.push(await agent.call('browser_click', { target: refOf(activity.parsed.snapshot?.yaml, /button "Run"/) }));
    calls.push(await agent.call('browser_wait_for', { time: 0.5 }));
    calls.push(
      kind === 'good'
        ? await agent.call('browser_click', { target: refOf(activity.parsed.snapshot?.yaml, /link "Sign up"/) })
        : await agent.call('browser_click', { target: 'e999', element: 'the order button' }),
    );
    await agent.close();
  }
  const dirs = readdirSync(sessions).map(name => join(sessions, name));
  const idOf = (dir: string) => (JSON.parse(readFileSync(join(dir, 'session.json'), 'utf8')) as { id: string }).id;
  const [good, bad] = dirs.sort().map(dir => ({ dir, id: idOf(dir) }));
  return { sessions, received, good, bad };
}

test('a debugging agent reads the recordings over MCP: list, outline, step, search, compare, what went wrong, export; stdio and HTTP', async ({
  site,
  workspace,
}) => {
  test.setTimeout(120_000);
  const { sessions, received, good, bad } = await recordRuns(site.url, workspace);
  expect(received.bad[5].isError).toBe(true);

  const client = new Client({ name: 'debugging-agent', version: '1.0.0' });
  await client.connect(
    new StdioClientTransport({
      command: process.execPath,
      args: [CLI, 'sessions-mcp', '--session-dir', sessions],
      stderr: 'pipe',
    }),
  );
  const answers: Answer[] = [];
  const call = async (name: string, args: Record<string, unknown>) => {
    const answer = await ask(client, name, args);
    answers.push(answer);
    return answer;
  };
  try {
    const tools = (await client.listTools()).tools;
    expect(tools.map(tool => tool.name).sort()).toEqual([
      'inspector_compare',
      'inspector_export',
      'inspector_list_sessions',
      'inspector_locators',
      'inspector_run_outline',
      'inspector_search',
      'inspector_step',
      'inspector_what_went_wrong',
    ]);
    expect(tools.every(tool => tool.annotations?.readOnlyHint === true)).toBe(true);

    // The list finds both runs, newest first, the bad one with its failed call.
    const list = await call('inspector_list_sessions', {});
    expect(list.text).toContain('2 sessions');
    const rows = list.text.split('\n').filter(line => line.startsWith('| ') && !line.startsWith('| id'));
    expect(rows).toHaveLength(2);
    expect(rows[0]).toContain(bad.id.slice(0, 8));
    expect(rows[0]).toContain('1 failed call');
    expect((await call('inspector_list_sessions', { outcome: 'failed' })).text).not.toContain(good.id.slice(0, 8));
    expect((await call('inspector_list_sessions', { since: '2999-01-01' })).text).toBe(
      'No session matches (2 recorded).',
    );

    // The outline: one line per step, the failed one marked; an id prefix is enough.
    const outline = await call('inspector_run_outline', { session: bad.id.slice(0, 8) });
    const stepLines = outline.text.split('\n').filter(line => /^\d+ /.test(line));
    expect(stepLines).toHaveLength(6);
    expect(stepLines[5]).toMatch(/^6 ✗ click "the order button"/);
    expect(stepLines[3]).toMatch(/^4 click button "Run"/);
    expect(outline.text).toContain('failed: 6');

    // A step: the exact response text the agent received, its console and network; the screenshot as an image.
    const clickRun = await call('inspector_step', {
      session: bad.id,
      step: 4,
      include: ['screenshot', 'snapshot', 'diff'],
    });
    expect(fencedAfter(clickRun.text, '### Response')).toBe(received.bad[3].text);
    expect(clickRun.text).toMatch(/### Console \(\d+\)[\s\S]*clicked run/);
    expect(clickRun.text).toMatch(/### Network \(\d+\)[\s\S]*GET 404 .*\/missing\.json/);
    expect(clickRun.images.length).toBeGreaterThan(0);
    expect(clickRun.images[0].mimeType).toMatch(/^image\//);
    expect(Buffer.from(clickRun.images[0].data, 'base64').length).toBeGreaterThan(1_000);
    expect(clickRun.text).toContain('### Aria snapshot');
    expect(clickRun.text).toContain('### Diff');
    const failedStep = await call('inspector_step', { session: bad.dir, step: 6 });
    expect(fencedAfter(failedStep.text, '### Response')).toBe(received.bad[5].text);

    // Search: a string only the bad run's last response holds.
    const search = await call('inspector_search', { query: 'e999' });
    const hits = search.text.split('\n').filter(line => line.startsWith('- '));
    expect(hits.length).toBeGreaterThan(0);
    expect(hits.every(line => line.startsWith(`- ${bad.id.slice(0, 8)}`))).toBe(true);
    expect(hits.some(line => line.includes('step 6'))).toBe(true);

    // Compare: the runs part at their last step.
    const compare = await call('inspector_compare', { a: good.id, b: bad.id });
    expect(compare.text).toMatch(/First divergence at pair 6 /);

    // What went wrong: the failed step, and the page error logged before it.
    const wrong = await call('inspector_what_went_wrong', { session: bad.id, good: good.id });
    expect(wrong.text).toContain('## First failed call: step 6');
    expect(wrong.text).toMatch(/- step [45].*page error.*kaboom/);
    expect(wrong.text).toMatch(/- step 4: GET .*\/missing\.json → 404/);
    expect(wrong.text).toContain('First divergence at pair 6');

    // Export equals the command's; the locators name the elements.
    const exported = await call('inspector_export', { session: good.id });
    const byCommand = await run('node', [CLI, 'export', good.dir]);
    expect(exported.text).toBe(byCommand.stdout);
    expect(exported.texts[1]).toMatch(/save it as .*\.spec\.ts/);
    expect((await call('inspector_locators', { session: good.id })).text).toContain('button "Run"');

    // Resources: each session and step, listed and readable.
    const resources = (await client.listResources()).resources.map(resource => resource.uri);
    expect(resources).toContain(`inspector://session/${bad.id}`);
    expect(resources).toContain(`inspector://session/${bad.id}/step/6`);
    const stepResource = await client.readResource({ uri: `inspector://session/${bad.id}/step/4` });
    expect(fencedAfter((stepResource.contents[0] as { text: string }).text, '### Response')).toBe(received.bad[3].text);
    expect((await client.readResource({ uri: `inspector://session/${good.id}` })).contents[0]).toMatchObject({
      mimeType: 'text/markdown',
    });

    // Bad input: clear errors, and the server keeps answering.
    const unknown = await call('inspector_step', { session: 'nope', step: 1 });
    expect(unknown).toMatchObject({ isError: true, text: expect.stringContaining('No session "nope"') });
    const outside = await call('inspector_run_outline', { session: '/etc' });
    expect(outside).toMatchObject({ isError: true, text: expect.stringContaining('is not a session folder of') });
    const noStep = await call('inspector_step', { session: bad.id, step: 60 });
    expect(noStep).toMatchObject({ isError: true, text: expect.stringContaining('60') });
    const badArgs = await call('inspector_step', { session: bad.id, step: 0, extra: true });
    expect(badArgs.isError).toBe(true);
    expect(badArgs.text).toMatch(/step/);
    expect((await call('inspector_list_sessions', {})).isError).toBe(false);

    // The password typed during the run is in no answer.
    for (const answer of answers) expect(answer.texts.join('\n')).not.toContain(PASSWORD);
  } finally {
    await client.close();
  }

  // Over HTTP: `sessions-mcp --port` and `serve` at /sessions/mcp, a viewer token included; neither offers browser tools.
  const standalone = await startHttpServer(['--session-dir', sessions], 'sessions-mcp');
  const served = await startHttpServer(
    [
      '--session-dir',
      sessions,
      '--viewer-token',
      'viewer-token-1234567890',
      '--require-token',
      '--token',
      'full-token-1234567890',
    ],
    'serve',
  );
  try {
    const viaHttp = new Client({ name: 'debugging-agent', version: '1.0.0' });
    await viaHttp.connect(new StreamableHTTPClientTransport(new URL(`${standalone.url}/sessions/mcp`)));
    const outline = await ask(viaHttp, 'inspector_run_outline', { session: bad.id });
    expect(outline.text).toContain('failed: 6');
    await viaHttp.close();
    expect((await fetch(`${standalone.url}/mcp`, { method: 'POST' })).status).toBe(404);

    const viewer = new Client({ name: 'debugging-agent', version: '1.0.0' });
    await viewer.connect(
      new StreamableHTTPClientTransport(new URL(`${served.url}/sessions/mcp`), {
        requestInit: { headers: { authorization: 'Bearer viewer-token-1234567890' } },
      }),
    );
    expect((await ask(viewer, 'inspector_list_sessions', {})).text).toContain('2 sessions');
    await viewer.close();
    const anonymous = await fetch(`${served.url}/sessions/mcp`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    expect(anonymous.status).toBe(401);
  } finally {
    await standalone.stop();
    await served.stop();
  }
});
