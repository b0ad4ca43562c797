// "type jo@mail.de", "enter +44 7700 900456": a value whose kind says its field, when the query names none.
import { roleCode, type InteractRequest, type SemanticNode } from '../../../shared/negotiation';
import { TYPEABLE_ROLES } from './vocabulary';
import { normalizeWord, rawTokens } from './words';

/** What a value looks like, and the words a field for it is named by. */
const KINDS: { looks: RegExp; names: string[]; kind: string }[] = [
  { looks: /^[^\s@]+@[^\s@]+\.[^\s@]+$/, names: ['email', 'mail'], kind: 'an email address' },
  { looks: /^\+?[\d\s().-]{7,}$/, names: ['phone', 'mobile', 'tel', 'telephone'], kind: 'a phone number' },
];

/**
 * The one field a value's kind points to: an email address to the one field named for email, a phone number to the
 * one named for a phone. Undefined when the value is of no known kind, or no field or several fit it.
 */
export function fieldForValue(
  request: InteractRequest,
  value: string,
): { node: SemanticNode; kind: string } | undefined {
  const kind = KINDS.find(({ looks }) => looks.test(value.trim()) && /\d|@/.test(value));
  if (!kind) return undefined;
  const fields = request.interactiveTree.filter(
    node =>
      TYPEABLE_ROLES.has(roleCode(node.r)) &&
      roleCode(node.r) !== 'cmb' &&
      !node.occ &&
      rawTokens(node.n ?? '').some(word => kind.names.includes(normalizeWord(word))),
  );
  return fields.length === 1 ? { node: fields[0], kind: kind.kind } : undefined;
}
