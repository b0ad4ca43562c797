import { roleCode, type SemanticNode } from '../../../shared/negotiation';
import type { ParsedQuery } from './query';
import { ACTIVATE_VERBS, ICON_SYNONYMS } from './vocabulary';
import { synonymsOf } from './synonyms';
import {
  contentWords,
  normalizePhrase,
  normalizeWord,
  rawTokens,
  similarityTo,
  STOP_WORDS,
  wordSimilarity,
} from './words';

/** One thing the target's name should contain; an icon is one slot that any of its usual names fills. */
export interface Slot {
  label: string;
  forms: string[];
}

/** The query's target words, the words of its quoted names, and its icon's usual names, one slot each. */
export function targetSlots(q: ParsedQuery): Slot[] {
  const slots: Slot[] = [];
  const add = (label: string) => {
    const form = normalizeWord(label);
    if (!slots.some(slot => slot.forms.includes(form)))
      slots.push({ label, forms: [form, ...synonymsOf(label, label === q.verbWord)] });
  };
  q.words.forEach(add);
  for (const name of q.names) contentWords(name).forEach(add);
  if (q.icon && ICON_SYNONYMS[q.icon].length)
    slots.push({ label: `${q.icon} icon`, forms: ICON_SYNONYMS[q.icon].map(normalizeWord) });
  return slots;
}

export interface TextMatch {
  /** F1 of recall (slots filled) and precision (the text's words that some slot explains). */
  score: number;
  recall: number;
  precision: number;
  matched: string[];
  unmatched: string[];
}

/** A slot counts as matched from this similarity on: a typo or a short extension, not a mere shared prefix. */
const MATCHED = 0.7;

interface Analysed {
  words: { k: number; form: string }[];
  compounds: { parts: [number, number]; form: string }[];
}

/**
 * Names analysed once: the client sends the same tree for every round and query on a page, and a ranking reads each
 * name several times. Bounded; long texts (a page's joined names) are not kept.
 */
const analysed = new Map<string, Analysed>();
const MAX_ANALYSED = 50_000;
const MAX_CACHED_LENGTH = 200;

function analyse(text: string): Analysed {
  const cached = analysed.get(text);
  if (cached) return cached;
  const tokens = rawTokens(text);
  const allStop = tokens.every(token => STOP_WORDS.has(token));
  const words = tokens
    .map((token, k) => ({ k, form: normalizeWord(token) }))
    .filter(({ k }) => allStop || !STOP_WORDS.has(tokens[k]));
  // Adjacent tokens joined, so "Log in" also reads "login" and "e-mail" reads "email".
  const compounds = tokens
    .slice(1)
    .map((token, k) => ({ parts: [k, k + 1] as [number, number], form: normalizeWord(tokens[k] + token) }));
  const result = { words, compounds };
  if (text.length <= MAX_CACHED_LENGTH) {
    if (analysed.size >= MAX_ANALYSED) analysed.clear();
    analysed.set(text, result);
  }
  return result;
}

const noMatches = new WeakMap<Slot[], TextMatch>();

function noMatchFor(slots: Slot[]): TextMatch {
  let none = noMatches.get(slots);
  if (!none)
    noMatches.set(
      slots,
      (none = Object.freeze({
        score: 0,
        recall: 0,
        precision: 0,
        matched: [],
        unmatched: slots.map(slot => slot.label),
      })),
    );
  return none;
}

export function matchText(text: string, slots: Slot[]): TextMatch {
  const { words, compounds } = analyse(text);
  const credit = new Map<number, number>();
  const give = (k: number, value: number) => credit.set(k, Math.max(credit.get(k) ?? 0, value));
  const slotScores = slots.map(slot => {
    let best = 0;
    for (const form of slot.forms) {
      for (const word of words) {
        const similarity = wordSimilarity(form, word.form);
        give(word.k, similarity);
        best = Math.max(best, similarity);
      }
      for (const compound of compounds) {
        const similarity = wordSimilarity(form, compound.form);
        if (similarity >= MATCHED) compound.parts.forEach(k => give(k, similarity));
        best = Math.max(best, similarity);
      }
    }
    return best;
  });
  // Most names of a big tree share nothing with the query: one shared answer for them spares the garbage collector.
  if (slotScores.every(score => score === 0)) return noMatchFor(slots);
  const recall = slots.length ? slotScores.reduce((sum, s) => sum + s, 0) / slots.length : 0;
  const precision = words.length ? words.reduce((sum, word) => sum + (credit.get(word.k) ?? 0), 0) / words.length : 0;
  return {
    score: recall + precision > 0 ? (2 * recall * precision) / (recall + precision) : 0,
    recall,
    precision,
    matched: slots.filter((_, k) => slotScores[k] >= MATCHED).map(slot => slot.label),
    unmatched: slots.filter((_, k) => slotScores[k] < MATCHED).map(slot => slot.label),
  };
}

export interface Match extends TextMatch {
  node: SemanticNode;
  /** Position in interactiveTree: document order. */
  index: number;
  /** Name plus the bonuses below: what candidates are ranked by. */
  total: number;
  /** A quoted value of the query is exactly the name. */
  exact: boolean;
  roleHinted: boolean;
}

const EXACT_BONUS = 0.5;
const CONTAINS_BONUS = 0.2;
const ROLE_BONUS = 0.25;
const KIND_BONUS = 0.15;
/** A name that holds the query's phrase, stop words included ("Sign in with …" for "the sign in with button"). */
const PHRASE_BONUS = 0.5;

function holdsPhrase(name: string, phrase: string[]): boolean {
  const tokens = rawTokens(name);
  for (let k = 0; k + phrase.length <= tokens.length; k++)
    if (phrase.every((word, j) => tokens[k + j] === word)) return true;
  return false;
}

/** Totals this close count as equally good. */
const TIE_MARGIN = 0.01;

/**
 * The nodes the query may mean, best first (document order among equals). With target words, a node must share at
 * least one with its name; without, a hinted role selects ("the second link"), else every node stays in.
 */
export function rankNodes(nodes: SemanticNode[], q: ParsedQuery): Match[] {
  const slots = targetSlots(q);
  const names = q.names.map(normalizePhrase);
  // Not when the verb is a control of its own ("archive the mail from Alex": the Archive button, in Alex's row).
  const kindSlot =
    q.kind && q.ownerWords && (!q.verbWord || ACTIVATE_VERBS.has(q.verbWord))
      ? slots.find(slot => slot.forms.includes(q.kind!))?.label
      : undefined;
  const matches: Match[] = [];
  nodes.forEach((node, index) => {
    const text = matchText(node.n ?? '', slots);
    const name = names.length ? normalizePhrase(node.n ?? '') : '';
    const exact = names.some(quoted => quoted === name);
    const contains = !exact && names.some(quoted => quoted && name.includes(quoted));
    const roleHinted = q.roles.includes(roleCode(node.r));
    const accepted = slots.length ? text.score > 0 || exact || contains : !q.roles.length || roleHinted;
    if (!accepted) return;
    const phrased = q.phrase && text.score > 0 ? holdsPhrase(node.n ?? '', q.phrase) : false;
    // "photos of the twin room": the kind named before what it belongs to is what the element is called.
    const kindNamed = kindSlot !== undefined && text.matched.includes(kindSlot);
    const total =
      text.score +
      (kindNamed ? KIND_BONUS : 0) +
      (exact ? EXACT_BONUS : contains ? CONTAINS_BONUS : 0) +
      (roleHinted ? ROLE_BONUS : 0) +
      (phrased ? PHRASE_BONUS : 0);
    matches.push({ ...text, node, index, total, exact, roleHinted });
  });
  return matches.sort((a, b) => b.total - a.total || a.index - b.index);
}

/**
 * The equally good best matches of a ranking; among them, those whose name holds the query's leading verb if any do:
 * "Add the Pro plan to cart" means an "Add to cart" button rather than the "Pro plan" link that scores the same.
 */
export function bestTier(ranked: Match[], q: ParsedQuery): Match[] {
  const [top] = ranked;
  // "the offsite email" between "Budget for the offsite" and "Offsite venue options": both hold the same words of the
  // query and more besides; the shorter name is no better evidence.
  const loose = top && !top.exact && top.precision < 1;
  const alike = (match: Match) =>
    loose &&
    !match.exact &&
    match.roleHinted === top.roleHinted &&
    match.matched.length === top.matched.length &&
    match.matched.every(label => top.matched.includes(label));
  const tier = top ? ranked.filter(match => match.total >= top.total - TIE_MARGIN || alike(match)) : [];
  const acting = q.verbWord ? tier.filter(match => match.matched.includes(q.verbWord!)) : [];
  if (acting.length) return acting;
  // "open the archive": of a link and buttons named alike, opening means the link.
  const links =
    (q.verbWord && ACTIVATE_VERBS.has(q.verbWord)) || q.going
      ? tier.filter(match => roleCode(match.node.r) === 'lnk')
      : [];
  return links.length ? links : tier;
}

/** Below this, a name shares no more than a stray letter pair with the query. */
const MIN_SIMILARITY = 0.25;

/** The named nodes whose names look most like what the query asked for: for a failure that helps. */
export function closestNodes(nodes: SemanticNode[], q: ParsedQuery, count = 3): SemanticNode[] {
  const similarity = similarityTo([...q.names, ...q.words].join(' '));
  return nodes
    .filter(node => node.n)
    .map(node => ({ node, similarity: similarity(node.n ?? '') }))
    .filter(({ similarity }) => similarity >= MIN_SIMILARITY)
    .sort((a, b) => b.similarity - a.similarity)
    .slice(0, count)
    .map(({ node }) => node);
}
