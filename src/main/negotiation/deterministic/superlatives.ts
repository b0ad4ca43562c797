// "book the cheapest train", "take the earliest flight": among candidates nothing else tells apart, the one whose row
// or card holds the lowest price or the earliest time.
import type { InteractRequest } from '../../../shared/negotiation';
import type { ParsedQuery } from './query';
import { describeNode, fail } from './responses';
import { matchText, type Match, type Slot } from './scoring';
import { surroundings } from './structure';
import type { Resolution } from './target';

export interface Superlative {
  word: string;
  measure: 'price' | 'time';
  pick: 'min' | 'max';
}

const BY_WORD: Record<string, Omit<Superlative, 'word'>> = {
  cheapest: { measure: 'price', pick: 'min' },
  priciest: { measure: 'price', pick: 'max' },
  dearest: { measure: 'price', pick: 'max' },
  earliest: { measure: 'time', pick: 'min' },
  latest: { measure: 'time', pick: 'max' },
};

/** The superlative `words[k]` (with `words[k + 1]`: "most expensive") says, and how many words it takes. */
export function superlativeAt(words: string[], k: number): { superlative: Superlative; used: number } | undefined {
  const word = words[k];
  if (Object.hasOwn(BY_WORD, word)) return { superlative: { word, ...BY_WORD[word] }, used: 1 };
  const pair = `${word} ${words[k + 1] ?? ''}`;
  if (pair === 'most expensive') return { superlative: { word: pair, measure: 'price', pick: 'max' }, used: 2 };
  if (pair === 'least expensive') return { superlative: { word: pair, measure: 'price', pick: 'min' }, used: 2 };
  return undefined;
}

// "€39", "$1,200.00", "39 €", "39 EUR"; not the "11" of "platform 11 €39".
const PRICE = /[€$£]\s?(\d[\d,]*(?:\.\d+)?)|(\d[\d,]*(?:\.\d+)?)\s?(?:€(?!\s?\d)|EUR\b|USD\b|GBP\b)/;
const TIME = /\b(\d{1,2}):(\d{2})\b/;

function measureOf(text: string, measure: Superlative['measure']): number | undefined {
  if (measure === 'price') {
    const price = PRICE.exec(text);
    return price ? Number((price[1] ?? price[2]).replace(/,/g, '')) : undefined;
  }
  const time = TIME.exec(text);
  return time ? Number(time[1]) * 60 + Number(time[2]) : undefined;
}

/**
 * The candidate whose surroundings hold the extreme price or time, among those whose surroundings hold the query's
 * other leftover words ("the cheapest direct train": the direct ones); undefined when some have no such figure or two
 * share the extreme.
 */
export function bySuperlative(
  request: InteractRequest,
  q: ParsedQuery,
  leftover: Slot[],
  open: Match[],
): Resolution | undefined {
  const superlative = q.superlative;
  if (!superlative || !request.skeletonDom) return undefined;
  const contexts = surroundings(
    request.skeletonDom,
    open.map(match => match.node.i),
  );
  const kept = open
    .map(match => ({ match, context: contexts.get(match.node.i) ?? '' }))
    .filter(({ context }) => !leftover.length || matchText(context, leftover).matched.length === leftover.length)
    .map(entry => ({ ...entry, value: measureOf(entry.context, superlative.measure) }));
  if (!kept.length || kept.some(({ value }) => value === undefined)) return undefined;
  const values = kept.map(({ value }) => value!);
  const extreme = superlative.pick === 'min' ? Math.min(...values) : Math.max(...values);
  const at = kept.filter(({ value }) => value === extreme);
  if (at.length !== 1)
    return {
      answer: fail(
        `Cannot tell which is the ${superlative.word}: ${at.map(({ match }) => describeNode(match.node)).join(' and ')} share it.`,
      ),
    };
  const what = superlative.measure === 'price' ? 'price' : 'time';
  return {
    found: at[0].match,
    reasons: [
      `its row or card holds the ${superlative.pick === 'min' ? 'lowest' : 'highest'} ${what} of the ${kept.length} that fit`,
    ],
  };
}
