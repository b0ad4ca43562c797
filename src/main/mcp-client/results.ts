import type { SnapshotElement } from './snapshot';
import type { ToolImage, ToolResult } from './tool-result';

// What the client's commands return, beyond the tool's answer itself.

/** A command that acted on an element: the tool's answer and the target it was given (a ref, or the CSS selector). */
export interface ActionResult extends ToolResult {
  target: string;
}

/** The answer to navigate() and back(). */
export interface NavigateResult extends ToolResult {
  /** The page's URL after navigation (as the server reported it). */
  url: string;
  title?: string;
}

/** The answer to screenshot(). */
export interface ScreenshotResult extends ToolResult {
  /** Where the server saved it; absolute when the client knows the server's workspace root. */
  path?: string;
  /** The image, when the server returned it inline (this project's server does; @playwright/mcp only without a filename). */
  image?: ToolImage;
}

/** The answer to evaluate(). */
export interface EvaluateResult<T> extends ToolResult {
  /** The function's return value, parsed from the JSON the server printed (the raw text when it is not JSON). */
  value: T;
}

/** An element a selector resolved to: the tool `target` and, for snapshot selectors, the snapshot element. */
export interface LocatedElement {
  target: string;
  /** How the element is described to the server (the tools' `element` field). */
  description: string;
  element?: SnapshotElement;
}
