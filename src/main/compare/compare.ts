import type { ToolCallRecord } from '../sessions/format';
import type { RecordedSession } from '../sessions/session-reader';
import { snapshotDiff } from '../replay/snapshot-drift';
import {
  changeLine,
  PAGE_DIFFERS,
  PAIR_STATUS,
  type ComparedPair,
  type ComparedStep,
  type Comparison,
  type PairStatus,
  type RunSummary,
} from '../../shared/comparison';
import { align } from './align';

/** The URL without query and fragment: what tells pages apart from run to run (session ids, cache busters). */
function pageOf(url: string | undefined): string {
  if (!url) return '';
  try {
    const parsed = new URL(url);
    return parsed.origin === 'null' ? url : `${parsed.origin}${parsed.pathname}`;
  } catch {
    return url;
  }
}

function targetOf(step: ToolCallRecord): string {
  const target = step.targets?.[0];
  if (!target) return typeof step.args.url === 'string' ? step.args.url : '';
  return target.role && target.name !== undefined ? `${target.role} "${target.name}"` : target.locator;
}

function stepOf(session: RecordedSession, step: ToolCallRecord): ComparedStep {
  return {
    seq: step.seq,
    tool: step.tool,
    target: targetOf(step),
    url: pageOf(step.url),
    outcome: step.outcome,
    durationMs: step.endedAt - step.startedAt,
    tokens: session.tokens.get(step.seq)?.total.tokens,
  };
}

function summaryOf(session: RecordedSession, steps: ComparedStep[]): RunSummary {
  return {
    dir: session.dir,
    id: session.meta.id,
    steps: steps.length,
    durationMs: steps.reduce((sum, step) => sum + step.durationMs, 0),
    tokens: steps.reduce((sum, step) => sum + (step.tokens ?? 0), 0),
  };
}

/** Which steps of each run are compared (all by default): see compareReplay. */
export interface CompareOptions {
  keepFirst?(step: ToolCallRecord): boolean;
  keepSecond?(step: ToolCallRecord): boolean;
}

/**
 * Compares two recorded runs step by step: aligns them (tolerant of inserted and skipped steps), then says of each
 * pair whether it is the same, or how it changed: target, URL, outcome, and the page as the aria snapshot shows it
 * beyond what changes from run to run (refs, times, focus). Steps a person took count like the agent's.
 */
export async function compareSessions(
  first: RecordedSession,
  second: RecordedSession,
  options: CompareOptions = {},
): Promise<Comparison> {
  const { keepFirst = () => true, keepSecond = () => true } = options;
  // A call a person skipped in the inspector ran nothing: it is not part of what either run did.
  const ran = (step: ToolCallRecord) => !step.debug?.skipped;
  const recorded = [
    first.steps.filter(step => ran(step) && keepFirst(step)),
    second.steps.filter(step => ran(step) && keepSecond(step)),
  ];
  const [stepsA, stepsB] = [first, second].map((session, i) => recorded[i].map(step => stepOf(session, step)));
  const [ariaA, ariaB] = [first, second].map(ariaReader);
  const pairs: ComparedPair[] = await Promise.all(
    align(stepsA, stepsB).map(async pair => {
      if (pair.b === undefined) return { status: 'only-a', a: stepsA[pair.a], differences: [PAIR_STATUS['only-a']] };
      if (pair.a === undefined) return { status: 'only-b', b: stepsB[pair.b], differences: [PAIR_STATUS['only-b']] };
      return comparePair(stepsA[pair.a], stepsB[pair.b], ariaA(recorded[0][pair.a]), ariaB(recorded[1][pair.b]));
    }),
  );
  const counts: Record<PairStatus, number> = { same: 0, changed: 0, 'only-a': 0, 'only-b': 0 };
  for (const pair of pairs) counts[pair.status]++;
  // Where the runs first did something different; a page that only looks different (a renamed button seen on
  // arrival) is the divergence only when they did the same throughout.
  const acted = pairs.findIndex(
    pair => pair.status !== 'same' && pair.differences.some(line => !line.startsWith('page:')),
  );
  const index = acted >= 0 ? acted : pairs.findIndex(pair => pair.status !== 'same');
  return {
    a: summaryOf(first, stepsA),
    b: summaryOf(second, stepsB),
    pairs,
    ...(index >= 0 && { firstDivergence: { index, pair: pairs[index] } }),
    counts,
  };
}

/** A session's aria snapshots by step, each artifact read once: consecutive steps with the same page share one. */
function ariaReader(session: RecordedSession): (step: ToolCallRecord) => Promise<string | undefined> {
  const read = new Map<string, Promise<string | undefined>>();
  return step => {
    const file = step.artifacts.aria?.file;
    if (!file) return Promise.resolve(undefined);
    let text = read.get(file);
    if (!text) read.set(file, (text = session.ariaSnapshot(step)));
    return text;
  };
}

async function comparePair(
  a: ComparedStep,
  b: ComparedStep,
  ariaOfA: Promise<string | undefined>,
  ariaOfB: Promise<string | undefined>,
): Promise<ComparedPair> {
  const differences: string[] = [];
  if (a.target !== b.target) differences.push(changeLine('target', a.target, b.target));
  if (a.url !== b.url) differences.push(changeLine('url', a.url, b.url));
  if (a.outcome !== b.outcome) differences.push(changeLine('outcome', a.outcome, b.outcome));
  const [ariaA, ariaB] = await Promise.all([ariaOfA, ariaOfB]);
  const ariaDiff = ariaA !== undefined && ariaB !== undefined ? snapshotDiff(ariaA, ariaB) : undefined;
  if (ariaDiff) differences.push(PAGE_DIFFERS);
  return { status: differences.length ? 'changed' : 'same', a, b, differences, ...(ariaDiff && { ariaDiff }) };
}
