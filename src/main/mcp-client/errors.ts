import { ErrorCode, McpError } from '@modelcontextprotocol/sdk/types.js';
import type { ConnectionState } from './state';

/** What went wrong, in the terms the retry policy decides on. */
export type McpClientErrorKind =
  | 'connection'
  | 'timeout'
  | 'browser'
  | 'element-not-found'
  | 'ambiguous-element'
  | 'tool'
  | 'state';

/** Base class of every error the MCP browser client throws; `kind` says which one without `instanceof`. */
export abstract class McpClientError extends Error {
  abstract readonly kind: McpClientErrorKind;
  /** Whether retrying the same command may succeed (connection, timeout and browser errors). */
  abstract readonly retryable: boolean;

  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = new.target.name;
  }
}

/** The server could not be reached, the process could not start, or the connection was lost. Retried (after reconnecting). */
export class ConnectionError extends McpClientError {
  readonly kind = 'connection';
  readonly retryable = true;
}

/** A request got no answer within the client's timeout, or the server reported a Playwright timeout. Retried. */
export class CommandTimeoutError extends McpClientError {
  readonly kind = 'timeout';
  readonly retryable = true;
}

/** The server's browser, context or page went away under the command. Retried: the server opens a new one. */
export class BrowserError extends McpClientError {
  readonly kind = 'browser';
  readonly retryable = true;
}

/** The server rejected the call for a reason retrying cannot fix: invalid arguments, unknown tool, a failed action. */
export class ToolError extends McpClientError {
  readonly kind = 'tool';
  readonly retryable = false;
}

/** No element matches the selector. Never retried; carries the failure screenshot when the client could save one. */
export class ElementNotFoundError extends McpClientError {
  readonly kind = 'element-not-found';
  readonly retryable = false;
  /** Where the screenshot taken when the element was not found was saved (resolved when the client knows the server's workspace). */
  screenshotPath?: string;

  constructor(
    readonly selector: string,
    /** The closest elements the snapshot had, described as `role "name" [ref=…]`. */
    readonly candidates: string[] = [],
    detail?: string,
  ) {
    super(
      `No element matches ${JSON.stringify(selector)}${detail ? `: ${detail}` : ''}.` +
        (candidates.length ? ` Near candidates: ${candidates.join(', ')}.` : ''),
    );
  }

  /** Records the failure screenshot; the message names it so it shows in test reports. */
  attachScreenshot(path: string): void {
    this.screenshotPath = path;
    this.message += ` Screenshot: ${path}`;
  }
}

/** More than one element matches a selector that must name exactly one. Never retried. */
export class AmbiguousElementError extends McpClientError {
  readonly kind = 'ambiguous-element';
  readonly retryable = false;

  constructor(
    readonly selector: string,
    /** The matching elements, described as `role "name" [ref=…]` (or the server's own wording for browser-side selectors). */
    readonly matches: string[],
    count = matches.length,
  ) {
    super(
      `${JSON.stringify(selector)} matches ${count} elements; make it more specific (e.g. add [name=…] or ">> nth=0").` +
        (matches.length ? ` Matches: ${matches.join(', ')}.` : ''),
    );
  }
}

/** A command was issued in a state that cannot run it (not connected, disconnected, or broken by an earlier failure). */
export class InvalidStateError extends McpClientError {
  readonly kind = 'state';
  readonly retryable = false;

  constructor(
    readonly operation: string,
    readonly state: ConnectionState,
    cause?: unknown,
  ) {
    const why = cause instanceof Error ? ` (${cause.message})` : '';
    const hint =
      state === 'Error' ? ' Call connect() to reconnect.' : state === 'Disconnected' ? ' Call connect() first.' : '';
    super(`Cannot run ${operation}: the client is in state ${state}${why}.${hint}`, { cause });
  }
}

const BROWSER_GONE =
  /Target page, context or browser has been closed|browser has (been )?(closed|disconnected)|Target closed|Browser closed/i;
const SERVER_TIMEOUT = /Timeout \d+ms exceeded/;
const NO_MATCH =
  /(?:Selector )?"(.*)" (?:matches no element|does not match any elements)|Ref (\S+) not found in the current page snapshot/;
const MANY_MATCHES =
  /(?:Selector "(.*)" matches (\d+) elements)|strict mode violation: (.*) resolved to (\d+) elements/;

/**
 * Turns the text of a tool result marked `isError` into the matching error. The patterns cover both this project's
 * server and @playwright/mcp, which word "no element" and "several elements" differently.
 */
export function toolResultError(text: string, selector?: string): McpClientError {
  const message = text
    .replace(/^### Error\n/, '')
    .replace(/^\w*Error: /, '')
    .trim();
  const firstLine = message.split('\n')[0];
  if (BROWSER_GONE.test(message)) return new BrowserError(firstLine);
  if (SERVER_TIMEOUT.test(message)) return new CommandTimeoutError(`The server timed out: ${firstLine}`);
  const none = message.match(NO_MATCH);
  if (none) return new ElementNotFoundError(selector ?? none[1] ?? none[2], [], 'the browser found none');
  const many = message.match(MANY_MATCHES);
  if (many) return new AmbiguousElementError(selector ?? many[1] ?? many[3], [], Number(many[2] ?? many[4]));
  return new ToolError(message);
}

/**
 * Turns anything a request threw (SDK, transport, network) into a client error; client errors pass through.
 * `timeout` is the request timeout in ms, for the message of a timed-out request.
 */
export function thrownError(error: unknown, operation: string, timeout?: number): McpClientError {
  if (error instanceof McpClientError) return error;
  if (error instanceof McpError) {
    if (error.code === ErrorCode.RequestTimeout) {
      return new CommandTimeoutError(
        timeout === undefined ? `${operation} timed out` : `${operation} got no answer within ${timeout} ms`,
        { cause: error },
      );
    }
    if (error.code === ErrorCode.ConnectionClosed)
      return new ConnectionError(`${operation}: the connection closed`, { cause: error });
    // A JSON-RPC error answer means the server is alive and refused this request.
    return new ToolError(`${operation}: ${error.message}`, { cause: error });
  }
  return new ConnectionError(`${operation}: ${errorMessage(error)}`, { cause: error });
}

/** The message of anything thrown, for an error or a warning that quotes it. */
export const errorMessage = (error: unknown) => (error instanceof Error ? error.message : String(error));
