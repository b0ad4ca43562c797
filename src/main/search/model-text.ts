import type { ReceivedSpan } from '../../shared/spans';
import { linkTurns, type TurnStep } from '../tracing/agent-turns';

/**
 * What each step is searched by on the model's side: the reasoning and text of the turn that chose it (the agent's
 * spans, see tracing/). Steps no turn is linked to have none. The messages the turn saw are left out: they are the
 * whole conversation so far (our own responses among them) and would match every later step.
 */
export function modelTextsOf(spans: readonly ReceivedSpan[], steps: readonly TurnStep[]): Map<number, string> {
  const texts = new Map<number, string>();
  if (!spans.length) return texts;
  const { turns, links } = linkTurns(spans, steps);
  const bySpan = new Map(turns.map(turn => [turn.spanId, turn]));
  for (const [seq, link] of links) {
    const turn = bySpan.get(link.spanId);
    const text = turn && [turn.reasoning, turn.output].filter(Boolean).join('\n');
    if (text) texts.set(seq, text);
  }
  return texts;
}
