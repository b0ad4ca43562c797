// What a query wants, apart from its words: the roles its verb implies, and how messages name what it wants.
import { roleOf } from '../../../shared/negotiation';
import type { ParsedQuery } from './query';
import { quoteWords } from './responses';
import { targetSlots } from './scoring';
import { CHECKABLE_ROLES, PICKABLE_ROLES, SELECTABLE_ROLES, TYPEABLE_ROLES } from './vocabulary';

export interface Pool {
  roles: ReadonlySet<string>;
  /** Strict: nothing else will do (one cannot type into a button). Loose: preferred when present. */
  strict: boolean;
  what: string;
}

const SETTABLE_ROLES = new Set([...TYPEABLE_ROLES, ...SELECTABLE_ROLES]);

export function poolOf(q: ParsedQuery): Pool | undefined {
  if (q.verb === 'type') return { roles: TYPEABLE_ROLES, strict: true, what: 'text field' };
  if (q.verb === 'select' && q.value !== undefined)
    return { roles: SELECTABLE_ROLES, strict: true, what: 'dropdown or list' };
  if (q.verb === 'set') return { roles: SETTABLE_ROLES, strict: true, what: 'field or dropdown' };
  // "pick By email": among equal names, the radio or tab one picks rather than the text field.
  if (q.verb === 'select') return { roles: PICKABLE_ROLES, strict: false, what: 'choice' };
  // Nothing but a checkbox or switch is ticked: "tick the first invoice" is no Invoices link.
  if (q.verb === 'check') return { roles: CHECKABLE_ROLES, strict: true, what: 'checkbox' };
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
