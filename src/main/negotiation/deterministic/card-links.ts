// "view the oak desk", "open the chickpea curry": a card or row named by its title, which no control is named for, is
// opened by its one link. Read only when the query's first reading finds nothing to act on.
import { roleCode, type InteractRequest, type SemanticNode } from '../../../shared/negotiation';
import { placeWords } from './groups';
import type { ParsedQuery } from './query';
import { matchText, targetSlots, type Slot } from './scoring';
import { repeatedContainers } from './structure';
import { ACTIVATE_VERBS, GENERIC_WORDS } from './vocabulary';

export function cardLink(request: InteractRequest, q: ParsedQuery): { node: SemanticNode; reason: string } | undefined {
  const verb = q.verbWord;
  if (!request.skeletonDom || q.verb !== 'click' || q.ordinal || !verb || !ACTIVATE_VERBS.has(verb)) return undefined;
  const slots = targetSlots(q).filter(
    slot => slot.label !== verb && !slot.forms.some(form => GENERIC_WORDS.has(form)) && !slot.label.endsWith(' icon'),
  );
  if (!slots.length) return undefined;
  const skeleton = request.skeletonDom;
  const links = (ids: string[]) =>
    request.interactiveTree.filter(node => ids.includes(node.i) && roleCode(node.r) === 'lnk' && !node.occ);
  // The cards whose titles hold every word, none of them a control's name in the card ("open the reviews" is no card's
  // "Reviews" link); the query names one only if exactly one does.
  const controlNames = (ids: string[]) =>
    request.interactiveTree
      .filter(node => ids.includes(node.i))
      .map(node => node.n ?? '')
      .join('  ');
  // A word the link's own name holds is the kind of thing opened: "open the lemon chicken recipe" by View recipe; so
  // is the kind the page lists, written anywhere on it ("open the Bluebird Café invoice" on a page of invoices).
  const isKind = (slot: Slot) => !!q.kind && slot.forms.includes(q.kind);
  const named = repeatedContainers(skeleton).filter(ids => {
    const [link] = links(ids);
    if (!link) return false;
    const placement = placeWords(skeleton, link.i, slots);
    const others = controlNames(ids.filter(id => id !== link.i));
    const kindOnPage = (slot: Slot) => isKind(slot) && !placement.unwritten.includes(slot);
    return (
      placement.near.some(slot => !isKind(slot)) &&
      slots.every(
        slot => placement.near.includes(slot) || matchText(link.n ?? '', [slot]).matched.length || kindOnPage(slot),
      ) &&
      !slots.some(slot => matchText(others, [slot]).matched.length)
    );
  });
  if (named.length !== 1) return undefined;
  const [only, ...more] = links(named[0]);
  if (!only || more.length) return undefined;
  return {
    node: only,
    reason: `its card or row holds "${slots.map(slot => slot.label).join(' ')}", and it is its one link`,
  };
}
