import { z } from 'zod';
import { formatAction, type NegotiationRound } from '../../../shared/negotiation';
import type { Tab } from '../../browser/tab';
import { startFieldFacts, textToType } from '../sensitive-field';
import { defineTool } from '../tool';

const interact = defineTool({
  name: 'browser_interact',
  title: 'Interact by description',
  description:
    'Carry out one step described in plain language ("Click the Save button", \'Type "hi" into Email\'). ' +
    'A planner reads the page as compact semantic JSON, asks for a skeleton DOM, screenshot or full DOM only when it needs them, ' +
    'and the chosen action runs as an ordinary tool call.',
  schema: z.strictObject({
    query: z
      .string()
      .trim()
      .min(1, 'query must not be empty')
      .max(10_000, 'query is longer than 10,000 characters: describe one step')
      .describe('The step to carry out, in plain language'),
  }),
  scope: 'page',
  readOnly: false,
  async handler({ args, tab, context, response, session }) {
    // Every round quotes the query, and the last one the planned action: when the step types into a secret field, the
    // value must be a secret before any of them is published. So rounds wait for the plan, then the field is read.
    const held: NegotiationRound[] = [];
    const publishHeld = () => {
      for (const round of held.splice(0))
        session.publish({ type: 'negotiation-round', sessionId: session.id, ...round });
    };
    let planned;
    try {
      planned = await session.planStep({
        tab,
        query: args.query,
        maxRounds: context.config.planner.maxRounds,
        onRound: round => held.push(round),
      });
    } catch (error) {
      publishHeld();
      throw error;
    }
    if ('failure' in planned) {
      publishHeld();
      response.addResult(describeRounds(planned.failure.rounds));
      throw planned.failure;
    }
    const { step, invocation } = planned;
    try {
      if (step.action.kind === 'type') await registerIfSecret(context.secrets, tab, step.action.id, step.action.text);
    } finally {
      publishHeld();
    }
    const action = formatAction(step.action);
    response.addResult([describeRounds(step.rounds), `Thought: ${step.thought}`, `Action: ${action}`].join('\n'));
    if (step.action.kind === 'fail')
      throw new Error(`The planner could not carry out "${args.query}": ${step.action.reason}`);
    if (!invocation) return;
    const nested = await session.runTool(invocation.name, invocation.args);
    response.adopt(nested.response, nested.sections);
  },
});

/**
 * Reads the field a planned `type` targets and, when it is a secret field, registers the text as a session secret (as
 * the browser_type that follows would, too late for the rounds). A target that does not resolve is left to that call
 * to report.
 */
async function registerIfSecret(secrets: Record<string, string>, tab: Tab, target: string, text: string) {
  const found = await tab.locator(target, { look: true }).catch(() => undefined);
  if (found) await textToType(secrets, startFieldFacts(found.locator), text);
}

/** One line per round: what was sent, its size, and what came back. */
function describeRounds(rounds: NegotiationRound[]): string {
  if (!rounds.length) return 'No negotiation round completed.';
  const lines = rounds.map(round => {
    const sent = round.artifacts.map(a => `${a.name} ${kb(a.bytes)}`).join(' + ');
    const answer =
      round.answer.kind === 'action'
        ? round.answer.action
        : round.answer.kind === 'needs_context'
          ? `needs ${round.answer.requested.domMode}${round.answer.reason ? ` (${round.answer.reason})` : ''}`
          : `error: ${round.answer.message}`;
    const { snapshotMs, extractMs, artifactsMs, planMs } = round.timings;
    const took = round.round === 1 ? `snapshot ${snapshotMs} ms, extraction ${extractMs} ms, ` : '';
    const timing = `${took}${artifactsMs ? `artifacts ${artifactsMs} ms, ` : ''}planner ${planMs} ms`;
    return `${round.round}. ${round.domMode}: ${round.nodeCount} nodes, ${sent} (${timing}) → ${answer}`;
  });
  return [`Planner ${rounds[0].planner}, ${rounds.length} round${rounds.length > 1 ? 's' : ''}:`, ...lines].join('\n');
}

const kb = (bytes: number) => (bytes < 1024 ? `${bytes} B` : `${(bytes / 1024).toFixed(1)} KB`);

export default [interact];
