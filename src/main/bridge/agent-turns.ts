import type { ToolCallEvent } from '../../shared/events';
import type { AgentTurns, ReceivedSpan } from '../../shared/spans';
import type { ToolCallRecord } from '../sessions/format';
import { readSpans } from '../sessions/spans-file';
import { joinTurns } from '../tracing/join';
import { isModelSpan, modelTurnOf } from '../tracing/model-turns';
import type { LiveSessions } from './live-sessions';
import type { RecordedSessions } from './recorded-sessions';

/** A live session's turns from the spans in memory, a recorded one's from its spans.jsonl. */
export async function agentTurns(sessionId: string, live: LiveSessions, recorded: RecordedSessions): Promise<AgentTurns> {
  const running = live.get(sessionId);
  if (running) return agentTurnsOf(running.spans, running.steps);
  const session = await recorded.open(sessionId);
  return agentTurnsOf((await readSpans(session.dir)).spans, session.steps);
}

/** A session's model turns from its agent's spans, each step linked to the turn that chose it (see tracing/join.ts). */
export function agentTurnsOf(spans: readonly ReceivedSpan[], steps: readonly (ToolCallEvent | ToolCallRecord)[]): AgentTurns {
  const turns = spans.filter(isModelSpan).map(modelTurnOf).sort((a, b) => a.startMs - b.startMs);
  // Steps a person took or run on a call's behalf were chosen by no model turn of their own.
  const agentSteps = steps.filter(step => !step.actor && !step.via).map(step => ({
    seq: step.seq, tool: step.tool, args: step.args, startedAt: step.startedAt, ...(step.trace && { trace: step.trace }),
  }));
  const { links, unlinked } = joinTurns(agentSteps, turns);
  return { turns, links: [...links].map(([seq, link]) => ({ seq, ...link })), unlinked, spanCount: spans.length };
}
