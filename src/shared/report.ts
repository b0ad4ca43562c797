import type { BridgeCommand } from './bridge';
import type { ForkOrigin } from './events';
import type { RunStats } from './run-stats';
import type { StepTexts } from './search/fields';

/**
 * A static report (`agent-inspector report`): the inspector's own UI over answers recorded ahead of time. The writer
 * (src/main/report) asks the bridge every question the read-only UI can ask of a run and stores each answer under
 * `answerKey(command, input)`, grouped in chunks that the viewer (src/renderer/src/report) loads with script tags, the one
 * way a page opened from file:// can read files beside it. `chunkOf` is the contract between the two.
 */

/** A run as the report's front page lists it. */
export interface ReportRun extends RunStats {
  sessionId: string;
  /** Its data folder: `data/runs/<n>/`. */
  run: number;
  client: string;
  startedAt: number;
  steps: number;
  /** The run continues another from one of its steps (`agent-inspector fork`). */
  forkOf?: ForkOrigin;
  /**
   * A fork compared with its parent (when the report holds both), as `compare` aligns them: the first pair where they
   * part — the step on each side and what differs — or none when they did the same throughout.
   */
  divergence?: { parts: false } | { parts: true; forkSeq?: number; parentSeq?: number; what: string };
  /** The session's zip, relative to the report (the app imports it as any session zip); absent with --no-zip. */
  zip?: string;
}

/** What `data/index.js` declares before anything else loads. */
export interface ReportInfo {
  /** `agent-inspector <version>` that wrote it. */
  writer: string;
  createdAt: number;
  /** Newest first. */
  list: ReportRun[];
  /** Run number (its data folder, `data/runs/<n>/`) by session id. */
  runs: Record<string, number>;
}

/**
 * The global the data scripts push onto: `["info", ReportInfo]` (data/index.js), then `["chunk", path, text, bytes]` per
 * chunk loaded: the gzipped JSON of its answers (`{ [answerKey]: BridgeReply }`), `bytes` long, as text
 * (shared/report-codec.ts).
 */
export const REPORT_GLOBAL = '__agentInspectorReport';

/** The commands whose answers a report holds; any other is refused by the viewer as not part of a report. */
export const REPORT_COMMANDS = [
  'status',
  'listSessions',
  'debugState',
  'openSession',
  'locatorReport',
  'export',
  'agentTurns',
  'modelTurn',
  'getStep',
  'screenshot',
  'stepDiff',
  'stepActivity',
  'stateFiles',
  'readStateFile',
  'negotiation',
  'negotiationArtifacts',
] as const satisfies readonly BridgeCommand[];
export type ReportCommand = (typeof REPORT_COMMANDS)[number];

/** `getStep {"seq":3,"sessionId":"…"}`: the command and its input with sorted keys, so the writer and viewer agree. */
export function answerKey(command: string, input: Record<string, unknown>): string {
  return `${command} ${JSON.stringify(
    Object.fromEntries(
      Object.entries(input)
        .filter(([, value]) => value !== undefined)
        .sort(([a], [b]) => (a < b ? -1 : 1)),
    ),
  )}`;
}

/**
 * The file (under data/, without `.js`) holding an answer: the front page's in `front`; a run's own in its `run` chunk,
 * loaded when it opens; a step's with those of the steps beside it (`STEP_GROUP`), loaded when one is selected; a model
 * turn's messages and a negotiation round's artifacts apart, as they can be large. Undefined: the answer is not in a
 * report.
 */
/**
 * Steps whose answers share a chunk. Without their images and long texts (chunks of their own) a step's answers are a
 * kilobyte or two, which gzip packs far better ten at a time than alone.
 */
export const STEP_GROUP = 10;

export function chunkOf(command: string, input: Record<string, unknown>, runs: ReportInfo['runs']): string | undefined {
  if (command === 'status' || command === 'listSessions' || command === 'debugState') return 'front';
  const run = typeof input.sessionId === 'string' ? runs[input.sessionId] : undefined;
  if (run === undefined) return undefined;
  if (command === 'modelTurn') return `runs/${run}/turns/${String(input.spanId)}`;
  if (command === 'negotiationArtifacts')
    return `runs/${run}/rounds/${hex(String(input.interactionId))}-${Number(input.round)}`;
  if (typeof input.seq === 'number') return `runs/${run}/steps/${Math.floor((input.seq - 1) / STEP_GROUP)}`;
  return `runs/${run}/run`;
}

/** A run's steps as "Search sessions" reads them (`runs/<n>/search`): loaded by the viewer on the first search. */
export interface SearchChunk {
  steps: [seq: number, texts: StepTexts][];
}

export const searchChunkOf = (run: number) => `runs/${run}/search`;

/**
 * A run's page states (`runs/<n>/states`), every step listed: the viewer diffs them and lists them as Browser State
 * files itself (shared/step-diff.ts, shared/recorded-state.ts), so a report holds each DOM and snapshot once instead of
 * every diff between them. Texts are given by hash (`textChunkOf`) and loaded when a diff or file needs them.
 */
export interface StatesChunk {
  steps: { seq: number; dom?: string; aria?: string; domDiff?: string; diffFile?: string }[];
}

export const statesChunkOf = (run: number) => `runs/${run}/states`;

/** The commands the viewer answers from a run's states rather than from recorded answers. */
export const STATE_COMMANDS = ['stepDiff', 'stateFiles', 'readStateFile'] as const satisfies readonly ReportCommand[];

/** In a single-file report: the element holding the info's JSON, and the prefix of each chunk's element id (then its path). */
export const INLINE_INFO_ID = 'agent-inspector-report-info';
export const INLINE_CHUNK_PREFIX = 'agent-inspector-report-chunk:';
/** …and the element holding the code editor's script (viewer/monaco.js), in base64. */
export const INLINE_MONACO_ID = 'agent-inspector-monaco';

/**
 * A text this long (a page's DOM, an aria snapshot, a diff) is stored once, in a chunk of its own (`textChunkOf`), and
 * answers hold `{ [TEXT_REF]: hash }` in its place: steps that show the same page share it. A text that holds another
 * one whole (a response showing its step's snapshot) is held as its parts: `{ [TEXT_REF]: [part, …] }`, each part a
 * string or `{ [TEXT_REF]: hash }`, joined in order.
 */
export const LONG_TEXT = 1_024;
export const TEXT_REF = '$reportText';
export const textChunkOf = (hash: string) => `texts/${hash}`;

/**
 * An image the writer moved out of an answer into a chunk of its own (`imageChunkOf`, the gzipped image): answers hold
 * `{ ...image, base64: '', [IMAGE_REF]: path }`, and the viewer hands the UI an address for it (a blob: URL) when the
 * answer is asked for. A chunk rather than the file itself: Chromium's JPEG screenshots still shrink by a tenth or
 * more under gzip (a blank page's by nine tenths), which a file shown by <img src> cannot have.
 */
export const IMAGE_REF = '$reportImage';
export const imageChunkOf = (hash: string) => `images/${hash}`;

/** A name safe in any file system for an id of any characters. */
const hex = (text: string) =>
  Array.from(new TextEncoder().encode(text), byte => byte.toString(16).padStart(2, '0')).join('');
