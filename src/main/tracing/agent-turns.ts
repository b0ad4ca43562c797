import type { AgentTurns, ModelTurn, ReceivedSpan, TurnSummary } from '../../shared/spans';
import { joinTurns, type JoinResult, type StepForJoin } from './join';
import { isModelSpan, modelTurnOf } from './model-turns';

/** A step as recorded or published: what the join reads, and who took it. */
export interface TurnStep extends StepForJoin {
  /** Set on a step a person took (`human`): no model chose it. */
  actor?: string;
  /** Set on a step run on another call's behalf: its call's turn chose it, not one of its own. */
  via?: string;
}

/** A session's model turns from its agent's spans, whole, in the order they started, each step linked to the turn that chose it (see join.ts). */
export function linkTurns(
  spans: readonly ReceivedSpan[],
  steps: readonly TurnStep[],
): JoinResult & { turns: ModelTurn[] } {
  const turns = spans
    .filter(isModelSpan)
    .map(modelTurnOf)
    .sort((a, b) => a.startMs - b.startMs);
  const agentSteps = steps
    .filter(step => !step.actor && !step.via)
    .map(step => ({
      seq: step.seq,
      tool: step.tool,
      args: step.args,
      startedAt: step.startedAt,
      ...(step.trace && { trace: step.trace }),
    }));
  return { turns, ...joinTurns(agentSteps, turns) };
}

/** The turns as the Agent lane reads them: summaries, and the links (a turn's messages are asked for one at a time). */
export function agentTurnsOf(spans: readonly ReceivedSpan[], steps: readonly TurnStep[]): AgentTurns {
  const { turns, links, unlinked } = linkTurns(spans, steps);
  return {
    turns: turns.map(summaryOf),
    links: [...links].map(([seq, link]) => ({ seq, ...link })),
    unlinked,
    spanCount: spans.length,
  };
}

function summaryOf({
  input: _input,
  output: _output,
  reasoning: _reasoning,
  toolCalls,
  ...rest
}: ModelTurn): TurnSummary {
  return { ...rest, toolCalls: toolCalls.length };
}

/** One turn whole, by its span id: the Model tab's. */
export function modelTurnIn(spans: readonly ReceivedSpan[], spanId: string): ModelTurn | undefined {
  const span = spans.find(candidate => candidate.spanId === spanId && isModelSpan(candidate));
  return span && modelTurnOf(span);
}
