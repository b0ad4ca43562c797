import { z } from 'zod';
import type { ActivityCounts, ConsoleActivity, NetworkActivity } from './activity';
import type { RunStats } from './run-stats';
import type {
  CallHeldEvent,
  CallReleasedEvent,
  ForkOrigin,
  NegotiationRoundEvent,
  SessionEndedEvent,
  SessionStartedEvent,
  RecordingFailedEvent,
  StepTokensEvent,
  ToolCallEvent,
} from './events';
import type { AriaChange } from './aria-diff';
import type { LocatorReport } from './locators';
import type { SnapshotMode } from './snapshot-modes';
import type { Comparison } from './comparison';
import type { ParsedResponse } from './response';
import type { CodeRunResult, ReplayProgress, ReplayStepResult, ReplayView } from './replay-view';
import type { RoundArtifacts, StepNegotiation } from './negotiation-view';
import type { ReportInfo } from './report';
import type { AgentTurns, ModelTurn } from './spans';
import {
  DEBUG_INPUTS,
  DEBUG_VIEWER_COMMANDS,
  type Breakpoint,
  type DebugOutputs,
  type SessionDebugState,
} from './debugger';

/**
 * The one API between the inspector UI and the core: named commands with validated inputs, and one event stream.
 * Electron carries it over IPC (preload → `window.inspector`), web mode over a WebSocket at /bridge; the UI sees the
 * same `InspectorApi` either way.
 */

/** A tool call as the timeline lists it: the event without its heavy artifacts, which `getStep` fetches on demand. */
export type StepSummary = Omit<
  ToolCallEvent,
  | 'type'
  | 'sessionId'
  | 'response'
  | 'responseText'
  | 'ariaSnapshot'
  | 'screenshot'
  | 'before'
  | 'domState'
  | 'storageState'
  | 'activity'
> & {
  /** The response's Error section, when the call failed. */
  error?: string;
  hasScreenshot: boolean;
  hasBefore: boolean;
  hasSnapshot: boolean;
  /** What the response cost the agent's context, once counted (a live step's count arrives as a `step-tokens` event). */
  tokens?: StepTokensEvent['tokens'];
  /** Console and network entries that belong to this step (see shared/activity.ts), for the timeline's badges. */
  activity?: ActivityCounts;
};

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

export interface StepImage {
  mimeType: string;
  base64: string;
  /** In a static report, where the image is (relative to the page); `base64` is then empty. */
  url?: string;
}

export interface StepDetail {
  step: StepSummary;
  /** The response as the agent received it, without the inline snapshot (that is `aria`). */
  response: ParsedResponse;
  /**
   * The response's content items exactly as the agent received them, in order (secrets redacted): the Response tab.
   * Images are by reference (`screenshot`), so the detail does not carry them twice.
   */
  content: ({ type: 'text'; text: string } | { type: 'image'; mimeType: string; source: 'screenshot' })[];
  /** The viewport before the call acted (see ToolCallEvent.before). */
  before?: StepImage;
  /** The aria snapshot of this step or, when it took none, of the nearest earlier step (`seq` says which). */
  aria?: { yaml: string; seq: number };
  /** The image the call returned, or the viewport after it (see ToolCallEvent.screenshot). */
  screenshot?: StepImage;
  /**
   * For a step that took the whole snapshot: the snapshot mode its response was produced in, and the bytes of the text
   * each mode would have sent (see shared/snapshot-modes.ts), so a user can pick a mode for their agent.
   */
  modes?: { produced?: SnapshotMode; bytes: Record<SnapshotMode, number> };
}

/** What a step changed (or what changed between two steps): see src/main/bridge/step-diff.ts. */
export interface StepDiff {
  seq: number;
  /** Unified diff of dom.html from step `domFrom` to step `domTo`; null with `domNote` saying why there is none. */
  dom: string | null;
  domFrom?: number;
  domTo?: number;
  domNote?: string;
  /** Aria tree nodes added, removed and changed from step `ariaFrom` to step `ariaTo`. */
  aria: AriaChange[] | null;
  ariaFrom?: number;
  ariaTo?: number;
  ariaNote?: string;
}

/** The files of a session's Browser State folder (dom.html, accessibility-tree.yaml, diffs/…), paths relative to it. */
export interface StateFileList {
  files: { path: string; bytes: number }[];
  /** Where the files come from, or why there are none. */
  note?: string;
}

export interface StateFile {
  path: string;
  text: string;
  language: 'html' | 'yaml' | 'diff' | 'plaintext';
  /** The whole file's size; `text` is cut to the first 2 MB of it when `truncated`. */
  bytes: number;
  truncated: boolean;
}

/** Console messages and network requests of one step, or of every step up to it (`upTo`). */
export interface StepActivityView {
  console: ConsoleActivity[];
  network: NetworkActivity[];
  /** Entries not kept (beyond the per-step bound), summed over the steps shown. */
  dropped: { console: number; network: number };
  /**
   * Why there is nothing, or not everything, to show: a proxied session's browser is not ours, capture is off
   * (--no-activity), or a live session no longer holds its older steps' entries in memory.
   */
  note?: string;
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

export type BrowserState = 'stopped' | 'starting' | 'running';

export interface InspectorStatus {
  version: string;
  mode: 'electron' | 'web';
  /** Where agents connect (Streamable HTTP); empty until the HTTP server listens. */
  mcpUrl: string;
  /**
   * Whether MCP clients must send the server's token (the UI shows it in the snippets, never the token), and a sign-in
   * link that only watches (the server's --viewer-token), for the "Share read-only link" button.
   */
  access: { tokenRequired: boolean; viewerUrl?: string };
  /** Sessions of agents connected now (the demo and other in-process sessions are not agents). */
  agents: { sessionId: string; clientName?: string; transport: string }[];
  browser: { state: BrowserState; description: string };
  /** The folder sessions are recorded into, when recording. */
  sessionDir?: string;
  demo: { state: 'idle' | 'running' | 'done' | 'failed'; sessionId?: string; error?: string };
}

export type BridgeEvent =
  | SessionStartedEvent
  | SessionEndedEvent
  /** A negotiation round, without the artifacts it sent (`negotiationArtifacts` fetches those). */
  | Omit<NegotiationRoundEvent, 'sent'>
  | { type: 'step'; sessionId: string; step: StepSummary }
  | StepTokensEvent
  | RecordingFailedEvent
  | { type: 'status'; status: InspectorStatus }
  /** The recorded sessions changed (a folder was opened from the menu); `select` asks the UI to show one. */
  | { type: 'sessions-changed'; select?: string }
  /** A session's replay moved on: its progress, and the step results that are new or changed (`reset`: all dropped). */
  | { type: 'replay'; sessionId: string; progress: ReplayProgress; results?: ReplayStepResult[]; reset?: true }
  /** A live session's debugger state changed: paused or not, the call it holds, an annotation request. */
  | { type: 'debug'; sessionId: string; state: SessionDebugState }
  | { type: 'breakpoints'; breakpoints: Breakpoint[] }
  | CallHeldEvent
  | CallReleasedEvent
  /** New spans came from a session's agent: its model turns (agentTurns) changed. */
  | { type: 'agent-turns'; sessionId: string }
  /** Sent by the UI's own transport when its link to the core drops or comes back (never by the core). */
  | { type: 'connection'; connected: boolean };

const sessionId = z.string().min(1, 'sessionId must not be empty').max(200);
const seq = z.number().int().positive();
const ref = z.string().regex(/^(?:f\d+)?e\d+$/, 'ref must be a snapshot ref such as e12 or f1e3');
const none = z.strictObject({});

/** Every command's input schema: the core validates each input with it before acting. */
export const BRIDGE_INPUTS = {
  status: none,
  listSessions: none,
  openSession: z.strictObject({ sessionId }),
  getStep: z.strictObject({ sessionId, seq }),
  /** What the step changed in the DOM and the aria tree, or what changed since `fromSeq`. */
  stepDiff: z.strictObject({ sessionId, seq, fromSeq: seq.optional() }),
  /**
   * A session's Browser State files: a live session's folder on disk; a recorded session's rebuilt as of step `seq`.
   * `readStateFile` reads one by its path relative to the folder; nothing outside the folder can be read.
   */
  stateFiles: z.strictObject({ sessionId, seq }),
  readStateFile: z.strictObject({
    sessionId,
    seq,
    path: z.string().min(1, 'path must not be empty').max(500, 'path is too long'),
  }),
  /** The negotiation rounds that planned the step, and the session's totals. */
  negotiation: z.strictObject({ sessionId, seq }),
  /** The skeleton DOM and screenshot one negotiation round sent (the heavy part, fetched when shown). */
  negotiationArtifacts: z.strictObject({
    sessionId,
    interactionId: z
      .string()
      .min(1, 'interactionId must not be empty')
      .max(100, 'interactionId is too long (at most 100 characters)'),
    round: z.number().int().positive('round must be a positive integer (rounds count from 1)'),
  }),
  /** The step's screenshot alone: what the timeline's thumbnails are made from. */
  screenshot: z.strictObject({ sessionId, seq }),
  /** The step's console messages and network requests, or every step's up to it (`upTo`). */
  stepActivity: z.strictObject({ sessionId, seq, upTo: z.boolean().optional() }),
  /**
   * Steps whose tool, arguments, response, URL, console messages or requests contain the query's words, across all
   * sessions or in one (`sessionId`: the timeline's filter).
   */
  searchSessions: z.strictObject({
    query: z.string().trim().min(1, 'query must not be empty').max(500, 'query is longer than 500 characters'),
    sessionId: sessionId.optional(),
    limit: z.number().int().positive().max(5_000).optional(),
  }),
  /** The session's model turns, from the spans its agent sent, each linked to the step it chose. */
  agentTurns: z.strictObject({ sessionId }),
  /** One model turn whole (its messages, text, reasoning and tool calls), by its span id: the Model tab's. */
  modelTurn: z.strictObject({
    sessionId,
    spanId: z.string().regex(/^[0-9a-f]{16}$/, 'a span id is 16 lowercase hex digits'),
  }),
  /** Two sessions' steps aligned and compared (src/main/compare): where they part, and what differs per pair. */
  compareSessions: z.strictObject({ sessionId, withSessionId: sessionId }),
  /** Outlines an element of a live session's page; `ref: null` removes the outline. */
  highlight: z.strictObject({ sessionId, ref: ref.nullable() }),
  /** Playwright's own locator for a ref of a live session's page. */
  locate: z.strictObject({ sessionId, ref }),
  startBrowser: none,
  stopBrowser: none,
  export: z.strictObject({ sessionId }),
  /** The locator candidates of every targeted step, counted on the recorded states (src/main/locators). */
  locatorReport: z.strictObject({ sessionId }),
  /** Locates step `seq`'s target number `target` (0-based) by the candidate whose code is `code`, in export from now on. */
  chooseLocator: z.strictObject({
    sessionId,
    seq,
    target: z
      .number()
      .int('target must be a whole number')
      .nonnegative('target must be 0 or more (targets count from 0)'),
    code: z.string().min(1, 'code must not be empty').max(5_000, 'code is longer than 5,000 characters'),
  }),
  runDemo: none,
  /** A live session that continues this one after step `seq` (src/main/fork): its browser restored, recorded as its fork. */
  forkSession: z.strictObject({ sessionId, seq }),
  /** Replay (src/main/bridge/replay-controller.ts): runs start at once and report through `replay` events. */
  replayState: z.strictObject({ sessionId }),
  replayStep: z.strictObject({ sessionId }),
  replayTo: z.strictObject({ sessionId, seq }),
  replayAll: z.strictObject({ sessionId }),
  replayStop: z.strictObject({ sessionId }),
  replayReset: z.strictObject({ sessionId }),
  replayScreenshot: z.strictObject({ sessionId, seq }),
  /**
   * The recording (A) compared with its replay (B) once a run ended or stopped, as compareSessions compares two
   * sessions; B's steps and screenshots are the replay's own recording (`screenshot` with B's id).
   */
  compareReplay: z.strictObject({ sessionId }),
  /** Values for the secrets a waiting replay asked for (ReplayProgress.secretsNeeded): kept in memory for that replay. */
  replaySecrets: z.strictObject({
    sessionId,
    values: z.record(
      z.string().regex(/^[A-Za-z_][A-Za-z0-9_]*$/, 'secret names are variable names'),
      z.string().max(100_000, 'a secret is at most 100,000 characters'),
    ),
  }),
  /**
   * Runs edited Playwright code on the live session's page, or on the replay browser's for a recording. Full
   * Playwright access in the inspector's process: the UI sends it only from the user's click, with `confirmed`.
   */
  runCode: z.strictObject({
    sessionId,
    code: z.string().min(1, 'code must not be empty').max(200_000, 'code is longer than 200,000 characters'),
    confirmed: z.literal(true, 'confirmed must be true: code runs only on an explicit user action'),
  }),
  /** A recorded session folder as a .zip, read in chunks with `readTransfer`. */
  zipSession: z.strictObject({ sessionId }),
  readTransfer: z.strictObject({
    transferId: z.uuid('transferId must be a UUID'),
    offset: z.number().int().nonnegative(),
  }),
  /** A session .zip uploaded in chunks (web mode's drag and drop), checked and unpacked, then listed and opened. */
  importBegin: z.strictObject({
    name: z.string().min(1, 'name must not be empty').max(255, 'name is too long'),
    size: z.number().int().positive('size must be at least 1 byte'),
  }),
  importChunk: z.strictObject({
    uploadId: z.uuid('uploadId must be a UUID'),
    offset: z.number().int().nonnegative(),
    base64: z
      .string()
      .max(700_000, 'a chunk is at most 512 KB')
      .regex(/^[A-Za-z0-9+/]*={0,2}$/, 'base64 must be base64'),
  }),
  importFinish: z.strictObject({ uploadId: z.uuid('uploadId must be a UUID') }),
  /** A session folder or .zip on this machine, by path (web mode's "Open…"). */
  openSessionPath: z.strictObject({ path: z.string().min(1, 'path must not be empty').max(4096, 'path is too long') }),
  /** Desktop app only: the native open and save dialogs. */
  openSessionDialog: z.strictObject({ kind: z.enum(['folder', 'zip'], 'kind must be "folder" or "zip"') }),
  saveSpec: z.strictObject({
    fileName: z
      .string()
      .min(1)
      .max(255)
      .regex(/^[^/\\]+$/, 'fileName must be a file name, not a path'),
    content: z.string().max(20_000_000, 'content is too long'),
  }),
  saveSessionZip: z.strictObject({ sessionId }),
  /** The live debugger: pause, step, continue, edit, skip, breakpoints, annotation (shared/debugger.ts). */
  ...DEBUG_INPUTS,
} satisfies Record<string, z.ZodType>;

/**
 * What a viewer (a read-only token, see src/main/access) may invoke: watching live and recorded sessions and taking
 * a copy of them. Everything else acts — on a browser, the session store or the machine's files — and is refused.
 */
export const VIEWER_COMMANDS: ReadonlySet<BridgeCommand> = new Set<BridgeCommand>([
  'status',
  'listSessions',
  'openSession',
  'getStep',
  'stepDiff',
  'stateFiles',
  'readStateFile',
  'negotiation',
  'negotiationArtifacts',
  'screenshot',
  'stepActivity',
  'agentTurns',
  'modelTurn',
  'searchSessions',
  'compareSessions',
  'export',
  'locatorReport',
  'replayState',
  'replayScreenshot',
  'compareReplay',
  'zipSession',
  'readTransfer',
  ...DEBUG_VIEWER_COMMANDS,
]);

interface BridgeOutputs extends DebugOutputs {
  status: InspectorStatus;
  listSessions: SessionInfo[];
  openSession: OpenedSession;
  getStep: StepDetail;
  stepDiff: StepDiff;
  negotiation: StepNegotiation;
  negotiationArtifacts: RoundArtifacts;
  stateFiles: StateFileList;
  readStateFile: StateFile;
  screenshot: StepImage | null;
  stepActivity: StepActivityView;
  agentTurns: AgentTurns;
  modelTurn: ModelTurn;
  searchSessions: SearchResults;
  compareSessions: Comparison;
  highlight: { highlighted: boolean; reason?: string };
  locate: { locator: string | null; reason?: string };
  startBrowser: InspectorStatus;
  stopBrowser: InspectorStatus;
  export: { spec: string; fileName: string };
  locatorReport: LocatorReport;
  chooseLocator: LocatorReport;
  runDemo: { sessionId: string };
  forkSession: { sessionId: string; report: string[]; command?: string };
  replayState: ReplayView;
  replayStep: ReplayView;
  replayTo: ReplayView;
  replayAll: ReplayView;
  replayStop: ReplayView | null;
  replayReset: ReplayView;
  replayScreenshot: StepImage | null;
  compareReplay: Comparison;
  replaySecrets: ReplayView;
  runCode: CodeRunResult;
  zipSession: { transferId: string; fileName: string; size: number };
  readTransfer: { base64: string; next?: number };
  importBegin: { uploadId: string; chunkBytes: number };
  importChunk: { received: number };
  importFinish: { sessionId: string };
  openSessionPath: { sessionId: string };
  /** null: the user cancelled. */
  openSessionDialog: { sessionId: string } | null;
  saveSpec: { path: string } | null;
  saveSessionZip: { path: string } | null;
}

export type BridgeCommand = keyof typeof BRIDGE_INPUTS & keyof BridgeOutputs;
export type BridgeInput<C extends BridgeCommand> = z.input<(typeof BRIDGE_INPUTS)[C]>;
export type BridgeOutput<C extends BridgeCommand> = BridgeOutputs[C];

/** What `window.inspector` (Electron) and the WebSocket client (web mode) both provide. */
export interface InspectorApi {
  invoke<C extends BridgeCommand>(command: C, input: BridgeInput<C>): Promise<BridgeOutput<C>>;
  /** Set when the UI runs as a static report (shared/report.ts): answers were recorded, nothing can act. */
  report?: ReportInfo;
  /** Returns the function that unsubscribes. */
  subscribe(listener: (event: BridgeEvent) => void): () => void;
}

export type { BridgeReply } from './bridge-wire';
