import type { ToolCallEvent } from '../../shared/events';
import type { StepDetail, StepSummary } from '../../shared/bridge';
import { renderResponse, type ParsedResponse } from '../../shared/response';
import type { StepTokens } from '../../shared/tokens';
import type { ToolCallRecord } from '../sessions/format';
import { activityCounts } from '../../shared/activity';

/**
 * The timeline's view of a live call or a recorded one: named fields only, so no heavy artifact slips through.
 * `tokens` is the step's count, which its session keeps apart (it is published after the step).
 */
export function summarize(step: ToolCallEvent | ToolCallRecord, tokens?: StepTokens): StepSummary {
  const recorded = 'artifacts' in step;
  const activity = activityCounts(step);
  return {
    seq: step.seq,
    tool: step.tool,
    args: step.args,
    startedAt: step.startedAt,
    endedAt: step.endedAt,
    outcome: step.outcome,
    actor: step.actor,
    via: step.via,
    targets: step.targets,
    code: step.code ?? '',
    url: step.url,
    title: step.title,
    ...(step.navigated && { navigated: true }),
    ...(step.imageReturned && { imageReturned: true }),
    error: step.response.error,
    hasScreenshot: recorded ? !!step.artifacts.screenshot : !!step.screenshot,
    hasBefore: recorded ? !!step.artifacts.before : !!step.before,
    hasSnapshot: recorded ? !!step.artifacts.aria : step.ariaSnapshot !== undefined,
    ...(tokens && { tokens }),
    ...(activity && { activity }),
    ...(step.debug && { debug: step.debug }),
    ...(step.trace && { trace: step.trace }),
    ...(step.traceDropped && { traceDropped: step.traceDropped }),
    ...(step.phases && { phases: step.phases }),
    ...(step.requestId !== undefined && { requestId: step.requestId }),
  };
}

/** The response without its inline snapshot, which travels separately (StepDetail.aria). */
export function withoutSnapshot(response: ParsedResponse): ParsedResponse {
  if (!response.snapshot || response.snapshot.file !== undefined) return response;
  const { snapshot: _inline, ...rest } = response;
  return rest;
}

/**
 * The content items the agent received, in order: the text (rendered from the sections, which is how the server
 * produced it, unless the exact text was kept) and the returned image. `response` has its snapshot put back.
 */
export function responseContent(step: ToolCallEvent | ToolCallRecord, response: ParsedResponse): StepDetail['content'] {
  const texts = step.responseText ?? [renderResponse(response)];
  return [
    ...texts.map(text => ({ type: 'text' as const, text })),
    ...(step.imageReturned
      ? [{ type: 'image' as const, mimeType: imageType(step), source: 'screenshot' as const }]
      : []),
  ];
}

function imageType(step: ToolCallEvent | ToolCallRecord): string {
  if ('artifacts' in step) return step.artifacts.screenshot?.endsWith('.jpg') ? 'image/jpeg' : 'image/png';
  return step.screenshot?.mimeType ?? 'image/png';
}
