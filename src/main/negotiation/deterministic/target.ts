import { roleCode, roleOf, type InteractRequest, type InteractResponse } from '../../../shared/negotiation';
import { decodeScreenshot, decodeScreenshotBlocks, readColour, type ColourReading, type Screenshot } from './colour';
import { byDistanceTo, centreOf, inReadingOrder, viewportOf } from './layout';
import { visualReferences, type ParsedQuery } from './query';
import { describeNode, fail, listNodes, messageOf, needsContext, quoteWords } from './responses';
import { bestTier, closestNodes, matchText, rankNodes, targetSlots, type Match, type Slot } from './scoring';
import { documentText, repeatedContainers, surroundings } from './structure';
import {
  CHECKABLE_ROLES,
  CONTAINER_NOUNS,
  PICKABLE_ROLES,
  PASSIVE_ROLES,
  SELECTABLE_ROLES,
  TYPEABLE_ROLES,
} from './vocabulary';
import { normalizeWord, rawTokens } from './words';

/** The element a query means, with the reasons for the thought; or the answer to give instead (a failure, a request for more context). */
export type Resolution = { found: Match; reasons: string[]; losers?: string } | { answer: InteractResponse };

interface Pool {
  roles: ReadonlySet<string>;
  /** Strict: nothing else will do (one cannot type into a button). Loose: preferred when present. */
  strict: boolean;
  what: string;
}

const SETTABLE_ROLES = new Set([...TYPEABLE_ROLES, ...SELECTABLE_ROLES]);

function poolOf(q: ParsedQuery): Pool | undefined {
  if (q.verb === 'type') return { roles: TYPEABLE_ROLES, strict: true, what: 'text field' };
  if (q.verb === 'select' && q.value !== undefined)
    return { roles: SELECTABLE_ROLES, strict: true, what: 'dropdown or list' };
  if (q.verb === 'set') return { roles: SETTABLE_ROLES, strict: true, what: 'field or dropdown' };
  // "pick By email": among equal names, the radio or tab one picks rather than the text field.
  if (q.verb === 'select') return { roles: PICKABLE_ROLES, strict: false, what: 'choice' };
  if (q.verb === 'check') return { roles: CHECKABLE_ROLES, strict: false, what: 'checkbox' };
  return undefined;
}

/** How messages name what the query wants: its words, else its role, else what its verb acts on. */
export function describeWanted(q: ParsedQuery): string {
  const slots = targetSlots(q);
  if (slots.length) return quoteWords(slots.map(slot => slot.label));
  if (q.roles.length) return `a ${roleOf(q.roles[0])}`;
  const pool = poolOf(q);
  return pool ? `a ${pool.what}` : 'an element';
}

/**
 * "First name" is a field, not the first of the name fields, "Back to top" a link, not a place, and "Blue trail shoes"
 * a link, not a colour: an ordinal, one-word position or colour that some name holds together with another word of
 * the query stays a word.
 */
export function wordsOfNames(q: ParsedQuery, request: InteractRequest): ParsedQuery {
  const words = q.words.map(normalizeWord);
  const names = request.interactiveTree.map(node => rawTokens(node.n ?? '').map(normalizeWord));
  const named = (word: string) =>
    names.some(tokens => tokens.includes(word) && words.some(other => tokens.includes(other)));
  let result = q;
  if (q.ordinal && !q.ordinal.noun && named(q.ordinal.word))
    result = { ...result, ordinal: undefined, words: [q.ordinal.word, ...result.words] };
  if (q.position && !q.position.includes('-') && named(q.position))
    result = { ...result, position: undefined, words: [...result.words, q.position] };
  // "open Blue trail shoes": a colour that a name holds with the query's other words is part of that name.
  if (q.colour && named(q.colour)) result = { ...result, colour: undefined, words: [q.colour, ...result.words] };
  return result;
}

export function resolveTarget(request: InteractRequest, parsed: ParsedQuery): Resolution {
  if (!request.interactiveTree.length)
    return {
      answer: fail('The page has no interactive elements (interactiveTree is empty), so there is nothing to act on.'),
    };
  const q = wordsOfNames(parsed, request);
  const slots = targetSlots(q);
  const pool = poolOf(q);
  if (!slots.length && !q.roles.length && !visualReferences(q).length && !q.ordinal && !pool) {
    return { answer: fail('The query does not say which element to act on: name it, e.g. Click the "Save" button.') };
  }

  let ranked = rankNodes(request.interactiveTree, q);
  // Picked by colour, place or order alone, a heading or a region is never what is meant.
  if (!slots.length) ranked = ranked.filter(match => !PASSIVE_ROLES.has(roleCode(match.node.r)));
  if (pool) {
    const fitting = ranked.filter(match => pool.roles.has(roleCode(match.node.r)));
    if (fitting.length || pool.strict) ranked = fitting;
  }
  // An icon nobody is named after may still be found by where it is or what colour it is.
  if (!ranked.length && q.icon && q.icon !== 'icon' && (q.position || q.ordinal || q.colour))
    return resolveTarget(request, { ...q, icon: 'icon' });
  if (!ranked.length) return { answer: noMatch(request, q, pool) };
  // Numbered names ("Action 1" … "Action 5000") that all lack the query's number: the one asked for is not there.
  const best = bestTier(ranked, q);
  if (
    slots.some(
      slot =>
        /\d/.test(slot.label) &&
        best.every(match => match.unmatched.includes(slot.label) && /\d/.test(match.node.n ?? '')),
    )
  ) {
    return { answer: noMatch(request, q, pool) };
  }
  const picked = pick(request, q, ranked);
  if ('answer' in picked) return picked;
  const settled = settle(request, q, slots, picked.group, picked.reasons);
  if ('answer' in settled) return settled;
  const unaccounted = unaccountedWords(request, q, slots, settled.found);
  if (unaccounted) return { answer: unaccounted };
  return { ...settled, losers: whyOthersLost(ranked, settled.found) };
}

/** The next best candidates and what they lacked, for the thought: "why the others lost". */
function whyOthersLost(ranked: Match[], found: Match): string | undefined {
  const others = ranked.filter(match => match.node !== found.node).slice(0, 2);
  if (!others.length) return undefined;
  const lost = others.map(match => {
    if (match.total >= found.total - 0.01)
      return `${describeNode(match.node)} fits as well by name but not by the rest of the query`;
    if (!match.unmatched.length && match.matched.length)
      return `${describeNode(match.node)} also matches ${quoteWords(match.matched)}, but its name holds more than the query asks for`;
    const matched = match.matched.length ? `matches only ${quoteWords(match.matched)}` : 'matches by role only';
    const missing = match.unmatched.length ? `, not ${quoteWords(match.unmatched)}` : '';
    const role = found.roleHinted && !match.roleHinted ? ', and is not the role asked for' : '';
    return `${describeNode(match.node)} ${matched}${missing}${role}`;
  });
  return `Next best: ${lost.join('; ')}.`;
}

/** Words that say where or what kind of thing, not what it is called: never a reason to refuse. */
const GENERIC_WORDS = new Set([
  ...CONTAINER_NOUNS,
  'page',
  'screen',
  'back',
  'message',
  'email',
  'mail',
  'story',
  'thing',
  'form',
  'site',
  'window',
  'folder',
  'area',
  'part',
  'as',
  'about',
  'option',
  'one',
  'choice',
  'value',
  'text',
  'label',
  'name',
]);

/**
 * A target word that neither the chosen element's name nor anything else on the page contains ("Marketing" in "tick
 * the Marketing emails checkbox" when only "Email notifications" exists): the query means something that is not
 * there, and acting on the closest name would be a guess. Asks for the skeleton DOM before deciding, since headings
 * and row text are only there. Generic nouns do not count; the leading verb is `unaccountedVerb`'s.
 */
function unaccountedWords(
  request: InteractRequest,
  q: ParsedQuery,
  slots: Slot[],
  found: Match,
): InteractResponse | undefined {
  const verb = unaccountedVerb(request, q, found);
  if (verb) return verb;
  const anchorSlots = q.anchor ? targetSlots(q.anchor) : [];
  const open = [...slots.filter(slot => found.unmatched.includes(slot.label)), ...anchorSlots].filter(
    slot =>
      slot.label !== q.verbWord &&
      !slot.label.endsWith(' icon') &&
      !slot.forms.some(form => GENERIC_WORDS.has(form)) &&
      (slot.label.length > 1 || /\d/.test(slot.label)),
  );
  if (!open.length) return undefined;
  const names = request.interactiveTree.map(node => node.n ?? '').join('  ');
  const missing = open.filter(slot => matchText(names, [slot]).matched.length === 0);
  if (!missing.length) return undefined;
  const each = (slots: Slot[]) => slots.map(slot => `"${slot.label}"`).join(', ');
  const words = each(missing);
  if (!request.skeletonDom) {
    return needsContext(
      'skeleton',
      `${describeNode(found.node)} is the closest match, but no element's name holds ${words}: the skeleton DOM's text may say where that is.`,
    );
  }
  const text = documentText(request.skeletonDom);
  const absent = missing.filter(slot => matchText(text, [slot]).matched.length === 0);
  if (!absent.length) return undefined;
  return fail(
    `Nothing on the page matches ${describeWanted(q)}: no element or text holds ${each(absent)}. The closest is ${describeNode(found.node)}${found.matched.length ? `, which matches only ${quoteWords(found.matched)}` : ''}; acting on it would be a guess.`,
  );
}

/** Verbs that mean "activate it", whatever it is called: "open the invoice", "view the order", "follow the link". */
const ACTIVATE_VERBS = new Set([
  'open',
  'view',
  'show',
  'see',
  'visit',
  'follow',
  'launch',
  'access',
  'display',
  'expand',
  'read',
  'load',
  'start',
  'use',
  'do',
  'activate',
  'trigger',
  'hit',
  'press',
  'continue',
  'proceed',
]);
/** Verbs that change a checkbox, switch, radio or tab: "turn on dark mode", "enable SMS", "make my profile private". */
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
]);
const CHANGEABLE_ROLES = new Set([...CHECKABLE_ROLES, ...PICKABLE_ROLES]);

/**
 * A verb the planner has no action for ("star", "pin", "delete") is carried out only by a control named for it:
 * clicking the mail from Priya does not star it. When the chosen element's name does not hold the verb, the query is
 * refused, naming the controls that do hold it (they are elsewhere: in another row, another card) — never acted on.
 */
function unaccountedVerb(request: InteractRequest, q: ParsedQuery, found: Match): InteractResponse | undefined {
  const verb = q.verbWord;
  if (!verb || ACTIVATE_VERBS.has(verb) || found.matched.includes(verb)) return undefined;
  if (CHANGE_VERBS.has(verb) && CHANGEABLE_ROLES.has(roleCode(found.node.r))) return undefined;
  const carriers = request.interactiveTree.filter(node =>
    rawTokens(node.n ?? '')
      .map(normalizeWord)
      .includes(normalizeWord(verb)),
  );
  const elsewhere = carriers.length
    ? ` The controls named for it are ${listNodes(carriers.slice(0, 5))}${carriers.length > 5 ? ', …' : ''}, and none of them belongs to what the query names.`
    : ' No control on the page is named for it.';
  return fail(
    `"${verb}" is not an action the planner can take by clicking ${describeNode(found.node)}: the query names it, but that element is not for it.${elsewhere} Doing something else instead would be a guess.`,
  );
}

function noMatch(request: InteractRequest, q: ParsedQuery, pool: Pool | undefined): InteractResponse {
  const closest = closestNodes(
    request.interactiveTree.filter(node => !pool?.strict || pool.roles.has(roleCode(node.r))),
    q,
  );
  const what = pool?.strict ? `No ${pool.what}` : 'Nothing on the page';
  return fail(
    `${what} matches ${describeWanted(q)}${closest.length ? `; the closest are ${listNodes(closest)}` : ''}.`,
  );
}

/**
 * Narrows ranked candidates by what the query says beyond names: colour (from the screenshot), then the best of what
 * is left, then position, then ordinal. Asks for a screenshot first when the query refers to what only one shows.
 * `q` has been through wordsOfNames.
 */
export function pick(
  request: InteractRequest,
  q: ParsedQuery,
  ranked: Match[],
): { group: Match[]; reasons: string[] } | { answer: InteractResponse } {
  if (q.nestedCount) {
    return {
      answer: fail(
        `The query counts twice ("${q.ordinal?.word}" and another ordinal): counting within a counted row or card is not something the planner does. Name the element, or its row or card, by its words.`,
      ),
    };
  }
  const visual = visualReferences(q);
  if (visual.length && !request.screenshot) {
    return {
      answer: needsContext(
        'hybrid',
        `The query refers to ${visual.join(' and ')}, which the semantic tree does not encode: a screenshot (with the skeleton DOM) is needed.`,
      ),
    };
  }
  const reasons: string[] = [];
  if (q.colour) {
    const coloured = byColour(request, q, ranked);
    if ('answer' in coloured) return coloured;
    ranked = coloured.matches;
    reasons.push(`it is the ${q.colour} one`);
  }
  let group = bestTier(ranked, q);
  if (q.position) {
    const [nearest, runnerUp] = byDistanceTo(group, q.position, viewportOf(request));
    if (!nearest)
      return {
        answer: fail(
          `None of ${listNodes(group.map(match => match.node))} has a box or position, so "${q.position}" cannot be judged.`,
        ),
      };
    if (runnerUp && runnerUp.distance - nearest.distance < POSITION_MARGIN) {
      return {
        answer: fail(
          `Cannot tell which element is meant: ${describeNode(nearest.item.node)} and ${describeNode(runnerUp.item.node)} are about as near the ${q.position} as each other. Name it, or add a colour or a second direction (e.g. "top right").`,
        ),
      };
    }
    group = [nearest.item];
    reasons.push(`it is the one nearest the ${q.position}${q.position.includes('-') ? ' corner' : ''}`);
  }
  if (q.ordinal) {
    const counted = byOrdinal(request, q, ranked, group);
    if ('answer' in counted) return counted;
    group = [counted.found];
    reasons.push(...counted.reasons);
  }
  return { group, reasons: [...nameReasons(group[0], q), ...reasons] };
}

/** CSS pixels by which the nearest element must beat the next for a position ("the top button") to pick it. */
const POSITION_MARGIN = 24;

/** Why the name fits: what the thought says first. */
function nameReasons(match: Match, q: ParsedQuery): string[] {
  if (match.exact) return [`its name is exactly "${match.node.n}"`];
  const icon = q.icon ? `${q.icon} icon` : undefined;
  const words = match.matched.filter(label => label !== icon);
  const reasons = words.length ? [`its name matches ${quoteWords(words)}`] : [];
  if (icon && match.matched.includes(icon))
    reasons.push(`"${match.node.n}" is what a ${q.icon} icon usually stands for`);
  if (!reasons.length && match.roleHinted) reasons.push(`it is a ${roleOf(match.node.r)}`);
  return reasons;
}

/** Keeps the candidates of the query's colour, read from the screenshot inside each box. */
function byColour(
  request: InteractRequest,
  q: ParsedQuery,
  ranked: Match[],
): { matches: Match[] } | { answer: InteractResponse } {
  // Block means first (fast); the full decode when they find none of the colour (thin coloured text, an odd JPEG).
  const blocks = decodeScreenshotBlocks(request.screenshot ?? '');
  if (blocks) {
    const found = colourMatches(request, q, ranked, blocks);
    if (found.coloured.length) return { matches: found.coloured };
  }
  let shot: Screenshot;
  try {
    shot = decodeScreenshot(request.screenshot ?? '');
  } catch (error) {
    return {
      answer: fail(
        `The screenshot could not be decoded as a JPEG (${messageOf(error)}), so the colour "${q.colour}" cannot be checked.`,
      ),
    };
  }
  const { coloured, readings } = colourMatches(request, q, ranked, shot);
  if (coloured.length) return { matches: coloured };
  const seen = readings
    .slice(0, 5)
    .map(
      ({ match, reading }) =>
        `${describeNode(match.node)} ${reading ? `is ${reading.dominant}` : 'is not in the screenshot'}`,
    );
  return { answer: fail(`No ${q.colour} element matches ${describeWanted(q)}: ${seen.join(', ')}.`) };
}

/** The candidates whose box reads as the query's colour: dominant colour first, else a coloured accent (link text). */
function colourMatches(request: InteractRequest, q: ParsedQuery, ranked: Match[], shot: Screenshot) {
  const scale = shot.width / (request.viewport?.width ?? shot.width);
  const readings = ranked.map(match => ({
    match,
    reading: match.node.box ? readColour(shot, match.node.box, scale) : undefined,
  }));
  const fits = (pick: (reading: ColourReading) => string | undefined) =>
    readings.filter(({ reading }) => reading && pick(reading) === q.colour);
  const coloured = fits(reading => reading.dominant).length
    ? fits(reading => reading.dominant)
    : fits(reading => reading.accent);
  return { coloured: coloured.map(({ match }) => match), readings };
}

/** "The second Add to cart button": the nth of the best matches in reading order; "the second card" with nothing else: the nth card of the skeleton. */
function byOrdinal(
  request: InteractRequest,
  q: ParsedQuery,
  ranked: Match[],
  group: Match[],
): { found: Match; reasons: string[] } | { answer: InteractResponse } {
  const ordinal = q.ordinal!;
  const pickNth = <T>(items: T[]) => (ordinal.n < 0 ? items.at(ordinal.n) : items[ordinal.n - 1]);
  if (ordinal.noun && !targetSlots(q).length && !q.roles.length) {
    if (!request.skeletonDom)
      return {
        answer: needsContext(
          'skeleton',
          `"${ordinal.word} ${ordinal.noun}" counts page structure: the skeleton DOM is needed to find the ${ordinal.noun}s.`,
        ),
      };
    const known = new Map(ranked.map(match => [match.node.i, match]));
    const containers = repeatedContainers(request.skeletonDom)
      .map(ids => ids.map(id => known.get(id)).filter(match => match !== undefined))
      .filter(matches => matches.length > 0)
      .map(matches => inReadingOrder(matches)[0]);
    const first = pickNth(inReadingOrder(containers));
    if (!first)
      return {
        answer: fail(
          `The skeleton DOM has ${containers.length} repeated ${ordinal.noun}-like groups, so there is no ${ordinal.word} ${ordinal.noun}.`,
        ),
      };
    return {
      found: first,
      reasons: [
        `it is the first element of the ${ordinal.word} of ${containers.length} ${ordinal.noun}s in reading order`,
      ],
    };
  }
  const within = countedWithin(request, q, group);
  if ('answer' in within) return within;
  const ordered = inReadingOrder(within.group);
  const found = pickNth(ordered);
  const among = within.words ? ` whose row or card holds ${quoteWords(within.words)}` : '';
  if (!found)
    return {
      answer: fail(
        `The query asks for the ${ordinal.word} match of ${describeWanted(q)}${among}, but there ${ordered.length === 1 ? 'is only one' : `are only ${ordered.length}`}: ${listNodes(ordered.map(match => match.node))}.`,
      ),
    };
  return { found, reasons: [`it is the ${ordinal.word} of ${ordered.length} matches${among} in reading order`] };
}

/**
 * "The second Details link for the Hamburg train": words the counted names do not hold qualify what is counted — the
 * count runs over the matches whose row or card holds them. Words every card or none holds are about the page and
 * count over all; words split between cards qualify no set of them, and the query is refused.
 */
function countedWithin(
  request: InteractRequest,
  q: ParsedQuery,
  group: Match[],
): { group: Match[]; words?: string[] } | { answer: InteractResponse } {
  const leftover = targetSlots(q).filter(
    slot =>
      group.every(match => match.unmatched.includes(slot.label)) &&
      slot.label !== q.verbWord &&
      !slot.forms.includes(q.ordinal?.head ?? '') &&
      !slot.forms.some(form => GENERIC_WORDS.has(form)),
  );
  if (group.length < 2 || !leftover.length) return { group };
  if (!request.skeletonDom)
    return {
      answer: needsContext(
        'skeleton',
        `The query counts among ${group.length} matches of ${describeWanted(q)}, and ${quoteWords(leftover.map(slot => slot.label))} may say which of them are counted: the skeleton DOM's rows and cards tell.`,
      ),
    };
  const contexts = surroundings(
    request.skeletonDom,
    group.map(match => match.node.i),
  );
  const held = group.map(match => ({ match, matched: matchText(contexts.get(match.node.i) ?? '', leftover).matched }));
  // The qualifier is what some card holds; a word no card holds is about the page ("train" of a page of trains).
  const words = [...new Set(held.flatMap(({ matched }) => matched))];
  const holders = held.filter(({ matched }) => matched.length === words.length).map(({ match }) => match);
  if (!words.length || holders.length === group.length) return { group };
  if (!holders.length) {
    return {
      answer: fail(
        `Cannot tell what the query counts: no row or card around the matches of ${describeWanted(q)} holds all of ${quoteWords(words)}; some hold part of them.`,
      ),
    };
  }
  return { group: holders, words };
}

/** One candidate left: done, unless covered. Several: never a covered one; then the skeleton, then the screenshot. */
function settle(
  request: InteractRequest,
  q: ParsedQuery,
  slots: Slot[],
  group: Match[],
  reasons: string[],
): Resolution {
  const open = group.filter(match => !match.node.occ);
  if (!open.length) {
    const what =
      group.length > 1
        ? `all ${group.length} matches of ${describeWanted(q)} (${listNodes(group.map(match => match.node))}) are`
        : `${describeNode(group[0].node)} is`;
    return {
      answer: fail(
        `Cannot act: ${what} covered by another element (occ: true); close or move what covers ${group.length > 1 ? 'them' : 'it'} first.`,
      ),
    };
  }
  if (open.length < group.length)
    reasons.push(
      `${listNodes(group.filter(match => match.node.occ).map(match => match.node))} also match${group.length - open.length === 1 ? 'es' : ''} but ${group.length - open.length === 1 ? 'is' : 'are'} covered by another element`,
    );
  if (open.length === 1)
    return { found: open[0], reasons: reasons.length ? reasons : ['it is the only element that fits'] };

  const tied = `${open.length} elements match ${describeWanted(q)} equally well (${listNodes(open.map(match => match.node))})`;
  if (!request.skeletonDom)
    return {
      answer: needsContext('skeleton', `${tied}: the skeleton DOM's surrounding structure may tell them apart.`),
    };
  const anchorSlots = q.anchor ? targetSlots(q.anchor) : [];
  const decided = byStructure(request.skeletonDom, slots, anchorSlots, open);
  if (decided) return { found: decided.found, reasons: [...reasons, decided.reason] };
  const near = q.anchor ? byAnchor(request, q.anchor, open) : undefined;
  if (near) return { found: near.found, reasons: [...reasons, near.reason] };
  if (!request.screenshot)
    return {
      answer: needsContext(
        'hybrid',
        `${tied}, and the skeleton DOM around them does not tell them apart: the layout in a screenshot is needed.`,
      ),
    };
  return {
    answer: fail(
      `Cannot tell which element is meant: ${tied}, and neither the skeleton DOM nor the screenshot separates them. Add a word from around the intended one, a position or an ordinal (e.g. "the second …").`,
    ),
  };
}

const MAX_CONTEXT = 80;

/**
 * Scores each candidate's surroundings (its card) with the query words its name did not use: "pro plan" in "Add the Pro
 * plan to cart". The card chosen must hold every such word another card holds, and more: a qualifier whose words are
 * split between cards ("Book the 11:15 train" when one row leaves at 11:40 and another at 10:15) names none of them.
 */
function byStructure(
  skeleton: string,
  slots: Slot[],
  anchorSlots: Slot[],
  open: Match[],
): { found: Match; reason: string } | undefined {
  const contexts = surroundings(
    skeleton,
    open.map(match => match.node.i),
  );
  const scored = open
    .map(match => {
      const context = contexts.get(match.node.i) ?? '';
      const leftover = [...slots.filter(slot => match.unmatched.includes(slot.label)), ...anchorSlots];
      const fit = context && leftover.length ? matchText(context, leftover) : undefined;
      return { match, context, recall: fit?.recall ?? 0, matched: fit?.matched ?? [] };
    })
    .sort((a, b) => b.matched.length - a.matched.length || b.recall - a.recall);
  const [best, ...others] = scored;
  const holdsLess = (other: (typeof scored)[number]) =>
    other.matched.length >= best.matched.length || other.matched.some(word => !best.matched.includes(word));
  if (!best.matched.length || others.some(holdsLess)) return undefined;
  const context = best.context.length > MAX_CONTEXT ? `${best.context.slice(0, MAX_CONTEXT)}…` : best.context;
  return {
    found: best.match,
    reason: `its surroundings in the skeleton DOM read "${context}", which matches ${quoteWords(best.matched)}`,
  };
}

/**
 * "The Go button next to the search box": when structure does not tell the candidates apart, the one nearest the single
 * element the anchor words name, if it is clearly nearer than the others.
 */
function byAnchor(
  request: InteractRequest,
  anchor: ParsedQuery,
  open: Match[],
): { found: Match; reason: string } | undefined {
  const others = request.interactiveTree.filter(node => !open.some(match => match.node === node));
  const anchors = bestTier(rankNodes(others, anchor), anchor);
  const at = anchors.length === 1 ? centreOf(anchors[0].node) : undefined;
  if (!at) return undefined;
  const measured = open
    .flatMap(match => {
      const centre = centreOf(match.node);
      return centre ? [{ match, distance: Math.hypot(centre[0] - at[0], centre[1] - at[1]) }] : [];
    })
    .sort((a, b) => a.distance - b.distance);
  const [first, second] = measured;
  if (!first || (second && second.distance - first.distance < POSITION_MARGIN)) return undefined;
  return {
    found: first.match,
    reason: `it is the one nearest ${describeNode(anchors[0].node)}, which the query places it by`,
  };
}
