import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { Context } from '../browser/context';
import { redactDeep, redactSecrets } from '../secrets';
import { isFailedRequest, type ConsoleActivity, type NetworkActivity, type StepActivity } from '../../shared/activity';
import type { ResolvedTarget, StepDebug, StepPhase, ToolCallEvent } from '../../shared/events';
import type { ParsedResponse } from '../../shared/response';
import type { Response } from './response';
import type { CallOutcome, ReviewedAnswer } from './tool-host';
import type { TraceContextReading } from '../tracing/trace-context';

/** Everything a call's step is made of, once the call answered (see McpSession.execute). */
export interface StepParts {
  sessionId: string;
  seq: number;
  tool: string;
  args: Record<string, unknown>;
  startedAt: number;
  endedAt: number;
  sections: ParsedResponse;
  response: Response;
  context: Context;
  via?: string;
  targets: ResolvedTarget[];
  storageState: unknown;
  page: { before?: Buffer; after?: Buffer; navigated: boolean };
  /** The text the agent received when --response-max-size cut it; `sections` stay whole for the inspector. */
  capped?: string;
  activity?: StepActivity;
  debug?: StepDebug;
  trace?: TraceContextReading;
  phases?: StepPhase[];
  requestId?: string | number;
}

/** Where the step sits in the agent's trace, and which trace fields it sent that were not valid. */
const traceFields = (
  trace: TraceContextReading | undefined,
  secrets: Record<string, string>,
): Pick<ToolCallEvent, 'trace' | 'traceDropped'> => ({
  ...(trace?.context && { trace: redactDeep(secrets, trace.context) }),
  ...(trace?.invalid.length && { traceDropped: trace.invalid }),
});

const jpeg = (data: Buffer) => ({ mimeType: 'image/jpeg', base64: data.toString('base64') });

/** The call's event, without its Browser State (which follows once written): secrets redacted. */
export function stepEvent(parts: StepParts): ToolCallEvent {
  const { context, sections: parsed, response, targets, page, storageState, activity, debug } = parts;
  const image = response.images[0];
  const current = context.currentTab?.page;
  return {
    type: 'tool-call',
    sessionId: parts.sessionId,
    seq: parts.seq,
    tool: parts.tool,
    args: redactDeep(context.secrets, parts.args),
    startedAt: parts.startedAt,
    endedAt: parts.endedAt,
    outcome: response.isError ? 'error' : 'ok',
    ...(parts.via && { via: parts.via }),
    ...(targets.length && { targets: redactDeep(context.secrets, targets) }),
    response: parsed,
    ...(parts.capped !== undefined && { responseText: [parts.capped] }),
    code: parsed.code ?? '',
    ...traceFields(parts.trace, context.secrets),
    ...(parts.phases?.length && { phases: parts.phases }),
    ...(parts.requestId !== undefined && { requestId: parts.requestId }),
    // The page's own address when the answer has none (a failed call): masked like the answer's (a GET form's password).
    url:
      parsed.page?.url ?? (current && !current.isClosed() ? redactSecrets(context.secrets, current.url()) : undefined),
    title: parsed.page?.title,
    ariaSnapshot: response.ariaSnapshot && redactSecrets(context.secrets, response.ariaSnapshot),
    screenshot: image
      ? { mimeType: image.mimeType, base64: image.data.toString('base64') }
      : page.after && jpeg(page.after),
    ...(image && !image.recordOnly && { imageReturned: true }),
    ...(page.before && { before: jpeg(page.before) }),
    ...(page.navigated && { navigated: true }),
    ...(storageState !== undefined && { storageState: redactDeep(context.secrets, storageState) }),
    ...(activity && { activity }),
    ...(debug && { debug: redactDeep(context.secrets, debug) }),
  };
}

/** The browser asks every site for its icon by itself (and logs a missing one): that is not the page failing. */
const FAVICON = /^https?:\/\/[^/]+\/favicon\.ico(?::\d+)?$/;
const pageOwn = (entry: NetworkActivity) => !FAVICON.test(entry.url);
const pageLogged = (entry: ConsoleActivity) => !(entry.location && FAVICON.test(entry.location));

/** What a debugger reads of a call's answer to decide whether to hold it. */
export function outcomeOf(
  text: string,
  isError: boolean,
  activity: StepActivity | undefined,
  seq: number,
): CallOutcome {
  const console =
    activity?.console.filter(entry => entry.seq === seq && entry.level === 'error' && pageLogged(entry)).length ?? 0;
  const failed =
    activity?.network.filter(entry => entry.seq === seq && isFailedRequest(entry) && pageOwn(entry)).length ?? 0;
  return { seq, text, isError, consoleErrors: console, failedRequests: failed };
}

/** The answer with its text replaced by a person's (images kept), secrets masked as in every answer. */
export function answerWith(
  result: CallToolResult,
  sent: { text: string; isError: boolean },
  secrets: Record<string, string>,
): CallToolResult {
  const text = { type: 'text' as const, text: redactSecrets(secrets, sent.text) };
  const { isError: _called, ...answer } = result;
  return {
    ...answer,
    content: [text, ...result.content.filter(item => item.type !== 'text')],
    ...(sent.isError && { isError: true }),
  };
}

export interface SkippedParts {
  sessionId: string;
  seq: number;
  tool: string;
  args: Record<string, unknown>;
  startedAt: number;
  secrets: Record<string, string>;
  skip: { text: string; isError: boolean };
  debug?: StepDebug;
  url?: string;
  trace?: TraceContextReading;
}

/**
 * A call a person answered without running it: the step records the agent's call and the text it got instead, no
 * code and no page, so export, replay and compare leave it out.
 */
export function skippedStep(parts: SkippedParts): {
  event: ToolCallEvent;
  result: CallToolResult;
  sections: ParsedResponse;
} {
  const text = redactSecrets(parts.secrets, parts.skip.text);
  const sections: ParsedResponse = parts.skip.isError ? { error: text } : { result: text };
  const event: ToolCallEvent = {
    type: 'tool-call',
    sessionId: parts.sessionId,
    seq: parts.seq,
    tool: parts.tool,
    args: redactDeep(parts.secrets, parts.args),
    startedAt: parts.startedAt,
    endedAt: Date.now(),
    outcome: parts.skip.isError ? 'error' : 'ok',
    response: sections,
    responseText: [text],
    code: '',
    ...traceFields(parts.trace, parts.secrets),
    ...(parts.url && { url: redactSecrets(parts.secrets, parts.url) }),
    debug: { ...redactDeep(parts.secrets, parts.debug ?? {}), skipped: true },
  };
  const result: CallToolResult = { content: [{ type: 'text', text }], ...(parts.skip.isError && { isError: true }) };
  return { event, result, sections };
}

/** The step as a held answer let it through: how long it was held, and what the agent got when a person changed it. */
export function withReview(
  event: ToolCallEvent,
  reviewed: ReviewedAnswer | undefined,
  secrets: Record<string, string>,
): ToolCallEvent {
  return reviewed ? { ...event, debug: { ...event.debug, ...redactDeep(secrets, reviewed.debug) } } : event;
}
