import {
  isNegotiation,
  roleCode,
  type InteractRequest,
  type InteractResponse,
  type SemanticNode,
} from '../../../shared/negotiation';
import type { Planner } from '../planner';
import { rephrase, splitSteps, statementReading } from './phrasing';
import { dropdownOptions } from './groups';
import { cardLink } from './card-links';
import { byKind } from './counting';
import { readOption, spelledAsOption } from './option-reading';
import { parseQuery, type ParsedQuery } from './query';
import { act, describeNode, fail, messageOf, needsContext, quoteWords } from './responses';
import { matchText, rankNodes, targetSlots } from './scoring';
import { byHint } from './hints';
import { searchInstead } from './searching';
import { switchChoice } from './switch-choice';
import { synonymsOf } from './synonyms';
import { fieldForValue, kindMisfit, kindTwins } from './value-kinds';
import { resolveTarget } from './target';
import { verify } from './verify';
import { ACTIVATE_VERBS, CHOOSE_VERBS, SELECTABLE_ROLES, TYPEABLE_ROLES } from './vocabulary';
import { normalizeWord, rawTokens, STOP_WORDS } from './words';

/**
 * The built-in planner: no network, no model. It parses the query, matches it against the semantic tree, and asks
 * for the skeleton DOM, a screenshot or the full DOM exactly when the query needs what only they show (seed 003, 4.2).
 */
export class DeterministicPlanner implements Planner {
  readonly name = 'deterministic';

  async plan(request: InteractRequest): Promise<InteractResponse> {
    try {
      return planStep(request);
    } catch (error) {
      // A schema-valid request always gets an answer; a bug here must not become the client's error.
      return fail(`The deterministic planner could not handle this query: ${messageOf(error)}`);
    }
  }
}

/**
 * A multi-step query gets its first step planned; the thought names the rest, which the client loop sends as the
 * next queries.
 */
function planStep(request: InteractRequest): InteractResponse {
  const { first, rest } = splitSteps(request.query);
  const answer = planOne(request, first);
  if (!rest || 'status' in answer) return answer;
  return { ...answer, thought: `${answer.thought} First step of "${request.query}"; later steps: "${rest}".` };
}

const ACTIONS = 'click, type, select, press a key, scroll, navigate and wait';
const GESTURES = /^(?:hover|mouse|drag|drop|zoom|right|double)/i;

function planOne(request: InteractRequest, step: string): InteractResponse {
  const phrasing = rephrase(step);
  // A gesture (hover, drag, a right or double click) is refused even beside a control named for it: clicking a
  // "Drag to reorder" handle drags nothing. "download" or "copy" is a click on the control named for it.
  if (phrasing.unsupported && (GESTURES.test(phrasing.unsupported) || !namesControl(request, phrasing.unsupported))) {
    return fail(
      `"${phrasing.unsupported}" is not an action the planner can take: it can ${ACTIONS}. Doing something else instead would be a guess.`,
    );
  }
  const q = parseQuery(phrasing.text);
  switch (q.verb) {
    case 'press':
      return act({ kind: 'press', key: q.key! }, `Press "${q.key}": the query names that key.`);
    case 'wait':
      return act({ kind: 'wait', ms: q.waitMs! }, `Wait ${q.waitMs} ms, as the query asks.`);
    case 'navigate': {
      const url = absoluteUrl(q.url!, request.url);
      return act({ kind: 'navigate', url }, `Navigate to ${url}: the query gives that address.`);
    }
    case 'scroll':
      return scroll(request, q);
    case 'verify':
      return verify(request, q);
    default: {
      const answer = actOnElement(request, q);
      const refused = !isNegotiation(answer) && answer.action.startsWith('fail(');
      return (refused && (asStatement(request, step) ?? searchInstead(request, phrasing.text))) || answer;
    }
  }
}

/**
 * "billing city Leeds", "CVC 314": read as a command ("billing" a verb) it found nothing; read as "<field> <value>",
 * a field's value when that reading finds a field (or asks for what would tell). Undefined otherwise.
 */
function asStatement(request: InteractRequest, step: string): InteractResponse | undefined {
  const reading = statementReading(step);
  if (!reading) return undefined;
  // Only an answer: what the statement reading would still ask for, the command reading did not need.
  const answer = actOnElement(request, parseQuery(reading));
  return !isNegotiation(answer) && /^(?:type|select)\(/.test(answer.action) ? answer : undefined;
}

/**
 * "download Marcus's brief", "attach a file": a verb no action carries out is a click on a control named for it, when
 * the page has one; which of them, if several, is for the target to decide (unaccounted.ts refuses a guess).
 */
function namesControl(request: InteractRequest, verb: string): boolean {
  const word = normalizeWord(verb.toLowerCase());
  if (!/^[a-z]+$/.test(word)) return false;
  // "download the member list" beside an Export member list button: a control named by a synonym carries it too.
  const forms = [word, ...synonymsOf(word, true)];
  return request.interactiveTree.some(node =>
    rawTokens(node.n ?? '')
      .map(normalizeWord)
      .some(token => forms.includes(token)),
  );
}

/** Schemes are kept, paths resolve against the page, bare hosts get https (http for the local machine). */
function absoluteUrl(raw: string, base: string): string {
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(raw) || /^(?:about|data|file|mailto):/i.test(raw)) return raw;
  if (raw.startsWith('/')) {
    try {
      return new URL(raw, base).href;
    } catch {
      return raw;
    }
  }
  return /^(?:localhost|127\.\d+\.\d+\.\d+)(?::|\/|$)/i.test(raw) ? `http://${raw}` : `https://${raw}`;
}

/** The page, or the scrollable container (`scr`, `scrollableContainers`) whose name the query gives. */
function scroll(request: InteractRequest, q: ParsedQuery): InteractResponse {
  const direction = q.direction ?? 'down';
  if (!q.words.length && !q.names.length)
    return act(
      { kind: 'scroll', target: 'page', direction },
      `Scroll the page ${direction}: the query names no container.`,
    );
  const scrollable = new Set([
    ...request.interactiveTree.filter(node => node.scr).map(node => node.i),
    ...(request.scrollableContainers ?? []).map(container => container.i),
  ]);
  const [best] = rankNodes(
    request.interactiveTree.filter(node => scrollable.has(node.i)),
    q,
  );
  if (!best) {
    return act(
      { kind: 'scroll', target: 'page', direction },
      `Scroll the page ${direction}: no scrollable container is named "${[...q.names, ...q.words].join(' ')}".`,
    );
  }
  return act(
    { kind: 'scroll', target: best.node.i, direction },
    `Scroll ${describeNode(best.node)} ${direction}: it is the scrollable container whose name matches "${best.matched.join(' ')}".`,
  );
}

function actOnElement(request: InteractRequest, parsed: ParsedQuery): InteractResponse {
  // "type jo@mail.de": no field named, the value's kind says which.
  const bare = !parsed.words.length && !parsed.names.length && !parsed.roles.length && !parsed.ordinal;
  const kinded = parsed.verb === 'type' && parsed.value !== undefined && bare && fieldForValue(request, parsed.value);
  if (kinded)
    return act(
      { kind: 'type', id: kinded.node.i, text: parsed.value! },
      `Type "${parsed.value}" into ${describeNode(kinded.node)}: the query names no field, the value is ${kinded.kind}, and this is the one field for it.`,
    );
  if (parsed.verb === 'type' && parsed.value === undefined) {
    return fail(
      'The query does not say what to type: give the text and the field, e.g. Type hello into the search box (quotes keep a value exact).',
    );
  }
  // "Choose "Express"" on a page without dropdowns means the option, radio or tab of that name.
  const hasChoice = request.interactiveTree.some(node => SELECTABLE_ROLES.has(roleCode(node.r)));
  const q: ParsedQuery =
    parsed.verb === 'select' && parsed.value !== undefined && !hasChoice
      ? { ...parsed, verb: 'click', names: [...nameOf(parsed.value), ...parsed.names], value: undefined }
      : parsed.choiceVerb && namesControl(request, parsed.choiceVerb)
        ? // "select the 06:05 flight" on a page of Select buttons: the verb is also a word of the control it means.
          { ...parsed, verb: 'click', words: [parsed.choiceVerb, ...parsed.words], verbWord: parsed.choiceVerb }
        : parsed;
  let { q: meant, resolution } = resolveOwnedChoice(request, q);
  // When the first reading finds nothing: a value the page lists as a dropdown's option, else the page's buttons
  // named for choosing.
  if ('answer' in resolution && !isNegotiation(resolution.answer)) {
    const hinted = byHint(request, q);
    if (hinted && 'answer' in hinted) return hinted.answer;
    if (hinted) {
      const how = q.verb === 'set' && SELECTABLE_ROLES.has(roleCode(hinted.node.r)) ? 'select' : 'type';
      const value = q.value!;
      return how === 'select'
        ? act(
            { kind: 'select', id: hinted.node.i, value },
            `Select "${value}" in ${describeNode(hinted.node)}: its hint reads "${hinted.hint}", which the query names it by.`,
          )
        : act(
            { kind: 'type', id: hinted.node.i, text: value },
            `Type "${value}" into ${describeNode(hinted.node)}: its hint reads "${hinted.hint}", which the query names it by.`,
          );
    }
    const option = readOption(request, q);
    if (option) return 'answer' in option ? option.answer : selectOption(option);
    // "the second push toggle": counted by role, with words no such control is named by — they title its part.
    const unnamed = !request.interactiveTree.some(node => matchText(node.n ?? '', targetSlots(q)).matched.length);
    if (q.ordinal && q.roles.length && q.words.length && !q.anchor && unnamed) {
      const placed = {
        ...q,
        words: [],
        kind: undefined,
        anchor: { verb: 'click' as const, words: q.words, names: [], roles: [] },
      };
      const retry = resolveTarget(request, placed);
      if (!('answer' in retry) || isNegotiation(retry.answer)) [meant, resolution] = [placed, retry];
    }
    const card = cardLink(request, q);
    if (card) return act({ kind: 'click', id: card.node.i }, `Click ${describeNode(card.node)}: ${card.reason}.`);
    for (const reading of [choosingControl(request, q), switchChoice(q)]) {
      const retry = reading && resolveTarget(request, reading);
      if (retry && (!('answer' in retry) || isNegotiation(retry.answer))) {
        [meant, resolution] = [reading!, retry];
        break;
      }
    }
  }
  if ('answer' in resolution) return resolution.answer;
  // "choose half board for the third room" found the third Rooms dropdown, which has no such option: the dropdowns
  // that list the value say which is meant.
  const { found } = resolution;
  const misfit = kindTwins(request, meant, found) ?? kindMisfit(request, meant, found);
  if (misfit) return misfit;
  if (choosesDropdown(meant, found.node) && !request.skeletonDom)
    return needsContext(
      'skeleton',
      found.matched.length
        ? `The skeleton DOM lists the options of ${describeNode(found.node)}: whether it offers "${meant.value}", and as what.`
        : `Nothing in the query names ${describeNode(found.node)}: the skeleton DOM lists which dropdowns offer "${meant.value}".`,
    );
  if (lacksValue(request, meant, found.node)) {
    const option = readOption(request, meant);
    if (option && 'answer' in option) return option.answer;
    if (option) return selectOption(option);
    // Chosen by place or count alone, a dropdown without the value is a guess.
    if (!found.matched.length)
      return fail(
        `${describeNode(found.node)} is where the query points, but it does not offer "${meant.value}" (its options: ${dropdownOptions(request.skeletonDom!).get(found.node.i)!.join(', ')}), and no dropdown there does.`,
      );
  }
  // "notify me about mentions only" found the Notify dropdown: the option its words name is chosen in it.
  const beyondName = [...meant.words, ...(meant.anchor?.words ?? [])].some(word => !found.matched.includes(word));
  if (
    (meant.verb === 'click' || meant.verb === 'select') &&
    SELECTABLE_ROLES.has(roleCode(found.node.r)) &&
    beyondName
  ) {
    const option = readOption(request, meant);
    if (option && 'answer' in option && isNegotiation(option.answer)) return option.answer;
    if (option && !('answer' in option) && option.node === found.node) return selectOption(option);
    // "notify me about everything", "Plus fare on TP 542": clicking would only open it; the words beyond its name were
    // meant to choose, and no option of it is named by them. Only a query that calls it a dropdown means opening it.
    const opening = meant.roles.some(role => SELECTABLE_ROLES.has(role));
    if (!opening && !(option && !('answer' in option)))
      return fail(
        `${describeNode(found.node)} is the dropdown the query names, but none of its options is what ${quoteWords(meant.words.filter(word => !found.matched.includes(word)))} says: name the option to choose.`,
      );
  }
  const choosingNothing =
    meant.verb === 'select' &&
    meant.value === undefined &&
    SELECTABLE_ROLES.has(roleCode(found.node.r)) &&
    !meant.roles.length;
  // "pick the second one" found a dropdown by count alone: the second row's Select or Book is what is chosen.
  const counted = choosingNothing && meant.ordinal && !found.matched.length ? byKind(request, meant) : undefined;
  if (counted)
    return 'answer' in counted ? counted.answer : actOn(meant, { found: counted.found, reasons: counted.reasons });
  if (choosingNothing)
    return fail(
      `"${meant.choiceVerb ?? 'choose'}" names no option to choose in ${describeNode(found.node)}: say which one (e.g. choose "…" in it).`,
    );
  // A dropdown is clicked only to open it, as a query that calls it a dropdown or opens it asks; otherwise its words
  // were meant to choose something in it, which a click does not.
  const opens = meant.roles.some(role => SELECTABLE_ROLES.has(role)) || ACTIVATE_VERBS.has(meant.verbWord ?? '');
  if (meant.verb === 'click' && SELECTABLE_ROLES.has(roleCode(found.node.r)) && !opens)
    return fail(
      `${describeNode(found.node)} is a dropdown: clicking it only opens it. Say which option to choose in it (e.g. choose "…" in ${found.node.n ?? 'it'}).`,
    );
  const spelled = spelledAsOption(request, meant, found.node);
  return 'verb' in spelled ? actOn(spelled, resolution) : spelled;
}

/** A value that is a name, as names are kept; none when it only points back ("it" of "I need it in 2 days"). */
const nameOf = (value: string) => (rawTokens(value).every(word => STOP_WORDS.has(word)) ? [] : [value]);

const selectOption = (option: { node: SemanticNode; option: string; reason: string }) =>
  act(
    { kind: 'select', id: option.node.i, value: option.option },
    `Select "${option.option}" in ${describeNode(option.node)}: ${option.reason}.`,
  );

const choosesDropdown = (q: ParsedQuery, node: SemanticNode) =>
  (q.verb === 'select' || q.verb === 'set') && q.value !== undefined && SELECTABLE_ROLES.has(roleCode(node.r));

/** A value to choose in a dropdown whose options the skeleton lists, none of them the value. */
function lacksValue(request: InteractRequest, q: ParsedQuery, node: SemanticNode): boolean {
  if (!choosesDropdown(q, node) || !request.skeletonDom) return false;
  const options = dropdownOptions(request.skeletonDom).get(node.i);
  const plain = (text: string) => text.replace(/\s+/g, ' ').trim().toLowerCase();
  return !!options && !options.some(option => plain(option) === plain(q.value!));
}

/**
 * "choose the 06:05" on a page whose rows each have a Select button: a choice with no value, which nothing is named
 * for, may mean the page's buttons named for choosing (Select, Book, Reserve); tried only when the first reading fails.
 */
function choosingControl(request: InteractRequest, q: ParsedQuery): ParsedQuery | undefined {
  if (q.value !== undefined) return undefined;
  // "buy tickets for the Montpellier train", "get me on the 13:55": acquiring one of the offers is choosing it.
  const acquiring = q.verbWord && ACQUIRING_VERBS.has(q.verbWord) ? q.verbWord : undefined;
  const own = q.verbWord ? acquiring : q.choiceVerb;
  if (!own) return undefined;
  const verb = [...CHOOSE_VERBS].find(word => word !== own && namesControl(request, word));
  const words = [verb!, ...q.words.filter(word => word !== own)];
  return verb ? { ...q, verb: 'click', words, verbWord: verb, choiceVerb: verb } : undefined;
}

/** Verbs of getting one of several offers, which a page's Book, Select or Reserve button does. */
const ACQUIRING_VERBS = new Set(['get', 'grab', 'buy', 'purchase', 'secure', 'snag', 'take', 'order', 'need', 'want']);

/**
 * "colour Blue for the Trail runner", "pick size 42 for the Trail runner": when no dropdown is named by the words after
 * "for", the value's first word may be the dropdown's name and those words the card it belongs to. Tried only when the
 * first reading failed, and taken only when it finds the dropdown (or needs more of the page to).
 */
function resolveOwnedChoice(
  request: InteractRequest,
  q: ParsedQuery,
): { q: ParsedQuery; resolution: ReturnType<typeof resolveTarget> } {
  const resolution = resolveTarget(request, q);
  const value = q.value?.trim();
  if (
    !('answer' in resolution) ||
    isNegotiation(resolution.answer) ||
    (q.verb !== 'select' && q.verb !== 'set') ||
    !value ||
    !/\s/.test(value)
  )
    return { q, resolution };
  const [field, ...rest] = value.split(/\s+/);
  const owned: ParsedQuery = { ...q, value: rest.join(' '), words: [field.toLowerCase(), ...q.words] };
  const retry = resolveTarget(request, owned);
  return !('answer' in retry) || isNegotiation(retry.answer) ? { q: owned, resolution: retry } : { q, resolution };
}

function actOn(
  q: ParsedQuery,
  resolution: Exclude<ReturnType<typeof resolveTarget>, { answer: unknown }>,
): InteractResponse {
  const { node } = resolution.found;
  const why = `${resolution.reasons.join('; ')}.${resolution.losers ? ` ${resolution.losers}` : ''}`;
  const target = describeNode(node);
  switch (q.verb) {
    case 'type':
      return act({ kind: 'type', id: node.i, text: q.value! }, `Type "${q.value}" into ${target}: ${why}`);
    case 'select':
      if (q.value !== undefined)
        return act({ kind: 'select', id: node.i, value: q.value }, `Select "${q.value}" in ${target}: ${why}`);
      break;
    case 'set':
      // "set X to V": a text field takes V typed, a dropdown takes it selected.
      if (TYPEABLE_ROLES.has(roleCode(node.r)) && !SELECTABLE_ROLES.has(roleCode(node.r)))
        return act({ kind: 'type', id: node.i, text: q.value! }, `Type "${q.value}" into ${target}: ${why}`);
      return act({ kind: 'select', id: node.i, value: q.value! }, `Select "${q.value}" in ${target}: ${why}`);
    case 'check':
      return act({ kind: 'click', id: node.i }, `${q.uncheck ? 'Untick' : 'Tick'} ${target} with a click: ${why}`);
  }
  return act({ kind: 'click', id: node.i }, `Click ${target}: ${why}`);
}
