import type {
  CallHeldEvent,
  CallReleasedEvent,
  ForkOrigin,
  NegotiationRoundEvent,
  SessionEndedEvent,
  SessionStartedEvent,
  StepTokensEvent,
  ToolCallEvent,
} from '../../shared/events';

/**
 * A recorded session is a folder:
 *
 *   session.json          SessionMeta, written when the session starts
 *   events.jsonl          one SessionRecord per line, append-only (a crash can only tear the last line)
 *   artifacts/            per-step files the records point to: aria snapshots and DOM states (a full gzip
 *                         keyframe or a unified diff against the previous version), screenshots, storage states
 *   spans.jsonl           the agent's OpenTelemetry spans (model turns…), masked, one per line (spans-file.ts)
 *
 * Artifacts are written before the line that refers to them, so every complete line is backed by its files.
 */
export const SESSION_FORMAT = 'agent-inspector-session';
export const SESSION_VERSION = 1;
export const META_FILE = 'session.json';
export const EVENTS_FILE = 'events.jsonl';
export const ARTIFACTS_DIR = 'artifacts';

export interface SessionMeta {
  format: typeof SESSION_FORMAT;
  version: number;
  id: string;
  startedAt: number;
  transport: string;
  clientName?: string;
  /** The inspector version that wrote it. */
  writer: string;
  /** The session continues another recorded one from one of its steps (`agent-inspector fork`). */
  forkOf?: ForkOrigin;
}

/**
 * Where one version of a text (aria snapshot, DOM) lives: a gzip keyframe, or a diff to apply to the version
 * recorded at step `base`. Identical consecutive versions share one ref.
 */
export type TextRef = { file: string; base?: undefined } | { file: string; base: number };

/**
 * A tool call as recorded: the event without its heavy fields, which went to artifacts. An inline snapshot in
 * `response` is left empty (`snapshot: {}`): its text is the `aria` artifact (RecordedSession.response rebuilds it).
 */
export interface ToolCallRecord extends Omit<ToolCallEvent, 'ariaSnapshot' | 'screenshot' | 'before' | 'domState'> {
  artifacts: {
    aria?: TextRef;
    dom?: TextRef;
    /** The DOM diff of this step as DomState computed it, if any: inline when small, else a gzip file. */
    domDiff?: string | { file: string };
    screenshot?: string;
    /** The viewport before the call acted; the same file as the previous step's screenshot when nothing changed. */
    before?: string;
    storageState?: string;
  };
}

/** A negotiation round as recorded: the retry's artifacts moved to files (gzip skeleton, JPEG screenshot). */
export interface RoundRecord extends Omit<NegotiationRoundEvent, 'sent'> {
  sentFiles?: { skeletonDom?: string; screenshot?: string };
}

/** A step's token count arrives after the step (it is counted off the call's path): its own line, merged on reading. */
/** Holds and releases of the live debugger are kept as they came (a step's own record says what a person changed). */
export type SessionRecord =
  | SessionStartedEvent
  | SessionEndedEvent
  | ToolCallRecord
  | RoundRecord
  | StepTokensEvent
  | CallHeldEvent
  | CallReleasedEvent;
