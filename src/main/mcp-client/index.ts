/**
 * The MCP browser client library: connect to an MCP browser server (this project's `agent-inspector mcp` or
 * `@playwright/mcp`) over stdio or HTTP, drive it with typed commands and snapshot selectors, and pool clients for
 * parallel workers. See docs/mcp-client.md.
 */
export { McpBrowserClient } from './client';
export type {
  ClickOptions,
  CommandOptions,
  McpClientEvents,
  McpClientOptions,
  ScreenshotOptions,
  TypeOptions,
} from './options';
export type { ActionResult, EvaluateResult, LocatedElement, NavigateResult, ScreenshotResult } from './results';
export { splitCommandLine } from '../command-line';
export { resolveServerSpec, type HttpServer, type LinkedServer, type ServerSpec, type StdioServer } from './connection';
export {
  AmbiguousElementError,
  BrowserError,
  CommandTimeoutError,
  ConnectionError,
  ElementNotFoundError,
  InvalidStateError,
  McpClientError,
  ToolError,
  type McpClientErrorKind,
} from './errors';
export { McpClientPool, type McpClientPoolOptions, type McpClientPoolStats, type PoolableClient } from './pool';
export { backoffDelay, backoffDelays, DEFAULT_RETRY_POLICY, type RetryEvent, type RetryPolicy } from './retry';
export {
  ARIA_ROLES,
  matchesSelector,
  parseSelector,
  selectElements,
  type AriaSelector,
  type AttributeFilter,
  type AttributeOperator,
  type BrowserSelector,
  type Selector,
  type TextFilter,
} from './selector';
export {
  AccessibilitySnapshot,
  describeElement,
  parseAriaSnapshot,
  type ElementAttributes,
  type SnapshotElement,
} from './snapshot';
export { TRANSITIONS, type ConnectionState, type StateListener } from './state';
export type { ToolImage, ToolResult } from './tool-result';
