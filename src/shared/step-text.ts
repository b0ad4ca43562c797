import type { StepSummary } from './bridge';

type StepFields = Pick<StepSummary, 'seq' | 'tool' | 'args' | 'targets' | 'code' | 'outcome' | 'via' | 'actor'>;

const clip = (text: string, max = 80) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

/** What a step acted on, in a few words: the element by role and name, else the URL, query, key or selector. */
export function stepTarget(step: Pick<StepFields, 'args' | 'targets'>): string {
  const target = step.targets?.[0];
  if (target?.role) return clip(`${target.role}${target.name ? ` "${target.name}"` : ''}`);
  const { url, query, key, text, target: raw } = step.args as Record<string, unknown>;
  const first = [url, query, target?.target ?? raw, key, text].find(value => typeof value === 'string' && value);
  return first ? clip(String(first).replace(/\s+/g, ' ')) : '';
}

export interface SessionCode {
  text: string;
  /** 1-based, inclusive line ranges of each step's block, by seq. */
  lines: Map<number, { start: number; end: number }>;
}

/**
 * The session's Playwright code as one script: per step, a comment naming it and the statements it ran. The ranges let
 * the code view highlight the selected step. A call made on behalf of the next one (an action `browser_interact`
 * chose) shares that call's block, since the planning call answers with the same code.
 */
export function sessionCode(steps: StepFields[]): SessionCode {
  const out: string[] = [];
  const lines = new Map<number, { start: number; end: number }>();
  steps.forEach((step, index) => {
    const parent = steps[index + 1];
    if (step.via && parent?.tool === step.via) return;
    const nested = steps[index - 1]?.via === step.tool ? steps[index - 1] : undefined;
    if (out.length) out.push('');
    const start = out.length + 1;
    const who = step.actor === 'human' ? ' (by hand)' : step.via ? ` (via ${step.via})` : '';
    const failed = step.outcome === 'error' ? ' — failed' : '';
    const chose = nested ? ` → ${nested.tool} ${stepTarget(nested)}`.trimEnd() : '';
    out.push(`// ${step.seq}. ${step.tool}${describe(step)}${chose}${who}${failed}`.replace(/\n/g, ' '));
    out.push(...step.code.split('\n').filter(Boolean));
    const range = { start, end: out.length };
    lines.set(step.seq, range);
    if (nested) lines.set(nested.seq, range);
  });
  return { text: out.join('\n'), lines };
}

const describe = (step: StepFields) => {
  const target = stepTarget(step);
  return target ? ` ${target}` : '';
};
