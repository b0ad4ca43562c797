// Sessions as the commands list, open and search them.
import type { ForkOrigin } from '../events';
import type { RunStats } from '../run-stats';
import type { StepSummary } from './steps';

export interface SessionInfo {
  id: string;
  /** Started in this process: its steps arrive as events while it runs. */
  live: boolean;
  /** Live sessions: still running. Recorded ones: not ended cleanly (cut short, or written by another process). */
  running: boolean;
  transport: string;
  clientName?: string;
  startedAt: number;
  steps: number;
  /** The last page the session was on. */
  url?: string;
  /** The session folder, when the session is (being) recorded. */
  dir?: string;
  /** Live sessions whose recording stopped on a failed write: why, and the last step that is on disk. */
  recordingFailed?: { reason: string; lastSeq: number };
  /** The session continues another from one of its steps (`agent-inspector fork`): shown under its parent. */
  forkOf?: ForkOrigin;
  /** A recorded session's figures: duration, what failed, tokens. */
  stats?: RunStats;
}

export interface OpenedSession {
  session: SessionInfo;
  steps: StepSummary[];
  /** Problems reading a recorded session (a torn last line), worded for the user. */
  warnings: string[];
}

/** One step that matched a search, with the text around the match. */
export interface SearchHit {
  sessionId: string;
  seq: number;
  tool: string;
  /** Where the text was found: `args`, `response`, `url`, `console`, `network`, `tool`, `model` (the turn that chose the step). */
  field: string;
  /** A short excerpt around the match. */
  excerpt: string;
  /** The session's label and start time, for a results list across sessions. */
  session: { label: string; startedAt: number };
}

export interface SearchResults {
  hits: SearchHit[];
  /** More steps matched than `limit`. */
  more: boolean;
  /** Steps indexed so far (recorded sessions are indexed in the background at start). */
  indexed: number;
  /** Still indexing recorded sessions: results may be incomplete. */
  indexing: boolean;
  tookMs: number;
}
