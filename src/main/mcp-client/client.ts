import { readFile } from 'node:fs/promises';
import { isAbsolute, posix, resolve } from 'node:path';
import { isHttpServer, isLinkedServer, resolveServerSpec, type Connection, type ServerSpec } from './connection';
import { ElementNotFoundError, errorMessage, ToolError } from './errors';
import { ManagedConnection } from './managed-connection';
import { parseSelector } from './selector';
import { AccessibilitySnapshot, describeElement } from './snapshot';
import type { ConnectionState } from './state';
import { linkedPath, type ToolResult } from './tool-result';
import type {
  ClickOptions,
  CommandOptions,
  McpClientEvents,
  McpClientOptions,
  ScreenshotOptions,
  TypeOptions,
} from './options';
import type { ActionResult, EvaluateResult, LocatedElement, NavigateResult, ScreenshotResult } from './results';

const DEFAULT_SCREENSHOT_DIR = '.playwright-mcp';

/**
 * A client for an MCP browser server — this project's (`agent-inspector mcp`) or `@playwright/mcp` — with typed
 * commands and selectors resolved against the aria snapshot. Its ManagedConnection gives it per-request timeouts,
 * retries with backoff and the connection state machine of seed 004, and runs the commands one at a time, in call
 * order.
 *
 * @example
 * const client = await McpBrowserClient.connect('npx @playwright/mcp --headless');
 * await client.navigate('https://example.com/login');
 * await client.fill("textbox[name='Email']", 'me@example.com');
 * await client.click("button[name='Sign in']");
 * await client.disconnect();
 */
export class McpBrowserClient {
  private readonly connection: ManagedConnection;

  /** The directory relative paths from the server are resolved against, when known. */
  readonly workspaceRoot: string | undefined;

  constructor(
    server: ServerSpec,
    private readonly options: McpClientOptions = {},
  ) {
    const resolved = resolveServerSpec(server);
    this.workspaceRoot =
      options.workspace ??
      (isHttpServer(resolved) || isLinkedServer(resolved) ? undefined : resolve(resolved.cwd ?? process.cwd()));
    this.connection = new ManagedConnection(resolved, options);
  }

  /** Creates a client and connects it (with retries); a client that cannot connect is left Disconnected. */
  static async connect(server: ServerSpec, options?: McpClientOptions): Promise<McpBrowserClient> {
    const client = new McpBrowserClient(server, options);
    try {
      await client.connect();
    } catch (error) {
      await client.disconnect();
      throw error;
    }
    return client;
  }

  /** The connection state (see `TRANSITIONS`). */
  get state(): ConnectionState {
    return this.connection.state;
  }

  /** The stdio server's process id while connected. */
  get pid(): number | undefined {
    return this.connection.pid;
  }

  /** The transport in use while connected (`stdio`, `streamable-http`, or `sse` after the legacy fallback). */
  get transport(): Connection['transport'] | undefined {
    return this.connection.transport;
  }

  /** Subscribes to state transitions or retries; returns the unsubscribe function. */
  on<E extends keyof McpClientEvents>(event: E, listener: McpClientEvents[E]): () => void {
    return this.connection.on(event, listener);
  }

  /**
   * Connects (Disconnected or Error → Connecting → Ready), retrying connection failures with backoff. A no-op when
   * connected; concurrent calls share one attempt.
   */
  connect(): Promise<void> {
    return this.connection.connect();
  }

  /**
   * Closes the connection (the stdio server exits, an HTTP session ends) from any state; a command in flight fails
   * with a ConnectionError and is not retried. A no-op when disconnected.
   */
  disconnect(): Promise<void> {
    return this.connection.disconnect();
  }

  // ---- commands ----------------------------------------------------------------------------------------------------

  /**
   * Calls any tool and returns its answer split into sections. An error answer is thrown as the matching client
   * error (ToolError, BrowserError, ElementNotFoundError…), and retried when retryable.
   */
  callTool(name: string, args: Record<string, unknown> = {}, options?: CommandOptions): Promise<ToolResult> {
    return this.run(name, () => this.connection.call(name, args, options));
  }

  /** Opens a URL in the current tab (browser_navigate). */
  navigate(url: string, options?: CommandOptions): Promise<NavigateResult> {
    return this.run('navigate', async () =>
      navigation(await this.connection.call('browser_navigate', { url }, options), url),
    );
  }

  /** Goes back in history (browser_navigate_back). */
  back(options?: CommandOptions): Promise<NavigateResult> {
    return this.run('back', async () =>
      navigation(await this.connection.call('browser_navigate_back', {}, options), ''),
    );
  }

  /** Clicks the element the selector names (browser_click). */
  click(selector: string, options: ClickOptions = {}): Promise<ActionResult> {
    const { doubleClick, button, modifiers } = options;
    return this.act(
      'click',
      selector,
      'browser_click',
      located => ({ ...targetArgs(located), doubleClick, button, modifiers }),
      options,
    );
  }

  /** Replaces the field's content with `text` (browser_type, which fills: it clears first). */
  fill(selector: string, text: string, options?: CommandOptions): Promise<ActionResult> {
    return this.act('fill', selector, 'browser_type', located => ({ ...targetArgs(located), text }), options);
  }

  /** Types `text` key by key after the field's content, so key handlers run; `submit` presses Enter after (browser_type slowly). */
  type(selector: string, text: string, options: TypeOptions = {}): Promise<ActionResult> {
    return this.act(
      'type',
      selector,
      'browser_type',
      located => ({ ...targetArgs(located), text, slowly: true, submit: options.submit }),
      options,
    );
  }

  /** Selects options of a `<select>` by value or label (browser_select_option). */
  select(selector: string, values: string | string[], options?: CommandOptions): Promise<ActionResult> {
    return this.act(
      'select',
      selector,
      'browser_select_option',
      located => ({ ...targetArgs(located), values: Array.isArray(values) ? values : [values] }),
      options,
    );
  }

  /** Moves the mouse over the element (browser_hover). */
  hover(selector: string, options?: CommandOptions): Promise<ActionResult> {
    return this.act('hover', selector, 'browser_hover', targetArgs, options);
  }

  /** Presses a key or chord on the focused element, e.g. `Enter`, `ArrowLeft`, `Control+a` (browser_press_key). */
  press(key: string, options?: CommandOptions): Promise<ToolResult> {
    return this.run('press', () => this.connection.call('browser_press_key', { key }, options));
  }

  /** Checks a checkbox or radio button (browser_fill_form). */
  check(selector: string, options?: CommandOptions): Promise<ActionResult> {
    return this.setChecked('check', selector, true, options);
  }

  /** Unchecks a checkbox (browser_fill_form). */
  uncheck(selector: string, options?: CommandOptions): Promise<ActionResult> {
    return this.setChecked('uncheck', selector, false, options);
  }

  /** Waits until `text` is visible on the page (browser_wait_for); bounded by the request timeout. */
  waitForText(text: string, options?: CommandOptions): Promise<ToolResult> {
    return this.run('waitForText', () => this.connection.call('browser_wait_for', { text }, options));
  }

  /** Takes a fresh aria snapshot of the page (browser_snapshot) and parses it into elements. */
  snapshot(options?: CommandOptions): Promise<AccessibilitySnapshot> {
    return this.run('snapshot', () => this.takeSnapshot(options));
  }

  /** Resolves a selector to its tool target without acting: a snapshot ref, or the CSS selector as given. */
  locate(selector: string, options?: CommandOptions): Promise<LocatedElement> {
    return this.run('locate', () => this.resolveTarget(selector, options));
  }

  /**
   * Screenshots the viewport, the full page or one element (browser_take_screenshot). `path` is relative to the
   * server's workspace root (or absolute inside it); without it the server picks a name in its output folder.
   */
  screenshot(path?: string, options: ScreenshotOptions = {}): Promise<ScreenshotResult> {
    return this.run('screenshot', async () => {
      const located = options.selector ? await this.resolveTarget(options.selector, options) : undefined;
      const result = await this.connection.call(
        'browser_take_screenshot',
        {
          ...(located ? targetArgs(located) : {}),
          ...(path ? { filename: path } : {}),
          ...(options.fullPage ? { fullPage: true } : {}),
        },
        options,
      );
      const saved = linkedPath(result.sections.result) ?? path;
      return { ...result, path: saved === undefined ? undefined : this.resolvePath(saved), image: result.images[0] };
    });
  }

  /**
   * Runs a function in the page, or on the element `selector` names (browser_evaluate). A function value is sent as
   * its source, so it must not close over anything outside it.
   */
  evaluate<T = unknown>(
    fn: string | ((...args: never[]) => unknown),
    selector?: string,
    options?: CommandOptions,
  ): Promise<EvaluateResult<T>> {
    return this.run('evaluate', async () => {
      const located = selector ? await this.resolveTarget(selector, options) : undefined;
      const result = await this.connection.call(
        'browser_evaluate',
        { ...(located ? targetArgs(located) : {}), function: String(fn) },
        options,
      );
      return { ...result, value: parseValue(result.sections.result) as T };
    });
  }

  /** Closes the server's page/browser (browser_close); the next command opens a new one. The connection stays open. */
  closeBrowser(options?: CommandOptions): Promise<ToolResult> {
    return this.run('closeBrowser', () => this.connection.call('browser_close', {}, options));
  }

  // ---- internals ---------------------------------------------------------------------------------------------------

  /** Runs a command on the connection (see ManagedConnection.run); a missing element gets its screenshot first. */
  private run<T>(operation: string, body: () => Promise<T>): Promise<T> {
    return this.connection.run(operation, async () => {
      try {
        return await body();
      } catch (error) {
        if (error instanceof ElementNotFoundError) await this.saveFailureScreenshot(error);
        throw error;
      }
    });
  }

  private async saveFailureScreenshot(error: ElementNotFoundError): Promise<void> {
    const dir = this.options.failureScreenshots ?? DEFAULT_SCREENSHOT_DIR;
    if (dir === false || error.screenshotPath) return;
    const filename = posix.join(dir, `element-not-found-${new Date().toISOString().replace(/[:.]/g, '-')}.png`);
    try {
      const result = await this.connection.call('browser_take_screenshot', { filename });
      error.attachScreenshot(this.resolvePath(linkedPath(result.sections.result) ?? filename));
    } catch (failure) {
      this.connection.warn(
        `Could not save the screenshot for ${JSON.stringify(error.selector)}: ${errorMessage(failure)}`,
      );
    }
  }

  /**
   * A command on one element: resolve the selector (a fresh snapshot for snapshot selectors), then call `tool` with
   * the arguments built for the target. Element errors name the caller's selector, not the ref the server saw.
   */
  private act(
    operation: string,
    selector: string,
    tool: string,
    args: (located: LocatedElement) => Record<string, unknown>,
    options?: CommandOptions,
  ): Promise<ActionResult> {
    return this.run(operation, async () => {
      const located = await this.resolveTarget(selector, options);
      return { ...(await this.connection.call(tool, args(located), { ...options, selector })), target: located.target };
    });
  }

  private async resolveTarget(selector: string, options?: CommandOptions): Promise<LocatedElement> {
    const parsed = parseSelector(selector);
    if (parsed.kind === 'css') return { target: parsed.source, description: parsed.source };
    const element = (await this.takeSnapshot(options)).find(parsed);
    if (!element.ref)
      throw new ElementNotFoundError(
        selector,
        [],
        `it matches ${describeElement(element)}, which has no ref to act on`,
      );
    return { target: element.ref, description: describeElement(element), element };
  }

  private async takeSnapshot(options?: CommandOptions): Promise<AccessibilitySnapshot> {
    const result = await this.connection.call('browser_snapshot', {}, options);
    const section = result.sections.snapshot;
    if (section?.yaml !== undefined) return AccessibilitySnapshot.parse(section.yaml, result.sections.page);
    if (section?.file === undefined) throw new ToolError('browser_snapshot returned no snapshot');
    // Servers in file snapshot mode link the YAML instead; it is readable when the client shares the workspace.
    const file = this.resolvePath(section.file);
    const yaml = await readFile(file, 'utf8').catch(error => {
      throw new ToolError(
        `The snapshot was saved to ${file}, which this client cannot read (${errorMessage(error)}); set the workspace option`,
      );
    });
    return AccessibilitySnapshot.parse(yaml, result.sections.page);
  }

  private async setChecked(
    operation: string,
    selector: string,
    checked: boolean,
    options?: CommandOptions,
  ): Promise<ActionResult> {
    // browser_fill_form is the one tool that sets a state rather than toggling it, in both servers.
    return this.act(
      operation,
      selector,
      'browser_fill_form',
      located => ({
        fields: [
          {
            ...targetArgs(located),
            name: located.element?.name || located.description,
            type: located.element?.role === 'radio' ? 'radio' : 'checkbox',
            value: String(checked),
          },
        ],
      }),
      options,
    );
  }

  private resolvePath(path: string): string {
    if (isAbsolute(path) || !this.workspaceRoot) return path;
    return resolve(this.workspaceRoot, path);
  }
}

const targetArgs = (located: LocatedElement) => ({ target: located.target, element: located.description });

function navigation(result: ToolResult, requested: string): NavigateResult {
  return { ...result, url: result.sections.page?.url || requested, title: result.sections.page?.title };
}

/** The evaluate Result section is the value as JSON (`"Sign up"`, `42`, `undefined`); anything else stays text. */
function parseValue(text: string | undefined): unknown {
  if (text === undefined || text === 'undefined') return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}
