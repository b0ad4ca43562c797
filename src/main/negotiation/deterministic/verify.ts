import type { InteractRequest, InteractResponse, SemanticNode } from '../../../shared/negotiation';
import type { ParsedQuery, Verification } from './query';
import { describeNode, done, fail, listNodes, needsContext } from './responses';
import { closestNodes, matchText, rankNodes, targetSlots, type Slot } from './scoring';
import { contains, describeElement, documentText, labelledElements, type DomElement } from './structure';
import { pick, wordsOfNames } from './target';
import { describeWanted } from './wanted';
import { normalizePhrase, normalizeWord } from './words';

/** Subject words that mean the page itself: "Verify the page shows "Welcome"". */
const PAGE_WORDS = new Set(['page', 'screen', 'site', 'website', 'app', 'window', 'text', 'message', 'content']);

/**
 * A verification: from the semantic tree (and any text the request carries) unless it needs raw attributes, which
 * only the full DOM has.
 */
export function verify(request: InteractRequest, parsed: ParsedQuery): InteractResponse {
  const q = wordsOfNames(parsed, request);
  const v = q.verification ?? { negated: false, visible: false };
  if (v.attribute) return verifyAttribute(request, q, v, v.attribute);
  const words = q.words.map(normalizeWord);
  if (words.includes('title') && words.every(word => word === 'title' || PAGE_WORDS.has(word)) && !q.roles.length)
    return verifyTitle(request, v);
  if (words.every(word => PAGE_WORDS.has(word)) && !q.roles.length)
    return verifyText(request, v, v.expected ?? q.names[0]);
  return verifyElement(request, q, v);
}

/** Applies "not": a check that passed fails and the other way round, with the message for each outcome. */
function outcome(passed: boolean, negated: boolean, yes: string, no: string): InteractResponse {
  return passed !== negated
    ? done(`Verified: ${passed ? yes : no}.`)
    : fail(`Verification failed: ${passed ? yes : no}.`);
}

function verifyTitle(request: InteractRequest, v: Verification): InteractResponse {
  const title = request.pageTitle ?? '';
  if (v.expected === undefined)
    return outcome(title !== '', v.negated, `the page title is "${title}"`, 'the page has no title');
  const passed = normalizePhrase(title).includes(normalizePhrase(v.expected));
  return outcome(
    passed,
    v.negated,
    `the page title "${title}" contains "${v.expected}"`,
    `the page title is "${title}", not "${v.expected}"`,
  );
}

/** Text anywhere the request shows it: element names, the title, and the skeleton and full DOM when present. */
function verifyText(request: InteractRequest, v: Verification, text: string | undefined): InteractResponse {
  if (!text)
    return fail(
      'The verification does not say what to look for: quote the text or name the element, e.g. Verify "Order placed" is shown.',
    );
  const wanted = normalizePhrase(text);
  const node = request.interactiveTree.find(candidate => normalizePhrase(candidate.n ?? '').includes(wanted));
  const sources: [string, string | undefined][] = [
    ['the page title', request.pageTitle],
    ['the skeleton DOM', request.skeletonDom ? documentText(request.skeletonDom) : undefined],
    ['the full DOM', request.dom ? documentText(request.dom) : undefined],
  ];
  const where = node
    ? describeNode(node)
    : sources.find(([, content]) => content && normalizePhrase(content).includes(wanted))?.[0];
  const searched = [
    'the element names',
    ...sources.filter(([, content]) => content !== undefined).map(([name]) => name),
  ].join(', ');
  return outcome(
    !!where,
    v.negated,
    `"${text}" is on the page (in ${where})`,
    `"${text}" is not on the page (searched ${searched})`,
  );
}

/** An element named by the query: all its words must be in the name, and a hinted role must be its role. */
function verifyElement(request: InteractRequest, q: ParsedQuery, v: Verification): InteractResponse {
  const slots = targetSlots(q);
  if (!slots.length && !q.roles.length)
    return fail('The verification does not say which element: name it, e.g. Verify the "Save" button is shown.');
  const wanted = describeWanted(q);
  const strict = rankNodes(request.interactiveTree, q).filter(
    match => (!slots.length || match.unmatched.length === 0 || match.exact) && (!q.roles.length || match.roleHinted),
  );
  if (!strict.length) {
    const closest = closestNodes(request.interactiveTree, q);
    return outcome(
      false,
      v.negated,
      '',
      `no element matches ${wanted}${closest.length ? ` (the closest are ${listNodes(closest)})` : ''}`,
    );
  }
  const picked = pick(request, q, strict);
  if ('answer' in picked) {
    // A request for a screenshot stands; a selector that found nothing ("no blue one") is a negative finding.
    if ('status' in picked.answer) return picked.answer;
    return outcome(false, v.negated, '', picked.answer.thought.replace(/\.$/, ''));
  }
  const nodes = picked.group.map(match => match.node);
  const subject = listNodes(nodes);
  if (v.expected !== undefined) {
    const expected = normalizePhrase(v.expected);
    const reads = nodes.find(node => normalizePhrase(node.n ?? '').includes(expected));
    return outcome(
      !!reads,
      v.negated,
      `${describeNode(reads ?? nodes[0])} reads "${v.expected}"`,
      `${subject} does not read "${v.expected}"`,
    );
  }
  if (v.visible) {
    const shown: SemanticNode | undefined = nodes.find(node => !node.occ);
    return outcome(
      !!shown,
      v.negated,
      `${describeNode(shown ?? nodes[0])} is shown`,
      `${subject} is on the page but covered by another element (occ: true)`,
    );
  }
  return outcome(true, v.negated, `${subject} is on the page`, '');
}

/** Compares an attribute value with what the query expects; URLs compare resolved against the page's. */
function attributeFits(name: string, actual: string, expected: string, base: string): boolean {
  if (name === 'href' || name === 'src') {
    const resolve = (url: string) => {
      try {
        return new URL(url, base).href.replace(/\/$/, '');
      } catch {
        return url;
      }
    };
    return actual === expected || resolve(actual) === resolve(expected);
  }
  if (name === 'class') {
    const classes = actual.split(/\s+/);
    return expected.split(/\s+/).every(cls => classes.includes(cls));
  }
  if (name === 'style') return actual.replace(/\s+/g, '').includes(expected.replace(/\s+/g, '').replace(/;$/, ''));
  return actual.trim() === expected.trim();
}

const DOM_EXACT_BONUS = 0.5;
const DOM_CONTAINS_BONUS = 0.2;
const DOM_ROLE_BONUS = 0.25;
/** An element with a role (a link, a button) rather than the span inside it that holds the same text. */
const DOM_INTERACTIVE_BONUS = 0.1;

/** The full-DOM elements the subject names: best label match, innermost of nested equals. */
function findInDom(html: string, q: ParsedQuery, slots: Slot[]): DomElement[] {
  const names = q.names.map(normalizePhrase);
  const scored = labelledElements(html).flatMap(candidate => {
    const label = normalizePhrase(candidate.label);
    const exact = names.includes(label);
    const within = !exact && names.some(name => name && label.includes(name));
    const roleHinted = !!candidate.role && q.roles.includes(candidate.role);
    const a = candidate.element.attribs;
    // The label decides the ranking; identifying attributes also let "the logo" find <img class="logo">.
    const byLabel = matchText(candidate.label, slots);
    const byAttributes = matchText(
      [candidate.label, a.id, a.class, a.name, a.src, a.alt, a.title].filter(Boolean).join(' '),
      slots,
    );
    const named = slots.length
      ? byLabel.unmatched.length === 0 || byAttributes.unmatched.length === 0 || exact
      : roleHinted;
    if (!named || (q.roles.length && !roleHinted)) return [];
    const total =
      byLabel.score +
      (exact ? DOM_EXACT_BONUS : within ? DOM_CONTAINS_BONUS : 0) +
      (roleHinted ? DOM_ROLE_BONUS : 0) +
      (candidate.role ? DOM_INTERACTIVE_BONUS : 0);
    return [{ candidate, total }];
  });
  const best = Math.max(...scored.map(entry => entry.total));
  const tier = scored.filter(entry => entry.total >= best - 0.01).map(entry => entry.candidate);
  return tier.filter(outer => !tier.some(inner => inner !== outer && contains(outer.element, inner.element)));
}

function verifyAttribute(
  request: InteractRequest,
  q: ParsedQuery,
  v: Verification,
  attribute: string,
): InteractResponse {
  const wanted = describeWanted(q);
  if (!request.dom) {
    return needsContext(
      'full',
      `Verifying the ${attribute} attribute of ${wanted} needs raw HTML attributes, which the semantic tree and the skeleton DOM leave out: the full DOM is needed.`,
    );
  }
  const slots = targetSlots(q);
  if (!slots.length && !q.roles.length)
    return fail(
      `The verification does not say which element's ${attribute} to check: name it, e.g. Verify the "Docs" link points to "/docs".`,
    );
  const found = findInDom(request.dom, q, slots);
  if (!found.length) return fail(`Verification failed: no element of the full DOM matches ${wanted}.`);
  const results = found.map(({ element }) => {
    const actual = element.attribs[attribute];
    const fits =
      actual !== undefined && (v.expected === undefined || attributeFits(attribute, actual, v.expected, request.url));
    const state = actual === undefined ? `has no ${attribute} attribute` : `has ${attribute}="${actual}"`;
    return { fits, text: `${describeElement(element)} ${state}` };
  });
  const passed = results.every(result => result.fits);
  const expectation = v.expected !== undefined ? ` (expected ${v.negated ? 'not ' : ''}"${v.expected}")` : '';
  const report = (subset: typeof results) => subset.map(result => result.text).join('; ');
  return outcome(
    passed,
    v.negated,
    `${report(results)}${expectation}`,
    `${report(results.filter(result => !result.fits))}${expectation}`,
  );
}
