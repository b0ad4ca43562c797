import { PAIR_MARK, PAIR_STATUS, type ComparedStep, type Comparison } from '../../shared/comparison';
import { compareSessions } from '../compare/compare';
import { openSession } from '../sessions/session-reader';
import { findSession, type FoundSession } from './find-session';
import { log } from './process';

export interface CompareCliOptions {
  json?: boolean;
  sessionDir?: string;
}

const stepText = (step?: ComparedStep) =>
  step ? `${step.seq} ${step.tool.replace(/^browser_/, '')}${step.target ? ` ${step.target}` : ''}` : '—';
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

/** The comparison as a person reads it: both runs, where they part, then every aligned pair. */
export function formatComparison(comparison: Comparison): string {
  const { a, b, pairs, firstDivergence, counts } = comparison;
  const run = (name: string, side: Comparison['a']) =>
    `${name}: ${side.dir} (${side.steps} steps, ${seconds(side.durationMs)}, ${side.tokens} tokens)`;
  const lines = [run('A', a), run('B', b), ''];
  if (!firstDivergence) lines.push('No divergence: every step pairs up, and the pages agree beyond volatile text.');
  else {
    const { pair } = firstDivergence;
    lines.push(
      `First divergence at A ${pair.a ? `step ${pair.a.seq}` : '(none)'} / B ${pair.b ? `step ${pair.b.seq}` : '(none)'}: ${pair.differences.join('; ')}`,
    );
    if (pair.ariaDiff) lines.push(...pair.ariaDiff.split('\n').map(line => `  ${line}`));
  }
  lines.push('');
  const width = Math.min(48, Math.max(10, ...pairs.map(pair => stepText(pair.a).length)));
  for (const pair of pairs) {
    const note = pair.status === 'same' ? '' : `  ${pair.differences.join('; ')}`;
    lines.push(
      `${PAIR_MARK[pair.status]} ${stepText(pair.a).slice(0, width).padEnd(width)}  ${stepText(pair.b).slice(0, width).padEnd(width)}${note}`.trimEnd(),
    );
  }
  lines.push(
    '',
    (['same', 'changed', 'only-a', 'only-b'] as const)
      .map(status => `${PAIR_STATUS[status]} ${counts[status]}`)
      .join(' · '),
  );
  return lines.join('\n');
}

/**
 * `agent-inspector compare A B [--json]`: aligns two recorded runs and reports where they part. Exit code 0 when they
 * do not, 1 when they do, 2 when either run cannot be read (named in the message).
 */
export async function runCompare(first: string, second: string, options: CompareCliOptions) {
  const found: FoundSession[] = [];
  try {
    for (const [name, target] of [
      ['A', first],
      ['B', second],
    ] as const) {
      found.push(
        await findSession(target, { sessionDir: options.sessionDir }).catch(error => {
          throw new Error(`${name} (${target}): ${error instanceof Error ? error.message : error}`);
        }),
      );
    }
    const [a, b] = await Promise.all(found.map(session => openSession(session.dir)));
    for (const [name, session] of [
      ['A', a],
      ['B', b],
    ] as const)
      for (const warning of session.warnings) log(`warning (${name}): ${warning}`);
    const comparison = await compareSessions(a, b);
    process.stdout.write(`${options.json ? JSON.stringify(comparison, null, 2) : formatComparison(comparison)}\n`);
    process.exitCode = comparison.firstDivergence ? 1 : 0;
  } catch (error) {
    log(`agent-inspector compare: ${error instanceof Error ? error.message : error}`);
    process.exitCode = 2;
  } finally {
    await Promise.all(found.map(session => session.release()));
  }
}
