/**
 * How people phrase a step, brought to the forms the parser reads: one step out of a multi-step query, polite
 * wrappers dropped, a misspelt verb corrected, and an unquoted value ("put 42.50 in Amount", "set Quantity to 3")
 * quoted, so `Type "42.50" into Amount` and the phrasing users actually type go through the same parser.
 */
import { withoutCourtesies } from './courtesy';
import { masked } from './spelling';
import { commandOnTopic } from './topic';
import { asCommand } from './first-person';
import { dropClosers, dropOpeners, placeLast, STEP_VERBS } from './discourse';
import { fieldThenValue, plainVerb, statedValue } from './statements';
import { editDistance, STOP_WORDS, rawTokens } from './words';

export interface Steps {
  first: string;
  /** The steps after the first, as written: the client loop plans them one by one. */
  rest?: string;
}

// Separators that always end a step, and those that end one only before a verb or a further "X into Y" clause.
const ALWAYS = /\s*(?:,\s*and\s+then|,\s*then|\band\s+then|;|\bthen)\s+/gi;
const MAYBE = /\s*(?:,\s*and|,|\band)\s+/gi;
/** "…, Tokyo into To" or "… and last name with Lovelace": a short target and its value, a step without its verb. */
const VALUE_CLAUSE = /^(?:\S+\s+){0,3}?\S+\s+(?:into|with)\s+\S/i;
const TYPING = /^(?:\S+\s+){0,4}?(?:type|enter|input|write|put|fill)\b/i;

/** Splits "Type X into A, then click B" at the first step boundary; quoted text never splits. */
export function splitSteps(query: string): Steps {
  // Without its wrapper first: the comma of "okay, go on and …" ends no step.
  const { text: flat, restore } = masked(query.trim());
  const text = commandOnTopic(dropOpeners(withoutCourtesies(flat)));
  let cut: { at: number; end: number } | undefined;
  for (const match of text.matchAll(ALWAYS)) {
    if (match.index > 0) {
      cut = { at: match.index, end: match.index + match[0].length };
      break;
    }
  }
  for (const match of text.matchAll(MAYBE)) {
    if (match.index === 0 || (cut && match.index >= cut.at)) continue;
    const after = text.slice(match.index + match[0].length);
    const word = after.match(/^[\p{L}-]+/u)?.[0].toLowerCase() ?? '';
    const valueClause = TYPING.test(text) && VALUE_CLAUSE.test(after);
    if (STEP_VERBS.has(word) || valueClause) {
      cut = { at: match.index, end: match.index + match[0].length };
      break;
    }
  }
  if (!cut) return { first: restore(text).trim() };
  const rest = restore(text.slice(cut.end))
    .trim()
    .replace(/[.!]+$/, '');
  return rest ? { first: restore(text.slice(0, cut.at)).trim(), rest } : { first: restore(text).trim() };
}

/** Verbs no contract action carries out: asked for, the planner says so instead of clicking. */
const UNSUPPORTED =
  /^(?:hover(?:\s+over)?|mouse\s*over|drag|drop|upload|attach|download|copy|paste|zoom|right[\s-]?click|double[\s-]?click|doubleclick|print\s+(?:the\s+)?page|take\s+a\s+screenshot)\b/i;

/** Words that open a check or a command without being step verbs: "make sure the total is 42", "assert …". */
const COMMANDS = new Set(['make', 'assert', 'ensure', 'validate', 'expect', 'check', 'verify', 'confirm', 'is', 'are']);

/** Verbs a misspelling is corrected to: "clcik", "clikc", "typ", "serach". */
const CORRECTABLE = ['click', 'type', 'select', 'search', 'enter', 'press', 'choose', 'check', 'scroll', 'navigate'];

function correctVerb(word: string): string {
  const low = word.toLowerCase();
  // "chuck" is a word of its own, no misspelt "check".
  if (CORRECTABLE.includes(low) || STEP_VERBS.has(low) || TYPING_VERBS.has(low)) return word;
  if (low.length < 3) return word;
  return CORRECTABLE.find(verb => verb[0] === low[0] && editDistance(verb, low) === 1) ?? word;
}

export interface Phrasing {
  /** The step in the parser's forms: polite words gone, verb corrected, an unquoted value quoted. */
  text: string;
  /** "set X to V" and "change X to V": type or select, whichever the target takes. */
  set?: boolean;
  /** A verb no action of the contract does ("hover", "drag"), as written. */
  unsupported?: string;
}

const quote = (value: string) => (value.includes('"') ? `“${value}”` : `"${value}"`);

/** A target written only with stop words ("To", "From") would vanish in parsing: quoted, it is a name. */
function target(text: string): string {
  const words = rawTokens(text);
  return words.length && words.every(word => STOP_WORDS.has(word)) ? quote(text) : text;
}

/** Cuts `body` at the last of `words` (" into ", " in "…) that leaves text on both sides: [before, after]. */
function lastCut(body: string, words: string[]): [string, string] | undefined {
  for (const word of words) {
    const at = body.toLowerCase().lastIndexOf(` ${word} `);
    if (at > 0 && at + word.length + 2 < body.length)
      return [body.slice(0, at).trim(), body.slice(at + word.length + 2).trim()];
  }
  return undefined;
}

/** Cuts at the first " to " after the first word: "set To to Tokyo" → To | Tokyo. */
function firstCut(body: string, word: string): [string, string] | undefined {
  const at = body.toLowerCase().indexOf(` ${word} `, 1);
  return at > 0 && at + word.length + 2 < body.length
    ? [body.slice(0, at).trim(), body.slice(at + word.length + 2).trim()]
    : undefined;
}

/**
 * "enter the billing postcode 1010", "fill in the VAT number DE123456789": a value after the field, told apart by what
 * no field's name holds — a digit or an @. [field, value], or undefined when the last word is not such a value.
 */
function trailingValue(body: string): [string, string] | undefined {
  // "D02 X285", "4242 4242 4242 4242": the value's later words are digit groups too.
  const words = body.split(' ');
  let at = words.length;
  while (at > 1 && /[\d@]/.test(words[at - 1])) at--;
  const value = words.slice(at).join(' ');
  const field = words.slice(0, at).join(' ').trim();
  if (!value || !/[\p{L}]{2,}/u.test(field) || /^(?:the|a|an|my)$/i.test(field)) return undefined;
  return [field, value];
}

/** Verbs that put a code where it is taken: "use promo code FERN10", "redeem voucher SPRING24", "apply code X1Y2". */
const CODE_VERBS = new Set(['use', 'add', 'apply', 'redeem']);

/**
 * The step read as "<field> <value>" ("billing city Leeds", "CVC 314"): for the planner to try when its reading as a
 * command found nothing. Undefined when it has no such reading.
 */
export function statementReading(step: string): string | undefined {
  const { text: flat, restore } = masked(step.trim());
  const spoken = asCommand(placeLast(dropClosers(dropOpeners(withoutCourtesies(flat))).trim()));
  const read = fieldThenValue(spoken);
  if (!read) return undefined;
  // A quoted value is already one ("To "Hamburg""): quoted again, its quotes would be typed.
  const value = restore(read[1]);
  return `set ${value === read[1] ? quote(value) : value} in ${target(restore(read[0]))}`;
}

/** Verbs that put text in a field: "type X into Y", "pop Berlin into the town field", "stick 42 in Amount". */
const PLACING_VERBS = new Set(['put', 'pop', 'stick', 'slot', 'place', 'plug', 'drop', 'chuck', 'shove', 'bung']);
const TYPING_VERBS = new Set([
  'type',
  'enter',
  'input',
  'write',
  'insert',
  'use',
  'key',
  'jot',
  'scribble',
  'pencil',
  ...PLACING_VERBS,
]);

/** Brings one step to the parser's forms; see Phrasing. */
export function rephrase(step: string): Phrasing {
  const { text: flat, restore } = masked(step.trim());
  const spoken = commandOnTopic(placeLast(dropClosers(dropOpeners(withoutCourtesies(flat))).trim()));
  // "do not disturb ends at 7:00" states a value; "don't show prices" asks for a change.
  const bare = plainVerb(statedValue(spoken) ? spoken : asCommand(spoken));
  const head = bare.match(/^[\p{L}-]+/u)?.[0].toLowerCase() ?? '';
  // A statement gives a value ("my phone is 415 555 0134"); a step that opens with a verb is a command or a check.
  const stated = STEP_VERBS.has(head) || COMMANDS.has(head) || CODE_VERBS.has(head) ? undefined : statedValue(bare);
  if (stated) {
    const value = restore(stated.value);
    return {
      text: `set ${value === stated.value ? quote(value) : value} in ${target(restore(stated.field))}`,
      set: true,
    };
  }
  let text = restore(bare);
  const unsupported = text.match(UNSUPPORTED)?.[0];
  if (unsupported) return { text, unsupported };
  const [first = '', ...others] = text.split(/\s+/);
  text = [correctVerb(first), ...others].join(' ');
  if (masked(text).text !== text) return { text };
  const verb = text.match(/^\S+/)?.[0].toLowerCase() ?? '';
  const body = text.slice(verb.length).trim();
  if (!body) return { text };

  // "add jo@mail.de as the receipt email": a value no name looks like, then the field it goes in.
  const placedValue = CODE_VERBS.has(verb) ? body.match(/^(\S*[\d@]\S*)\s+(?:as|for|in|into|to)\s+(\S.*)$/i) : null;
  if (placedValue) return { text: `type ${quote(placedValue[1])} into ${target(placedValue[2])}` };
  if (CODE_VERBS.has(verb)) {
    const trailing = trailingValue(body);
    if (
      trailing &&
      /\d.*|@/.test(trailing[1]) &&
      trailing[1].length >= 4 &&
      /\b(?:code|coupon|voucher|promo|card)\b/i.test(trailing[0])
    )
      return { text: `type ${quote(trailing[1])} into ${target(trailing[0])}` };
  }
  if (TYPING_VERBS.has(verb)) {
    // "type jo@mail.de", "enter +44 7700 900456": a value alone, whose kind may say its field.
    const alone = /^\+?[^\s,]*[\d@][^\s,]*(?:\s+[\d()-][^\s,]*)*$/.test(body) && !body.includes('\u0000');
    if (alone && verb !== 'use' && !PLACING_VERBS.has(verb)) return { text: `type ${quote(body)}` };
    // "enter jo@mail.de, the email for receipts": the phrase after the comma names the field.
    const apposed = body.match(/^([^,]+),\s+((?:the|my|our|your)\s+.+)$/i);
    if (apposed) return { text: `type ${quote(apposed[1].trim())} into ${target(apposed[2])}` };
    const parts = lastCut(body, verb === 'use' ? ['for', 'as'] : ['into', 'in', 'inside', 'as', 'for']);
    if (parts && !/^(?:the|a|an|my)\s*$/i.test(parts[0]))
      return { text: `type ${quote(parts[0])} into ${target(parts[1])}` };
    const trailing = trailingValue(body);
    // "pop the flat number 12": a placing verb's value is a number, not a word ("put reminders on").
    if (trailing && verb !== 'use' && (!PLACING_VERBS.has(verb) || /\d/.test(trailing[1])))
      return { text: `type ${quote(trailing[1])} into ${target(trailing[0])}` };
    return { text };
  }
  if (verb === 'fill') {
    const named = body.replace(/^(?:in|out)\s+/i, '');
    const at = named.toLowerCase().indexOf(' with ');
    if (at > 0) return { text: `type ${quote(named.slice(at + 6).trim())} into ${target(named.slice(0, at))}` };
    const trailing = trailingValue(named);
    if (trailing) return { text: `type ${quote(trailing[1])} into ${target(trailing[0])}` };
    // "fill jo@mail.de into email": the value first, then where.
    const into = lastCut(named, ['into', 'in']);
    if (into && /[\d@]/.test(into[0])) return { text: `type ${quote(into[0])} into ${target(into[1])}` };
    return { text };
  }
  if (['set', 'change', 'update', 'switch'].includes(verb)) {
    const parts = firstCut(body, 'to');
    // "set push mentions to on", "put reminders on": a state, for a switch, not a value.
    const state = parts?.[1].match(/^(on|off|enabled|disabled)$/i)?.[1];
    if (state) {
      return { text: `turn ${/^(?:on|enabled)$/i.test(state) ? 'on' : 'off'} ${parts![0]}` };
    }
    // "change the country to the Netherlands": the article is the sentence's, not the option's.
    if (parts)
      return { text: `set ${quote(parts[1].replace(/^(?:the|an?)\s+(?=\S)/i, ''))} in ${target(parts[0])}`, set: true };
    return { text };
  }
  if (['select', 'choose', 'pick'].includes(verb)) {
    const parts = lastCut(body, ['in', 'from', 'for', 'as', 'on']);
    if (parts && !/^(?:the|a|an)\b/i.test(parts[0]))
      return { text: `select ${quote(parts[0])} in ${target(parts[1])}` };
    return { text };
  }
  if (verb === 'search' && /\bfor\s+\S/i.test(body)) {
    const at = body.toLowerCase().lastIndexOf('for ');
    // "search for candles in the store": where to search, after the words to search for.
    const [, what, place] = body.slice(at + 4).match(/^(.+?)(?:\s+(?:in|on)\s+((?:the|our|my)\s+\S+(?:\s+\S+)?))?$/i)!;
    const where = [body.slice(0, at).trim(), place].filter(Boolean).join(' ');
    return { text: `search for ${quote(what.trim())}${where ? ` in ${where}` : ''}` };
  }
  // "sort them by quickest", "sort the files by size": what is sorted is not the key.
  const sortKey = ['sort', 'order', 'arrange', 'rank'].includes(verb)
    ? (body.match(/^(?:(?:them|it|these|those|(?:the|my)\s+\S+)\s+)?by\s+(\S.*)$/i) ??
      // "sort oldest first": a key with its direction, without "by".
      body.match(/^(?:(?:them|it)\s+)?(\S+\s+(?:first|last))$/i))
    : null;
  if (sortKey) return { text: `select ${quote(sortKey[1].trim())} in sort by` };
  if (verb === 'filter') {
    const parts = lastCut(body, ['by', 'with', 'for']);
    if (parts) return { text: `type ${quote(parts[1])} into ${parts[0]} filter` };
  }
  return { text };
}
