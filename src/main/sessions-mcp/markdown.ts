import type { SessionInfo, StepSummary } from '../../shared/bridge';

/** What the answers are written in: compact Markdown a model reads in few tokens, with the ids the next call takes. */

export const toolName = (tool: string) => tool.replace(/^browser_/, '');

export const when = (epochMs: number) =>
  new Date(epochMs)
    .toISOString()
    .replace('T', ' ')
    .replace(/\.\d+Z$/, 'Z');

export function duration(ms: number): string {
  if (ms < 1_000) return `${Math.round(ms)} ms`;
  if (ms < 60_000) return `${(ms / 1_000).toFixed(1)} s`;
  return `${Math.floor(ms / 60_000)} min ${Math.round((ms % 60_000) / 1_000)} s`;
}

export const compactCount = (n: number) =>
  n < 1_000 ? String(n) : n < 10_000 ? `${(n / 1_000).toFixed(1)}k` : `${Math.round(n / 1_000)}k`;

export const sessionLabel = (session: SessionInfo) => session.clientName ?? session.transport;

/** What a step acted on: role and name from the snapshot, else the agent's own description, else the raw target. */
export function targetOf(step: Pick<StepSummary, 'targets' | 'args'>): string {
  const target = step.targets?.[0];
  if (target?.role) return target.name ? `${target.role} "${target.name}"` : target.role;
  if (typeof step.args.element === 'string' && step.args.element) return `"${step.args.element}"`;
  if (target) return target.target;
  if (typeof step.args.url === 'string') return step.args.url;
  if (typeof step.args.key === 'string') return step.args.key;
  return '';
}

/** The first line of a text, cut at `max` characters. */
export function firstLine(text: string, max = 160): string {
  const line = text.trim().split('\n')[0] ?? '';
  return line.length > max ? `${line.slice(0, max - 1)}…` : line;
}

/** A page of a list: which items, and the line that says how to get the next ones. */
export function page<T>(
  items: T[],
  offset: number,
  limit: number,
  nextArgs: (offset: number) => string,
): { shown: T[]; more?: string } {
  const shown = items.slice(offset, offset + limit);
  const end = offset + shown.length;
  return {
    shown,
    ...(end < items.length && { more: `… ${items.length - end} more: call again with ${nextArgs(end)}.` }),
  };
}

/** A fenced block whose fence no line inside can close. */
export function fenced(text: string, language = ''): string {
  const longest = Math.max(2, ...Array.from(text.matchAll(/^`{3,}/gm), match => match[0].length));
  const fence = '`'.repeat(longest + 1);
  return `${fence}${language}\n${text.replace(/\n$/, '')}\n${fence}`;
}
