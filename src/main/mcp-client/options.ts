import type { RetryEvent, RetryPolicy } from './retry';
import type { StateListener } from './state';

/** How a client connects, waits and recovers. */
export interface McpClientOptions {
  /** Per-request timeout in ms for every tool call (default 30 000). */
  timeout?: number;
  /** Timeout of each connection attempt's initialize request in ms (default 30 000): a server may start slowly (npx). */
  connectTimeout?: number;
  /** Retries with exponential backoff for connection, timeout and browser errors (default 3 retries, 2 s base: 2, 4, 8 s). */
  retry?: Partial<RetryPolicy>;
  /**
   * A directory advertised to the server as the client's MCP root: both servers then resolve relative file names
   * (screenshots) against it. Without it, relative paths are resolved against the stdio server's `cwd` (or this
   * process's), and left as the server wrote them for HTTP servers.
   */
  workspace?: string;
  /**
   * Where the screenshot taken before an ElementNotFoundError is saved, relative to the server's workspace root
   * (default `.playwright-mcp`); `false` takes none.
   */
  failureScreenshots?: string | false;
  /** Receives a warning per retry and for failures the client works around (e.g. a failure screenshot it could not take). */
  logger?: Pick<Console, 'warn'>;
  /** Sent to the server in the initialize request. */
  clientInfo?: { name: string; version: string };
}

/** Options every command takes. */
export interface CommandOptions {
  /** Overrides the client's per-request timeout for this command's tool calls, in ms. */
  timeout?: number;
}

/** What the client reports to listeners registered with `on()`. */
export interface McpClientEvents {
  /** Each state transition, with the error that caused a move to Error. */
  state: StateListener;
  /** Before each retry's backoff wait (connect or command). */
  retry: (event: RetryEvent) => void;
}

/** Options of click(), as browser_click takes them. */
export interface ClickOptions extends CommandOptions {
  doubleClick?: boolean;
  button?: 'left' | 'right' | 'middle';
  modifiers?: ('Alt' | 'Control' | 'ControlOrMeta' | 'Meta' | 'Shift')[];
}

/** Options of type(). */
export interface TypeOptions extends CommandOptions {
  /** Press Enter after typing. */
  submit?: boolean;
}

/** Options of screenshot(). */
export interface ScreenshotOptions extends CommandOptions {
  fullPage?: boolean;
  /** Screenshot one element instead of the viewport. */
  selector?: string;
}
