import type { RecordedSession } from '../sessions/session-reader';
import type { ToolCallRecord } from '../sessions/format';
import { OBSERVING_TOOLS, PLANNING_TOOLS } from '../sessions/tool-kinds';

/**
 * How a fork gets back to the state after a recorded step:
 * - `state`: the recorded storage state (cookies, local storage), the URL, then the form input made on that page since
 *   it loaded, typed again — fast, and right for pages whose state lives in the URL, the storage and the forms;
 * - `replay`: every step up to it, replayed (the page's script state too: single-page apps, toggles, dialogs).
 */
export type RestoreMethod = 'state' | 'replay';

/** What a fork restores and how: everything `restore` needs, worked out from the recording alone. */
export interface RestorePoint {
  method: RestoreMethod;
  /** The step the fork continues after. */
  at: number;
  /** The page to open (state). */
  url?: string;
  /** The recorded storage state file to start the browser context with (state). */
  storageState?: string;
  /** The recorded steps restore replays, by seq: the form input on the last page (state), or every step (replay). */
  replay: number[];
  /** Why this method, and what cannot be restored: printed for the person who forks. */
  notes: string[];
}

/** Calls that only fill in a form on the page: typing them again restores the form without doing anything else. */
const FORM_TOOLS = new Set(['browser_type', 'browser_fill_form', 'browser_select_option']);
/** Calls that neither change the page nor its forms (waiting included): nothing to restore. */
const PASSIVE_TOOLS = new Set(['browser_snapshot', 'browser_wait_for', ...OBSERVING_TOOLS, ...PLANNING_TOOLS]);

/** Whether the step could have changed the page (so a snapshot taken before it no longer shows the page after it). */
export const mayChangePage = (step: ToolCallRecord) => step.outcome !== 'error' && !PASSIVE_TOOLS.has(step.tool);

/**
 * The form input worth typing again: each field's last value. A field typed into (or chosen from) several times ends
 * with its last value — `browser_type` and `browser_select_option` replace what was there — so the earlier ones are
 * dropped (typing slowly may add to the text: those steps are all kept).
 */
function lastValues(steps: ToolCallRecord[]): ToolCallRecord[] {
  const seen = new Set<string>();
  const kept: ToolCallRecord[] = [];
  for (const step of [...steps].reverse()) {
    const target = step.targets?.[0];
    const field = target?.role ? `${target.role} "${target.name ?? ''}"` : target?.locator;
    const replaces = step.tool !== 'browser_fill_form' && step.args.slowly !== true && field !== undefined;
    if (replaces && seen.has(`${step.tool} ${field}`)) continue;
    if (replaces) seen.add(`${step.tool} ${field}`);
    kept.unshift(step);
  }
  return kept;
}

/** A step that loaded a new document in the tab: what came before it is in the URL and the storage, not in the page. */
const loadsDocument = (step: ToolCallRecord) => step.tool === 'browser_navigate' || !!step.navigated;

/** Why restoring the storage and the URL would not be enough after `step`, or undefined when it would. */
function pageStateChange(step: ToolCallRecord): string | undefined {
  if (step.outcome === 'error' || PASSIVE_TOOLS.has(step.tool)) return undefined;
  if (FORM_TOOLS.has(step.tool))
    return step.args.submit === true
      ? `step ${step.seq} (${step.tool}) submitted a form without loading a new page`
      : undefined;
  return `step ${step.seq} (${step.tool}) changed the page without loading a new one`;
}

/**
 * Works out how to restore the state after step `at` of `session`. `wanted` is the method asked for; `auto` takes
 * `state` unless the page's own script state changed since it loaded (then only a replay gets it back).
 */
export function restorePoint(session: RecordedSession, at: number, wanted: RestoreMethod | 'auto'): RestorePoint {
  const steps = session.steps;
  if (!steps.length) throw new Error(`Session ${session.meta.id} has no steps to fork from.`);
  const index = steps.findIndex(step => step.seq === at);
  if (index < 0)
    throw new Error(
      `Session ${session.meta.id} has no step ${at}: its steps are ${steps[0].seq} to ${steps.at(-1)!.seq}.`,
    );
  const upTo = steps.slice(0, index + 1);
  const loaded = upTo.findLastIndex(loadsDocument);
  const since = upTo.slice(loaded + 1);
  const url = upTo.findLast(step => step.url)?.url;
  const storageState = upTo.findLast(step => step.artifacts.storageState)?.artifacts.storageState;
  const notes: string[] = [];
  const stateChange = since.map(pageStateChange).find(Boolean);
  const multiTab = upTo.some(step => step.tool === 'browser_tabs' && step.args.action !== 'list');

  let method: RestoreMethod = wanted === 'auto' ? 'state' : wanted;
  if (wanted === 'auto') {
    const reason =
      stateChange ??
      (!url
        ? 'no page URL was recorded'
        : !storageState
          ? 'no storage state was recorded'
          : multiTab
            ? 'the run used more than one tab'
            : undefined);
    if (reason) {
      method = 'replay';
      notes.push(`Replaying steps ${steps[0].seq}–${at}: ${reason}.`);
    }
  }
  if (method === 'state') {
    if (!url)
      throw new Error(
        `Step ${at} of session ${session.meta.id} has no recorded page URL to restore: fork with --method replay.`,
      );
    if (stateChange) notes.push(`Not restored: ${stateChange} (fork with --method replay to get it back).`);
    if (!storageState) notes.push('Not restored: cookies and local storage (none were recorded).');
    if (multiTab) notes.push('Only the current tab is restored; the others the run opened are not.');
    notes.push('Not restored: the scroll position and session storage (neither is recorded).');
  }
  return {
    method,
    at,
    ...(method === 'state' && { url, ...(storageState && { storageState: session.artifactPath(storageState) }) }),
    replay: (method === 'state'
      ? lastValues(
          since.filter(
            step =>
              FORM_TOOLS.has(step.tool) &&
              step.outcome !== 'error' &&
              !step.debug?.skipped &&
              step.args.submit !== true,
          ),
        )
      : upTo
    ).map(step => step.seq),
    notes,
  };
}
