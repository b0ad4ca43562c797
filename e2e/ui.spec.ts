import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import WebSocket from 'ws';
import { expect, test } from './support/fixtures';
import { connectHttp, refOf, startHttpServer, type HttpServerProcess } from './support/mcp';
import { highlightedCode, openInspector, stepRow, snap } from './support/ui';

test.describe('inspector UI in web mode', () => {
  let server: HttpServerProcess;
  test.beforeEach(async () => {
    server = await startHttpServer([], 'serve');
  });
  test.afterEach(async () => {
    await server.stop();
  });

  test('first run shows how to connect an agent, with the live MCP URL and copy buttons', async ({}, testInfo) => {
    const { browser, page, errors } = await openInspector(server.url);
    try {
      const connect = page.getByTestId('connect-panel');
      await expect(connect.getByRole('heading', { name: 'Connect an agent' })).toBeVisible();
      await expect(connect.getByTestId('snippet').first()).toHaveText(
        `claude mcp add --transport http agent-inspector ${server.url}/mcp`,
      );
      await expect(connect.getByTestId('snippet').nth(1)).toContainText(`"url": "${server.url}/mcp"`);
      await expect(connect.getByRole('button', { name: 'Copy' })).toHaveCount(4);
      await expect(page.getByTestId('mcp-url')).toHaveText(`${server.url}/mcp`);
      await expect(page.getByTestId('status-agents')).toHaveText('No agent connected');
      await expect(page.getByTestId('browser-state')).toHaveText('stopped');
      await snap(page, 'connect-panel', 'first-run', testInfo);
      expect(errors).toEqual([]);
    } finally {
      await browser.close();
    }
  });

  test("an agent's session: live timeline, aria tree with refs, hover highlights in the page, code follows selection", async ({
    site,
  }, testInfo) => {
    const { browser, page, errors } = await openInspector(server.url);
    const agent = await connectHttp(server.url);
    try {
      const navigate = await agent.call('browser_navigate', { url: `${site.url}/form.html` });
      // The agent's session opens by itself and its calls appear as they are made.
      await expect(page.getByTestId('status-agents')).toHaveText('1 agent connected');
      await expect(page.getByTestId('timeline-step')).toHaveCount(1);
      await expect(stepRow(page, 1)).toContainText('navigate');
      await expect(stepRow(page, 1)).toContainText(`${site.url}/form.html`);

      const name = refOf(navigate.parsed.snapshot?.yaml, /textbox "Full name"/);
      await agent.call('browser_type', { target: name, text: 'Ada Lovelace' });
      const terms = refOf(navigate.parsed.snapshot?.yaml, /checkbox "I accept the terms"/);
      await agent.call('browser_click', { target: terms });
      await expect(page.getByTestId('timeline-step')).toHaveCount(3);
      await expect(stepRow(page, 3)).toHaveAttribute('aria-selected', 'true');
      await expect(stepRow(page, 3)).toContainText('checkbox "I accept the terms"');
      await expect(stepRow(page, 3).getByTestId('step-thumbnail')).toBeVisible();

      // The tree shows the page's refs, roles and names, and the clicked box's new state.
      const tree = page.getByTestId('aria-tree');
      await expect(tree.locator(`[data-ref="${name}"]`)).toContainText('textbox "Full name"');
      await expect(tree.locator(`[data-ref="${terms}"]`)).toContainText('checked');
      // The page view draws the clicked element's box on the step's screenshot.
      await expect(page.getByTestId('page-screenshot')).toBeVisible();
      await expect(page.getByTestId('target-box')).toHaveCount(1);

      // Hovering a node outlines the element in the controlled browser (Playwright's highlight overlay).
      const overlay = async () =>
        (await agent.call('browser_evaluate', { function: '() => !!document.querySelector("x-pw-glass")' })).parsed
          .result;
      await tree.locator(`[data-ref="${name}"]`).hover();
      await expect.poll(overlay).toBe('true');
      await page.getByTestId('tree-filter').hover();
      await page.mouse.move(5, 5);
      await expect.poll(overlay).toBe('false');

      // Selecting a node shows its locator and the code that targeted it.
      await tree.locator(`[data-ref="${name}"]`).click();
      await expect(page.getByTestId('node-locator')).toHaveText(`page.getByTestId('full-name')`);
      await expect(page.getByTestId('node-targeted-by')).toContainText(
        `await page.getByTestId('full-name').fill('Ada Lovelace');`,
      );
      // The tree is keyboard-navigable: ↓ moves to the next node (Email's group), ← back up to the parent.
      await tree.press('ArrowDown');
      await expect(tree.locator('[aria-selected=true]')).toHaveAttribute('data-ref', 'e6');
      await tree.press('ArrowUp');
      await tree.press('ArrowLeft');
      await expect(tree.locator('[aria-selected=true]')).toHaveAttribute('data-ref', 'e4');

      // The code view shows the session's code with the selected step's lines highlighted, and follows selection.
      await page.getByTestId('tab-code').click();
      await stepRow(page, 1).click();
      await expect
        .poll(() => highlightedCode(page))
        .toEqual([`// 1. browser_navigate ${site.url}/form.html`, `await page.goto('${site.url}/form.html');`]);
      await page.getByTestId('timeline').press('ArrowDown');
      await expect(stepRow(page, 2)).toHaveAttribute('aria-selected', 'true');
      await expect
        .poll(() => highlightedCode(page))
        .toEqual([
          `// 2. browser_type textbox "Full name"`,
          `await page.getByTestId('full-name').fill('Ada Lovelace');`,
        ]);

      await snap(page, 'timeline-panel', 'timeline', testInfo);
      await snap(page, 'tree-panel', 'aria-tree', testInfo);
      await snap(page, 'page-panel', 'page-view', testInfo);
      await snap(page, 'code-panel', 'code', testInfo);
      await snap(page, 'status-bar', 'status-bar', testInfo);
      expect(errors).toEqual([]);
    } finally {
      await agent.close();
      await browser.close();
    }
  });

  test('Run demo fills every panel, offline, with the built-in planner', async ({}, testInfo) => {
    test.setTimeout(90_000);
    const { browser, page, errors } = await openInspector(server.url);
    try {
      await page.getByTestId('run-demo').click();
      await expect(page.getByTestId('session-item')).toHaveCount(1);
      await expect(page.getByTestId('session-item')).toContainText('Agent Inspector demo');
      // The last step of the scenario is a snapshot of the task list.
      await expect(page.getByTestId('timeline-step').filter({ hasText: 'snapshot' })).toBeVisible({ timeout: 60_000 });
      await expect(page.getByTestId('timeline-step').filter({ hasText: 'Click the Sign in button' })).toBeVisible();
      await expect(page.getByTestId('aria-tree')).toContainText('checkbox "Review the agent run"');
      await expect(page.getByTestId('page-screenshot')).toBeVisible();
      await page.getByTestId('tab-code').click();
      await expect(page.getByTestId('code-editor')).toContainText("getByRole('button', { name: 'Add task' }).click()");
      await expect(page.getByTestId('browser-state')).toHaveText('running');

      // A step with a target: its box on the page view.
      await page.getByTestId('timeline-step').filter({ hasText: 'button "Add task"' }).click();
      await expect(page.getByTestId('target-box')).toHaveCount(1);
      await page.getByTestId('theme-toggle').click();
      await expect(page.locator('html')).toHaveAttribute('data-theme', /dark|light/);
      const path = testInfo.outputPath('demo.png');
      await page.screenshot({ path });
      await testInfo.attach('demo', { path, contentType: 'image/png' });
      expect(errors).toEqual([]);
    } finally {
      await browser.close();
    }
  });

  test('the bridge validates every input and refuses cross-site WebSockets', async () => {
    const url = `${server.url.replace('http', 'ws')}/bridge`;
    const refused = await new Promise<number>(resolve => {
      const socket = new WebSocket(url, { headers: { origin: 'http://evil.example' } });
      socket.on('unexpected-response', (_request, response) => resolve(response.statusCode ?? 0));
      socket.on('open', () => resolve(101));
    });
    expect(refused).toBe(403);

    const socket = new WebSocket(url, { headers: { origin: server.url } });
    await new Promise(resolve => socket.once('open', resolve));
    const replies: Record<number, { ok: boolean; error?: string; result?: unknown }> = {};
    socket.on('message', data => {
      const message = JSON.parse(String(data));
      if ('id' in message) replies[message.id] = message;
    });
    socket.send(JSON.stringify({ id: 1, command: 'getStep', input: { sessionId: 'x', seq: 'first' } }));
    socket.send(JSON.stringify({ id: 2, command: 'dropTables', input: {} }));
    socket.send(JSON.stringify({ id: 3, command: 'highlight', input: { sessionId: 'x', ref: 'body' } }));
    socket.send(JSON.stringify({ id: 4, command: 'status', input: {} }));
    socket.send('not json');
    await expect.poll(() => Object.keys(replies).length).toBe(5);
    expect(replies[1].error).toBe('Invalid input for "getStep": seq: Invalid input: expected number, received string');
    expect(replies[2].error).toContain('Unknown command "dropTables"');
    expect(replies[3].error).toContain('ref: ref must be a snapshot ref such as e12 or f1e3');
    expect(replies[4]).toMatchObject({ ok: true, result: { mcpUrl: `${server.url}/mcp`, mode: 'web' } });
    expect(replies[-1].error).toBe('Bad request: not JSON.');
    socket.close();
  });
});

test('a recorded session opens with its steps, screenshots and snapshots', async ({ site, workspace }) => {
  const sessionDir = join(workspace, 'sessions');
  const recorder = await startHttpServer(['--session-dir', sessionDir]);
  const agent = await connectHttp(recorder.url);
  await agent.call('browser_navigate', { url: `${site.url}/form.html` });
  await agent.call('browser_snapshot');
  await agent.close();
  await recorder.stop();

  const server = await startHttpServer(['--session-dir', sessionDir], 'serve');
  const { browser, page } = await openInspector(server.url);
  try {
    await page.getByTestId('session-item').filter({ hasText: 'recorded' }).click();
    await expect(page.getByTestId('timeline-step')).toHaveCount(2);
    await expect(stepRow(page, 1).getByTestId('step-thumbnail')).toBeVisible();
    await expect(page.getByTestId('aria-tree')).toContainText('textbox "Full name"');
    await page.getByTestId('export').click();
    const download = page.waitForEvent('download');
    await page.getByTestId('export-save').click();
    expect((await download).suggestedFilename()).toMatch(/^session-.*\.spec\.ts$/);
  } finally {
    await browser.close();
    await server.stop();
  }
});

test('the desktop app opens the inspector with the bridge on window.inspector (Electron)', async () => {
  const electronDir = dirname(createRequire(import.meta.url).resolve('electron/package.json'));
  const pathFile = join(electronDir, 'path.txt');
  const installed = existsSync(pathFile) && existsSync(join(electronDir, 'dist', readFileSync(pathFile, 'utf8')));
  test.skip(!installed, 'the Electron binary is not installed on this machine (it cannot be downloaded here)');
  test.skip(
    process.platform === 'linux' && !process.env.DISPLAY && !process.env.WAYLAND_DISPLAY,
    'no display for an Electron window',
  );
  const { _electron } = await import('playwright');
  const app = await _electron.launch({
    args: ['.', ...(process.getuid?.() === 0 ? ['--no-sandbox'] : [])],
    env: { ...process.env, AGENT_INSPECTOR_PORT: '0' },
  });
  try {
    const window = await app.firstWindow();
    await expect(window.getByRole('heading', { name: 'Connect an agent' })).toBeVisible();
    // The preload exposes only the bridge: no Node in the page.
    expect(await window.evaluate(() => typeof (window as unknown as { require?: unknown }).require)).toBe('undefined');
    const status = await window.evaluate(() =>
      (
        window as unknown as { inspector: { invoke(c: string, i: unknown): Promise<{ mode: string; mcpUrl: string }> } }
      ).inspector.invoke('status', {}),
    );
    expect(status.mode).toBe('electron');
    expect(status.mcpUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/mcp$/);
    await expect(window.getByTestId('mcp-url')).toHaveText(status.mcpUrl);
  } finally {
    await app.close();
  }
});
