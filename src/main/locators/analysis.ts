import type { RecordedSession } from '../sessions/session-reader';
import type { ToolCallRecord } from '../sessions/format';
import {
  DEFAULT_TEST_ID_ATTRIBUTE,
  KIND_LABEL,
  type LocatorCandidate,
  type LocatorChoice,
  type LocatorReport,
  type TargetLocators,
} from '../../shared/locators';
import { candidatesFor, type Candidate } from './candidates';
import { queryCode } from './query';
import { PageState } from './page-state';

/** What the analysis reads of a session: its steps and their recorded states (a RecordedSession, or a live one). */
export type StateSource = Pick<RecordedSession, 'steps' | 'ariaSnapshot' | 'dom'> & { meta: { id: string } };

export interface AnalysisOptions {
  /** The user's picks (locators.json); a pick that is no longer among a target's candidates is ignored. */
  choices?: readonly LocatorChoice[];
  /** The test id attribute getByTestId uses; default: the one the session ran with. */
  testIdAttribute?: string;
}

/**
 * The locator report of a session: for every element a successful step targeted, its candidates counted on the page
 * the step acted on (the latest state recorded before it) and on the following states of the same document (until a
 * navigation, at most MAX_LATER_STATES), which one export uses, which one is recommended and why, and a warning when the used one is positional
 * or not unique.
 */
export async function analyzeLocators(session: StateSource, options: AnalysisOptions = {}): Promise<LocatorReport> {
  const steps = session.steps;
  const states = new Map<number, Promise<PageState | undefined>>();
  const stateAt = (step: ToolCallRecord) => {
    let state = states.get(step.seq);
    if (!state) {
      state = Promise.all([session.ariaSnapshot(step), session.dom(step)]).then(([aria, dom]) =>
        aria === undefined && dom === undefined ? undefined : new PageState(step.seq, aria, dom),
      );
      states.set(step.seq, state);
    }
    return state;
  };
  const testIdAttribute = options.testIdAttribute ?? recordedTestIdAttribute(steps) ?? DEFAULT_TEST_ID_ATTRIBUTE;
  const targets: TargetLocators[] = [];
  for (const [index, step] of steps.entries()) {
    if (step.outcome !== 'ok' || !step.targets?.length) continue;
    const before = await stateBefore(steps, index, stateAt);
    const after = await statesAfter(steps, index, stateAt);
    // Later steps never look further back than this one's page: parsed pages before it can go (a long session's
    // states would not all fit in memory).
    for (const seq of states.keys()) if (seq < (before?.seq ?? step.seq)) states.delete(seq);
    for (const [targetIndex, target] of step.targets.entries()) {
      const candidates = withExactVariants(candidatesFor(target, testIdAttribute), before).map(candidate =>
        counted(candidate, before, after, testIdAttribute),
      );
      const choice = options.choices?.find(c => c.seq === step.seq && c.target === targetIndex);
      const picked = choice ? candidates.findIndex(candidate => candidate.code === choice.code) : -1;
      const chosen = picked >= 0 ? picked : candidates.findIndex(candidate => candidate.recorded);
      const recommended = candidates.findIndex(isUnique);
      targets.push({
        seq: step.seq,
        tool: step.tool,
        target: targetIndex,
        ref: target.target,
        role: target.role,
        name: target.name,
        candidates,
        chosen,
        userChoice: picked >= 0,
        ...(recommended >= 0 && { recommended }),
        reason: reasonFor(candidates, recommended, before),
        ...warningFor(candidates, chosen, recommended, before),
      });
    }
  }
  return { sessionId: session.meta.id, targets, testIdAttribute };
}

/**
 * A text query (role's name, label, placeholder, text) that matched several elements because it is a substring of
 * other texts ("Save" in "Save draft") is followed by its exact variant when that matches fewer.
 */
function withExactVariants(candidates: Candidate[], before: PageState | undefined): Candidate[] {
  if (!before) return candidates;
  return candidates.flatMap(candidate => {
    const query = candidate.parsed?.query;
    if (candidate.kind === 'recorded' || !query || query.kind === 'test-id' || query.kind === 'css' || query.exact)
      return [candidate];
    if (query.kind === 'role' && query.name === undefined) return [candidate];
    const exact = { ...query, exact: true };
    const code = queryCode(exact);
    const [loose, strict] = [before.count(query, ''), before.count(exact, '')];
    if (
      loose === undefined ||
      strict === undefined ||
      loose <= 1 ||
      strict >= loose ||
      candidates.some(other => other.code === code)
    )
      return [candidate];
    return [candidate, { kind: candidate.kind, code, parsed: { query: exact }, recorded: false }];
  });
}

/** The test id attribute a session ran with (--test-id-attribute), as its targets' facts recorded it. */
export function recordedTestIdAttribute(steps: readonly ToolCallRecord[]): string | undefined {
  return steps.flatMap(step => step.targets ?? []).find(target => target.element)?.element?.testIdAttribute;
}

/** The page the step acted on: the latest state recorded before it, unless a navigation came in between. */
async function stateBefore(
  steps: ToolCallRecord[],
  index: number,
  stateAt: (step: ToolCallRecord) => Promise<PageState | undefined>,
) {
  for (let i = index - 1; i >= 0; i--) {
    const state = await stateAt(steps[i]);
    if (state) return state;
    if (steps[i].navigated) return undefined;
  }
  return undefined;
}

/**
 * How many following states a candidate is counted on: enough to see a list grow or a dialog open, bounded so a long
 * single-page session does not cost steps × states counts.
 */
const MAX_LATER_STATES = 10;

/** The states recorded from the step on, while the document stays the same (at most MAX_LATER_STATES). */
async function statesAfter(
  steps: ToolCallRecord[],
  index: number,
  stateAt: (step: ToolCallRecord) => Promise<PageState | undefined>,
) {
  const states: PageState[] = [];
  for (let i = index; i < steps.length && !steps[i].navigated && states.length < MAX_LATER_STATES; i++) {
    const state = await stateAt(steps[i]);
    if (state) states.push(state);
  }
  return states;
}

/** Picking by order: `.nth()`, `.first()`, `.last()`, or a CSS `:nth-of-type()`. */
const POSITIONAL = /\.(nth\(-?\d+\)|first\(\)|last\(\))|:nth-of-type\(\d+\)/;

function counted(
  candidate: Candidate,
  before: PageState | undefined,
  after: PageState[],
  testIdAttribute: string,
): LocatorCandidate {
  const { parsed } = candidate;
  const count = (state: PageState) => {
    if (!parsed) return undefined;
    const matches = state.count(parsed.query, testIdAttribute);
    if (matches === undefined || parsed.pick === undefined) return matches;
    // A positional pick matches one element whenever there are enough to pick from.
    return (parsed.pick >= 0 ? matches > parsed.pick : matches > 0) ? 1 : 0;
  };
  const later = after.flatMap(state => {
    const matches = count(state);
    return matches === undefined ? [] : [{ seq: state.seq, count: matches }];
  });
  const atStep = before && count(before);
  return {
    kind: candidate.kind,
    code: candidate.code,
    ...(atStep !== undefined && { count: atStep }),
    later,
    positional: parsed?.pick !== undefined || POSITIONAL.test(candidate.code),
    recorded: candidate.recorded,
  };
}

/** One element where the step acted, and never more than one after (none is fine: the element may be gone). */
const isUnique = (candidate: LocatorCandidate) =>
  !candidate.positional && candidate.count === 1 && candidate.later.every(state => state.count <= 1);

/** What is wrong with a candidate that is not unique, e.g. `matched 2 elements` or `matched 3 elements at step 7`. */
function problemOf(candidate: LocatorCandidate): string | undefined {
  if (candidate.positional) return `is positional (${candidate.code.match(POSITIONAL)![0]})`;
  if (candidate.count === undefined) return 'could not be counted';
  if (candidate.count !== 1) return `matched ${candidate.count} elements`;
  const later = candidate.later.find(state => state.count > 1);
  return later && `matched ${later.count} elements at step ${later.seq}`;
}

function reasonFor(candidates: LocatorCandidate[], recommended: number, before: PageState | undefined): string {
  if (!before) return 'The page before this step was not recorded: nothing to count.';
  const failed = candidates
    .slice(0, recommended >= 0 ? recommended : undefined)
    .map(candidate => `${KIND_LABEL[candidate.kind]} ${problemOf(candidate)}`);
  const verdict =
    recommended >= 0
      ? `${KIND_LABEL[candidates[recommended].kind]} is unique`
      : 'no candidate matched exactly one element';
  return `${[...failed, verdict].join('; ')}.`.replace(/^./, c => c.toUpperCase());
}

function warningFor(
  candidates: LocatorCandidate[],
  chosen: number,
  recommended: number,
  before: PageState | undefined,
): { warning?: string } {
  if (!before) return {};
  const used = candidates[chosen];
  const problem = problemOf(used);
  if (problem && problem !== 'could not be counted') {
    const better =
      recommended >= 0 && recommended !== chosen
        ? `; ${KIND_LABEL[candidates[recommended].kind]} ${candidates[recommended].code} is unique`
        : '';
    return { warning: `The ${used.recorded ? 'recorded' : 'chosen'} locator ${problem}${better}.` };
  }
  return recommended < 0 ? { warning: 'No candidate matched exactly one element.' } : {};
}
