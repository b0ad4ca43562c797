import type { BridgeCommand, BridgeReply, OpenedSession } from '../../shared/bridge';
import type { StepNegotiation } from '../../shared/negotiation-view';
import type { AgentTurns } from '../../shared/spans';

/** What the report asks: the bridge's own `invoke` (bridge/bridge-host.ts), which never throws. */
export type Ask = (command: BridgeCommand, input: Record<string, unknown>) => Promise<BridgeReply>;

/** One recorded answer: the question, and the reply exactly as the app would have received it. */
export interface Answer {
  command: BridgeCommand;
  input: Record<string, unknown>;
  reply: BridgeReply;
}

const result = <T>(reply: BridgeReply) => (reply.ok ? (reply.result as T) : undefined);

/**
 * Every question the read-only UI asks of a recorded run, answered by the bridge: the run itself, its locator report,
 * exported spec and model turns, then for each step its detail, screenshot, console and network, and negotiation rounds
 * (each round's artifacts). DOM diffs and Browser State files the viewer makes itself, from the run's states. Yielded one step at a time, so a long run is
 * written as it is read and never held whole.
 */
export async function* runAnswers(ask: Ask, sessionId: string): AsyncGenerator<Answer[]> {
  const question = async (command: BridgeCommand, input: Record<string, unknown>): Promise<Answer> => ({
    command,
    input,
    reply: await ask(command, input),
  });
  const opened = await question('openSession', { sessionId });
  const session = result<OpenedSession>(opened.reply);
  if (!session) throw new Error(`Session ${sessionId} could not be read: ${opened.reply.ok ? '' : opened.reply.error}`);
  const turns = await question('agentTurns', { sessionId });
  yield [opened, turns, await question('locatorReport', { sessionId }), await question('export', { sessionId })];
  const spanIds = new Set(result<AgentTurns>(turns.reply)?.links.map(link => link.spanId));
  for (const spanId of spanIds) yield [await question('modelTurn', { sessionId, spanId })];

  for (const { seq } of session.steps) {
    const answers = await Promise.all([
      question('getStep', { sessionId, seq }),
      question('screenshot', { sessionId, seq }),
      question('stepActivity', { sessionId, seq }),
      question('negotiation', { sessionId, seq }),
    ]);
    const rounds = result<StepNegotiation>(answers[3].reply)?.rounds ?? [];
    for (const { interactionId, round } of rounds)
      answers.push(await question('negotiationArtifacts', { sessionId, interactionId, round }));
    yield answers;
  }
}
