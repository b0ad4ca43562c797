import type { ToolCallEvent } from '../../shared/events';
import type { StepSummary } from '../../shared/bridge';
import type { ParsedResponse } from '../../shared/response';
import type { ToolCallRecord } from '../sessions/format';

/** The timeline's view of a live call or a recorded one: named fields only, so no heavy artifact slips through. */
export function summarize(step: ToolCallEvent | ToolCallRecord): StepSummary {
  const recorded = 'artifacts' in step;
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
    error: step.response.error,
    hasScreenshot: recorded ? !!step.artifacts.screenshot : !!step.screenshot,
    hasSnapshot: recorded ? !!step.artifacts.aria : step.ariaSnapshot !== undefined,
  };
}

/** The response without its inline snapshot, which travels separately (StepDetail.aria). */
export function withoutSnapshot(response: ParsedResponse): ParsedResponse {
  if (!response.snapshot || response.snapshot.file !== undefined) return response;
  const { snapshot: _inline, ...rest } = response;
  return rest;
}
