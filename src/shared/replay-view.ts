/**
 * Replay in the inspector UI: what the replay controller (src/main/bridge/replay-controller.ts) reports over the
 * bridge. Results are plain data (drift already worded), so the UI needs nothing of the replay library.
 */

import type { ComparedPair, PairStatus } from './comparison';

/** ok: ran as recorded; drift: ran, something differs; failed: did not happen; skipped: not replayed (see StepStatus). */
export type ReplayStatus = 'ok' | 'drift' | 'failed' | 'skipped';

export interface ReplayDrift {
  kind: 'url' | 'target-not-found' | 'target-ambiguous' | 'outcome' | 'snapshot';
  /** One line for a badge's tooltip, in a comparison's words (`url: A → B`). */
  summary: string;
  /** The unified diff of the recorded and replayed aria snapshots (snapshot drift only). */
  diff?: string;
}

/** One recorded step, replayed. */
export interface ReplayStepResult {
  seq: number;
  status: ReplayStatus;
  durationMs: number;
  /**
   * What drifted, as the replay saw it while running; once the run ended and `compared` says what differs, only why
   * the step could not run (its target, its call's error).
   */
  drift: ReplayDrift[];
  /** A step that drifted, as its pair in the comparison of the recording (A) with the replay (B) reads. */
  compared?: Pick<ComparedPair, 'status' | 'differences' | 'ariaDiff'>;
  /** Why a skipped step was not replayed. */
  skipped?: string;
  /** The replay browser's viewport after the step can be fetched with `replayScreenshot`. */
  hasScreenshot: boolean;
}

/**
 * idle: nothing replayed yet; running: a run is under way; stopping: asked to stop, finishing the step in flight;
 * paused: some steps replayed, more can follow; done: every step replayed, or the replay stopped at a failure (see
 * `stopped`); error: the replay browser failed (see `error`).
 */
export type ReplayState = 'idle' | 'running' | 'stopping' | 'paused' | 'done' | 'error';

export interface ReplayProgress {
  state: ReplayState;
  /** Recorded steps in the session. */
  total: number;
  /** Recorded steps replayed so far. */
  replayed: number;
  /** The current run: its last step, and how far it got (for the progress bar). */
  run?: { to: number; steps: number; done: number };
  /** The step being replayed now. */
  current?: { seq: number; tool: string };
  /** The step the next step-over replays; undefined when none is left. */
  nextSeq?: number;
  /**
   * The run is waiting before step `seq`, which types secrets the recording masked that the core has no value for:
   * the UI asks for them (replaySecrets). Only names, never values.
   */
  secretsNeeded?: { seq: number; names: string[] };
  /** Why the replay cannot go on past a step (its target is gone, the connection was lost). */
  stopped?: { seq: number; reason: string };
  /**
   * Once a run ended or stopped, the replay is compared with the recording (`compareReplay` gives the comparison):
   * where they first part, by the step on each side; no divergence when they do not.
   */
  comparison?: { divergence?: { status: PairStatus; a?: number; b?: number } };
  error?: string;
}

/** Everything known about a session's replay: what `replayState` answers. */
export interface ReplayView {
  progress: ReplayProgress;
  results: ReplayStepResult[];
}

/** Running edited Playwright code: where it ran, and how it ended. */
export interface CodeRunResult {
  ok: boolean;
  /** The function's return value, as JSON text, when it returned one. */
  value?: string;
  error?: string;
  /** The 1-based line of the code the error points at, when it points at one. */
  line?: number;
  column?: number;
  durationMs: number;
  /** Which page it ran on, in words. */
  ranOn: string;
}
