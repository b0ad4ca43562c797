import { copyFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { test, type Locator, type Page } from '@playwright/test';
import { expect } from '@playwright/test';
import { Person } from './person';
import { connectHttp, McpTestClient, startHttpServer, type HttpServerProcess, type ToolResult } from './mcp';

/** Helpers of the live debugger's UI tests (ui-debugger.spec.ts). */

/** Screenshots to look at: the test's output folder, and ui-shots/ (gitignored) for a quick look at them all. */
export async function shot(target: Page | Locator, name: string) {
  const path = test.info().outputPath(`${name}.png`);
  await target.screenshot({ path });
  await test.info().attach(name, { path, contentType: 'image/png' });
  const shots = join(process.cwd(), 'ui-shots');
  mkdirSync(shots, { recursive: true });
  copyFileSync(path, join(shots, `${name}.png`));
}

/** A call the agent made that the debugger may hold: whether it has answered yet, and its answer. */
export function pending(call: Promise<ToolResult>) {
  const state = { settled: false };
  const result = call.finally(() => {
    state.settled = true;
  });
  return { result, settled: () => state.settled };
}

/** Replaces the Monaco editor's text as a person would: select all, type. */
export async function setEditorText(page: Page, editor: Locator, text: string) {
  await editor.locator('.view-lines').click();
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.press('Delete');
  await page.keyboard.insertText(text);
}

/** Opens the UI, collecting page errors and console errors (the favicon is not shipped). */
export async function openUi(page: Page, url: string) {
  const errors: string[] = [];
  page.on('pageerror', error => errors.push(error.message));
  page.on('console', message => {
    if (message.type() === 'error' && !message.location().url.endsWith('/favicon.ico')) errors.push(message.text());
  });
  await page.goto(url);
  return errors;
}

/** A person's click in the inspector's browser: trusted input over the page's own DevTools connection. */
export async function clickAsPerson(port: number, path: string, selector: string) {
  const person = await Person.at(port, path);
  try {
    await person.click(selector);
  } finally {
    person.close();
  }
}

/** The agent of a server that wants its token. */
export async function connectHttpWithToken(url: string, token: string): Promise<McpTestClient> {
  const client = new Client({ name: 'agent-inspector-e2e', version: '1.0.0' });
  await client.connect(
    new StreamableHTTPClientTransport(new URL(`${url}/mcp`), {
      requestInit: { headers: { authorization: `Bearer ${token}` } },
    }),
  );
  return new McpTestClient(client);
}

export const bar = (page: Page) => page.getByRole('region', { name: 'Debugger' });
export const heldPanel = (page: Page) => page.getByRole('region', { name: 'Held call' });
export const button = (scope: Locator, name: string) => scope.getByRole('button', { name, exact: true });

/**
 * What every debugger UI spec sets up: the UI in the runner's Chromium at the app's default window size, and each
 * test's server and agent (the official MCP SDK client), closed after it. `start` serves with debugger flags, opens
 * the UI and has the agent load the sign-up form.
 */
export function inspectedTests() {
  test.use({
    viewport: { width: 1280, height: 800 },
    launchOptions: { executablePath: process.env.AGENT_INSPECTOR_CHROMIUM ?? '/usr/bin/chromium' },
  });
  const ui = {
    server: undefined as unknown as HttpServerProcess,
    agent: undefined as unknown as McpTestClient,
    async start(page: Page, site: { url: string }, flags: string[] = []) {
      ui.server = await startHttpServer(flags, 'serve');
      const errors = await openUi(page, ui.server.url);
      ui.agent = await connectHttp(ui.server.url);
      const navigate = await ui.agent.call('browser_navigate', { url: `${site.url}/form.html` });
      await expect(page.getByTestId('timeline-step')).toHaveCount(1);
      await expect(bar(page).getByTestId('debug-state')).toHaveText('Running');
      return { errors, yaml: navigate.parsed.snapshot?.yaml };
    },
  };
  test.afterEach(async () => {
    await ui.agent?.close().catch(() => {});
    await ui.server?.stop();
  });
  return ui;
}
