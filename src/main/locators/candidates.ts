import type { ResolvedTarget } from '../../shared/events';
import type { CandidateKind } from '../../shared/locators';
import { parseLocator, queryCode, type ParsedLocator } from './query';

/** A way to locate a target again, before counting: its kind, its code and, when it can be counted, what it asks. */
export interface Candidate {
  kind: CandidateKind;
  code: string;
  parsed?: ParsedLocator;
  recorded: boolean;
}

/** Longer texts make brittle locators (any copy edit breaks them) and are not offered. */
const MAX_TEXT = 80;

/**
 * The candidates for one target, in priority order: test id, role + name, label, placeholder, text, CSS; then the
 * locator the recording generated when it is none of those (a chain, or a positional `.nth()`). A test id of another
 * attribute than `testIdAttribute` is offered as a CSS attribute selector, which needs no configuration to run.
 */
export function candidatesFor(target: ResolvedTarget, testIdAttribute: string): Candidate[] {
  const facts = target.element;
  const found: Array<[CandidateKind, ParsedLocator]> = [];
  for (const [attribute, value] of Object.entries(facts?.testIds ?? {})) {
    const query =
      attribute === testIdAttribute
        ? { kind: 'test-id' as const, value }
        : { kind: 'css' as const, selector: `[${attribute}=${JSON.stringify(value)}]` };
    found.push(['test-id', { query }]);
  }
  // The configured attribute's test id first.
  found.sort(([, a], [, b]) => Number(b.query.kind === 'test-id') - Number(a.query.kind === 'test-id'));
  if (target.role)
    found.push(['role', { query: { kind: 'role', role: target.role, ...(target.name && { name: target.name }) } }]);
  if (facts?.label) found.push(['label', { query: { kind: 'label', text: facts.label } }]);
  if (facts?.placeholder) found.push(['placeholder', { query: { kind: 'placeholder', text: facts.placeholder } }]);
  if (facts?.text && facts.text.length <= MAX_TEXT) found.push(['text', { query: { kind: 'text', text: facts.text } }]);
  if (facts?.css) found.push(['css', { query: { kind: 'css', selector: facts.css } }]);
  const candidates: Candidate[] = [];
  for (const [kind, parsed] of found) {
    const code = queryCode(parsed.query);
    if (!candidates.some(candidate => candidate.code === code))
      candidates.push({ kind, code, parsed, recorded: code === target.locator });
  }
  if (!candidates.some(candidate => candidate.recorded))
    candidates.push({ kind: 'recorded', code: target.locator, parsed: parseLocator(target.locator), recorded: true });
  return candidates;
}
