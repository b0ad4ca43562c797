import { changeLine, PAGE_DIFFERS } from '../../shared/comparison';

/** What came out differently when a recorded step ran again. */
export type Drift =
  /** The page URL after the step is not the recorded one. */
  | { kind: 'url'; recorded: string; replayed: string }
  /** No element with the recorded role and name (or not at the recorded position among them): the step did not run. */
  | { kind: 'target-not-found'; role?: string; name?: string; detail: string }
  /** Several elements with the recorded role and name and nothing to tell which one was meant: the step did not run. */
  | { kind: 'target-ambiguous'; role: string; name?: string; count: number }
  /** The call failed where the recording succeeded. */
  | { kind: 'outcome'; error: string }
  /** The aria snapshot differs beyond refs, focus and clocks (browser_snapshot steps, and the state after the last step). */
  | { kind: 'snapshot'; diff: string; final?: boolean };

/**
 * ok: ran, nothing drifted; drift: ran, something differs; failed: the action did not happen (its element was not
 * found, or the call errored); skipped: not replayed (observing and planning tools, steps that failed when recorded).
 */
export type StepStatus = 'ok' | 'drift' | 'failed' | 'skipped';

export interface StepOutcome {
  seq: number;
  tool: string;
  actor?: 'human';
  via?: string;
  /** The element(s) acted on, as recorded: `button "Save"`, or the selector given. */
  target?: string;
  status: StepStatus;
  durationMs: number;
  drift: Drift[];
  /** Why a skipped step was not replayed. */
  skipped?: string;
}

export interface ReplaySummary {
  /** Recorded steps in the replayed range. */
  steps: number;
  ok: number;
  drift: number;
  failed: number;
  skipped: number;
  /** Steps in the range never reached because the replay stopped. */
  notRun: number;
  durationMs: number;
  /** Where and why the replay stopped early. */
  stopped?: { seq: number; reason: string };
  /** Everything in the range replayed, with no drift and no failure. */
  clean: boolean;
}

export interface DriftReport {
  session: { dir: string; id: string };
  /** The last recorded step number of the range (`runTo(n)`), or the session's last. */
  to: number;
  summary: ReplaySummary;
  steps: StepOutcome[];
}

export function summarize(
  outcomes: readonly StepOutcome[],
  inRange: number,
  stopped: ReplaySummary['stopped'],
): ReplaySummary {
  const count = (status: StepStatus) => outcomes.filter(outcome => outcome.status === status).length;
  const summary = {
    steps: inRange,
    ok: count('ok'),
    drift: count('drift'),
    failed: count('failed'),
    skipped: count('skipped'),
    notRun: inRange - outcomes.length,
    durationMs: outcomes.reduce((total, outcome) => total + outcome.durationMs, 0),
    ...(stopped && { stopped }),
  };
  return { ...summary, clean: !summary.drift && !summary.failed && !summary.notRun && !stopped };
}

/**
 * Why a step could not run — its target is gone or ambiguous, its call failed — rather than what came out
 * differently (a URL, a page), which a comparison of the two runs words too.
 */
export function isFailure(drift: Drift): boolean {
  return drift.kind === 'target-not-found' || drift.kind === 'target-ambiguous' || drift.kind === 'outcome';
}

/**
 * One line of what drifted, in the words a comparison of the two runs uses (the recording is A, the replay B):
 * `url: /details → /other`; a snapshot diff goes below it.
 */
export function describeDrift(drift: Drift): string {
  switch (drift.kind) {
    case 'url':
      return changeLine('url', drift.recorded, drift.replayed);
    case 'target-not-found':
      return `target not found: ${drift.detail}`;
    case 'target-ambiguous':
      return `target ambiguous: ${drift.count} × ${drift.role}${drift.name ? ` ${JSON.stringify(drift.name)}` : ''} and no recorded position to choose by`;
    case 'outcome':
      return `${changeLine('outcome', 'ok', 'error')}: ${drift.error}`;
    case 'snapshot':
      return `${PAGE_DIFFERS}${drift.final ? ' (after the last step)' : ''}\n${drift.diff}`;
  }
}
