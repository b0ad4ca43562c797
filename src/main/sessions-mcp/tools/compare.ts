import { z } from 'zod';
import type { StepSummary } from '../../../shared/bridge';
import {
  PAIR_MARK,
  PAIR_STATUS,
  type ComparedPair,
  type ComparedStep,
  type Comparison,
} from '../../../shared/comparison';
import { fenced, firstLine, toolName } from '../markdown';
import type { Recordings } from '../recordings';
import { defineTool, sessionArg } from '../tool';

const session = sessionArg;

const sideLine = (step: ComparedStep | undefined) =>
  step
    ? `step ${step.seq} ${toolName(step.tool)} ${step.target}${step.outcome === 'error' ? ' ✗' : ''} @ ${step.url}`
    : '—';
const pairLine = (pair: ComparedPair) =>
  `${PAIR_MARK[pair.status]} A: ${sideLine(pair.a)} | B: ${sideLine(pair.b)}${pair.differences.length ? ` — ${pair.differences.join('; ')}` : ''}`;

/** Where two runs part and the pairs around it, as `agent-inspector compare` aligns them. */
export function divergenceText(comparison: Comparison, context = 3): string[] {
  const first = comparison.firstDivergence;
  if (!first) return ['They do the same throughout (no divergence).'];
  const from = Math.max(0, first.index - context);
  const around = comparison.pairs.slice(from, first.index + context + 1);
  return [
    `First divergence at pair ${first.index + 1} (${PAIR_STATUS[first.pair.status]}): A ${sideLine(first.pair.a)}; B ${sideLine(first.pair.b)}.`,
    ...first.pair.differences.map(difference => `- ${difference}`),
    ...(first.pair.ariaDiff ? [fenced(first.pair.ariaDiff.split('\n').slice(0, 60).join('\n'), 'diff')] : []),
    `Pairs ${from + 1}–${from + around.length} (= same, ~ changed, - only in A, + only in B):`,
    ...around.map(pairLine),
  ];
}

const compare = defineTool({
  name: 'inspector_compare',
  title: 'Compare two runs',
  description:
    'Aligns two runs step by step (as `agent-inspector compare`): how many pairs are the same or changed, the first divergence with what differs, and the pairs around it.',
  schema: z.strictObject({ a: session('a'), b: session('b') }),
  async answer(args, recordings) {
    const [a, b] = await Promise.all([recordings.find(args.a), recordings.find(args.b)]);
    const comparison = await recordings.read('compareSessions', { sessionId: a.id, withSessionId: b.id });
    const counts = Object.entries(comparison.counts)
      .filter(([, count]) => count)
      .map(([status, count]) => `${count} ${PAIR_STATUS[status as keyof typeof PAIR_STATUS]}`);
    return {
      text: [
        `A: ${a.id} (${comparison.a.steps} steps) · B: ${b.id} (${comparison.b.steps} steps)`,
        `${comparison.pairs.length} pairs: ${counts.join(', ')}`,
        ...divergenceText(comparison),
      ].join('\n'),
    };
  },
});

/** Tools that act on the page: after one, the page is expected to change. */
const ACTS =
  /^browser_(click|type|fill_form|select_option|press_key|drag|file_upload|mouse_click_xy|mouse_drag_xy|check|uncheck)$/;
const describe = (step: StepSummary) => `step ${step.seq} ${toolName(step.tool)}`;

/** Steps that acted and after which neither the DOM nor the aria tree differs from the state before. */
async function unchangedAfterActions(
  recordings: Recordings,
  sessionId: string,
  steps: StepSummary[],
): Promise<StepSummary[]> {
  const acting = steps.filter(step => ACTS.test(step.tool) && step.outcome === 'ok');
  const unchanged: StepSummary[] = [];
  for (const step of acting) {
    const diff = await recordings.read('stepDiff', { sessionId, seq: step.seq });
    const domSame = diff.domTo === step.seq && diff.domFrom !== undefined && diff.dom === null;
    const ariaSame = diff.ariaTo === step.seq && diff.ariaFrom !== undefined && diff.aria?.length === 0;
    if (diff.domTo === step.seq ? domSame && (diff.ariaTo !== step.seq || ariaSame) : ariaSame) unchanged.push(step);
  }
  return unchanged;
}

const whatWentWrong = defineTool({
  name: 'inspector_what_went_wrong',
  title: 'What went wrong in a run',
  description:
    'Facts from the recording, each with its step number: the first failed call, the page errors and failed requests around it, where the run parts from a good run (when `good` is given), every step whose response was an error, and the actions after which the page did not change. No guessing.',
  schema: z.strictObject({ session: session('session'), good: session('good').optional() }),
  async answer(args, recordings) {
    const info = await recordings.find(args.session);
    const sessionId = info.id;
    const { steps } = await recordings.read('openSession', { sessionId });
    const failed = steps.filter(step => step.outcome === 'error');
    const lines = [`Session ${sessionId} · ${steps.length} steps · ${failed.length} failed`];

    const first = failed[0];
    if (first) {
      lines.push(
        '',
        `## First failed call: step ${first.seq}`,
        `${toolName(first.tool)} ${JSON.stringify(first.args)}`,
        fenced(firstLines(first.error ?? '(no error text)', 8)),
      );
      lines.push('', `## Page errors and failed requests, steps ${Math.max(1, first.seq - 2)}–${first.seq}`);
      const around = steps.filter(step => step.seq >= first.seq - 2 && step.seq <= first.seq);
      const found: string[] = [];
      for (const step of around) {
        const activity = await recordings.read('stepActivity', { sessionId, seq: step.seq });
        for (const entry of activity.console)
          if (entry.level === 'error')
            found.push(
              `- step ${step.seq}${entry.between ? ' (before it)' : ''}: ${entry.kind === 'pageerror' ? 'page error' : 'console error'}: ${firstLine(entry.text, 200)}`,
            );
        for (const entry of activity.network)
          if (entry.failure || (entry.status ?? 0) >= 400)
            found.push(`- step ${step.seq}: ${entry.method} ${entry.url} → ${entry.failure ?? entry.status}`);
      }
      lines.push(...(found.length ? found : ['none']));
    } else {
      lines.push('', 'No call failed.');
    }

    if (args.good) {
      const good = await recordings.find(args.good);
      const comparison = await recordings.read('compareSessions', { sessionId: good.id, withSessionId: sessionId });
      lines.push('', `## Against the good run ${good.id} (A = good, B = this run)`, ...divergenceText(comparison, 2));
    }

    if (failed.length)
      lines.push(
        '',
        '## Steps whose response was an error',
        ...failed.map(step => `- ${describe(step)}: ${firstLine(step.error ?? '', 160)}`),
      );
    const unchanged = await unchangedAfterActions(recordings, sessionId, steps);
    lines.push(
      '',
      '## Actions after which the page did not change',
      ...(unchanged.length ? unchanged.map(step => `- ${describe(step)} ${JSON.stringify(step.args)}`) : ['none']),
    );
    return { text: lines.join('\n') };
  },
});

const firstLines = (text: string, count: number) => text.trim().split('\n').slice(0, count).join('\n');

export default [compare, whatWentWrong];
