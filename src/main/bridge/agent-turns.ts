import type { AgentTurns } from '../../shared/spans';
import { readSpans } from '../sessions/spans-file';
import { agentTurnsOf } from '../tracing/agent-turns';
import type { LiveSessions } from './live-sessions';
import type { RecordedSessions } from './recorded-sessions';

/** A live session's turns from the spans in memory, a recorded one's from its spans.jsonl. */
export async function agentTurns(sessionId: string, live: LiveSessions, recorded: RecordedSessions): Promise<AgentTurns> {
  const running = live.get(sessionId);
  if (running) return agentTurnsOf(running.spans, running.steps);
  const session = await recorded.open(sessionId);
  return agentTurnsOf((await readSpans(session.dir)).spans, session.steps);
}
