// Finding a step's element arguments again in the replayed page: planned from the recording (role, name, position in
// the recorded snapshot its ref came from), then looked up in a snapshot of the page as it is now.
import { snapshotNode } from '../../shared/aria-snapshot';
import { targetValues } from '../../shared/target-args';
import type { ToolCallRecord } from '../sessions/format';
import type { RecordedSession } from '../sessions/session-reader';
import { describeQuery, findTarget, locatorPick, recordedIndex, type TargetQuery } from './locate';
import type { Drift } from './report';

const REF = /^(?:f\d+)?e\d+$/;
/** How many earlier recorded snapshots are searched for the one a step's ref came from. */
const SNAPSHOTS_BACK = 10;

/** One element argument of a step: found again by role and name, passed on as recorded (a CSS selector), or lost. */
export type PlannedTarget =
  | { value: string; kind: 'query'; query: TargetQuery }
  | { value: string; kind: 'as-recorded' }
  | { value: string; kind: 'unknown' };

export type Lookup = { refs: Map<string, string>; reused: boolean } | { drift: Drift };

/** The recording's ARIA snapshots, each read once: what targets are planned by and replayed snapshots compared with. */
export class RecordedSnapshots {
  private readonly texts = new Map<number, Promise<string | undefined>>();

  constructor(private readonly session: RecordedSession) {}

  of(step: ToolCallRecord): Promise<string | undefined> {
    let text = this.texts.get(step.seq);
    if (!text) this.texts.set(step.seq, (text = this.session.ariaSnapshot(step)));
    return text;
  }

  /** The recorded snapshots before `step`, newest first: the last one is what the agent saw when it chose the ref. */
  async before(step: ToolCallRecord): Promise<string[]> {
    const all = this.session.steps;
    const before = all
      .slice(0, all.indexOf(step))
      .filter(earlier => earlier.artifacts.aria)
      .slice(-SNAPSHOTS_BACK)
      .reverse();
    const texts = await Promise.all(before.map(earlier => this.of(earlier)));
    return texts.filter((text): text is string => text !== undefined);
  }
}

/** How each element argument will be found again. */
export function planTargets(step: ToolCallRecord, snapshots: RecordedSnapshots): Promise<PlannedTarget[]> {
  return Promise.all(
    targetValues(step.args).map(async (value): Promise<PlannedTarget> => {
      const recorded = step.targets?.find(target => target.target === value);
      const ref = recorded?.ref ?? (REF.test(value) ? value : undefined);
      let role = recorded?.role;
      let name = recorded?.name;
      // A recording without target details (an older or proxied one) still has the snapshot the ref came from.
      if (!role && ref) ({ role, name } = (await recordedNode(step, ref, snapshots)) ?? {});
      if (!role) return ref || value.startsWith('page.') ? { value, kind: 'unknown' } : { value, kind: 'as-recorded' };
      const index = ref === undefined ? undefined : await recordedPosition(step, ref, role, name, snapshots);
      const locator = locatorPick(recorded?.locator);
      return {
        value,
        kind: 'query',
        query: {
          role,
          ...(name !== undefined && { name }),
          ...(index !== undefined && { index }),
          ...(locator && { locator }),
        },
      };
    }),
  );
}

/** The element's position among its namesakes in the recorded snapshot its ref came from (the latest showing it). */
async function recordedPosition(
  step: ToolCallRecord,
  ref: string,
  role: string,
  name: string | undefined,
  snapshots: RecordedSnapshots,
): Promise<number | undefined> {
  for (const yaml of await snapshots.before(step)) {
    const index = recordedIndex(yaml, ref, role, name);
    if (index !== undefined) return index;
  }
  return undefined;
}

async function recordedNode(step: ToolCallRecord, ref: string, snapshots: RecordedSnapshots) {
  for (const yaml of await snapshots.before(step)) {
    const node = snapshotNode(yaml, ref);
    if (node) return node;
  }
  return undefined;
}

/**
 * The new ref of each target: in `latest` (the page's snapshot without another round trip) when there is one, else
 * (or when one is missing there) in a `fresh` one.
 */
export async function lookUpTargets(
  plans: PlannedTarget[],
  latest: string | undefined,
  fresh: () => Promise<string>,
): Promise<Lookup> {
  const lost = plans.find(plan => plan.kind === 'unknown');
  if (lost)
    return {
      drift: { kind: 'target-not-found', detail: `${lost.value} was recorded without a role and name to find it by` },
    };
  const queries = plans.flatMap(plan => (plan.kind === 'query' ? [plan] : []));
  if (!queries.length) return { refs: new Map(), reused: false };
  let reused = latest !== undefined;
  let yaml = reused ? latest! : await fresh();
  let matches = queries.map(plan => findTarget(yaml, plan.query));
  if (reused && matches.some(match => !match.found && match.reason === 'not-found')) {
    reused = false;
    yaml = await fresh();
    matches = queries.map(plan => findTarget(yaml, plan.query));
  }
  const refs = new Map<string, string>();
  for (const [i, match] of matches.entries()) {
    const { query } = queries[i];
    if (match.found) refs.set(queries[i].value, match.ref);
    else if (match.reason === 'ambiguous')
      return {
        drift: {
          kind: 'target-ambiguous',
          role: query.role,
          ...(query.name !== undefined && { name: query.name }),
          count: match.count,
        },
      };
    else
      return {
        drift: {
          kind: 'target-not-found',
          role: query.role,
          ...(query.name !== undefined && { name: query.name }),
          detail: notFoundDetail(query, match.count),
        },
      };
  }
  return { refs, reused };
}

/** `button "Save"` for each element argument, as recorded. */
export function describeTargets(step: ToolCallRecord): string | undefined {
  const described = targetValues(step.args).map(value => {
    const recorded = step.targets?.find(target => target.target === value);
    return recorded?.role ? describeQuery({ role: recorded.role, name: recorded.name }) : value;
  });
  return described.length ? described.join(' → ') : undefined;
}

function notFoundDetail(query: TargetQuery, count: number): string {
  const what = describeQuery(query);
  if (!count) return `no ${what} on the page`;
  const ordinal = (query.index ?? 0) + 1;
  return `only ${count} × ${what} on the page; the recorded one was number ${ordinal}`;
}
