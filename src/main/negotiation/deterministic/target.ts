import {
  isNegotiation,
  roleCode,
  roleOf,
  type InteractRequest,
  type InteractResponse,
} from '../../../shared/negotiation';
import { decodeScreenshot, decodeScreenshotBlocks, readColour, type ColourReading, type Screenshot } from './colour';
import { byKind, byOrdinal } from './counting';
import { byDistanceTo, POSITION_MARGIN, viewportOf } from './layout';
import { visualReferences, type ParsedQuery } from './query';
import { describeNode, fail, listNodes, messageOf, needsContext, quoteWords } from './responses';
import { bestTier, closestNodes, rankNodes, targetSlots, type Match } from './scoring';
import { placeWords } from './groups';
import { sharesSurroundings } from './structure';
import { settle } from './ties';
import { unaccountedWords, verbCarriers } from './unaccounted';
import { PASSIVE_ROLES } from './vocabulary';
import { describeWanted, poolOf, type Pool } from './wanted';
import { normalizeWord, rawTokens } from './words';

/** The element a query means, with the reasons for the thought; or the answer to give instead (a failure, a request for more context). */
export type Resolution = { found: Match; reasons: string[]; losers?: string } | { answer: InteractResponse };

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
  // A name holding every word of the query beats names that hold fewer but little else: the long hostile
  // "Add <img src=x …>" button for a query quoting it, over a shorter "Frame <img src=x …>" one.
  const complete = slots.length > 1 ? ranked.filter(match => match.matched.length && !match.unmatched.length) : [];
  if (complete.length && ranked[0]?.unmatched.length) ranked = complete;
  // An icon nobody is named after may still be found by where it is or what colour it is.
  if (!ranked.length && q.icon && q.icon !== 'icon' && (q.position || q.ordinal || q.colour))
    return resolveTarget(request, { ...q, icon: 'icon' });
  if (!ranked.length) return byKind(request, q) ?? { answer: noMatch(request, q, pool) };
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
  let settled = settle(request, q, slots, picked.group, picked.reasons);
  if ('answer' in settled) return settled;
  const carriers = verbCarriers(q, ranked, settled.found);
  if (carriers.length === 1) {
    // "apply the promo code": the one Apply button, if the words that found the Promo code field are written around it.
    const { found } = settled;
    if (!request.skeletonDom)
      return {
        answer: needsContext(
          'skeleton',
          `${describeNode(carriers[0].node)} is named for "${q.verbWord}": the skeleton DOM says whether it belongs to ${describeNode(found.node)}.`,
        ),
      };
    const named = slots.filter(slot => found.matched.includes(slot.label));
    if (named.length && placeWords(request.skeletonDom, carriers[0].node.i, named).near.length === named.length)
      settled = {
        found: carriers[0],
        reasons: [
          `it is the one control named for "${q.verbWord}", and ${quoteWords(named.map(slot => slot.label))} is written around it`,
        ],
      };
  } else if (carriers.length) {
    // The controls named for the verb, told apart by the row or card that holds the rest of the query; when nothing
    // tells them apart the refusal below stands.
    const carried = settle(request, q, slots, carriers, []);
    if ('answer' in carried && isNegotiation(carried.answer)) return carried;
    const ids = carriers.map(match => match.node.i);
    if (
      !('answer' in carried) &&
      request.skeletonDom &&
      sharesSurroundings(request.skeletonDom, ids, carried.found.node.i, settled.found.node.i)
    )
      settled = carried;
  }
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
