import type { ConsoleActivity, NetworkActivity, StepActivity, StepWithActivity } from '../../shared/activity';
import type { StepActivityView } from '../../shared/bridge';

/**
 * The Console and Network tabs' side of the bridge. A step's record carries the entries that were new when it was
 * published, which may include requests of earlier steps completing late (see shared/activity.ts): so entries are
 * grouped by their own `seq` across all records, and the last entry of each request id wins.
 */

/** A live session's steps or a recording's, and why it may have no entries at all. */
export interface ActivitySource {
  steps: StepWithActivity[];
  /** Why there is nothing (or not everything) to show: a proxied session, capture off, entries no longer in memory. */
  note?: string;
}

/** About what a step's entries weigh in memory, in characters: their texts, plus a little for the other fields. */
export function activityChars(activity: StepActivity | undefined): number {
  if (!activity) return 0;
  let chars = 0;
  for (const entry of activity.console) chars += 100 + entry.text.length + (entry.location?.length ?? 0);
  for (const entry of activity.network) {
    chars += 200 + entry.url.length + (entry.postData?.length ?? 0) + (entry.failure?.length ?? 0);
    for (const [name, value] of Object.entries(entry.requestHeaders ?? {})) chars += name.length + value.length;
  }
  return chars;
}

export const PROXIED_NOTE =
  'This session is proxied (--upstream): its browser belongs to the upstream server, so the inspector sees no console messages or requests.';
export const CAPTURE_OFF_NOTE = 'Console and network capture is off (--no-activity).';
export const NOT_RECORDED_NOTE =
  'This recording has no console messages or requests at all: it was made with --no-activity, or by a version that did not record them.';
export const EVICTED_NOTE =
  'The entries of older steps are no longer in memory: a live session keeps those of its latest steps only (record with --session-dir to keep them all).';

/** The step's entries, or (`upTo`) every entry of the steps up to it. */
export function stepActivity(source: ActivitySource, seq: number, upTo = false): StepActivityView {
  if (!source.steps.some(step => step.seq === seq)) throw new Error(`The session has no step ${seq}.`);
  const wanted = (entrySeq: number) => (upTo ? entrySeq <= seq : entrySeq === seq);
  const console: ConsoleActivity[] = [];
  const network = new Map<number, NetworkActivity>();
  const dropped = { console: 0, network: 0 };
  for (const step of source.steps) {
    const activity = step.activity;
    if (!activity) continue;
    console.push(...activity.console.filter(entry => wanted(entry.seq)));
    // Map.set keeps a request's first place in the order, with its latest state.
    for (const entry of activity.network) if (wanted(entry.seq)) network.set(entry.id, entry);
    if (activity.dropped && wanted(step.seq)) {
      dropped.console += activity.dropped.console;
      dropped.network += activity.dropped.network;
    }
  }
  return { console, network: [...network.values()], dropped, ...(source.note && { note: source.note }) };
}
