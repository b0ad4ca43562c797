// "make Tom an admin", "Classic fare on TP 538", "choose half board for the third room": the dropdown a value is chosen
// in, told by the options it lists and by its name or the row, card or fieldset around it. Read when the query's first
// reading finds nothing, finds a dropdown without the value, or finds a dropdown the rest of the query names an option
// of; and the spelling of a chosen value as its option reads.
import { roleCode, type InteractRequest, type InteractResponse, type SemanticNode } from '../../../shared/negotiation';
import { dropdownOptions, placeWords } from './groups';
import { containerOf, repeatedContainers } from './structure';
import type { ParsedQuery } from './query';
import { describeNode, fail, needsContext } from './responses';
import { matchText, targetSlots } from './scoring';
import { FOCUS_WORDS, GENERIC_WORDS, SELECTABLE_ROLES } from './vocabulary';
import { synonymsOf } from './synonyms';
import { contentWords, normalizeWord, rawTokens } from './words';

/** Leading verbs that can mean choosing a value: "make Tom an admin", "give Piranesi 5 stars", "filter to overdue". */
const CHOOSING_VERBS = new Set([
  'make',
  'put',
  'give',
  'set',
  'change',
  'switch',
  'move',
  'assign',
  'use',
  'filter',
  'sort',
  'show',
  'send',
  'go',
  'rate',
  'schedule',
  'plan',
  'collect',
  'pick',
  'choose',
  'select',
  // Putting a thing somewhere: "slot the risotto in for Monday", "cook the curry for 4".
  'slot',
  'stick',
  'pop',
  'cook',
  'bake',
  'prepare',
  'serve',
  // Changing how it is: "swap the trail runners to blue", "paint it blue", "resize it to 44".
  'swap',
  'exchange',
  'resize',
  'recolour',
  'recolor',
  'paint',
  'dye',
  'have',
  // Changing an amount: "scale the curry to 6 servings".
  'scale',
  'adjust',
  // Narrowing who or what: "limit my profile to my team".
  'limit',
  'restrict',
  // Wanting a value: "get the trail runner in size 43".
  'get',
  'want',
  'need',
  'prefer',
  'order',
  // Moving a value along its scale: "promote Lena to editor", "bump the shoe up to a 43", "bill me yearly".
  'promote',
  'demote',
  'upgrade',
  'downgrade',
  'hand',
  'bump',
  'raise',
  'lower',
  'increase',
  'decrease',
  'reduce',
  'bill',
  'ship',
  'deliver',
  'update',
  'turn',
]);

export type OptionReading = { node: SemanticNode; option: string; reason: string } | { answer: InteractResponse };

interface Pair {
  node: SemanticNode;
  option: string;
  /** The option's words the query said, and the dropdown's name when the query says it too ("3 rooms"). */
  used: string[];
}

const plain = (text: string) => text.replace(/\s+/g, ' ').trim().toLowerCase();

/**
 * The dropdown a value is chosen in, told by the dropdowns that list it: with the query's value ("choose half board
 * for the third room": the Board dropdowns list it, the Rooms ones do not), or, with none, by an option the query's
 * words name. The other words must name the dropdown or be written around it; an ordinal counts the page's cards.
 */
export function readOption(request: InteractRequest, q: ParsedQuery): OptionReading | undefined {
  if (q.verb === 'type' || q.position) return undefined;
  if (q.value !== undefined && q.verb !== 'select' && q.verb !== 'set') return undefined;
  const dropdowns = request.interactiveTree.filter(node => SELECTABLE_ROLES.has(roleCode(node.r)));
  // "notify me about mentions only": what the query is about may be the option.
  // "every message" names the All messages option: a word says its synonyms too; "paint it blue" names the Blue one.
  const said = [...q.words, ...(q.anchor?.words ?? []), ...q.names.flatMap(name => contentWords(name))];
  const words = [...said, ...(q.colour ? [q.colour, ...(q.colour === 'gray' ? ['grey'] : [])] : [])]
    .map(normalizeWord)
    .flatMap(word => [word, ...synonymsOf(word)]);
  if (!dropdowns.length || (!words.length && q.value === undefined)) return undefined;
  if (!request.skeletonDom)
    return {
      answer: needsContext(
        'skeleton',
        `The page has dropdowns whose options may say which is meant: the skeleton DOM lists them.`,
      ),
    };
  const skeleton = request.skeletonDom;
  const listed = dropdownOptions(skeleton);
  const named =
    q.value === undefined ? optionsNamed(dropdowns, listed, words) : optionsHolding(dropdowns, listed, q.value);
  if (!named.length) return undefined;
  // "remove Tom as admin" does not choose Admin: the verb must be one that chooses, or the option's own word.
  const verb = q.verbWord ? normalizeWord(q.verbWord) : undefined;
  // "notify me about mentions only": a first word the dropdown is named by is its name, not a verb.
  const verbNames = (pair: Pair) => pair.used.includes(verb!) || contentWords(pair.node.n ?? '').includes(verb!);
  // "billing country france": a first word that titles where a dropdown is places it; it is no verb.
  const verbSlots = verb ? targetSlots({ verb: 'click', words: [verb], names: [], roles: [] }) : [];
  const titles = (pair: Pair) => placeWords(skeleton, pair.node.i, verbSlots).titled.length > 0;
  if (verb && !CHOOSING_VERBS.has(verb) && !named.some(verbNames) && !named.some(titles)) return undefined;
  const counted = q.ordinal ? (q.ordinal.head ?? q.kind) : undefined;
  // The query's other words must each be the dropdown's name or written around it (its row, card, fieldset).
  const fitting = named.filter(pair => {
    const qualifiers = targetSlots(q).filter(
      slot =>
        !slot.forms.some(form => pair.used.includes(form) || GENERIC_WORDS.has(form) || form === counted) &&
        !slot.forms.includes(verb ?? '') &&
        !matchText(pair.node.n ?? '', [slot]).matched.length,
    );
    return placeWords(skeleton, pair.node.i, qualifiers).near.length === qualifiers.length;
  });
  if (!fitting.length) return undefined;
  const ranked = q.ordinal ? countPairs(skeleton, q, fitting) : mostNamed(q, fitting);
  if ('answer' in ranked) return ranked;
  const chosen = byVerb(skeleton, q, ranked);
  const [first] = chosen;
  const nodes = [...new Set(chosen.map(pair => pair.node))];
  if (nodes.length > 1 || chosen.some(pair => pair.option !== first.option))
    return {
      answer: fail(
        `Cannot tell which choice is meant: ${chosen.map(pair => `"${pair.option}" of ${describeNode(pair.node)}`).join(', ')} fit the query equally well. Name the dropdown, or the row or card it is in.`,
      ),
    };
  return {
    node: first.node,
    option: first.option,
    reason: `"${first.option}" is one of its options, and the query's other words are its name, written around it, or count its card`,
  };
}

/**
 * "ship it to France" between the delivery and the billing Country: the verb names the part of the page ("Delivery
 * address" for shipping) when it is written around one dropdown's pairs alone.
 */
function byVerb(skeleton: string, q: ParsedQuery, pairs: Pair[]): Pair[] {
  if (!q.verbWord || new Set(pairs.map(pair => pair.node)).size < 2) return pairs;
  const slots = targetSlots({ verb: 'click', words: [q.verbWord], names: [], roles: [] });
  const placed = pairs.filter(pair => placeWords(skeleton, pair.node.i, slots).near.length > 0);
  return new Set(placed.map(pair => pair.node)).size === 1 ? placed : pairs;
}

/** The options all of whose words the query holds, the longest such per query (unquoted options: "make Tom an admin"). */
function optionsNamed(dropdowns: SemanticNode[], listed: ReadonlyMap<string, string[]>, words: string[]): Pair[] {
  const pairs = dropdowns.flatMap(node => {
    // "3 rooms": the dropdown's name, when the query holds it too, is used with the option.
    const name = contentWords(node.n ?? '');
    const named = name.length && name.every(word => words.includes(word)) ? name : [];
    return (listed.get(node.i) ?? []).flatMap(option => {
      const used = contentWords(option);
      // "notify me about mentions" for "Mentions only": a focusing word of the option need not be said.
      const said = used.filter(word => words.includes(word));
      return said.length && used.every(word => said.includes(word) || FOCUS_WORDS.has(word))
        ? [{ node, option, used: [...new Set([...said, ...named])] }]
        : [];
    });
  });
  const longest = Math.max(0, ...pairs.map(pair => pair.used.length));
  return pairs.filter(pair => pair.used.length === longest);
}

/**
 * The dropdowns that list the value, case and spacing aside; else those whose name the value holds with one of their
 * options ("2 rooms": "2" of the Rooms dropdown).
 */
function optionsHolding(dropdowns: SemanticNode[], listed: ReadonlyMap<string, string[]>, value: string): Pair[] {
  const holding = dropdowns.flatMap(node =>
    (listed.get(node.i) ?? [])
      .filter(option => plain(option) === plain(value))
      .map(option => ({ node, option, used: contentWords(option) })),
  );
  if (holding.length) return holding;
  const words = contentWords(value);
  return dropdowns.flatMap(node => {
    const name = contentWords(node.n ?? '');
    if (!name.length || !name.every(word => words.includes(word))) return [];
    const rest = plain(
      rawTokens(value)
        .filter(word => !name.includes(normalizeWord(word)))
        .join(' '),
    );
    return (listed.get(node.i) ?? [])
      .filter(option => rest && plain(option) === rest)
      .map(option => ({ node, option, used: [...contentWords(option), ...name] }));
  });
}

/** "select 2 adults": of the dropdowns listing "2", the one whose name holds the query's other words beats those near them. */
function mostNamed(q: ParsedQuery, fitting: Pair[]): Pair[] {
  const slots = targetSlots(q);
  const named = (pair: Pair) =>
    slots.filter(slot => !pair.used.includes(slot.forms[0]) && matchText(pair.node.n ?? '', [slot]).matched.length)
      .length;
  const most = Math.max(...fitting.map(named));
  return fitting.filter(pair => named(pair) === most);
}

/** "for the third room": the nth of the page's cards, when each fitting dropdown is in a card of its own; else the nth in page order. */
function countPairs(skeleton: string, q: ParsedQuery, fitting: Pair[]): Pair[] | { answer: InteractResponse } {
  const ordinal = q.ordinal!;
  const cards = repeatedContainers(skeleton);
  const owners = fitting.map(pair => containerOf(cards, pair.node.i));
  const byCards = owners.every(owner => owner >= 0) && new Set(owners).size === owners.length;
  // "for the first room" counts rooms: the dropdowns themselves are counted only when nothing else is named.
  const counted = ordinal.head ?? q.kind;
  if (!byCards && counted && !fitting.every(pair => contentWords(pair.node.n ?? '').includes(counted)))
    return {
      answer: fail(
        `"${ordinal.word} ${counted}" counts ${counted}s, but the dropdowns listing "${fitting[0].option}" are not one per ${counted} card.`,
      ),
    };
  const total = byCards ? cards.length : fitting.length;
  const index = ordinal.n < 0 ? total + ordinal.n : ordinal.n - 1;
  const at = byCards ? owners.indexOf(index) : index;
  if (index < 0 || index >= total || at < 0 || at >= fitting.length)
    return {
      answer: fail(
        `The ${ordinal.word} ${byCards ? 'card' : 'match'} of ${total} holds no dropdown listing "${fitting[0].option}".`,
      ),
    };
  return [fitting[at]];
}

/**
 * "sort by quickest", "set passengers to 2": a value chosen in a dropdown is written as its option reads ("Quickest",
 * "2 adults"), which the skeleton lists (asked for unless the value is capitalised and has no digit). The option spelt the same way,
 * case and spacing aside, else the one holding the value's words with the fewest more; a value no option holds is
 * refused, naming the options.
 */
export function spelledAsOption(
  request: InteractRequest,
  q: ParsedQuery,
  node: SemanticNode,
): ParsedQuery | InteractResponse {
  if ((q.verb !== 'select' && q.verb !== 'set') || q.value === undefined) return q;
  if (!SELECTABLE_ROLES.has(roleCode(node.r))) return q;
  // A capitalised value without digits ("Large") is most likely spelt as its option reads; a casual spelling
  // ("quickest") or a number ("2" for "2 adults") is checked against the options first.
  if (!request.skeletonDom && /^\p{Lu}[^\d]*$/u.test(q.value)) return q;
  if (!request.skeletonDom)
    return needsContext(
      'skeleton',
      `"${q.value}" is chosen in ${describeNode(node)} as its option reads: the skeleton DOM lists the options.`,
    );
  const options = dropdownOptions(request.skeletonDom).get(node.i);
  if (!options) return q;
  const option = optionSpelling(options, q.value);
  if (option !== undefined) return { ...q, value: option };
  return fail(
    `${describeNode(node)} has no option "${q.value}": its options are ${options.map(text => `"${text}"`).join(', ')}.`,
  );
}

function optionSpelling(options: string[], value: string): string | undefined {
  const exact = options.find(option => plain(option) === plain(value));
  if (exact !== undefined) return exact;
  // "11pm" for "23:00", "8am" for "08:00": a time said on the 12-hour clock, listed on the 24-hour one.
  const clock = twentyFourHour(value);
  const timed = clock && options.find(option => plain(option) === clock);
  if (timed) return timed;
  // "overdue only": a focusing word the option need not have.
  const said = contentWords(value).filter(word => !FOCUS_WORDS.has(word) || contentWords(value).length === 1);
  return (
    holdingAll(options, said) ??
    holdingAll(
      options,
      said.filter(word => !ORDER_WORDS.has(word)),
    )
  );
}

/** "quickest first", "the oldest ones on top": how a sort order is said, which its option ("Quickest") need not say. */
const ORDER_WORDS = new Set(['first', 'top', 'ones', 'stuff', 'things']);

/** The one option holding every word with the fewest others, if one. */
function holdingAll(options: string[], words: string[]): string | undefined {
  if (!words.length) return undefined;
  const holding = options
    .map(option => ({ option, extra: contentWords(option).length - words.length }))
    .filter(({ option }) => words.every(word => contentWords(option).includes(word)));
  const fewest = Math.min(...holding.map(({ extra }) => extra));
  const best = holding.filter(({ extra }) => extra === fewest);
  return best.length === 1 ? best[0].option : undefined;
}

/** "11pm" → "23:00", "8:30 am" → "08:30"; undefined for anything else. */
function twentyFourHour(value: string): string | undefined {
  const m = value.trim().match(/^(\d{1,2})(?::(\d{2}))?\s*([ap])\.?m\.?$/i);
  if (!m || Number(m[1]) < 1 || Number(m[1]) > 12) return undefined;
  const hour = (Number(m[1]) % 12) + (m[3].toLowerCase() === 'p' ? 12 : 0);
  return `${String(hour).padStart(2, '0')}:${m[2] ?? '00'}`;
}
