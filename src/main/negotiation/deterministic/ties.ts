// Settling on one of the candidates left: never a covered one; ties broken by their rows or cards, then by an anchor.
import { roleCode, type InteractRequest } from '../../../shared/negotiation';
import { centreOf, POSITION_MARGIN } from './layout';
import type { ParsedQuery } from './query';
import { describeNode, fail, listNodes, needsContext, quoteWords } from './responses';
import { bestTier, matchText, rankNodes, targetSlots, type Match, type Slot } from './scoring';
import { placeWords, titledAs } from './groups';
import { surroundings } from './structure';
import { bySuperlative } from './superlatives';
import type { Resolution } from './target';
import { CHECKABLE_ROLES, ON_OFF_VERBS } from './vocabulary';
import { describeWanted } from './wanted';

/** One candidate left: done, unless covered. Several: never a covered one; then the skeleton, then the screenshot. */
export function settle(
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

  // "turn off gift" beside a gift checkbox, a Gift message field and a Gift wrap dropdown: only one is turned on or off.
  const switched = ON_OFF_VERBS.has(q.verbWord ?? '')
    ? open.filter(match => CHECKABLE_ROLES.has(roleCode(match.node.r)))
    : [];
  if (switched.length === 1)
    return { found: switched[0], reasons: [...reasons, 'of the elements that fit, it is the one turned on or off'] };
  const tied = `${open.length} elements match ${describeWanted(q)} equally well (${listNodes(open.map(match => match.node))})`;
  if (!request.skeletonDom)
    return {
      answer: needsContext('skeleton', `${tied}: the skeleton DOM's surrounding structure may tell them apart.`),
    };
  const anchorSlots = q.anchor ? targetSlots(q.anchor) : [];
  const extreme = bySuperlative(
    request,
    q,
    slots.filter(
      slot => open[0].unmatched.includes(slot.label) && slot.label !== q.verbWord && !slot.forms.includes(q.kind ?? ''),
    ),
    open,
  );
  if (extreme)
    return 'answer' in extreme ? extreme : { found: extreme.found, reasons: [...reasons, ...extreme.reasons] };
  const decided =
    byStructure(request.skeletonDom, slots, anchorSlots, open) ??
    byGroups(request.skeletonDom, slots, open) ??
    // "email notifications for comments": the kind ("notifications") says what, the word before it which one.
    byGroups(
      request.skeletonDom,
      slots.filter(slot => !slot.forms.includes(q.kind ?? '')),
      open,
    );
  if (decided) return { found: decided.found, reasons: [...reasons, decided.reason] };
  // "my email" between the sender's and the recipient's: the one in the part the page addresses to the user.
  const skeleton = request.skeletonDom;
  const mine = q.mine ? open.filter(match => titledAs(skeleton, match.node.i, SPEAKER)) : [];
  if (mine.length === 1)
    return {
      found: mine[0],
      reasons: [...reasons, 'the query says "my", and the part of the page around it is the user\'s own'],
    };
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

/** How a page titles what is the user's own: "Your details", "My account". */
const SPEAKER = /\b(?:your|my)\b/i;

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
 * "the delivery street" when the billing fieldset also writes "delivery" (its "Same as delivery" checkbox): the word
 * titles only the delivery fieldset (its legend), so only the Street field in it is named by it. The candidate whose
 * groups title more of the query's leftover words than every other's, including all of theirs, is the one meant.
 */
function byGroups(skeleton: string, slots: Slot[], open: Match[]): { found: Match; reason: string } | undefined {
  const placed = open.map(match => {
    const placement = placeWords(
      skeleton,
      match.node.i,
      slots.filter(slot => match.unmatched.includes(slot.label)),
    );
    return { match, near: placement.near.map(slot => slot.label), titled: placement.titled.map(slot => slot.label) };
  });
  // Written around it at all, then written in a title around it ("Dana" as a message's author, not in its text).
  for (const key of ['near', 'titled'] as const) {
    const [best, ...others] = [...placed].sort((a, b) => b[key].length - a[key].length);
    const dominated = (other: (typeof placed)[number]) =>
      other[key].length < best[key].length && other[key].every(word => best[key].includes(word));
    if (best[key].length && others.every(dominated))
      return {
        found: best.match,
        reason: `the part of the page around it ${key === 'near' ? 'holds' : 'is titled'} ${quoteWords(best[key])}, and no other's is`,
      };
  }
  return undefined;
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
