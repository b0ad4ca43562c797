// "select comments in email", "pick push for mentions", "I want email for comments": a choice among switches, not a
// dropdown's options — the switch, checkbox or radio its words name, in the part of the page its other words name.
import type { ParsedQuery } from './parsed-query';
import { CHECKABLE_ROLES } from './vocabulary';
import { rawTokens, STOP_WORDS } from './words';

/** The step read as a click on a checkable control named by the value and the target's words; undefined if no choice. */
export function switchChoice(q: ParsedQuery): ParsedQuery | undefined {
  if (q.verb !== 'select' || q.value === undefined || q.roles.some(role => !CHECKABLE_ROLES.has(role)))
    return undefined;
  // "I need it in 2 days": a value that only points back ("it") leaves the target's words to name the choice.
  const valueWords = rawTokens(q.value).filter(word => !STOP_WORDS.has(word));
  if (!valueWords.length && !q.words.length) return undefined;
  return {
    ...q,
    verb: 'click',
    words: [...valueWords, ...q.words],
    value: undefined,
    roles: [...CHECKABLE_ROLES],
    kind: undefined,
  };
}
