import {
  CENTRE_WORDS,
  CHECK_ROLES,
  COLOUR_WORDS,
  CONTAINER_NOUNS,
  HORIZONTAL_WORDS,
  HREF_VERBS,
  FOCUS_WORDS,
  ICON_SYNONYMS,
  ICON_WORDS,
  OWNER_PREPOSITIONS,
  PHRASAL_SWITCHES,
  ROLE_PHRASES,
  ROLE_WORDS,
  SEARCH_ROLES,
  TELLING_VERBS,
  VERTICAL_WORDS,
  WRITING_VERBS,
  ordinalOf,
} from './vocabulary';
import { keyOf } from './keys';
import { countedEndAt, ordinalAt } from './ordinals';
import { superlativeAt } from './superlatives';
import { isUrlLike, readScroll, waitOf } from './page-verbs';
import { tokenize, type Token } from './tokens';
import { attributeAt, PredicateReader } from './verification';
import type { Ordinal, ParsedQuery, Verb } from './parsed-query';

export type { Ordinal, ParsedQuery, Verb, Verification } from './parsed-query';
import { normalizeWord, rawTokens, STOP_WORDS } from './words';

const FILLER = new Set(['please', 'kindly', 'now', 'then', 'just', 'also', 'and', 'ok', 'okay', 'hi', 'hey']);
const VERIFY_VERBS = new Set(['verify', 'assert', 'ensure', 'confirm', 'validate']);
// "smash save", "poke the bell": how hard a click is does not change it.
const CLICK_VERBS = new Set(['click', 'tap', 'push', 'smash', 'mash', 'whack', 'jab', 'poke']);
const KEY_VERBS = new Set(['press', 'hit']);
const TYPE_VERBS = new Set(['type', 'enter', 'input', 'write', 'fill']);
const SELECT_VERBS = new Set(['select', 'choose', 'pick']);
const GO_VERBS = new Set(['go', 'navigate', 'browse']);

/** Parses a natural-language step ("Click the blue Save button", `Type "hi" into search`) into what the planner needs. */
export function parseQuery(query: string): ParsedQuery {
  const tokens = tokenize(query);
  let start = 0;
  const low = (k: number) => tokens[k]?.low ?? '';
  for (;;) {
    if (FILLER.has(low(start))) start++;
    else if (/^(?:can|could|would|will)$/.test(low(start)) && low(start + 1) === 'you') start += 2;
    else break;
  }
  const head = low(start);
  const rest = tokens.slice(start + 1);
  const after = (skip: string[]) => (skip.includes(rest[0]?.low) ? rest.slice(1) : rest);

  if (VERIFY_VERBS.has(head)) return readTarget('verify', after(['that', 'whether', 'if']));
  if (head === 'make' && low(start + 1) === 'sure') {
    const body = rest.slice(1);
    return readTarget('verify', ['that', 'whether', 'if'].includes(body[0]?.low) ? body.slice(1) : body);
  }
  // "check that …" and "check the href of …" verify; "check the terms box" and "tick …" tick a checkbox.
  if (head === 'check' && ['that', 'whether', 'if'].includes(rest[0]?.low)) return readTarget('verify', rest.slice(1));
  if (
    head === 'check' &&
    rest.some((_, k) => attributeAt(rest, k) || (HREF_VERBS.has(rest[k].low) && rest[k + 1]?.low === 'to'))
  )
    return readTarget('verify', rest);
  if (head === 'check' || head === 'tick') return readTarget('check', rest);
  if (head === 'uncheck' || head === 'untick') return { ...readTarget('check', rest), uncheck: true };
  if (KEY_VERBS.has(head) || ((head === 'enter' || head === 'return') && keyOf(tokens.slice(start)))) {
    // "press Enter to submit": the key, then what it is for.
    const purpose = rest.findIndex(token => token.low === 'to');
    const key = KEY_VERBS.has(head)
      ? (keyOf(rest) ?? (purpose > 0 ? keyOf(rest.slice(0, purpose)) : undefined))
      : keyOf(tokens.slice(start));
    if (key) return { verb: 'press', words: [], names: [], roles: [], key };
    return readTarget('click', rest);
  }
  if (CLICK_VERBS.has(head)) return readTarget('click', rest);
  if (TYPE_VERBS.has(head)) return readTarget('type', head === 'fill' ? after(['in', 'out']) : rest);
  if (head === 'search' && (low(start + 1) === 'for' || rest.some(token => token.quote))) {
    const parsed = readTarget('type', after(['for']));
    return { ...parsed, words: ['search', ...parsed.words], roles: [...new Set([...SEARCH_ROLES, ...parsed.roles])] };
  }
  if (SELECT_VERBS.has(head)) {
    const parsed = readTarget('select', rest);
    return parsed.value === undefined ? { ...parsed, choiceVerb: head } : parsed;
  }
  if (head === 'set' && rest.some(token => token.quote)) return readTarget('set', rest);
  if (head === 'scroll') return readScroll(rest);
  if (head === 'wait') return { verb: 'wait', words: [], names: [], roles: [], waitMs: waitOf(rest) };
  if (GO_VERBS.has(head) || head === 'visit' || head === 'open' || head === 'load') {
    const target = GO_VERBS.has(head) ? after(['to']) : rest;
    const url = target.find(token => isUrlLike(token.raw))?.raw;
    if (url) return { verb: 'navigate', words: [], names: [], roles: [], url };
    // "go to settings" means the Settings link; "open menu" keeps "open" as a word of the target's name.
    return head === 'open' ? keepingVerb(tokens.slice(start)) : { ...readTarget('click', target), going: true };
  }
  return keepingVerb(tokens.slice(start));
}

/** An unknown leading verb ("add", "buy") is part of what the element is called: "Add to cart", "Buy now". */
function keepingVerb(tokens: Token[]): ParsedQuery {
  // "only vegetarian": a focusing word opens no command.
  if (FOCUS_WORDS.has(tokens[0]?.low ?? '') && tokens.length > 1) return keepingVerb(tokens.slice(1));
  const [first, ...rest] = tokens;
  if (!first) return readTarget('click', tokens);
  // "Leo's message …": a possessive opens a name, not a command.
  // "text me security alerts", "email me when it ships": how to be told is part of what is chosen, not a verb.
  const toMe = TELLING_VERBS.has(first.low) && (rest[0]?.low === 'me' || rest[0]?.low === 'us');
  // "turn off email alerts": the particle belongs to the verb, not to the target's name; "switch off" is no Switch.
  const particle = PHRASAL_SWITCHES.has(first.low) && (rest[0]?.low === 'on' || rest[0]?.low === 'off');
  // "sms me about security alerts": how, then what about — both words of the target, no anchor.
  if (toMe && rest[1] && /^(?:about|for|on|when)$/.test(rest[1].low))
    return readTarget('click', [first, ...rest.slice(2)]);
  // "bin the fifth member", "trash those drafts": an icon's word before what it acts on is the verb, not the icon.
  const iconVerb = ICON_VERBS.has(first.low) && DETERMINERS.has(rest[0]?.low ?? '');
  if (!first || first.quote || (isVocabulary(first.low) && !particle && !iconVerb) || /['’]s$/i.test(first.raw) || toMe)
    return readTarget('click', tokens);
  // "add the note "Happy birthday!" to the gift": quoted text added somewhere is typed there.
  if (WRITING_VERBS.has(first.low) && rest.some(token => token.quote)) return readTarget('type', rest);
  const parsed = readTarget('click', particle ? rest.slice(1) : rest);
  const kept = rawTokens(first.raw).filter(word => !STOP_WORDS.has(word));
  // "turn off the second toggle", "switch on the push mentions": the verb with its particle names no control.
  if (particle) return { ...parsed, verbWord: kept[0] };
  return { ...parsed, words: [...kept, ...parsed.words], ...(kept.length ? { verbWord: kept[0] } : {}) };
}

function isVocabulary(word: string): boolean {
  return (
    word in COLOUR_WORDS ||
    word in ICON_WORDS ||
    ordinalOf(word) !== undefined ||
    word in VERTICAL_WORDS ||
    word in HORIZONTAL_WORDS ||
    CENTRE_WORDS.has(word) ||
    STOP_WORDS.has(word) ||
    word in ROLE_WORDS
  );
}

/**
 * The target of an element verb. For `verify`, the words before the predicate ("is", "has", "points to", …) name the
 * subject and the quoted value after it is what is expected. `literal`: every word is a word (an anchor's text).
 */
function readTarget(verb: Verb, tokens: Token[], literal = false): ParsedQuery {
  const q: ParsedQuery = { verb, words: [], names: [], roles: [] };
  const predicate = verb === 'verify' ? new PredicateReader() : undefined;
  const quotes: string[] = [];
  const written: string[] = [];
  let ownerNamed = false;
  let complemented = false;
  let placed: string[] | undefined;
  const addRoles = (roles: readonly string[]) => {
    for (const role of roles) if (!q.roles.includes(role)) q.roles.push(role);
  };

  const lows = tokens.map(token => token.low);
  for (let k = 0; k < tokens.length; k++) {
    const token = tokens[k];
    const word = token.low;
    const next = tokens[k + 1]?.low ?? '';
    const used = predicate?.read(tokens, k) ?? 0;
    if (used) {
      k += used - 1;
      continue;
    }
    if (token.quote) {
      quotes.push(token.raw);
      continue;
    }
    // A verification's subject is read without clauses or places: its predicate says what it is like.
    if (
      !predicate &&
      RELATIVE.has(word) &&
      (q.words.length || q.roles.length) &&
      tokens[k + 1] &&
      !tokens[k + 1].quote
    ) {
      // "the train that leaves from platform 9", "the button that says Save": the clause's verb is not a word of the
      // target; what follows it is. It may say what the target does ("the button that leaves this channel").
      k++;
      (q.clauseVerbs ??= []).push(normalizeWord(tokens[k].low));
      continue;
    }
    if (!predicate && (RELATIONAL.has(word) || (word === 'next' && next === 'to'))) {
      // "the Go button next to the search box": what follows places the target; it is not part of its name.
      if (q.words.length || quotes.length || q.roles.length || q.icon) {
        const anchor = readTarget('click', tokens.slice(k + (word === 'next' ? 2 : 1)), true);
        if (anchor.words.length || anchor.names.length) q.anchor = anchor;
        break;
      }
    }

    // An anchor's words are what its text says: "next to Blue trail shoes" names, it does not pick a colour.
    if (literal) {
      for (const part of rawTokens(token.raw.replace(/['’]s$/i, '')))
        if (!STOP_WORDS.has(part) && !(part in ROLE_WORDS)) q.words.push(part);
      continue;
    }
    const end = q.ordinal ? countedEndAt(tokens, k) : undefined;
    if (q.ordinal && end) {
      if (end.fromEnd && q.ordinal.n > 0)
        q.ordinal = { ...q.ordinal, n: -q.ordinal.n, word: `${q.ordinal.word} from the end` };
      k += end.used - 1;
      continue;
    }
    // Positions: "top-right", "top right corner", "upper left", "bottom", "centre".
    const [first, second] = word.replace(/-hand$/, '').split('-');
    const vertical = VERTICAL_WORDS[first];
    const horizontal = HORIZONTAL_WORDS[second ?? next.replace(/-hand$/, '')];
    if (vertical) {
      q.position = horizontal ? `${vertical}-${horizontal}` : vertical;
      if (horizontal && !second) k++;
      if (tokens[k + 1]?.low === 'corner') k++;
      continue;
    }
    if (HORIZONTAL_WORDS[first] && !second) {
      q.position = HORIZONTAL_WORDS[first];
      continue;
    }
    if (CENTRE_WORDS.has(word)) {
      q.position = 'center';
      continue;
    }
    if (word === 'corner') continue;
    if (word in COLOUR_WORDS) {
      q.colour = COLOUR_WORDS[word];
      continue;
    }
    // Icons: "gear", "magnifying glass", "close icon", "x"; "<word> icon" keeps the word for the name.
    if (word === 'magnifying' && next === 'glass') {
      q.icon = 'magnifier';
      k++;
      continue;
    }
    if (word === 'close' && next === 'icon') {
      q.icon = 'close';
      k++;
      continue;
    }
    // "the plus icon", "the bell", "the x in the corner" — but "Plus fare": before a noun of its own, a name.
    // "the hamburger menu", "the trash bin": a noun the icon stands for keeps it an icon.
    const iconNoun = word in ICON_WORDS && ICON_SYNONYMS[ICON_WORDS[word]].includes(normalizeWord(next));
    const iconNamed =
      word !== 'icon' && /^[\p{L}]{3,}$/u.test(next) && !STOP_WORDS.has(next) && !ICON_FOLLOWERS.has(next) && !iconNoun;
    if (word in ICON_WORDS && !(iconNamed && !(next in ROLE_WORDS) && !RELATIONAL.has(next))) {
      if (word !== 'icon' || !q.icon) q.icon = ICON_WORDS[word];
      continue;
    }
    const counted = ordinalAt(tokens, k);
    if (counted) {
      k += counted.used - 1;
      const noun = normalizeWord(tokens[k + 1]?.low ?? '');
      const ordinal: Ordinal = CONTAINER_NOUNS.has(noun)
        ? { n: counted.n, word: counted.word, noun }
        : { n: counted.n, word: counted.word };
      if (ordinal.noun) k++;
      // "view the second order": the word that ends the phrase after an ordinal names what is counted.
      else if (k + 2 === tokens.length && !tokens[k + 1].quote && !isVocabulary(tokens[k + 1].low))
        ordinal.head = normalizeWord(tokens[k + 1].low);
      // "the 5th member's Remove": the possessor is what is counted, its Remove is what is clicked.
      else if (tokens[k + 1] && !tokens[k + 1].quote && /^[\p{L}]+['’]s$/iu.test(tokens[k + 1].raw))
        ordinal.head = normalizeWord(tokens[k + 1].low.replace(/['’]s$/, ''));
      // "the first Book button in the second row": a count within a counted container.
      if (q.ordinal) q.nestedCount = true;
      q.ordinal = ordinal;
      continue;
    }
    // Role words: "search box" keeps "search" as a word; a checkbox is a "box" to tick.
    if (word === 'search' && ['box', 'bar', 'field', 'input'].includes(next)) {
      q.words.push('search');
      addRoles(SEARCH_ROLES);
      k++;
      continue;
    }
    const phrase = ROLE_PHRASES[word]?.[next];
    if (phrase) {
      addRoles(phrase);
      k++;
      continue;
    }
    const singular = normalizeWord(word);
    const roles = verb === 'check' && singular === 'box' ? CHECK_ROLES : (ROLE_WORDS[word] ?? ROLE_WORDS[singular]);
    // "the 5th Select button", "the Option link": a role word before the role word that ends the phrase is a name.
    const named = roles && !token.quote && (next in ROLE_WORDS || normalizeWord(next) in ROLE_WORDS);
    if (roles && !named) {
      addRoles(roles);
      continue;
    }
    // "show only mentions": a focusing adverb narrows the step, it names nothing.
    if (FOCUS_WORDS.has(word)) continue;
    // "the cheapest train": which of the matches, read from their rows.
    const superlative = superlativeAt(lows, k);
    if (superlative) {
      q.superlative = superlative.superlative;
      k += superlative.used - 1;
      continue;
    }
    if (word === 'my' || word === 'our') q.mine = true;
    // "Silva's" is Silva: the possessive is not a word of the name.
    // "Bruno Silva's order": the words before the possessive are the possessor's name too.
    if (/['’]s$/i.test(token.raw))
      (q.possessors ??= []).push(...q.words, ...rawTokens(token.raw.replace(/['’]s$/i, '')));
    for (const part of rawTokens(token.raw.replace(/['’]s$/i, ''))) {
      written.push(part);
      // "save the recipe as a PDF", "mark it as read": what it becomes, not what kind of thing it is.
      if (part === 'as' && q.words.length) complemented = true;
      if (!STOP_WORDS.has(part) && placed) {
        placed.push(part);
      } else if (!STOP_WORDS.has(part)) {
        q.words.push(part);
        // "flight TP 542": a code or a number identifies the thing; the noun says what kind it is.
        const code = /\d/.test(part) || /^[A-Z]{2,3}$/.test(token.raw);
        if (!ownerNamed && !complemented && (!code || !q.kind)) q.kind = normalizeWord(part);
        else if (ownerNamed) (q.ownerWords ??= []).push(part);
      } else if (OWNER_PREPOSITIONS.has(part) && q.words.length && !ownerNamed) {
        ownerNamed = true;
        q.ownerBy = part;
      } else if (PLACING.has(part) && !q.words.length && !placed && (q.roles.length || q.ordinal)) {
        // "the first toggle in text messages": a target named by role or count alone, then where it is.
        placed = [];
      }
    }
  }
  while (written.length && ARTICLES.has(written[0])) written.shift();
  while (written.length && ARTICLES.has(written.at(-1)!)) written.pop();
  const inner = written.length >= 3 && written.slice(1, -1).some(word => STOP_WORDS.has(word));
  if (inner || (written.length >= 2 && STOP_WORDS.has(written.at(-1)!))) q.phrase = written;
  // "the From field", "the To field": a capitalised stop word is a name when nothing else names the target.
  if (
    verb !== 'verify' &&
    !q.words.length &&
    !quotes.slice(verb === 'type' || verb === 'select' || verb === 'set' ? 1 : 0).length
  ) {
    for (const token of tokens.slice(1))
      if (!token.quote && /^\p{Lu}/u.test(token.raw) && STOP_WORDS.has(token.low)) q.words.push(token.low);
  }

  if (verb === 'type' || verb === 'select' || verb === 'set') {
    [q.value] = quotes;
    q.names = quotes.slice(1);
  } else {
    q.names = quotes;
  }
  if (predicate) q.verification = predicate.result();
  if (placed?.length && !q.anchor) q.anchor = { verb: 'click', words: placed, names: [], roles: [] };
  return q;
}

const ARTICLES = new Set(['the', 'a', 'an', 'my', 'your', 'this', 'that']);

/** Icon words that are verbs too ("bin it"), and the words that open what such a verb acts on. */
const ICON_VERBS = new Set(['bin', 'trash', 'heart']);
const DETERMINERS = new Set([...ARTICLES, 'these', 'those', 'all', 'his', 'her', 'their', 'our', 'it', 'them']);

/** Words after an icon's name that keep it an icon: "the plus sign", "the trash can". */
const ICON_FOLLOWERS = new Set(['icon', 'sign', 'symbol', 'can', 'glass', 'mark', 'next', 'beside', 'near']);

/** Prepositions of where a target is: "the first toggle in text messages". */
const PLACING = new Set(['in', 'within', 'inside', 'on']);

/** Words that open a clause about the target, whose first word is its verb: "that leaves", "which says", "who sent". */
const RELATIVE = new Set(['that', 'which', 'who']);

/** Words after which the rest of a target says where it is: "under Pro plan", "next to the search box", "about the storm". */
const RELATIONAL = new Set(['under', 'below', 'beneath', 'underneath', 'above', 'beside', 'near']);

/** The visual references of a query, described for a reason or a thought; empty when the semantic tree suffices. */
export function visualReferences(q: ParsedQuery): string[] {
  const references: string[] = [];
  if (q.colour) references.push(`the colour "${q.colour}"`);
  if (q.icon) references.push(q.icon === 'icon' ? 'an icon' : `the ${q.icon} icon`);
  if (q.position) references.push(`the position "${q.position}"`);
  if (q.ordinal?.noun) references.push(`"${q.ordinal.word} ${q.ordinal.noun}"`);
  return references;
}
