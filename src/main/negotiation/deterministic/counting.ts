// Ordinal selection ("the second …"): the nth container of the skeleton, or the nth match among those its row or card qualifies.
import { roleCode, type InteractRequest, type InteractResponse } from '../../../shared/negotiation';
import { titledAround } from './groups';
import { inReadingOrder } from './layout';
import type { ParsedQuery } from './query';
import { describeNode, fail, listNodes, needsContext, quoteWords } from './responses';
import { matchText, targetSlots, type Match, type Slot } from './scoring';
import { containerOf, repeatedContainers, surroundings } from './structure';
import { ACTIVATE_VERBS, CHECKABLE_ROLES, CHOOSE_VERBS, CONTAINER_NOUNS, GENERIC_WORDS } from './vocabulary';
import { normalizeWord, rawTokens } from './words';
import { describeWanted } from './wanted';

/** "The second Add to cart button": the nth of the best matches in reading order; "the second card" with nothing else: the nth card of the skeleton. */
export function byOrdinal(
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
  // "the third switch under Email": the count runs within the section the anchor's words title.
  if (q.anchor?.words.length && !request.skeletonDom)
    return {
      answer: needsContext(
        'skeleton',
        `${quoteWords(q.anchor.words)} may title the part of the page the count runs in: the skeleton DOM's headings tell.`,
      ),
    };
  const anchored = q.anchor && request.skeletonDom ? underTitle(request.skeletonDom, targetSlots(q.anchor), group) : [];
  if (anchored.length && anchored.length < group.length) {
    const found = pickNth(inReadingOrder(anchored));
    if (!found)
      return {
        answer: fail(
          `The query asks for the ${ordinal.word} of ${describeWanted(q)} under ${quoteWords(q.anchor!.words)}, but there ${anchored.length === 1 ? 'is only one' : `are only ${anchored.length}`}: ${listNodes(anchored.map(match => match.node))}.`,
        ),
      };
    return {
      found,
      reasons: [
        `it is the ${ordinal.word} of the ${anchored.length} matches under ${quoteWords(q.anchor!.words)} in reading order`,
      ],
    };
  }
  const cards = byCard(request, q, group);
  if (cards) return cards;
  const within = countedWithin(request, q, group);
  if ('answer' in within) return within;
  const ordered = inReadingOrder(within.group);
  // "choose the last train" over "Earlier trains" and "Later trains": names about trains in the plural are about the
  // list, not one of its trains; the count runs over the rows.
  if (!within.words && namesThePlural(q, ordered))
    return (
      byKind(request, q) ?? {
        answer: fail(
          `The query counts ${q.ordinal!.head ?? q.kind}s, but ${listNodes(ordered.map(match => match.node))} ${ordered.length > 1 ? 'are' : 'is'} about them all, and no row or card of them has one control for the verb: name the control, or its row by its words.`,
        ),
      }
    );
  // A count runs over things of one kind: a "Members" link found by "member" and Remove buttons found by "remove" are
  // not one list to count in.
  const kinds = new Set(ordered.map(match => match.matched.join(' ')));
  if (kinds.size > 1)
    return {
      answer: fail(
        `Cannot tell what the query counts: its matches are not of one kind (${ordered
          .slice(0, 4)
          .map(match => `${describeNode(match.node)} by ${quoteWords(match.matched)}`)
          .join(', ')}${ordered.length > 4 ? ', …' : ''}). Name what is counted, or the one meant.`,
      ),
    };
  // "the last flight" when one link is called "Flights": a count needs more than one thing to count.
  const found = ordered.length > 1 || ordinal.n === 1 ? pickNth(ordered) : undefined;
  const among = within.words ? ` whose row or card holds ${quoteWords(within.words)}` : '';
  if (!found && !within.words) {
    const kind = byKind(request, q);
    if (kind) return kind;
  }
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

/** The matches every one of `slots` titles (a section's heading, a fieldset's legend, a card's title around it). */
function underTitle(skeleton: string, anchor: Slot[], group: Match[]): Match[] {
  // "in the email section": "section" says what kind of part it is, not what it is titled.
  const slots = anchor.filter(slot => !slot.forms.some(form => CONTAINER_NOUNS.has(form) || form === 'part'));
  if (!slots.length) return [];
  const titled = titledAround(
    skeleton,
    group.map(match => match.node.i),
    slots,
  );
  return group.filter(match => titled.has(match.node.i));
}

/**
 * "book the third room": when the noun the ordinal counts names none of the matches (they are "Reserve" buttons) and
 * each match sits in its own card of the page's repeated cards, the count runs over the cards — a card without a match
 * (a sold-out room) is still a room. The nth card's match is the target; a card without one is refused, never skipped.
 */
function byCard(
  request: InteractRequest,
  q: ParsedQuery,
  group: Match[],
): { found: Match; reasons: string[] } | { answer: InteractResponse } | undefined {
  const ordinal = q.ordinal!;
  const head = targetSlots(q).find(slot => slot.forms.includes(ordinal.head ?? ''));
  // Matches the noun names ("Members", a link in the nav) are no card's: the cards decide which count.
  if (!head || group.filter(match => match.unmatched.includes(head.label)).length < 2) return undefined;
  if (!request.skeletonDom)
    return {
      answer: needsContext(
        'skeleton',
        `"${ordinal.word} ${head.label}" may count the page's ${head.label} cards rather than the matches: the skeleton DOM shows the cards.`,
      ),
    };
  const cards = repeatedContainers(request.skeletonDom);
  // "archive the first email": the Archive folder link in the sidebar is no email; the count runs over the cards.
  const carded = group.filter(match => containerOf(cards, match.node.i) >= 0);
  if (carded.length >= 2) group = carded;
  if (group.some(match => !match.unmatched.includes(head.label))) return undefined;
  const owners = group.map(match => containerOf(cards, match.node.i));
  if (owners.some(owner => owner < 0) || new Set(owners).size !== owners.length) return undefined;
  const index = ordinal.n < 0 ? cards.length + ordinal.n : ordinal.n - 1;
  const at = owners.indexOf(index);
  if (index < 0 || index >= cards.length || at < 0)
    return {
      answer: fail(
        `The page has ${cards.length} ${head.label} cards, and the ${ordinal.word} holds no match of ${describeWanted(q)}.`,
      ),
    };
  return {
    found: group[at],
    reasons: [`it is in the ${ordinal.word} of ${cards.length} ${head.label} cards in document order`],
  };
}

/** Whether the noun counted ("train") is written singular in the query and only plural in every match's name. */
function namesThePlural(q: ParsedQuery, matches: Match[]): boolean {
  const head = q.ordinal?.head ?? q.kind;
  if (!head || !q.words.includes(head) || !matches.length) return false;
  return matches.every(match => {
    const tokens = rawTokens(match.node.n ?? '');
    return !tokens.includes(head) && tokens.some(token => normalizeWord(token) === head);
  });
}

/**
 * "open the fourth recipe", "choose the last flight": the noun counted is the kind of the page's repeated rows or
 * cards, which no control is named for (a "Recipes" link is not a recipe). The count runs over the cards, and in the
 * card counted the verb says which control: its one link to open or view it, its one Select, Book or Reserve button to
 * choose it. Anything less certain is left to the refusal that follows.
 */
export function byKind(
  request: InteractRequest,
  q: ParsedQuery,
): { found: Match; reasons: string[] } | { answer: InteractResponse } | undefined {
  const ordinal = q.ordinal;
  const verb = q.verbWord ?? q.choiceVerb ?? '';
  // "pick the second one": with no noun, what is counted is the page's rows or cards themselves.
  const head = ordinal?.head ?? q.kind ?? (targetSlots(q).length ? undefined : 'one');
  if (!ordinal || !head) return undefined;
  const action =
    q.verb === 'check' ? 'tick' : ACTIVATE_VERBS.has(verb) ? 'open' : CHOOSE_VERBS.has(verb) ? 'choose' : undefined;
  if (!action) return undefined;
  // "the third overdue invoice" says more than which row: counting rows alone would drop "overdue".
  const more = targetSlots(q).filter(
    slot =>
      !slot.forms.includes(normalizeWord(head)) &&
      slot.label !== verb &&
      !slot.forms.some(form => GENERIC_WORDS.has(form)),
  );
  if (more.length) return undefined;
  if (!request.skeletonDom)
    return {
      answer: needsContext(
        'skeleton',
        `"${ordinal.word} ${head}" may count the page's rows or cards of ${head}s: the skeleton DOM shows them.`,
      ),
    };
  const cards = repeatedContainers(request.skeletonDom);
  const card = ordinal.n < 0 ? cards.at(ordinal.n) : cards[ordinal.n - 1];
  if (!card || cards.length < 2) return undefined;
  const inCard = request.interactiveTree
    .map((node, index) => ({ node, index }))
    .filter(({ node }) => card.includes(node.i) && !node.occ);
  const fitting = inCard.filter(({ node }) =>
    action === 'open'
      ? roleCode(node.r) === 'lnk'
      : action === 'tick'
        ? CHECKABLE_ROLES.has(roleCode(node.r))
        : roleCode(node.r) === 'btn' && rawTokens(node.n ?? '').some(word => CHOOSE_VERBS.has(normalizeWord(word))),
  );
  if (fitting.length !== 1) return undefined;
  const [{ node, index }] = fitting;
  const found: Match = {
    node,
    index,
    score: 0,
    precision: 0,
    recall: 0,
    total: 0,
    matched: [],
    unmatched: [],
    exact: false,
    roleHinted: false,
  };
  const what =
    action === 'open' ? 'its only link' : action === 'tick' ? 'its only checkbox' : `its only button to ${verb} it`;
  return {
    found,
    reasons: [
      `"${ordinal.word} ${head}" counts the page's ${cards.length} repeated rows or cards, and ${describeNode(node)} is ${what}`,
    ],
  };
}
