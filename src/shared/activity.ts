/**
 * What the page did during a step, as the inspector records it for every session whether or not the agent asked:
 * console messages, page errors and network requests (seed-independent; see src/main/activity/).
 *
 * Each entry names the step it belongs to (`seq`): the step during which it happened, or, with `between`, the step
 * it happened before (after the previous step ended). A request still in flight when its step is recorded is
 * recorded with `pending: true`, and recorded again, complete and with the same `id`, with a later step once it
 * finishes: readers group by `seq` (never by the record an entry came in) and keep the last entry of each `id`.
 */
export interface ActivityEntryBase {
  /** The step the entry belongs to. */
  seq: number;
  /** It happened before step `seq` started, after the previous step ended. */
  between?: true;
  /** Epoch ms: when the message was logged, or when the request started. */
  time: number;
}

export interface ConsoleActivity extends ActivityEntryBase {
  /** `console` for console.* calls, `pageerror` for an uncaught exception. */
  kind: 'console' | 'pageerror';
  level: 'error' | 'warning' | 'info' | 'debug';
  text: string;
  /** `url:line` of the call, when the browser knows it. */
  location?: string;
}

export interface NetworkActivity extends ActivityEntryBase {
  /** Numbers the session's requests: a pending entry and its completion share it. */
  id: number;
  method: string;
  url: string;
  /** Playwright's resource type: document, script, fetch, xhr, image, stylesheet, font, … */
  resourceType: string;
  status?: number;
  statusText?: string;
  /** Why the request failed (net::ERR_…, blocked by the inspector's origin rules, aborted). */
  failure?: string;
  /** Response body bytes as transferred, when known. */
  size?: number;
  /** Start to end of the response, in ms; absent while in flight or for a failed request. */
  durationMs?: number;
  /** Still in flight when recorded (long-polling, streams, or simply not finished yet). */
  pending?: true;
  /**
   * Request headers of documents, fetch and XHR requests (what "Copy as cURL" needs); static resources keep none.
   * Secrets given by --secrets are redacted; cookies and authorization are kept and masked by the UI until revealed.
   */
  requestHeaders?: Record<string, string>;
  /** The request body, when it is text and at most ACTIVITY_LIMITS.postDataChars. */
  postData?: string;
}

export interface StepActivity {
  console: ConsoleActivity[];
  network: NetworkActivity[];
  /** Entries of this step beyond ACTIVITY_LIMITS.perStep, counted but not kept. */
  dropped?: { console: number; network: number };
}

export const ACTIVITY_LIMITS = {
  /** Console entries and requests kept per step, each: a chatty page cannot blow up a recording. */
  perStep: 1_000,
  postDataChars: 4_096,
  /** Longer console texts are cut (with a note of the full length). */
  textChars: 4_096,
} as const;

/** Headers that carry credentials: cookies, authorization of any kind, API keys and tokens. */
const SENSITIVE =
  /^(?:cookie|set-cookie|authorization|proxy-authorization|x-api-key|api-key|x-auth-token|x-csrf-token|x-xsrf-token)$|(?:^|-)(?:token|api-key|secret|session)$/i;

export const isSensitiveHeader = (name: string) => SENSITIVE.test(name);

/** A request that failed outright, or whose response is a client or server error: what the views highlight. */
export const isFailedRequest = (entry: NetworkActivity) => entry.failure !== undefined || (entry.status ?? 0) >= 400;

export interface StepWithActivity {
  seq: number;
  activity?: StepActivity;
}

/** What a step's own record says about its page: messages, errors, requests, failed ones (a late completion is not counted again). */
export interface ActivityCounts {
  console: number;
  errors: number;
  network: number;
  failed: number;
}

/** The timeline's badges: what this step's own record says about it (a late completion is not counted again). */
export function activityCounts(step: StepWithActivity): ActivityCounts | undefined {
  const activity = step.activity;
  if (!activity) return undefined;
  const console = activity.console.filter(entry => entry.seq === step.seq);
  const network = activity.network.filter(entry => entry.seq === step.seq);
  return {
    console: console.length + (activity.dropped?.console ?? 0),
    errors: console.filter(entry => entry.level === 'error').length,
    network: network.length + (activity.dropped?.network ?? 0),
    failed: network.filter(isFailedRequest).length,
  };
}

/** Console message types that only show at level debug: groups, timers' bookkeeping, traces (as in Playwright MCP). */
const DEBUG_TYPES = new Set([
  'clear',
  'debug',
  'endGroup',
  'profile',
  'profileEnd',
  'startGroup',
  'startGroupCollapsed',
  'trace',
  'verbose',
]);

/** The level of a console message by the browser's message type (`assert` is an error, `trace` a debug line). */
export function consoleLevel(type: string): ConsoleActivity['level'] {
  if (type === 'error' || type === 'assert') return 'error';
  if (type === 'warning') return 'warning';
  if (DEBUG_TYPES.has(type)) return 'debug';
  return 'info';
}
