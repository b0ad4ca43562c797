/**
 * Ordinal phrases: "second", "2nd", "last", and the ones that count from the end — "second to last", "third from the
 * end", "last but one", "penultimate", "next-to-last" — or say they count from the start ("second from the top").
 */
import type { Token } from './tokens';
import { ordinalOf } from './vocabulary';

/** Where counting from the end or the start is said after the ordinal: "… from the bottom", "… to last". */
const FROM_END = new Set(['end', 'bottom', 'last']);
const FROM_START = new Set(['start', 'beginning', 'top', 'first']);

export interface OrdinalPhrase {
  /** 1-based from the start; negative from the end (-1 last, -2 second to last). */
  n: number;
  /** As written, for messages: "second to last". */
  word: string;
  /** Tokens the phrase takes from tokens[k] on. */
  used: number;
}

/** The ordinal phrase at tokens[k], if one starts there; a hyphenated one ("second-to-last") is one token. */
export function ordinalAt(tokens: Token[], k: number): OrdinalPhrase | undefined {
  const parts = tokens[k].quote ? [] : tokens[k].low.split('-');
  const words = [...parts, ...tokens.slice(k + 1, k + 5).map(token => (token.quote ? '' : token.low))];
  const phrase = readPhrase(words);
  // A hyphenated token is an ordinal only as a whole phrase: "first-class" is a word.
  if (!phrase || phrase.length < parts.length) return undefined;
  return { n: phrase.n, word: words.slice(0, phrase.length).join(' '), used: 1 + phrase.length - parts.length };
}

/** The count and how many words say it, read from the start of `words`. */
function readPhrase(words: string[]): { n: number; length: number } | undefined {
  if (words[0] === 'penultimate') return { n: -2, length: 1 };
  if (words[0] === 'next' && words[1] === 'to' && words[2] === 'last') return { n: -2, length: 3 };
  const n = ordinalOf(words[0]);
  if (n === undefined) return undefined;
  // "last but one", "last but two".
  const but = words[1] === 'but' ? ordinalOfCount(words[2]) : undefined;
  if (n === -1 && but !== undefined) return { n: -1 - but, length: 3 };
  if (n > 0 && (words[1] === 'to' || words[1] === 'from')) {
    const article = words[2] === 'the' ? 1 : 0;
    const end = words[2 + article];
    if (FROM_END.has(end) && (words[1] === 'from' || end === 'last')) return { n: -n, length: 3 + article };
    if (words[1] === 'from' && FROM_START.has(end)) return { n, length: 3 + article };
  }
  return { n, length: 1 };
}

/** "one", "two", "three" after "last but". */
function ordinalOfCount(word: string): number | undefined {
  const counts: Record<string, number> = { one: 1, two: 2, three: 3 };
  return Object.hasOwn(counts, word) ? counts[word] : undefined;
}

/**
 * "from the bottom" or "from the top" later in the target ("the second Book button from the bottom"): the end an
 * ordinal already read counts from, and how many tokens say it.
 */
export function countedEndAt(tokens: Token[], k: number): { fromEnd: boolean; used: number } | undefined {
  if (tokens[k].low !== 'from') return undefined;
  const article = tokens[k + 1]?.low === 'the' ? 1 : 0;
  const end = tokens[k + 1 + article];
  if (!end || end.quote) return undefined;
  if (FROM_END.has(end.low)) return { fromEnd: true, used: 2 + article };
  if (FROM_START.has(end.low)) return { fromEnd: false, used: 2 + article };
  return undefined;
}
