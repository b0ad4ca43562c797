import { SEARCH_FIELDS, type SearchField, type StepTexts } from './fields';

/** Characters of context kept before the match, and the excerpt's whole length. */
const BEFORE = 40;
const LENGTH = 160;

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Where a term starts in a text: at a word start if it occurs there, else anywhere (a camelCase part). */
function find(text: string, term: string): number {
  const atWord = new RegExp(`(?<![\\p{L}\\p{N}])${escape(term)}`, 'iu').exec(text);
  return atWord ? atWord.index : text.toLowerCase().indexOf(term);
}

/**
 * The field to show for a hit and the text around its first match. `fields` are those the index matched (in any
 * order); the one holding the most of the matched terms wins, ties going to the earlier of SEARCH_FIELDS.
 */
export function excerpt(
  texts: StepTexts,
  terms: string[],
  fields: Iterable<string>,
): { field: SearchField; excerpt: string } {
  const matched = new Set(fields);
  let best: { field: SearchField; count: number; at: number } | undefined;
  for (const field of SEARCH_FIELDS) {
    if (!matched.has(field)) continue;
    const positions = terms.map(term => find(texts[field], term)).filter(at => at >= 0);
    if (!best || positions.length > best.count)
      best = { field, count: positions.length, at: positions.length ? Math.min(...positions) : 0 };
  }
  const field = best?.field ?? 'tool';
  return { field, excerpt: around(texts[field], best?.at ?? 0) };
}

/**
 * About LENGTH characters of the line of `text` holding `at`, around it, cut at spaces where possible, with … where
 * cut. One line: the lines around it are other sections or entries (a response's headings, other messages).
 */
export function around(text: string, at: number): string {
  const lineStart = text.lastIndexOf('\n', at - 1) + 1;
  const lineEnd = text.indexOf('\n', at) < 0 ? text.length : text.indexOf('\n', at);
  let start = Math.max(lineStart, at - BEFORE);
  if (start > lineStart) {
    // Start at a word: after the first space of the context, if there is one before the match.
    const space = text.indexOf(' ', start);
    if (space >= 0 && space < at) start = space + 1;
  }
  let end = Math.min(lineEnd, start + LENGTH);
  if (end < lineEnd) {
    const space = text.indexOf(' ', end - 10);
    if (space >= 0 && space <= end + 10 && space < lineEnd) end = space;
  }
  let body = text.slice(start, end).replace(/\s+/g, ' ').trim();
  // A response's line markers (a bullet, a heading) say nothing in an excerpt.
  if (start === lineStart) body = body.replace(/^(?:#{1,6} |- )/, '');
  return `${start > lineStart ? '…' : ''}${body}${end < lineEnd ? '…' : ''}`;
}
