import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { AgentTurns, ModelTurn, ReceivedSpan } from '../../shared/spans';
import { readSpans, SPANS_FILE } from '../sessions/spans-file';
import { agentTurnsOf, modelTurnIn } from '../tracing/agent-turns';
import type { LiveSession } from './live-sessions';
import type { RecordedSession } from '../sessions/session-reader';

/** Recorded sessions whose spans are kept parsed: the one open, and a few the user went back and forth between. */
const CACHED = 4;

/**
 * A session's model turns for the UI: a live session's from the spans in memory, a recorded one's from its
 * spans.jsonl (parsed once per size of the file, so the Model tab of each step does not read it again).
 */
export class AgentTurnsSource {
  private readonly cache = new Map<string, { size: number; spans: ReceivedSpan[] }>();

  constructor(
    private readonly sessions: {
      live(id: string): LiveSession | undefined;
      recorded(id: string): Promise<RecordedSession>;
    },
  ) {}

  /** The turns as summaries, and which step each chose. */
  async turns(sessionId: string): Promise<AgentTurns> {
    const running = this.sessions.live(sessionId);
    if (running) return agentTurnsOf(running.spans, running.steps);
    const session = await this.sessions.recorded(sessionId);
    return agentTurnsOf(await this.spansIn(sessionId, session.dir), session.steps);
  }

  /** One turn whole: the messages it saw, its text and reasoning, the tool calls it emitted. */
  async turn(sessionId: string, spanId: string): Promise<ModelTurn> {
    const running = this.sessions.live(sessionId);
    const spans = running
      ? running.spans
      : await this.spansIn(sessionId, (await this.sessions.recorded(sessionId)).dir);
    const turn = modelTurnIn(spans, spanId);
    if (!turn) throw new Error(`Session ${sessionId} has no model turn with span id "${spanId}".`);
    return turn;
  }

  private async spansIn(sessionId: string, dir: string): Promise<ReceivedSpan[]> {
    const size = (await stat(join(dir, SPANS_FILE)).catch(() => undefined))?.size ?? 0;
    const cached = this.cache.get(sessionId);
    this.cache.delete(sessionId);
    const entry = cached?.size === size ? cached : { size, spans: size ? (await readSpans(dir)).spans : [] };
    this.cache.set(sessionId, entry);
    if (this.cache.size > CACHED) this.cache.delete(this.cache.keys().next().value!);
    return entry.spans;
  }
}
