// "type jo@mail.de", "enter +44 7700 900456": a value whose kind says its field, when the query names none.
import { roleCode, type InteractRequest, type InteractResponse, type SemanticNode } from '../../../shared/negotiation';
import { inputTypes } from './groups';
import type { ParsedQuery } from './parsed-query';
import { act, describeNode, fail, listNodes, needsContext } from './responses';
import type { Match } from './scoring';
import { GENERIC_WORDS, TYPEABLE_ROLES } from './vocabulary';
import { normalizeWord, rawTokens } from './words';

/** What a value looks like, and the words a field for it is named by. */
const KINDS: { looks: RegExp; names: string[]; kind: string }[] = [
  { looks: /^[^\s@]+@[^\s@]+\.[^\s@]+$/, names: ['email', 'mail'], kind: 'an email address' },
  { looks: /^\+?[\d\s().-]{7,}$/, names: ['phone', 'mobile', 'tel', 'telephone'], kind: 'a phone number' },
];

/**
 * Fields of a kind by what the page declares them (`type="date"`), for the words a query names that kind by: a date
 * or time field is often labelled by what it is for ("Departure"), an email or phone field by its kind.
 */
const DECLARED_KINDS = new Set(['date', 'time']);

/**
 * The one field a value's kind points to: an email address to the one field named for email, a phone number to the
 * one named for a phone. Undefined when the value is of no known kind, or no field or several fit it.
 */
export function fieldForValue(
  request: InteractRequest,
  value: string,
): { node: SemanticNode; kind: string } | undefined {
  const kind = KINDS.find(({ looks }) => looks.test(value.trim()) && /\d|@/.test(value));
  if (!kind) return undefined;
  const fields = request.interactiveTree.filter(
    node =>
      TYPEABLE_ROLES.has(roleCode(node.r)) &&
      roleCode(node.r) !== 'cmb' &&
      !node.occ &&
      rawTokens(node.n ?? '').some(word => kind.names.includes(normalizeWord(word))),
  );
  return fields.length === 1 ? { node: fields[0], kind: kind.kind } : undefined;
}

/** Fields named for digits: a number, a phone, a postcode, a card's security code, a quantity. */
const NUMBER_FIELD = /\b(?:number|phone|mobile|zip|postcode|cvc|cvv|quantity|qty)\b/i;

/**
 * A field found by a word only its kind is named by, when the page has other fields of that kind: "set the date to
 * 2025-07-01" beside a Departure and a Return date field, both `type="date"`, names neither. The choice is the
 * user's, not the closest name's.
 */
export function kindTwins(request: InteractRequest, q: ParsedQuery, found: Match): InteractResponse | undefined {
  if ((q.verb !== 'type' && q.verb !== 'set') || q.ordinal || q.anchor || q.names.length) return undefined;
  const words = q.words.map(normalizeWord).filter(word => DECLARED_KINDS.has(word) || !GENERIC_WORDS.has(word));
  const input = words.length === 1 && DECLARED_KINDS.has(words[0]) ? words[0] : undefined;
  if (!input) return undefined;
  const namedBy = (node: SemanticNode) => rawTokens(node.n ?? '').some(word => normalizeWord(word) === words[0]);
  const others = request.interactiveTree.filter(
    node => TYPEABLE_ROLES.has(roleCode(node.r)) && roleCode(node.r) !== 'cmb' && !node.occ && !namedBy(node),
  );
  if (!others.length) return undefined;
  if (!request.skeletonDom)
    return needsContext('skeleton', `"${words[0]}" may name fields by their kind: the skeleton DOM says which are.`);
  const types = inputTypes(request.skeletonDom);
  const fields = request.interactiveTree.filter(node => !node.occ && types.get(node.i) === input);
  // Twins all named by the word were told apart by name already; one not named by it is what the name hides.
  if (fields.length < 2 || !fields.includes(found.node) || fields.every(namedBy)) return undefined;
  return fail(
    `Cannot tell which element is meant: "${words[0]}" names ${fields.length} fields of that kind equally (${listNodes(fields)}). Name the one (e.g. its label).`,
  );
}

/**
 * "jot down +49 30 1234567 as my number" found the VAT number by "number" alone: a value of a known kind goes to the
 * one field for that kind when the words that found the other field are only generic ones.
 */
export function kindMisfit(request: InteractRequest, q: ParsedQuery, found: Match): InteractResponse | undefined {
  if ((q.verb !== 'type' && q.verb !== 'set') || q.value === undefined) return undefined;
  // 'write "Happy birthday!" on the card' finding the Card number: words without a digit are no number.
  // A dropdown ("Phone type") offers words of its own.
  const field = TYPEABLE_ROLES.has(roleCode(found.node.r)) && roleCode(found.node.r) !== 'cmb';
  if (!/\d/.test(q.value) && field && NUMBER_FIELD.test(found.node.n ?? ''))
    return fail(
      `${describeNode(found.node)} takes a number, and "${q.value}" has no digit: the query means another field. Name it.`,
    );
  if (q.ordinal) return undefined;
  const kind = KINDS.find(({ looks }) => looks.test(q.value!.trim()) && /\d|@/.test(q.value!));
  const named = (node: SemanticNode) => rawTokens(node.n ?? '').some(word => kind!.names.includes(normalizeWord(word)));
  // Only a value no other field takes: an address with an @, a number with its country code (a card's digit groups
  // look like a phone number too).
  if (!kind || named(found.node) || !/^\+|@/.test(q.value.trim())) return undefined;
  if (!found.matched.every(word => GENERIC_WORDS.has(normalizeWord(word)))) return undefined;
  const fitting = fieldForValue(request, q.value);
  if (!fitting || fitting.node === found.node) return undefined;
  return act(
    { kind: 'type', id: fitting.node.i, text: q.value },
    `Type "${q.value}" into ${describeNode(fitting.node)}: the value is ${fitting.kind}, this is the one field for it, and ${describeNode(found.node)} matched only "${found.matched.join(' ')}".`,
  );
}
