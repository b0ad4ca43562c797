// Every command's input schema (zod): the validation the core applies to whatever a transport hands it.
import { z } from 'zod';
import { DEBUG_INPUTS } from '../debugger';

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
