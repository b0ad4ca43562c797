// Refusals after a target is found: query words, or a verb, that the chosen element does not account for.
import { roleCode, type InteractRequest, type InteractResponse } from '../../../shared/negotiation';
import type { ParsedQuery } from './query';
import { describeNode, fail, listNodes, needsContext, quoteWords } from './responses';
import { matchText, targetSlots, type Match, type Slot } from './scoring';
import { dropdownOptions, innermostTitle, placeWords } from './groups';
import { documentText } from './structure';
import {
  ACTIVATE_VERBS,
  CHECKABLE_ROLES,
  CHOOSE_VERBS,
  GENERIC_WORDS,
  ON_OFF_VERBS,
  PICKABLE_ROLES,
} from './vocabulary';
import { describeWanted } from './wanted';
import { normalizeWord, rawTokens } from './words';

/**
 * A target word the chosen element's name does not hold must be written around it: in its label, its row, its card,
 * or the fieldset or section it sits in. A word nothing on the page holds ("Marketing" in "tick the Marketing emails
 * checkbox" when only "Email notifications" exists) means something that is not there; a word written only around
 * other controls ("recipient" in "set the recipient's phone" when only the sender has a Phone field) names another
 * part of the page. Either way acting on the closest name would be a guess. The skeleton DOM tells where the words
 * are, and is asked for first. Generic nouns do not count; the leading verb is `unaccountedVerb`'s.
 */
export function unaccountedWords(
  request: InteractRequest,
  q: ParsedQuery,
  slots: Slot[],
  found: Match,
): InteractResponse | undefined {
  const verb = unaccountedVerb(request, q, found) ?? unaskedAction(q, slots, found);
  if (verb) return verb;
  const counted = (slot: Slot) =>
    slot.label !== q.verbWord &&
    // "renew the first book": the noun an ordinal counts names the kind of thing, which the page need not write.
    !slot.forms.includes(q.ordinal?.head ?? '') &&
    // An icon the element was not found by is a word like any other ("the house number" is no house icon), unless
    // place or colour alone found it.
    (!slot.label.endsWith(' icon') || found.matched.length > 0) &&
    !slot.forms.some(form => GENERIC_WORDS.has(form)) &&
    (slot.label.length > 1 || /\d/.test(slot.label));
  const open = slots.filter(slot => found.unmatched.includes(slot.label)).filter(counted);
  const anchorSlots = (q.anchor ? targetSlots(q.anchor) : []).filter(counted);
  const own = ownWordsMissed(q, slots, found);
  if (own.length) {
    if (!request.skeletonDom)
      return needsContext(
        'skeleton',
        `${describeNode(found.node)} matches only what the target belongs to: the skeleton DOM says whether ${quoteWords(own.map(slot => slot.label))} is written around it.`,
      );
    if (!placeWords(request.skeletonDom, found.node.i, own).near.length)
      return fail(
        `${describeNode(found.node)} matches only what the query says the target belongs to (${quoteWords(q.ownerWords!)}), not ${quoteWords(own.map(slot => slot.label))} itself, and nothing around it does: acting on it would be a guess.`,
      );
  }
  if (!open.length && !anchorSlots.length) return undefined;
  const names = request.interactiveTree.map(node => node.n ?? '').join('  ');
  const named = (slot: Slot) => matchText(names, [slot]).matched.length > 0;
  const each = (slots: Slot[]) => slots.map(slot => `"${slot.label}"`).join(', ');
  if (!request.skeletonDom) {
    if (!open.length && anchorSlots.every(named)) return undefined;
    return needsContext(
      'skeleton',
      `${describeNode(found.node)} is the closest match, but its name does not hold ${each([...open, ...anchorSlots])}: the skeleton DOM's text may say where that is.`,
    );
  }
  // An anchor ("next to the search box") is somewhere else by design: it need only be on the page.
  const text = documentText(request.skeletonDom);
  // The kind of thing meant ("flight" of "the 09:30 flight") need only be on the page, as an anchor, when the query's
  // other words place the element ("09:30" in its row); alone beside its name ("blue trail runner" for a "Hearth &
  // Trail" link) it must be written around it like any other word.
  const isKind = (slot: Slot) => !!q.kind && slot.forms.includes(q.kind);
  // Generic words place it too ("email" of "email notifications for comments" heads its section).
  const placing = slots.filter(
    slot => found.unmatched.includes(slot.label) && slot.label !== q.verbWord && !isKind(slot),
  );
  const placed = placeWords(request.skeletonDom, found.node.i, placing).near.length > 0;
  const placement = placeWords(request.skeletonDom, found.node.i, placed ? open.filter(slot => !isKind(slot)) : open);
  if (placed) anchorSlots.push(...open.filter(isKind));
  const absent = [
    ...placement.unwritten.filter(slot => !named(slot)),
    ...anchorSlots.filter(slot => !named(slot) && matchText(text, [slot]).matched.length === 0),
  ].filter(slot => !describesOnly(request, q, slots, found, slot) && !offered(request.skeletonDom!, found, slot));
  if (absent.length)
    return fail(
      `Nothing on the page matches ${describeWanted(q)}: no element or text holds ${each(absent)}. The closest is ${describeNode(found.node)}${found.matched.length ? `, which matches only ${quoteWords(found.matched)}` : ''}; acting on it would be a guess.`,
    );
  const title = titleConflict(request, q, slots, found);
  if (title)
    return fail(
      `${describeNode(found.node)} is in "${clip(title.text)}", which is a ${q.kind} but not ${quoteWords(title.missing)}: the query names another ${q.kind}, which the page does not have. Acting on it would be a guess.`,
    );
  if (!placement.elsewhere.length) return undefined;
  const where = placement.elsewhere.map(({ slot, text }) => `"${slot.label}" only in "${clip(text)}"`).join(', ');
  return fail(
    `${describeNode(found.node)} is the closest match of ${describeWanted(q)}, but the page writes ${where}, in a part of the page it is not in: the query names something else it belongs to. Acting on it would be a guess.`,
  );
}

/**
 * "turn off email for mentions" finding a Mentions tab: the element's name holds only words of what the target belongs
 * to, none of the target's own ("email"). Those own words, unless written around it, say it is the owner, not the
 * thing. Empty when the name holds one of them, or the verb.
 */
function ownWordsMissed(q: ParsedQuery, slots: Slot[], found: Match): Slot[] {
  if (!q.ownerWords?.length || q.ownerBy === 'to' || (q.verbWord && found.matched.includes(q.verbWord))) return [];
  const own = slots.filter(slot => !q.ownerWords!.includes(slot.label) && slot.label !== q.verbWord);
  return own.some(slot => found.matched.includes(slot.label)) ? [] : own;
}

/** "billing country france": a word the found dropdown lists as an option is the option to choose, not absent. */
function offered(skeleton: string, found: Match, slot: Slot): boolean {
  const options = dropdownOptions(skeleton).get(found.node.i) ?? [];
  return options.some(option => matchText(option, [slot]).matched.length > 0);
}

/**
 * "archive the storage warning", "book a seat on the 9:40", "send Bluebird Café a payment reminder": a word the page
 * does not write that only says what kind of thing the item is — the kind itself, or the word just before a kind the
 * element's name holds — when another word of the query tells the element from its twins (the other Archive buttons)
 * by writing around it alone. What tells the item is written; the unwritten word describes it. Not when the element
 * has no twins, nor when the telling words are all the page's ("my cart"): then the unwritten word is what tells.
 */
function describesOnly(request: InteractRequest, q: ParsedQuery, slots: Slot[], found: Match, slot: Slot): boolean {
  if (!q.kind || !request.skeletonDom || (q.verbWord && !found.matched.includes(q.verbWord))) return false;
  const order = slots.map(each => each.label);
  const kindAt = slots.findIndex(each => each.forms.includes(q.kind!));
  const at = order.indexOf(slot.label);
  const describes = at === kindAt || (at === kindAt - 1 && found.matched.includes(order[kindAt]));
  if (!describes || kindAt < 0) return false;
  const twins = request.interactiveTree.filter(
    node => node !== found.node && node.r === found.node.r && node.n === found.node.n,
  );
  const skeleton = request.skeletonDom;
  return slots.some(
    other =>
      other !== slot &&
      other !== slots[kindAt] &&
      other.label !== q.verbWord &&
      placeWords(skeleton, found.node.i, [other]).near.length > 0 &&
      twins.length > 0 &&
      twins.every(twin => placeWords(skeleton, twin.i, [other]).near.length === 0),
  );
}

/**
 * "add the Team plan" by the Add to cart of a card titled "Pro plan" that mentions teams: the title says which plan
 * the card is, and it is not the Team plan. The kind of thing meant ("plan") in the element's innermost title (its
 * card's heading, its row's lead) names that item; a word the query puts with the kind that the title lacks names
 * another one.
 */
function titleConflict(
  request: InteractRequest,
  q: ParsedQuery,
  slots: Slot[],
  found: Match,
): { text: string; missing: string[] } | undefined {
  const kind = slots.find(slot => !!q.kind && slot.forms.includes(q.kind));
  if (!kind || found.matched.includes(kind.label)) return undefined;
  const modifiers = slots.filter(
    slot =>
      slot !== kind &&
      found.unmatched.includes(slot.label) &&
      slot.label !== q.verbWord &&
      !q.ownerWords?.includes(slot.label) &&
      !q.possessors?.includes(slot.label) &&
      !slot.forms.some(form => GENERIC_WORDS.has(form)),
  );
  const twins = request.interactiveTree.filter(node => node.r === found.node.r && node.n === found.node.n);
  const text = modifiers.length
    ? innermostTitle(
        request.skeletonDom!,
        found.node.i,
        twins.map(node => node.i),
      )
    : undefined;
  if (!text || !matchText(text, [kind]).matched.length) return undefined;
  const missing = modifiers.filter(slot => !matchText(text, [slot]).matched.length).map(slot => slot.label);
  return missing.length ? { text, missing } : undefined;
}

const clip = (text: string) => (text.length > 60 ? `${text.slice(0, 60)}…` : text);

/**
 * Verbs that change a checkbox, switch, radio or tab: "turn on dark mode", "enable SMS", "make my profile private";
 * and those that ask for what a checkbox offers: "add an airport transfer", "subscribe to product news".
 */
const CHANGE_VERBS = new Set([
  'turn',
  'enable',
  'disable',
  'toggle',
  'switch',
  'make',
  'mark',
  'set',
  'allow',
  'activate',
  'deactivate',
  'opt',
  'flip',
  'add',
  'include',
  'request',
  'ask',
  'subscribe',
  'unsubscribe',
  'mute',
  'unmute',
  'select',
  'choose',
  'pick',
  // Saying what one wants of it: "hide my online status", "kill push reminders", "get reminders by text".
  'hide',
  'show',
  'kill',
  'stop',
  'get',
  'receive',
  'keep',
  'remember',
  'block',
  'unblock',
  'permit',
  'prevent',
  'disallow',
  'pause',
  'resume',
  'silence',
  'share',
  'accept',
  'agree',
  'consent',
  'use',
  'require',
  'skip',
  'exclude',
  'limit',
  'restrict',
  'lock',
  'unlock',
  'join',
  'follow',
  'unfollow',
]);
/** Verbs that put a thing in a state: "make it bold", "turn on italic", "set it to mute". */
const STATE_VERBS = new Set(['make', 'turn', 'set', 'switch', 'toggle', 'enable']);

/** Verbs of changing how things are set up, which open the place where they are: a settings link. */
const MANAGING_VERBS = new Set([
  'tweak',
  'change',
  'edit',
  'adjust',
  'update',
  'manage',
  'configure',
  'customise',
  'customize',
  'review',
  'modify',
]);
const SETTINGS = /\b(?:settings?|preferences|options|account|profile|configuration)\b/i;

/** Words that are verbs even where a title holds them ("Delete" heading a danger zone): never a place. */
const ACTION_WORDS = new Set([
  'delete',
  'remove',
  'archive',
  'cancel',
  'refund',
  'pin',
  'star',
  'download',
  'share',
  'mute',
]);

/** What a button does that cannot be taken back, named by its first word: "Delete draft", "Cancel order". */
const UNDOING_WORDS = new Set([
  'delete',
  'remove',
  'archive',
  'cancel',
  'refund',
  'discard',
  'decline',
  'reject',
  'leave',
  'deactivate',
  'unsubscribe',
  'pay',
  'reset',
]);

/**
 * "only show me the drafts" finding a Delete draft button by "drafts": the button does what its first word says, and
 * the query asks for none of it. Clicking would delete on a guess.
 */
function unaskedAction(q: ParsedQuery, slots: Slot[], found: Match): InteractResponse | undefined {
  if (roleCode(found.node.r) !== 'btn' || !found.matched.length) return undefined;
  const [first] = rawTokens(found.node.n ?? '').map(normalizeWord);
  if (!first || !UNDOING_WORDS.has(first)) return undefined;
  const asked = slots.filter(slot => found.matched.includes(slot.label));
  if (matchText(first, asked).matched.length || q.clauseVerbs?.includes(first)) return undefined;
  return fail(
    `${describeNode(found.node)} matches ${quoteWords(found.matched)}, but it would ${first}, which the query does not ask for: name what to do with it.`,
  );
}

const CHANGEABLE_ROLES = new Set([...CHECKABLE_ROLES, ...PICKABLE_ROLES]);

/** Whether the verb of the query is one the chosen element does not carry out (see `unaccountedVerb`). */
function verbUnaccounted(q: ParsedQuery, found: Match): boolean {
  const verb = q.verbWord;
  if (!verb || ACTIVATE_VERBS.has(verb) || found.matched.includes(verb)) return false;
  // "turn the notifications on": a tab is chosen, never turned on or off.
  if (ON_OFF_VERBS.has(verb) && roleCode(found.node.r) === 'tab') return true;
  // "make it bold", "turn on italic": a button whose whole name is the state asked for toggles it.
  const name = rawTokens(found.node.n ?? '').map(normalizeWord);
  const stated = name.length === 1 && found.matched.length > 0 && STATE_VERBS.has(verb);
  if (stated && roleCode(found.node.r) === 'btn') return false;
  // "tweak my notification settings": changing settings starts by opening them.
  if (MANAGING_VERBS.has(verb) && roleCode(found.node.r) === 'lnk' && SETTINGS.test(found.node.n ?? '')) return false;
  // "take the first train": a verb of choosing is carried out by a control that chooses (Book, Select, Reserve).
  const chooses = rawTokens(found.node.n ?? '').some(word => CHOOSE_VERBS.has(normalizeWord(word)));
  if (CHOOSE_VERBS.has(verb) && chooses && roleCode(found.node.r) === 'btn') return false;
  // "select the direct flight" on a page of Select buttons: the verb is their name, so a "Direct flights only"
  // checkbox does not carry it out unless the query says it means a checkbox.
  const namesControls = q.choiceVerb === verb && !q.roles.length;
  return !(CHANGE_VERBS.has(verb) && CHANGEABLE_ROLES.has(roleCode(found.node.r)) && !namesControls);
}

/**
 * "star the homepage mockup": the element found (the file's link) does not carry out the verb, and the page has
 * several controls named for it (a Star button per row). Those controls, for the row or card that holds the found
 * element's words to pick one of them; none when the verb is accounted for.
 */
export function verbCarriers(q: ParsedQuery, ranked: Match[], found: Match): Match[] {
  if (!verbUnaccounted(q, found)) return [];
  return ranked.filter(match => match.matched.includes(q.verbWord!) && !match.node.occ);
}

/**
 * A verb the planner has no action for ("star", "pin", "delete") is carried out only by a control named for it:
 * clicking the mail from Priya does not star it. When the chosen element's name does not hold the verb, the query is
 * refused, naming the controls that do hold it (they are elsewhere: in another row, another card) — never acted on.
 */
function unaccountedVerb(request: InteractRequest, q: ParsedQuery, found: Match): InteractResponse | undefined {
  const verb = q.verbWord;
  if (!verb || !verbUnaccounted(q, found)) return undefined;
  const carriers = request.interactiveTree.filter(node =>
    rawTokens(node.n ?? '')
      .map(normalizeWord)
      .includes(normalizeWord(verb)),
  );
  // "billing country france", "billing address is the same as where it ships": a first word that titles the part of
  // the page the element is in (its fieldset's legend, its section's heading) is no verb but where it is.
  const own = targetSlots({ ...q, words: [verb], names: [], icon: undefined });
  if (
    request.skeletonDom &&
    placeWords(request.skeletonDom, found.node.i, own).titled.length &&
    !ACTION_WORDS.has(verb)
  )
    return undefined;
  if (!carriers.length) {
    // "text me security alerts", "Classic fare on TP 538": a first word no control is named for may be no verb at
    // all but a title of the part of the page the element is in (its section, card or row).
    if (!request.skeletonDom)
      return needsContext(
        'skeleton',
        `"${verb}" opens the query, but no control is named for it: the skeleton DOM's headings may say whether it names where ${describeNode(found.node)} is.`,
      );
    // Only when the rest of the query is the element's name: the first word is then all that places it.
    const slot = targetSlots({ ...q, words: [verb], names: [], icon: undefined });
    const rest = found.unmatched.filter(label => label !== verb);
    if (!rest.length && placeWords(request.skeletonDom, found.node.i, slot).titled.length) return undefined;
  }
  const elsewhere = carriers.length
    ? ` The controls named for it are ${listNodes(carriers.slice(0, 5))}${carriers.length > 5 ? ', …' : ''}, and none of them belongs to what the query names.`
    : ' No control on the page is named for it.';
  return fail(
    `"${verb}" is not an action the planner can take by clicking ${describeNode(found.node)}: the query names it, but that element is not for it.${elsewhere} Doing something else instead would be a guess.`,
  );
}
