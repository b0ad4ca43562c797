// "type WELCOME5 into the e.g. SAVE10 field": a field named by the hint it shows while empty (its placeholder).
import { roleCode, type InteractRequest, type InteractResponse, type SemanticNode } from '../../../shared/negotiation';
import { fieldHints } from './groups';
import type { ParsedQuery } from './query';
import { needsContext } from './responses';
import { matchText, targetSlots } from './scoring';
import { TYPEABLE_ROLES } from './vocabulary';

/**
 * The one field whose placeholder holds every word the query names it by, when no field's name did. Asks for the
 * skeleton DOM, which keeps placeholders, first. Undefined when the query types nothing or no single hint fits.
 */
export function byHint(
  request: InteractRequest,
  q: ParsedQuery,
): { node: SemanticNode; hint: string } | { answer: InteractResponse } | undefined {
  if ((q.verb !== 'type' && q.verb !== 'set') || q.value === undefined) return undefined;
  const slots = targetSlots(q);
  if (!slots.length) return undefined;
  if (!request.skeletonDom)
    return {
      answer: needsContext(
        'skeleton',
        'No field is named so; a field may show those words as its hint (placeholder): the skeleton DOM keeps hints.',
      ),
    };
  const hints = fieldHints(request.skeletonDom);
  const fitting = request.interactiveTree.filter(node => {
    const hint = hints.get(node.i);
    return hint && TYPEABLE_ROLES.has(roleCode(node.r)) && matchText(hint, slots).matched.length === slots.length;
  });
  return fitting.length === 1 ? { node: fitting[0], hint: hints.get(fitting[0].i)! } : undefined;
}
