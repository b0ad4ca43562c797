import type { AgentTurns, ReceivedSpan } from '../../shared/spans';
import { joinTurns, type StepForJoin } from './join';
import { isModelSpan, modelTurnOf } from './model-turns';

/** A step as recorded or published: what the join reads, and who took it. */
export interface TurnStep extends StepForJoin {
  /** Set on a step a person took (`human`): no model chose it. */
  actor?: string;
  /** Set on a step run on another call's behalf: its call's turn chose it, not one of its own. */
  via?: string;
}

/** A session's model turns from its agent's spans, each step linked to the turn that chose it (see join.ts). */
export function agentTurnsOf(spans: readonly ReceivedSpan[], steps: readonly TurnStep[]): AgentTurns {
  const turns = spans.filter(isModelSpan).map(modelTurnOf).sort((a, b) => a.startMs - b.startMs);
  const agentSteps = steps.filter(step => !step.actor && !step.via).map(step => ({
    seq: step.seq, tool: step.tool, args: step.args, startedAt: step.startedAt, ...(step.trace && { trace: step.trace }),
  }));
  const { links, unlinked } = joinTurns(agentSteps, turns);
  return { turns, links: [...links].map(([seq, link]) => ({ seq, ...link })), unlinked, spanCount: spans.length };
}
