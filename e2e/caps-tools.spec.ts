import { execFile } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { expectSpecPasses } from './support/exported-spec';
import { expect, test } from './support/fixtures';
import { CLI, connectPeer, connectStdio, McpTestClient, refOf, type ToolResult } from './support/mcp';

const run = promisify(execFile);

const ALL_CAPS = 'vision,pdf,devtools,storage,network,testing,config';

/** @playwright/mcp with `caps`, in `cwd` as its workspace root. */
const connectCapsPeer = (cwd: string, caps = ALL_CAPS) => connectPeer(cwd, [`--caps=${caps}`]);

/** A call; a RegExp argument stands for the ref of the snapshot line it matches, looked up in each server's own snapshot. */
type Case = [tool: string, args?: Record<string, unknown>];

/** What must be the same in both answers: the outcome and its text, with the parts that change between runs masked. */
function comparable(result: ToolResult) {
  const mask = (text?: string) =>
    text?.replace(/127\.0\.0\.1:\d+/g, 'HOST').replace(/\d{4}-\d\d-\d\dT\d\d-\d\d-\d\d-\d{3}Z/g, 'TIMESTAMP');
  return { isError: result.isError, result: mask(result.parsed.result), error: mask(result.parsed.error) };
}

/** Generated code must at least compile as the body of a test (it is recorded and exported). */
function expectValidCode(tool: string, code: string | undefined) {
  if (!code) return;
  const AsyncFunction = Object.getPrototypeOf(async () => {}).constructor;
  expect(() => new AsyncFunction('page', 'expect', code), `${tool} code compiles:\n${code}`).not.toThrow();
}

/** Runs the same calls against both servers on `page` and compares each answer. */
async function conform(ours: McpTestClient, peer: McpTestClient, page: string, cases: Case[]) {
  const snapshots = new Map<McpTestClient, string>();
  for (const server of [ours, peer]) {
    await server.call('browser_navigate', { url: page });
    snapshots.set(server, (await server.call('browser_snapshot')).parsed.snapshot!.yaml!);
  }
  const argsFor = (server: McpTestClient, args: Record<string, unknown>) =>
    Object.fromEntries(
      Object.entries(args).map(([name, value]) => [
        name,
        value instanceof RegExp ? refOf(snapshots.get(server), value) : value,
      ]),
    );
  for (const [tool, args = {}] of cases) {
    const mine = await ours.call(tool, argsFor(ours, args));
    const theirs = await peer.call(tool, argsFor(peer, args));
    expect(comparable(mine), `${tool} ${JSON.stringify(args)}`).toEqual(comparable(theirs));
    expectValidCode(tool, mine.parsed.code);
  }
}

test.describe('the --caps tools answer as @playwright/mcp answers', () => {
  let ours: McpTestClient;
  let peer: McpTestClient;
  test.beforeEach(async ({ workspace }) => {
    [ours, peer] = await Promise.all([
      connectStdio([`--caps=${ALL_CAPS}`, '--no-dom-state'], { cwd: join(workspace, 'ours') }),
      connectCapsPeer(join(workspace, 'peer')),
    ]);
  });
  test.afterEach(async () => {
    await Promise.all([ours.close(), peer.close()]);
  });

  test('storage: cookies, localStorage, sessionStorage and storage state files', async ({ site }) => {
    await conform(ours, peer, `${site.url}/caps.html`, [
      ['browser_cookie_list'],
      ['browser_cookie_set', { name: 'a', value: '1' }],
      [
        'browser_cookie_set',
        {
          name: 'b',
          value: '2',
          domain: '127.0.0.1',
          path: '/',
          httpOnly: true,
          secure: true,
          sameSite: 'Lax',
          expires: 2_000_000_000,
        },
      ],
      ['browser_cookie_list', { domain: '127.0.0.1', path: '/' }],
      ['browser_cookie_list', { domain: 'example.com' }],
      ['browser_cookie_get', { name: 'b' }],
      ['browser_cookie_get', { name: 'missing' }],
      ['browser_cookie_delete', { name: 'a' }],
      ['browser_cookie_list'],
      ['browser_localstorage_set', { key: 'k', value: 'v' }],
      ['browser_localstorage_set', { key: 'note', value: "it's\nmultiline" }],
      ['browser_localstorage_list'],
      ['browser_localstorage_get', { key: 'note' }],
      ['browser_localstorage_get', { key: 'missing' }],
      ['browser_localstorage_delete', { key: 'k' }],
      ['browser_localstorage_list'],
      ['browser_storage_state', { filename: 'state.json' }],
      ['browser_cookie_clear'],
      ['browser_localstorage_clear'],
      ['browser_localstorage_list'],
      ['browser_cookie_list'],
      ['browser_set_storage_state', { filename: 'state.json' }],
      ['browser_cookie_list'],
      ['browser_localstorage_list'],
      ['browser_sessionstorage_set', { key: 's', value: '1' }],
      ['browser_sessionstorage_list'],
      ['browser_sessionstorage_get', { key: 's' }],
      ['browser_sessionstorage_delete', { key: 's' }],
      ['browser_sessionstorage_clear'],
      ['browser_sessionstorage_list'],
    ]);
  });

  test('network: routes, route list, unroute and offline mode', async ({ site }) => {
    const fetchText = (path: string) =>
      [
        'browser_evaluate',
        {
          function: `async () => { try { return await (await fetch('${path}')).text(); } catch { return 'failed'; } }`,
        },
      ] as Case;
    await conform(ours, peer, `${site.url}/caps.html`, [
      ['browser_route_list'],
      ['browser_route', { pattern: '**/api/users', body: '{"users":["ada"]}', contentType: 'application/json' }],
      ['browser_route', { pattern: '**/missing.png', status: 404 }],
      ['browser_route', { pattern: '**/echo', headers: ['X-A: 1'], removeHeaders: 'referer' }],
      ['browser_route', { pattern: '**/bad', headers: ['no colon'] }],
      ['browser_route_list'],
      fetchText('/api/users'),
      ['browser_unroute', { pattern: '**/missing.png' }],
      ['browser_unroute', { pattern: '**/never-added' }],
      ['browser_route_list'],
      ['browser_unroute'],
      ['browser_route_list'],
      ['browser_network_state_set', { state: 'offline' }],
      fetchText('/caps.html'),
      ['browser_network_state_set', { state: 'online' }],
    ]);
  });

  test('testing: the verify tools pass and fail alike, generate_locator names the same locator', async ({ site }) => {
    await conform(ours, peer, `${site.url}/caps.html`, [
      ['browser_verify_element_visible', { role: 'button', accessibleName: 'Save' }],
      ['browser_verify_element_visible', { role: 'button', accessibleName: 'Delete' }],
      ['browser_verify_text_visible', { text: 'Cherry' }],
      ['browser_verify_text_visible', { text: 'Durian' }],
      ['browser_verify_list_visible', { element: 'Fruits', target: /list "Fruits"/, items: ['Apple', 'Banana'] }],
      ['browser_verify_list_visible', { element: 'Fruits', target: /list "Fruits"/, items: ['Apple', 'Kiwi'] }],
      ['browser_verify_value', { type: 'textbox', element: 'City', target: /textbox "City"/, value: 'Lyon' }],
      ['browser_verify_value', { type: 'textbox', element: 'City', target: /textbox "City"/, value: 'Paris' }],
      [
        'browser_verify_value',
        { type: 'checkbox', element: 'Newsletter', target: /checkbox "Newsletter"/, value: 'true' },
      ],
      [
        'browser_verify_value',
        { type: 'checkbox', element: 'Newsletter', target: /checkbox "Newsletter"/, value: 'false' },
      ],
      ['browser_verify_value', { type: 'slider', element: 'Volume', target: /slider "Volume"/, value: '3' }],
      ['browser_generate_locator', { element: 'Save', target: /button "Save"/ }],
      ['browser_generate_locator', { target: '#log' }],
    ]);
  });

  test('vision, pdf, media and devtools: mouse at coordinates, PDF, media emulation, highlights and overlays', async ({
    site,
  }) => {
    await conform(ours, peer, `${site.url}/caps.html`, [
      ['browser_mouse_move_xy', { x: 310, y: 30 }],
      ['browser_mouse_click_xy', { x: 310, y: 30 }],
      ['browser_mouse_click_xy', { x: 320, y: 40, button: 'right', clickCount: 2, delay: 5 }],
      ['browser_mouse_drag_xy', { startX: 305, startY: 25, endX: 330, endY: 60 }],
      ['browser_mouse_down', { button: 'middle' }],
      ['browser_mouse_up', { button: 'middle' }],
      ['browser_mouse_wheel', { deltaX: 0, deltaY: 120 }],
      ['browser_evaluate', { function: "() => document.getElementById('mouse').textContent" }],
      ['browser_pdf_save', { filename: 'page.pdf' }],
      ['browser_emulate_media', { colorScheme: 'dark', reducedMotion: 'reduce' }],
      [
        'browser_evaluate',
        {
          function:
            "() => matchMedia('(prefers-color-scheme: dark)').matches && matchMedia('(prefers-reduced-motion: reduce)').matches",
        },
      ],
      ['browser_emulate_media', { colorScheme: null }],
      ['browser_emulate_media', {}],
      ['browser_highlight', { target: '#log', style: 'outline: 2px dashed red' }],
      ['browser_hide_highlight', { target: '#log' }],
      ['browser_hide_highlight'],
      ['browser_stop_tracing'],
      ['browser_stop_video'],
      ['browser_video_show_actions', { position: 'bottom', cursor: 'none' }],
      ['browser_video_hide_actions'],
      ['browser_video_chapter', { title: 'Intro' }],
      ['browser_stop_recording'],
      ['browser_start_recording'],
      ['browser_stop_recording'],
    ]);
  });
});

test('--caps offers the same tools, with the same input schemas, as @playwright/mcp with those caps', async ({
  workspace,
}) => {
  // Without --caps only the core tools are offered; a cap tool called anyway names the flag that offers it.
  const core = await connectStdio([], { cwd: workspace });
  const coreNames = (await core.client.listTools()).tools.map(tool => tool.name);
  expect(coreNames).toContain('browser_emulate_media');
  expect(coreNames).not.toContain('browser_cookie_list');
  const refused = await core.call('browser_cookie_list');
  expect(refused.isError).toBe(true);
  expect(refused.parsed.error).toBe('Tool "browser_cookie_list" not found');
  expect(refused.text).toContain('### Note\nIt is only available when the server runs with --caps=storage.');
  await core.close();

  const schemas = async (client: McpTestClient) =>
    new Map(
      (await client.client.listTools()).tools.map(tool => [
        tool.name,
        { description: tool.description, input: tool.inputSchema },
      ]),
    );
  for (const caps of [ALL_CAPS, 'tracing']) {
    const [ours, peer] = await Promise.all([
      connectStdio([`--caps=${caps}`], { cwd: workspace }),
      connectCapsPeer(workspace, caps),
    ]);
    const [mine, theirs] = await Promise.all([schemas(ours), schemas(peer)]);
    await Promise.all([ours.close(), peer.close()]);
    // Ours alone: browser_interact. Theirs alone: browser_run_code_unsafe, which we offer only with --allow-unsafe-code.
    expect([...mine.keys()].filter(name => name !== 'browser_interact').sort(), caps).toEqual(
      [...theirs.keys()].filter(name => name !== 'browser_run_code_unsafe').sort(),
    );
    for (const [name, tool] of mine) {
      const reference = theirs.get(name);
      // The cap tools and browser_emulate_media are this suite's; the other core tools are held by conformance.spec.ts.
      if (!reference || (coreNames.includes(name) && name !== 'browser_emulate_media')) continue;
      expect(tool.description, name).toBe(reference.description);
      const properties = (schema: unknown) => (schema as { properties?: Record<string, unknown> }).properties ?? {};
      for (const [field, property] of Object.entries(properties(reference.input)))
        expect(properties(tool.input)[field], `${name}.${field}`).toMatchObject(property as Record<string, unknown>);
    }
  }
});

test('cap tools are recorded with their code; the recording replays, and its exported spec passes', async ({
  site,
  workspace,
}) => {
  test.setTimeout(120_000);
  const sessions = join(workspace, 'sessions');
  const mcp = await connectStdio([`--caps=${ALL_CAPS}`, '--session-dir', sessions], { cwd: workspace });
  await mcp.call('browser_route', { pattern: '**/api/fruit', body: 'Mango', contentType: 'text/plain' });
  const { parsed } = await mcp.call('browser_navigate', { url: `${site.url}/caps.html` });
  const yaml = parsed.snapshot!.yaml!;
  const calls: Case[] = [
    ['browser_cookie_set', { name: 'session', value: 'abc' }],
    ['browser_localstorage_set', { key: 'theme', value: 'dark' }],
    ['browser_emulate_media', { colorScheme: 'dark' }],
    ['browser_mouse_click_xy', { x: 310, y: 30 }],
    ['browser_verify_text_visible', { text: 'click 0 at 310,30' }],
    ['browser_click', { element: 'Load fruit', target: refOf(yaml, /button "Load fruit"/) }],
    ['browser_verify_text_visible', { text: 'Mango' }],
    [
      'browser_verify_list_visible',
      { element: 'Fruits', target: refOf(yaml, /list "Fruits"/), items: ['Apple', 'Banana', 'Cherry'] },
    ],
    [
      'browser_verify_value',
      { type: 'checkbox', element: 'Newsletter', target: refOf(yaml, /checkbox "Newsletter"/), value: 'true' },
    ],
    ['browser_cookie_list'],
  ];
  for (const [tool, args] of calls) expect((await mcp.call(tool, args)).isError, tool).toBe(false);
  await mcp.close();

  const recording = join(sessions, readdirSync(sessions)[0]);
  // Replay starts a server of its own: every cap tool of the recording is offered there too.
  const replay = await run(process.execPath, [CLI, 'replay', recording]).catch(
    error => error as { stdout: string; stderr: string; code: number },
  );
  expect('code' in replay ? `${replay.stdout}\n${replay.stderr}` : '').toBe('');

  const spec = join(workspace, 'caps.spec.ts');
  await run('node', [CLI, 'export', recording, '-o', spec]);
  const code = readFileSync(spec, 'utf8');
  expect(code).toContain(
    `await page.context().route('**/api/fruit', route => route.fulfill({ status: 200, contentType: 'text/plain', body: 'Mango' }));`,
  );
  expect(code).toContain(`await page.localStorage.setItem('theme', 'dark');`);
  expect(code).toContain('await page.mouse.click(310, 30);');
  expect(code).toContain(`- listitem: "Banana \\\\"ripe\\\\""`);
  // A lookup changes nothing: it is not replayed.
  expect(code).not.toContain('page.context().cookies()');

  await expectSpecPasses(readFileSync(spec, 'utf8'), { env: { BASE_URL: site.url } });
});

test('the files the cap tools write are what they say: a PDF, a trace zip, a storage state; get_config shows secrets masked', async ({
  site,
  workspace,
}) => {
  const secrets = join(workspace, 'secrets.env');
  mkdirSync(workspace, { recursive: true });
  writeFileSync(secrets, 'API_TOKEN=tok-123456\n');
  const mcp = await connectStdio([`--caps=${ALL_CAPS}`, '--secrets', secrets], { cwd: workspace });
  try {
    const config = JSON.parse((await mcp.call('browser_get_config')).parsed.result!);
    expect(config.capabilities).toEqual(ALL_CAPS.split(','));
    expect(config.secrets).toEqual({ API_TOKEN: '<secret>API_TOKEN</secret>' });
    expect(JSON.stringify(config)).not.toContain('tok-123456');

    await mcp.call('browser_navigate', { url: `${site.url}/caps.html` });
    const linked = (result: ToolResult) => join(workspace, result.parsed.result!.match(/\]\((.+?)\)/)![1]);
    const pdf = await mcp.call('browser_pdf_save');
    expect(readFileSync(linked(pdf)).subarray(0, 5).toString()).toBe('%PDF-');

    expect((await mcp.call('browser_start_tracing')).isError).toBe(false);
    await mcp.call('browser_click', { target: '#log' });
    const trace = await mcp.call('browser_stop_tracing');
    expect(trace.parsed.result).toMatch(
      /^Trace recording stopped\.\n- \[Trace\]\(\.playwright-mcp\/traces\/trace-.+\.zip\)$/,
    );
    expect(readFileSync(linked(trace)).subarray(0, 2).toString()).toBe('PK');

    await mcp.call('browser_cookie_set', { name: 'visit', value: '1' });
    const state = await mcp.call('browser_storage_state');
    expect(JSON.parse(readFileSync(linked(state), 'utf8')).cookies).toEqual([
      expect.objectContaining({ name: 'visit', value: '1' }),
    ]);
    // Outside the workspace is refused, as for every file an agent names.
    expect((await mcp.call('browser_pdf_save', { filename: '../outside.pdf' })).parsed.error).toMatch(
      /^Error: Refusing to write "\.\.\/outside\.pdf"/,
    );
  } finally {
    await mcp.close();
  }
});
