import type { StepActivity } from './activity';
import type { ElementFacts } from './locators';
import type { HoldReason } from './debugger';
import type { DomMode, RequestedArtifacts } from './negotiation';
import type { ParsedResponse } from './response';
import type { ReceivedSpan } from './spans';
import type { StepTokens } from './tokens';

/**
 * The one event spine. Every action — from an MCP agent, the negotiation loop, the scenario parser or a replay —
 * runs through the tool layer and is published as one of these. The DomState writer, the session recorder and the
 * UI subscribe to the bus; nothing reaches them by another path.
 */
export type InspectorEvent =
  | SessionStartedEvent
  | SessionEndedEvent
  | ToolCallEvent
  | NegotiationRoundEvent
  | StepTokensEvent
  | RecordingFailedEvent
  | CallHeldEvent
  | CallReleasedEvent
  | AgentSpansEvent;

/**
 * Spans the agent sent to the inspector over OTLP (its model turns…) that belong to this session: by trace context,
 * or by the tool calls its model emitted (see tracing/span-router.ts). Masked. May come after the session ended.
 */
export interface AgentSpansEvent {
  type: 'agent-spans';
  sessionId: string;
  spans: ReceivedSpan[];
  time: number;
}

export interface SessionStartedEvent {
  type: 'session-started';
  sessionId: string;
  /** How the session's agent reached us: `stdio`, `http`, `sse`, or an in-process origin such as `replay`. */
  transport: string;
  clientName?: string;
  /** Proxy mode: the command of the MCP server whose tools the session forwards (secrets redacted). */
  upstream?: string;
  /** The session continues a recorded one from one of its steps (`agent-inspector fork`). */
  forkOf?: ForkOrigin;
  time: number;
}

/** The recorded session, and the step in it, that a fork starts from. */
export interface ForkOrigin {
  /** The parent session's id. */
  session: string;
  step: number;
}

export interface SessionEndedEvent {
  type: 'session-ended';
  sessionId: string;
  time: number;
}

export interface StepTrace {
  /** 32 lowercase hex digits. */
  traceId: string;
  /** The agent's span that made the request: the parent of this step's spans. */
  parentSpanId: string;
  sampled: boolean;
  tracestate?: string;
  baggage?: string;
}

/** A stretch of a call's time (see browser/step-phases.ts): where it went, and the child spans of its exported span. */
export interface StepPhase {
  name: 'action' | 'settle' | 'snapshot' | 'browser-state' | 'screenshot';
  startedAt: number;
  endedAt: number;
}

export interface ToolCallEvent {
  type: 'tool-call';
  sessionId: string;
  /** 1-based position of the call within its session. */
  seq: number;
  tool: string;
  args: Record<string, unknown>;
  startedAt: number;
  endedAt: number;
  outcome: 'ok' | 'error';
  /** Who acted: an agent through a tool (absent), or a person in the headed browser (recorded as the equivalent tool). */
  actor?: 'human';
  /** The elements the call acted on, as resolved before acting: what export and replay locate again. */
  targets?: ResolvedTarget[];
  /** The tool this call ran on behalf of (e.g. `browser_interact` executing its planned action); absent for agent calls. */
  via?: string;
  /** The response exactly as the agent received it (secrets redacted), split into sections. */
  response: ParsedResponse;
  /**
   * The text items exactly as received (redacted), only when rendering `response` would not give them back: a proxied
   * server's own formatting. Our own calls answer one text item, renderResponse(response).
   */
  responseText?: string[];
  /** The agent received `screenshot` as an image item after the text (browser_take_screenshot). */
  imageReturned?: true;
  /** The Playwright code the call ran, one statement per line; empty when it ran none. */
  code: string;
  /** The W3C trace context the agent's request carried (MCP `params._meta`): where this step sits in the agent's trace. */
  trace?: StepTrace;
  /** The JSON-RPC id of the agent's request. */
  requestId?: string | number;
  /** Where the call's time went: the action, the wait for the page to settle, the snapshot, the Browser State, the screenshot. */
  phases?: StepPhase[];
  /** Trace context fields the request carried that were not valid, and so were ignored (the call ran untraced by them). */
  traceDropped?: ('traceparent' | 'tracestate' | 'baggage')[];
  url?: string;
  title?: string;
  /** The full aria snapshot (mode: 'ai', with refs) taken for this call, when it took one. */
  ariaSnapshot?: string;
  /**
   * The image the call returned to the agent; otherwise, when the core takes step screenshots (CoreConfig
   * stepScreenshots), a JPEG of the viewport after a page tool's call, at CSS pixel scale.
   */
  screenshot?: { mimeType: string; base64: string };
  /**
   * The viewport just before a page-acting call ran (same format as `screenshot`): where the click or typing
   * happened, and what `targets[].box` was measured on. Absent when the call did not act on a page.
   */
  before?: { mimeType: string; base64: string };
  /** The call changed the main frame's document (a navigating click, a form post, browser_navigate). */
  navigated?: true;
  /** Console messages, page errors and network requests recorded with this step (see shared/activity.ts). */
  activity?: StepActivity;
  /** Cookies and local storage after the call (Playwright's storageState), captured only while recording. */
  storageState?: unknown;
  /** The Browser State written for this call: dom.html's content and the diff from the previous state. */
  domState?: { dom: string; diff?: string; extraction: 'utility-world' | 'fallback' };
  /** What a person in the inspector did to this call: held it, edited it, skipped it, changed its answer. */
  debug?: StepDebug;
}

/**
 * A call as the live debugger (src/main/debugger) let it through. `args` is always what ran and `response` what the
 * call answered; what the agent sent or received instead is kept here.
 */
export interface StepDebug {
  /** Held before it ran: for how long and why; `timedOut` when --pause-timeout let it run as it stood. */
  held?: { ms: number; reason: HoldReason; timedOut?: true };
  /** The agent's own arguments, when a person edited them before the call ran. */
  originalArgs?: Record<string, unknown>;
  /** Nothing ran: a person answered the agent instead (the text is `responseText`, an error when `outcome` says so). */
  skipped?: true;
  /** What a person did by hand while the call was held: the note its answer began with. */
  takeover?: string;
  /** The answer was held after the call ran, before the agent got it. */
  answerHeld?: { ms: number; reason: HoldReason; timedOut?: true };
  /** The answer as a person edited it: what the agent received instead of `response`. */
  sent?: { text: string; isError: boolean };
}

/** The debugger holds a call before it runs (`call`) or its answer before the agent gets it (`answer`). */
export interface CallHeldEvent {
  type: 'call-held';
  sessionId: string;
  /** Counts the session's holds from 1. */
  holdId: number;
  phase: 'call' | 'answer';
  tool: string;
  /** Secrets masked. */
  args: Record<string, unknown>;
  reason: HoldReason;
  /** `answer`: the step whose answer is held. */
  seq?: number;
  time: number;
}

/** A held call went on: how, and after how long. `cancelled`/`disconnected`: the client cancelled or left; nothing ran. */
export interface CallReleasedEvent {
  type: 'call-released';
  sessionId: string;
  holdId: number;
  phase: 'call' | 'answer';
  how: 'step' | 'continue' | 'skip' | 'timeout' | 'cancelled' | 'disconnected';
  heldMs: number;
  time: number;
}

/** An element a tool call targeted: the `target` it was given, and how to find that element again later. */
export interface ResolvedTarget {
  target: string;
  /** Present when the target was a snapshot ref. */
  ref?: string;
  /** Role and accessible name from the snapshot the ref came from: how a replay finds the element again. */
  role?: string;
  name?: string;
  /** Playwright's own locator for it, e.g. `page.getByRole('button', { name: 'Save' })`; never an aria ref. */
  locator: string;
  /** Where the element was when resolved, in CSS pixels of the main frame's viewport: the box a page view draws. */
  box?: { x: number; y: number; width: number; height: number };
  /** What the element looked like (test ids, label, text, CSS path): what other locator candidates are built from. */
  element?: ElementFacts;
}

/** One artifact of a negotiation request, with its size: what the planner's context costs. */
export interface ArtifactSize {
  name: 'interactiveTree' | 'skeletonDom' | 'screenshot' | 'dom';
  bytes: number;
  /**
   * Model tokens, counted as a step's response is (shared/tokens.ts): text with TOKEN_ENCODING, the screenshot by the
   * image tile rule (an estimate). Absent when the tokenizer could not run.
   */
  tokens?: number;
}

/** One request/answer round of the page-state negotiation (seed 003) behind a `browser_interact` call. */
export interface NegotiationRoundEvent {
  type: 'negotiation-round';
  sessionId: string;
  /** Groups the rounds of one query. */
  interactionId: string;
  query: string;
  /** 1-based. */
  round: number;
  planner: string;
  domMode: DomMode;
  nodeCount: number;
  /** Interactive nodes outside the viewport window that were left out of this request. */
  omittedNodes: number;
  artifacts: ArtifactSize[];
  /** The whole request body, in bytes. */
  requestBytes: number;
  startedAt: number;
  /** The aria snapshot (shared with any tool call), the semantic extraction, the requested artifacts, the planner. */
  timings: { snapshotMs: number; extractMs: number; artifactsMs: number; planMs: number };
  answer:
    | { kind: 'needs_context'; requested: RequestedArtifacts; reason?: string }
    | { kind: 'action'; thought: string; action: string }
    | { kind: 'error'; message: string };
  /**
   * The retry's artifacts as the planner got them, for the inspector (the full DOM is only sized: it is the page's
   * own HTML, and can be megabytes). A recording keeps them as files (see RoundRecord).
   */
  sent?: { skeletonDom?: string; screenshot?: { mimeType: 'image/jpeg'; base64: string } };
}

/**
 * The context cost of a tool call's response, counted off the call's critical path and published once known (after
 * its tool-call event, before its session's end).
 */
export interface StepTokensEvent {
  type: 'step-tokens';
  sessionId: string;
  seq: number;
  tokens: StepTokens;
}

/**
 * A session's recording could not be written (the disk is full, the folder went away). Published once: the recorder
 * stops writing that session, the agent is told in its next answer, the UI marks the session. The folder stays
 * readable up to `lastSeq`, the last step whose record is whole.
 */
export interface RecordingFailedEvent {
  type: 'recording-failed';
  sessionId: string;
  time: number;
  /** The session folder. */
  dir: string;
  /** What failed, in one line: `no space left on device (ENOSPC)`. */
  reason: string;
  /** The last step recorded whole; 0 when none was. */
  lastSeq: number;
}
