/** A scenario: where to start and what to do there, in plain language, in order. */
export interface Scenario {
  title?: string;
  url: string;
  actions: string[];
  /** The file it was read from, for messages. */
  source?: string;
}

/**
 * One browser step in the planner-independent form the seed names: element steps refer to a highlight index of the
 * DOM state they were planned on. `press` is beyond the seed's list: the planner's grammar has it.
 */
export type IntermediateStep =
  | { action: 'navigate'; url: string }
  | { action: 'click'; index: number }
  | { action: 'input'; index: number; text: string }
  | { action: 'select'; index: number; value: string }
  | { action: 'scroll'; direction: 'up' | 'down'; index?: number }
  | { action: 'press'; key: string }
  | { action: 'back' }
  | { action: 'switchTab'; pageIndex: number }
  | { action: 'wait'; ms?: number; text?: string; textGone?: string }
  | { action: 'done'; summary: string };

export type ErrorKind = 'index-not-found' | 'element-detached' | 'timeout' | 'tool-error';

export interface ErrorInfo {
  kind: ErrorKind;
  message: string;
}

/** One tool call a step ran: what the spec replays. */
export interface ToolCallSummary {
  tool: string;
  /** The generated Playwright code, one statement per line. */
  code: string;
  /** Playwright's own locator for the element acted on (`page.getByRole(…)`), when there was one. */
  locator?: string;
  /** The page URL after the call. */
  url?: string;
}

/** What executing an IntermediateStep came to; failures are data, never exceptions. */
export type OperationResult =
  | { success: true; call?: ToolCallSummary /** The selector the element was found by. */; selector?: string }
  | { success: false; error: ErrorInfo };

export interface TestStep {
  /** 1-based position in the scenario; 0 for the opening navigation. */
  number: number;
  /** The step as the scenario words it. */
  text: string;
  /** What the planner chose; absent when the step could not be matched. */
  action?: IntermediateStep['action'];
  /** The element acted on, described: `button "Create account"`. */
  target?: string;
  /** A robust Playwright locator for it (never an xpath when Playwright knows better). */
  locator?: string;
  /** The text typed, the option chosen, the URL opened. */
  value?: string;
  outcome: 'passed' | 'failed';
  /** Why it failed, naming the step. */
  error?: string;
  /** The planner's reasoning. */
  thought?: string;
  calls: ToolCallSummary[];
  /** Assertions on what was observed after the step, beyond the ones its calls imply. */
  assertions: string[];
  startedAt: number;
  durationMs: number;
}

export interface ParserResult {
  scenario: Scenario;
  steps: TestStep[];
  success: boolean;
  /** The first step that failed; the run stopped there. */
  failure?: { number: number; text: string; message: string };
  /** The @playwright/test spec of the steps that passed. */
  spec: string;
}
