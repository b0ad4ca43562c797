// "make Tom an admin", "Classic fare on TP 538", "put the salmon tacos on Thursday": a value the query names by one of
// a dropdown's options rather than quoting it after a verb; the dropdown is told by its name or by the row, card or
// fieldset around it. Read only when the query's first reading finds nothing to act on.
import { roleCode, type InteractRequest, type InteractResponse, type SemanticNode } from '../../../shared/negotiation';
import { dropdownOptions, placeWords } from './groups';
import type { ParsedQuery } from './query';
import { describeNode, fail, needsContext, quoteWords } from './responses';
import { matchText, targetSlots } from './scoring';
import { GENERIC_WORDS, SELECTABLE_ROLES } from './vocabulary';
import { contentWords, normalizeWord } from './words';

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
]);

export type OptionReading = { node: SemanticNode; option: string; reason: string } | { answer: InteractResponse };

export function readOption(request: InteractRequest, q: ParsedQuery): OptionReading | undefined {
  if (q.verb === 'type' || q.value !== undefined || q.ordinal || q.position || q.colour) return undefined;
  const dropdowns = request.interactiveTree.filter(node => SELECTABLE_ROLES.has(roleCode(node.r)));
  const words = [...q.words, ...q.names.flatMap(name => contentWords(name))].map(normalizeWord);
  if (!dropdowns.length || !words.length) return undefined;
  if (!request.skeletonDom)
    return {
      answer: needsContext(
        'skeleton',
        `Nothing is named ${quoteWords(words)}, but the page has dropdowns whose options may be meant: the skeleton DOM lists them.`,
      ),
    };
  const skeleton = request.skeletonDom;
  const listed = dropdownOptions(skeleton);
  const pairs = dropdowns.flatMap(node =>
    (listed.get(node.i) ?? []).flatMap(option => {
      const used = contentWords(option);
      return used.length && used.every(word => words.includes(word)) ? [{ node, option, used }] : [];
    }),
  );
  if (!pairs.length) return undefined;
  const longest = Math.max(...pairs.map(pair => pair.used.length));
  const named = pairs.filter(pair => pair.used.length === longest);
  // "remove Tom as admin" does not choose Admin: the verb must be one that chooses, or the option's own word.
  const verb = q.verbWord ? normalizeWord(q.verbWord) : undefined;
  if (verb && !CHOOSING_VERBS.has(verb) && !named.some(pair => pair.used.includes(verb))) return undefined;
  // The query's other words must each be the dropdown's name or written around it (its row, card, fieldset).
  const fitting = named.filter(pair => {
    const qualifiers = targetSlots(q).filter(
      slot =>
        !slot.forms.some(form => pair.used.includes(form) || GENERIC_WORDS.has(form)) &&
        !slot.forms.includes(verb ?? '') &&
        !matchText(pair.node.n ?? '', [slot]).matched.length,
    );
    return placeWords(skeleton, pair.node.i, qualifiers).near.length === qualifiers.length;
  });
  if (!fitting.length) return undefined;
  const [first] = fitting;
  const nodes = [...new Set(fitting.map(pair => pair.node))];
  if (nodes.length > 1 || fitting.some(pair => pair.option !== first.option))
    return {
      answer: fail(
        `Cannot tell which choice is meant: ${fitting.map(pair => `"${pair.option}" of ${describeNode(pair.node)}`).join(', ')} fit the query equally well. Name the dropdown, or the row or card it is in.`,
      ),
    };
  return {
    node: first.node,
    option: first.option,
    reason: `"${first.option}" is one of its options, and the query's other words are its name or written around it`,
  };
}
