import { readFile } from 'node:fs/promises';
import { isAbsolute, posix, resolve } from 'node:path';
import { VERSION } from '../version';
import { isHttpServer, isLinkedServer, openConnection, resolveServerSpec, type Connection, type HttpServer, type LinkedServer, type ServerSpec, type StdioServer } from './connection';
import { ConnectionError, ElementNotFoundError, InvalidStateError, thrownError, toolResultError, ToolError } from './errors';
import { DEFAULT_RETRY_POLICY, withRetry, type RetryEvent, type RetryPolicy } from './retry';
import { parseSelector } from './selector';
import { AccessibilitySnapshot, describeElement } from './snapshot';
import { StateMachine, type ConnectionState, type StateListener } from './state';
import { linkedPath, toToolResult, type ToolResult } from './tool-result';
import type { ClickOptions, CommandOptions, McpClientEvents, McpClientOptions, ScreenshotOptions, TypeOptions } from './options';
import type { ActionResult, EvaluateResult, LocatedElement, NavigateResult, ScreenshotResult } from './results';

const DEFAULT_TIMEOUT = 30_000;
const DEFAULT_SCREENSHOT_DIR = '.playwright-mcp';

/**
 * A client for an MCP browser server — this project's (`agent-inspector mcp`) or `@playwright/mcp` — with typed
 * commands, selectors resolved against the aria snapshot, per-request timeouts, retries with backoff and the
 * connection state machine of seed 004. Commands run one at a time, in call order.
 *
 * @example
 * const client = await McpBrowserClient.connect('npx @playwright/mcp --headless');
 * await client.navigate('https://example.com/login');
 * await client.fill("textbox[name='Email']", 'me@example.com');
 * await client.click("button[name='Sign in']");
 * await client.disconnect();
 */
export class McpBrowserClient {
  private readonly server: StdioServer | HttpServer | LinkedServer;
  private readonly machine: StateMachine;
  private readonly retryListeners = new Set<McpClientEvents['retry']>();
  private readonly policy: RetryPolicy;
  private readonly timeout: number;
  private connection: Connection | undefined;
  private connecting: Promise<void> | undefined;
  private disconnecting: Promise<void> | undefined;
  // Aborted by disconnect(), so retry loops and backoff waits stop at once.
  private abort = new AbortController();
  // The tail of the command chain: each command starts when the previous one settled.
  private queue: Promise<unknown> = Promise.resolve();

  /** The directory relative paths from the server are resolved against, when known. */
  readonly workspaceRoot: string | undefined;

  constructor(server: ServerSpec, private readonly options: McpClientOptions = {}) {
    this.server = resolveServerSpec(server);
    this.policy = { ...DEFAULT_RETRY_POLICY, ...options.retry };
    this.timeout = options.timeout ?? DEFAULT_TIMEOUT;
    this.workspaceRoot = options.workspace ?? (isHttpServer(this.server) || isLinkedServer(this.server) ? undefined : resolve(this.server.cwd ?? process.cwd()));
    this.machine = new StateMachine(error => this.warn(`A state listener threw: ${message(error)}`));
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
    return this.machine.state;
  }

  /** The stdio server's process id while connected. */
  get pid(): number | undefined {
    return this.connection?.pid;
  }

  /** The transport in use while connected (`stdio`, `streamable-http`, or `sse` after the legacy fallback). */
  get transport(): Connection['transport'] | undefined {
    return this.connection?.transport;
  }

  /** Subscribes to state transitions or retries; returns the unsubscribe function. */
  on<E extends keyof McpClientEvents>(event: E, listener: McpClientEvents[E]): () => void {
    if (event === 'state') return this.machine.subscribe(listener as StateListener);
    const retryListener = listener as McpClientEvents['retry'];
    this.retryListeners.add(retryListener);
    return () => this.retryListeners.delete(retryListener);
  }

  /**
   * Connects (Disconnected or Error → Connecting → Ready), retrying connection failures with backoff. A no-op when
   * connected; concurrent calls share one attempt.
   */
  connect(): Promise<void> {
    if (this.state === 'Ready' || this.state === 'Busy') return Promise.resolve();
    if (this.connecting) return this.connecting;
    if (this.disconnecting) return this.disconnecting.then(() => this.connect());
    this.abort = new AbortController();
    const attempt = withRetry(() => this.open(), { operation: 'connect', policy: this.policy, onRetry: this.reportRetry, signal: this.abort.signal });
    this.connecting = attempt.finally(() => (this.connecting = undefined));
    return this.connecting;
  }

  /**
   * Closes the connection (the stdio server exits, an HTTP session ends) from any state; a command in flight fails
   * with a ConnectionError and is not retried. A no-op when disconnected.
   */
  disconnect(): Promise<void> {
    if (this.state === 'Disconnected') return Promise.resolve();
    if (this.disconnecting) return this.disconnecting;
    this.abort.abort();
    this.disconnecting = this.teardown().finally(() => (this.disconnecting = undefined));
    return this.disconnecting;
  }

  // ---- commands ----------------------------------------------------------------------------------------------------

  /**
   * Calls any tool and returns its answer split into sections. An error answer is thrown as the matching client
   * error (ToolError, BrowserError, ElementNotFoundError…), and retried when retryable.
   */
  callTool(name: string, args: Record<string, unknown> = {}, options?: CommandOptions): Promise<ToolResult> {
    return this.run(name, () => this.call(name, args, options));
  }

  /** Opens a URL in the current tab (browser_navigate). */
  navigate(url: string, options?: CommandOptions): Promise<NavigateResult> {
    return this.run('navigate', async () => navigation(await this.call('browser_navigate', { url }, options), url));
  }

  /** Goes back in history (browser_navigate_back). */
  back(options?: CommandOptions): Promise<NavigateResult> {
    return this.run('back', async () => navigation(await this.call('browser_navigate_back', {}, options), ''));
  }

  /** Clicks the element the selector names (browser_click). */
  click(selector: string, options: ClickOptions = {}): Promise<ActionResult> {
    const { doubleClick, button, modifiers } = options;
    return this.act('click', selector, 'browser_click', located => ({ ...targetArgs(located), doubleClick, button, modifiers }), options);
  }

  /** Replaces the field's content with `text` (browser_type, which fills: it clears first). */
  fill(selector: string, text: string, options?: CommandOptions): Promise<ActionResult> {
    return this.act('fill', selector, 'browser_type', located => ({ ...targetArgs(located), text }), options);
  }

  /** Types `text` key by key after the field's content, so key handlers run; `submit` presses Enter after (browser_type slowly). */
  type(selector: string, text: string, options: TypeOptions = {}): Promise<ActionResult> {
    return this.act('type', selector, 'browser_type', located => ({ ...targetArgs(located), text, slowly: true, submit: options.submit }), options);
  }

  /** Selects options of a `<select>` by value or label (browser_select_option). */
  select(selector: string, values: string | string[], options?: CommandOptions): Promise<ActionResult> {
    return this.act('select', selector, 'browser_select_option', located => ({ ...targetArgs(located), values: Array.isArray(values) ? values : [values] }), options);
  }

  /** Moves the mouse over the element (browser_hover). */
  hover(selector: string, options?: CommandOptions): Promise<ActionResult> {
    return this.act('hover', selector, 'browser_hover', targetArgs, options);
  }

  /** Presses a key or chord on the focused element, e.g. `Enter`, `ArrowLeft`, `Control+a` (browser_press_key). */
  press(key: string, options?: CommandOptions): Promise<ToolResult> {
    return this.run('press', () => this.call('browser_press_key', { key }, options));
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
    return this.run('waitForText', () => this.call('browser_wait_for', { text }, options));
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
      const result = await this.call('browser_take_screenshot', {
        ...(located ? targetArgs(located) : {}),
        ...(path ? { filename: path } : {}),
        ...(options.fullPage ? { fullPage: true } : {}),
      }, options);
      const saved = linkedPath(result.sections.result) ?? path;
      return { ...result, path: saved === undefined ? undefined : this.resolvePath(saved), image: result.images[0] };
    });
  }

  /**
   * Runs a function in the page, or on the element `selector` names (browser_evaluate). A function value is sent as
   * its source, so it must not close over anything outside it.
   */
  evaluate<T = unknown>(fn: string | ((...args: never[]) => unknown), selector?: string, options?: CommandOptions): Promise<EvaluateResult<T>> {
    return this.run('evaluate', async () => {
      const located = selector ? await this.resolveTarget(selector, options) : undefined;
      const result = await this.call('browser_evaluate', { ...(located ? targetArgs(located) : {}), function: String(fn) }, options);
      return { ...result, value: parseValue(result.sections.result) as T };
    });
  }

  /** Closes the server's page/browser (browser_close); the next command opens a new one. The connection stays open. */
  closeBrowser(options?: CommandOptions): Promise<ToolResult> {
    return this.run('closeBrowser', () => this.call('browser_close', {}, options));
  }

  // ---- internals ---------------------------------------------------------------------------------------------------

  private readonly reportRetry = (event: RetryEvent) => {
    this.warn(`${event.operation} failed (${event.error.message.split('\n')[0]}); retry ${event.retry}/${event.retries} in ${event.delay} ms`);
    for (const listener of [...this.retryListeners]) {
      try {
        listener(event);
      } catch (error) {
        this.warn(`A retry listener threw: ${message(error)}`);
      }
    }
  };

  private warn(text: string): void {
    this.options.logger?.warn(`[mcp-client] ${text}`);
  }

  /** One connection attempt: (Error → Disconnecting → Disconnected →) Connecting → Ready, or → Error. */
  private async open(): Promise<void> {
    if (this.abort.signal.aborted) throw new InvalidStateError('connect', this.state);
    if (this.state === 'Error') await this.teardown();
    this.machine.to('Connecting');
    let opened: Connection | undefined;
    try {
      opened = await openConnection(this.server, {
        clientInfo: this.options.clientInfo ?? { name: 'agent-inspector-mcp-client', version: VERSION },
        workspace: this.options.workspace,
        timeout: this.options.connectTimeout ?? DEFAULT_TIMEOUT,
        // Only the live connection's loss matters; closes of failed or replaced ones are expected.
        onClose: () => {
          if (opened && opened === this.connection) this.connectionLost(opened);
        },
      });
    } catch (error) {
      const failure = thrownError(error, 'connect');
      if (this.state === 'Connecting') this.machine.to('Error', failure);
      throw failure;
    }
    if (this.state !== 'Connecting') {
      // disconnect() ran while the attempt was in flight.
      await opened.close().catch(() => {});
      throw new InvalidStateError('connect', this.state);
    }
    this.connection = opened;
    this.machine.to('Ready');
  }

  private connectionLost(connection: Connection): void {
    if (this.state !== 'Ready' && this.state !== 'Busy') return;
    const stderr = connection.stderrTail().trim();
    this.machine.to('Error', new ConnectionError(`The server closed the connection${stderr ? `; its last output:\n${stderr}` : ''}`));
  }

  /** → Disconnecting → Disconnected, closing the connection if there is one. */
  private async teardown(): Promise<void> {
    this.machine.to('Disconnecting');
    const connection = this.connection;
    this.connection = undefined;
    await connection?.close().catch(error => this.warn(`Closing the connection failed: ${message(error)}`));
    this.machine.to('Disconnected');
  }

  /**
   * Runs a command after the previous one: Ready → Busy → Ready, retrying retryable failures (reconnecting first
   * when the connection was lost). A command in any other state fails at once, naming the state.
   */
  private run<T>(operation: string, body: () => Promise<T>): Promise<T> {
    const task = this.queue.then(() => this.execute(operation, body));
    this.queue = task.catch(() => {});
    return task;
  }

  private async execute<T>(operation: string, body: () => Promise<T>): Promise<T> {
    const state = this.state;
    if (state !== 'Ready') throw new InvalidStateError(operation, state, this.machine.cause);
    this.machine.to('Busy');
    const signal = this.abort.signal;
    try {
      return await withRetry(async () => {
        if (this.state === 'Error') {
          await this.open();
          this.machine.to('Busy');
        }
        try {
          return await body();
        } catch (error) {
          throw await this.onCommandError(error);
        }
      }, { operation, policy: this.policy, onRetry: this.reportRetry, signal });
    } finally {
      if (this.state === 'Busy') this.machine.to('Ready');
    }
  }

  /** A lost connection puts the client in Error (so the retry reconnects); a missing element gets its screenshot. */
  private async onCommandError(error: unknown): Promise<unknown> {
    if (error instanceof ConnectionError && this.state === 'Busy') this.machine.to('Error', error);
    if (error instanceof ElementNotFoundError) await this.saveFailureScreenshot(error);
    return error;
  }

  private async saveFailureScreenshot(error: ElementNotFoundError): Promise<void> {
    const dir = this.options.failureScreenshots ?? DEFAULT_SCREENSHOT_DIR;
    if (dir === false || error.screenshotPath) return;
    const filename = posix.join(dir, `element-not-found-${new Date().toISOString().replace(/[:.]/g, '-')}.png`);
    try {
      const result = await this.call('browser_take_screenshot', { filename });
      error.attachScreenshot(this.resolvePath(linkedPath(result.sections.result) ?? filename));
    } catch (failure) {
      this.warn(`Could not save the screenshot for ${JSON.stringify(error.selector)}: ${message(failure)}`);
    }
  }

  /** One tool call with the request timeout; an error answer becomes the matching client error. */
  private async call(name: string, args: Record<string, unknown>, options?: CommandOptions & { selector?: string }): Promise<ToolResult> {
    const connection = this.connection;
    if (!connection) throw new ConnectionError(`${name}: not connected`);
    const timeout = options?.timeout ?? this.timeout;
    let raw;
    try {
      raw = await connection.client.callTool({ name, arguments: withoutUndefined(args) }, undefined, { timeout });
    } catch (error) {
      throw thrownError(error, name, timeout);
    }
    const result = toToolResult(name, raw);
    if (result.isError) throw toolResultError(result.sections.error ?? result.text, options?.selector);
    return result;
  }

  /**
   * A command on one element: resolve the selector (a fresh snapshot for snapshot selectors), then call `tool` with
   * the arguments built for the target. Element errors name the caller's selector, not the ref the server saw.
   */
  private act(operation: string, selector: string, tool: string, args: (located: LocatedElement) => Record<string, unknown>, options?: CommandOptions): Promise<ActionResult> {
    return this.run(operation, async () => {
      const located = await this.resolveTarget(selector, options);
      return { ...(await this.call(tool, args(located), { ...options, selector })), target: located.target };
    });
  }

  private async resolveTarget(selector: string, options?: CommandOptions): Promise<LocatedElement> {
    const parsed = parseSelector(selector);
    if (parsed.kind === 'css') return { target: parsed.source, description: parsed.source };
    const element = (await this.takeSnapshot(options)).find(parsed);
    if (!element.ref) throw new ElementNotFoundError(selector, [], `it matches ${describeElement(element)}, which has no ref to act on`);
    return { target: element.ref, description: describeElement(element), element };
  }

  private async takeSnapshot(options?: CommandOptions): Promise<AccessibilitySnapshot> {
    const result = await this.call('browser_snapshot', {}, options);
    const section = result.sections.snapshot;
    if (section?.yaml !== undefined) return AccessibilitySnapshot.parse(section.yaml, result.sections.page);
    if (section?.file === undefined) throw new ToolError('browser_snapshot returned no snapshot');
    // Servers in file snapshot mode link the YAML instead; it is readable when the client shares the workspace.
    const file = this.resolvePath(section.file);
    const yaml = await readFile(file, 'utf8').catch(error => {
      throw new ToolError(`The snapshot was saved to ${file}, which this client cannot read (${message(error)}); set the workspace option`);
    });
    return AccessibilitySnapshot.parse(yaml, result.sections.page);
  }

  private async setChecked(operation: string, selector: string, checked: boolean, options?: CommandOptions): Promise<ActionResult> {
    // browser_fill_form is the one tool that sets a state rather than toggling it, in both servers.
    return this.act(operation, selector, 'browser_fill_form', located => ({
      fields: [{
        ...targetArgs(located),
        name: located.element?.name || located.description,
        type: located.element?.role === 'radio' ? 'radio' : 'checkbox',
        value: String(checked),
      }],
    }), options);
  }

  private resolvePath(path: string): string {
    if (isAbsolute(path) || !this.workspaceRoot) return path;
    return resolve(this.workspaceRoot, path);
  }
}

const message = (error: unknown) => (error instanceof Error ? error.message : String(error));

const targetArgs = (located: LocatedElement) => ({ target: located.target, element: located.description });

/** Servers validate strictly; an explicit `undefined` must not reach them as a key. */
const withoutUndefined = (args: Record<string, unknown>) => Object.fromEntries(Object.entries(args).filter(([, value]) => value !== undefined));

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
