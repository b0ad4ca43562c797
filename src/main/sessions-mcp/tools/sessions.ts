import { z } from 'zod';
import type { SessionInfo, StepSummary } from '../../../shared/bridge';
import { compactCount, duration, firstLine, page, sessionLabel, targetOf, toolName, when } from '../markdown';
import { defineTool, sessionArg } from '../tool';

const session = sessionArg();
const offset = z.number().int().nonnegative().optional().describe('Skip this many entries (paging)');
const date = (what: string) =>
  z
    .string()
    .refine(text => !Number.isNaN(Date.parse(text)), `${what} must be a date, e.g. 2026-11-27 or 2026-11-27T10:00Z`)
    .optional();

/** The shortest id prefixes (at least 8 characters) that still tell the sessions apart: what the next call may pass. */
export function shortIds(sessions: SessionInfo[]): Map<string, string> {
  const ids = sessions.map(candidate => candidate.id);
  return new Map(
    ids.map(id => {
      let length = 8;
      while (length < id.length && ids.some(other => other !== id && other.startsWith(id.slice(0, length)))) length++;
      return [id, id.slice(0, length)];
    }),
  );
}

export function errorsOf(info: SessionInfo): string {
  const stats = info.stats;
  if (!stats) return info.live ? 'running' : '';
  const parts = [
    stats.failedCalls && `${stats.failedCalls} failed call${stats.failedCalls === 1 ? '' : 's'}`,
    stats.pageErrors && `${stats.pageErrors} page error${stats.pageErrors === 1 ? '' : 's'}`,
    stats.failedRequests && `${stats.failedRequests} failed request${stats.failedRequests === 1 ? '' : 's'}`,
  ].filter(Boolean);
  return parts.length ? parts.join(', ') : 'none';
}

const listSessions = defineTool({
  name: 'inspector_list_sessions',
  title: 'List recorded sessions',
  description:
    'The recorded agent sessions, newest first: id, client, start, steps, duration, errors, and the session a fork continues. Filter by text, date and outcome.',
  schema: z.strictObject({
    query: z
      .string()
      .max(200)
      .optional()
      .describe('Text the id, client, last URL or folder name contains (case-insensitive)'),
    since: date('since').describe('Only sessions started at or after this date/time'),
    until: date('until').describe('Only sessions started before this date/time'),
    outcome: z.enum(['failed', 'ok']).optional().describe('failed: at least one call failed; ok: none did'),
    limit: z.number().int().positive().max(500).optional().describe('At most this many (default 50)'),
    offset,
  }),
  async answer(args, recordings) {
    const all = await recordings.list();
    const query = args.query?.toLowerCase();
    const since = args.since ? Date.parse(args.since) : -Infinity;
    const until = args.until ? Date.parse(args.until) : Infinity;
    const matching = all.filter(
      info =>
        (!query ||
          [info.id, sessionLabel(info), info.url ?? '', info.dir?.split(/[\\/]/).pop() ?? ''].some(text =>
            text.toLowerCase().includes(query),
          )) &&
        info.startedAt >= since &&
        info.startedAt < until &&
        (!args.outcome || (args.outcome === 'failed') === (info.stats?.failedCalls ?? 0) > 0),
    );
    if (!matching.length)
      return { text: all.length ? `No session matches (${all.length} recorded).` : 'No recorded sessions.' };
    const ids = shortIds(all);
    const { shown, more } = page(matching, args.offset ?? 0, args.limit ?? 50, next => `offset: ${next}`);
    const rows = shown.map(info => {
      const parent = info.forkOf
        ? `fork of ${ids.get(info.forkOf.session) ?? info.forkOf.session.slice(0, 8)} at step ${info.forkOf.step}`
        : '';
      return `| ${ids.get(info.id)} | ${sessionLabel(info)} | ${when(info.startedAt)} | ${info.steps} | ${info.stats ? duration(info.stats.durationMs) : ''} | ${errorsOf(info)} | ${parent} |`;
    });
    return {
      text: [
        `${matching.length} session${matching.length === 1 ? '' : 's'}${matching.length < all.length ? ` of ${all.length}` : ''}, newest first. Pass an id as \`session\`.`,
        '',
        '| id | client | started | steps | duration | errors | continues |',
        '|---|---|---|---|---|---|---|',
        ...rows,
        ...(more ? ['', more] : []),
      ].join('\n'),
    };
  },
});

/**
 * Characters an outline page holds: under 8,000 tokens even for text that tokenizes badly (2.7 characters a token: random syllables), so
 * a page fits a model's context beside everything else. A 500-step run fits one page unless its lines are long.
 */
const OUTLINE_CHARS = 21_000;

/** A page's address as the outline shows it: the path alone while the origin stays the same; query and fragment left out. */
function shownUrl(url: string, previous: string | undefined): string {
  if (!URL.canParse(url)) return url;
  const parsed = new URL(url);
  const sameOrigin = previous && URL.canParse(previous) && new URL(previous).origin === parsed.origin;
  return sameOrigin ? parsed.pathname : `${parsed.origin}${parsed.pathname}`;
}

function outlineLine(step: StepSummary): string {
  const tokens = step.tokens ? ` ${compactCount(step.tokens.total.tokens)}t` : '';
  const failed = step.outcome === 'error' ? '✗ ' : '';
  const error = step.outcome === 'error' && step.error ? ` — ${firstLine(step.error, 120)}` : '';
  return `${step.seq} ${failed}${toolName(step.tool)} ${targetOf(step)}${tokens}${error}`.replace(/ {2,}/g, ' ');
}

const runOutline = defineTool({
  name: 'inspector_run_outline',
  title: 'Outline a run',
  description:
    'One line per step: its number, tool, target (role and name), token count; failed steps marked ✗ with their error; the page when it changes. Step numbers are what inspector_step takes. Long runs are paged.',
  schema: z.strictObject({
    session,
    offset: offset.describe('Start after this many steps (paging)'),
    limit: z
      .number()
      .int()
      .positive()
      .max(2_000)
      .optional()
      .describe('At most this many steps (default: as many as fit about 8,000 tokens)'),
  }),
  async answer(args, recordings) {
    const info = await recordings.find(args.session);
    const { steps } = await recordings.read('openSession', { sessionId: info.id });
    const start = args.offset ?? 0;
    const lines: string[] = [];
    let chars = 0;
    let url = start > 0 ? steps[start - 1]?.url : undefined;
    let end = start;
    for (const step of steps.slice(start, start + (args.limit ?? steps.length))) {
      const page = step.url && step.url !== url ? `@ ${shownUrl(step.url, url)}` : undefined;
      const line = outlineLine(step);
      if (end > start && chars + line.length + (page?.length ?? 0) > OUTLINE_CHARS) break;
      if (page) lines.push(page);
      lines.push(line);
      chars += line.length + (page?.length ?? 0) + 2;
      url = step.url ?? url;
      end++;
    }
    const failures = steps.filter(step => step.outcome === 'error').map(step => step.seq);
    const failed = failures.length
      ? ` · failed: ${failures.slice(0, 20).join(', ')}${failures.length > 20 ? ` and ${failures.length - 20} more` : ''}`
      : '';
    return {
      text: [
        `Session ${info.id} · ${sessionLabel(info)} · ${when(info.startedAt)} · ${steps.length} steps${failed}`,
        'step tool target tokens(t); ✗ failed; @ the page (path only while the origin stays; no query)',
        ...lines,
        ...(end < steps.length
          ? [`… steps ${end + 1}–${steps.length} not shown: call again with offset: ${end}.`]
          : []),
      ].join('\n'),
    };
  },
});

const search = defineTool({
  name: 'inspector_search',
  title: 'Search the recordings',
  description:
    'Finds text across every recorded session (arguments, responses, URLs, console, network, model turns), as the inspector\'s "Search sessions" does: hits with session, step and an excerpt.',
  schema: z.strictObject({
    query: z
      .string()
      .trim()
      .min(1, 'query must not be empty')
      .max(500, 'query is longer than 500 characters')
      .describe('The text to find'),
    session: session.optional().describe('Only this session'),
    limit: z.number().int().positive().max(200).optional().describe('At most this many hits (default 20)'),
  }),
  async answer(args, recordings) {
    const sessionId = args.session ? (await recordings.find(args.session)).id : undefined;
    const results = await recordings.read('searchSessions', {
      query: args.query,
      limit: args.limit ?? 20,
      ...(sessionId && { sessionId }),
    });
    const ids = shortIds(await recordings.list());
    const lines = results.hits.map(
      hit =>
        `- ${ids.get(hit.sessionId) ?? hit.sessionId} step ${hit.seq} (${toolName(hit.tool)}, ${hit.field}): ${hit.excerpt.replace(/\s+/g, ' ')}`,
    );
    const notes = [
      results.more ? `More steps match: narrow the query or raise limit.` : '',
      results.indexing
        ? `Still indexing the recordings (${results.indexed} steps so far): results may be incomplete.`
        : '',
    ].filter(Boolean);
    return {
      text: [
        results.hits.length
          ? `${results.hits.length} hit${results.hits.length === 1 ? '' : 's'} for "${args.query}":`
          : `No step matches "${args.query}".`,
        ...lines,
        ...notes,
      ].join('\n'),
    };
  },
});

export default [listSessions, runOutline, search];
