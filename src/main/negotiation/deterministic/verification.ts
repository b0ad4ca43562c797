/**
 * The verification parse: the predicate of "verify that the heading says Welcome", "check the href of Docs points to
 * /docs", "make sure no error is shown". The words before the predicate name the subject (the action parse reads
 * them); this reads the predicate and what is expected after it.
 */
import type { Token } from './tokens';
import { ATTRIBUTE_ALIASES, HREF_VERBS, RAW_ATTRIBUTES } from './vocabulary';
import { STOP_WORDS } from './words';

export interface Verification {
  /** A raw HTML attribute to check (`href` for "points to"): only the full DOM has it. */
  attribute?: string;
  /** What the subject's text or attribute should be: the value after the predicate. */
  expected?: string;
  /** "is not shown", "is gone", "no … is shown". */
  negated: boolean;
  /** "is visible/shown/displayed": present and not covered, rather than merely present. */
  visible: boolean;
}

const NEGATIONS = new Set([
  'not',
  'no',
  'never',
  "isn't",
  "doesn't",
  "aren't",
  "don't",
  'gone',
  'disappeared',
  'hidden',
  'absent',
  'missing',
]);
const VISIBILITY = new Set(['visible', 'shown', 'showing', 'displayed', 'appears', 'appear']);
/** Predicates that compare text: "the heading says Welcome". */
const TEXT_PREDICATES = new Set([
  'shows',
  'show',
  'contains',
  'contain',
  'displays',
  'display',
  'reads',
  'read',
  'says',
  'say',
  'equals',
  'equal',
  'includes',
  'include',
  'matches',
  'match',
]);
/** Words that end the subject of a check and open its predicate: "the banner is gone", "the total says 42". */
const PREDICATES = new Set([
  'is',
  'are',
  'was',
  'has',
  'have',
  'exists',
  'exist',
  'present',
  'should',
  'does',
  'do',
  ...TEXT_PREDICATES,
  'longer',
]);
/** Words that may open an unquoted expected value and are not part of it. */
const LEADING_FILLER = new Set([
  'to',
  'the',
  'a',
  'an',
  'be',
  'as',
  'exactly',
  'equal',
  'set',
  'of',
  'with',
  'text',
  'value',
]);

/** A raw-attribute reference at tokens[k]: its name and how many following tokens it used. */
export function attributeAt(tokens: Token[], k: number): { name: string; skip: number } | undefined {
  const word = tokens[k].low;
  const next = tokens[k + 1];
  const isAttributeWord = (w: string) => w === 'attribute' || w === 'attr';
  if (RAW_ATTRIBUTES.has(word) || word in ATTRIBUTE_ALIASES || /^(?:data|aria)-[a-z0-9-]+$/.test(word)) {
    const skip = next && (isAttributeWord(next.low) || (word === 'alt' && next.low === 'text')) ? 1 : 0;
    return { name: ATTRIBUTE_ALIASES[word] ?? word, skip };
  }
  if (
    !tokens[k].quote &&
    next &&
    isAttributeWord(next.low) &&
    /^[a-z][a-z0-9-]*$/.test(word) &&
    !STOP_WORDS.has(word)
  ) {
    return { name: word, skip: 1 };
  }
  if (
    isAttributeWord(word) &&
    next &&
    (next.quote || (/^[a-z][a-z0-9-]*$/.test(next.low) && !STOP_WORDS.has(next.low)))
  ) {
    return { name: next.quote ? next.raw : next.low, skip: 1 };
  }
  return undefined;
}

/** Reads a verification's predicate token by token, alongside the subject's words. */
export class PredicateReader {
  private readonly verification: Verification = { negated: false, visible: false };
  private readonly expectedQuotes: string[] = [];
  private inPredicate = false;
  private comparesText = false;
  /** The unquoted words after the last predicate word: the expected value when it compares text or an attribute. */
  private tail: Token[] = [];

  /** How many tokens from tokens[k] belong to the predicate; 0 when tokens[k] is a word (or quoted name) of the subject. */
  read(tokens: Token[], k: number): number {
    const token = tokens[k];
    const word = token.low;
    const next = tokens[k + 1]?.low ?? '';
    if (token.quote) {
      if (!this.inPredicate) return 0;
      this.expectedQuotes.push(token.raw);
      return 1;
    }
    if (word === 'there' && (next === 'is' || next === 'are')) return 2;
    const attribute = attributeAt(tokens, k);
    const pointsTo = HREF_VERBS.has(word) && next === 'to';
    if (NEGATIONS.has(word) || VISIBILITY.has(word) || attribute || pointsTo || PREDICATES.has(word)) this.tail = [];
    if (NEGATIONS.has(word)) {
      this.verification.negated = true;
      if (word === 'hidden') this.verification.visible = true;
      return 1;
    }
    if (VISIBILITY.has(word)) {
      this.verification.visible = true;
      this.inPredicate = true;
      return 1;
    }
    if (pointsTo) {
      this.verification.attribute ??= 'href';
      this.inPredicate = true;
      return 2;
    }
    if (attribute) {
      this.verification.attribute = attribute.name;
      return 1 + attribute.skip;
    }
    if (PREDICATES.has(word)) {
      this.inPredicate = true;
      if (TEXT_PREDICATES.has(word)) this.comparesText = true;
      return 1;
    }
    if (this.inPredicate) {
      this.tail.push(token);
      return 1;
    }
    return 0;
  }

  /** The verification read: expected is the first quoted value after the predicate, else its unquoted words. */
  result(): Verification {
    const tail = [...this.tail];
    while (tail.length && LEADING_FILLER.has(tail[0].low)) tail.shift();
    const unquoted =
      tail.length && (this.verification.attribute || this.comparesText)
        ? tail.map(token => token.raw).join(' ')
        : undefined;
    const expected = this.expectedQuotes[0] ?? unquoted;
    return { ...this.verification, ...(expected !== undefined ? { expected } : {}) };
  }
}
