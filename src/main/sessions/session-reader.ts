import { existsSync, watch } from 'node:fs';
import { open, readdir, readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import {
  ARTIFACTS_DIR,
  EVENTS_FILE,
  META_FILE,
  SESSION_FORMAT,
  type SessionMeta,
  type SessionRecord,
  type TextRef,
  type ToolCallRecord,
} from './format';
import { readText } from './text-history';
import { activityCounts } from '../../shared/activity';
import type { ParsedResponse } from '../../shared/response';
import { runStats, type RunStats } from '../../shared/run-stats';
import type { StepTokens } from '../../shared/tokens';

export interface ParsedLines {
  records: SessionRecord[];
  warnings: string[];
  /** Bytes consumed: up to the end of the last complete line. */
  consumed: number;
}

/**
 * Parses JSONL from `startLine` on. A last line without its newline is left unconsumed (still being written, or torn
 * by a crash); a complete line that is not JSON is skipped with a warning naming its number.
 */
export function parseLines(text: string, startLine = 1): ParsedLines {
  const records: SessionRecord[] = [];
  const warnings: string[] = [];
  const end = text.lastIndexOf('\n') + 1;
  const lines = text.slice(0, end).split('\n').slice(0, -1);
  lines.forEach((line, index) => {
    if (!line.trim()) return;
    try {
      records.push(JSON.parse(line) as SessionRecord);
    } catch {
      warnings.push(`${EVENTS_FILE} line ${startLine + index} is not valid JSON and was skipped.`);
    }
  });
  return { records, warnings, consumed: Buffer.byteLength(text.slice(0, end)) };
}

/** A recorded session, opened for reading: its records up to the last complete line, artifacts on demand. */
export class RecordedSession {
  private readonly refsByKind = { aria: new Map<number, TextRef>(), dom: new Map<number, TextRef>() };
  /** Each step's token count by seq: a line of its own, written once counted (after the step's line). */
  readonly tokens = new Map<number, StepTokens>();

  constructor(
    readonly dir: string,
    readonly meta: SessionMeta,
    readonly records: SessionRecord[],
    readonly warnings: string[],
  ) {
    for (const record of records) if (record.type === 'step-tokens') this.tokens.set(record.seq, record.tokens);
    for (const step of this.steps) {
      if (step.artifacts.aria) this.refsByKind.aria.set(step.seq, step.artifacts.aria);
      if (step.artifacts.dom) this.refsByKind.dom.set(step.seq, step.artifacts.dom);
    }
  }

  get steps(): ToolCallRecord[] {
    return this.records.filter((record): record is ToolCallRecord => record.type === 'tool-call');
  }

  /** Ended cleanly, or cut short (crash, kill) or still being written. */
  get complete(): boolean {
    return this.records.some(record => record.type === 'session-ended');
  }

  /** The aria snapshot recorded at a step, rebuilt from its keyframe and diffs. */
  ariaSnapshot(step: ToolCallRecord): Promise<string | undefined> {
    return this.text('aria', step);
  }

  /** The response exactly as the agent received it, the snapshot put back from its artifact (or `aria`, already read). */
  async response(step: ToolCallRecord, aria?: string): Promise<ParsedResponse> {
    if (
      !step.response.snapshot ||
      step.response.snapshot.yaml !== undefined ||
      step.response.snapshot.file !== undefined
    )
      return step.response;
    return { ...step.response, snapshot: { yaml: aria ?? (await this.ariaSnapshot(step)) } };
  }

  /** The DOM state (Browser State dom.html) recorded at a step. */
  dom(step: ToolCallRecord): Promise<string | undefined> {
    return this.text('dom', step);
  }

  /** The DOM diff DomState computed at a step (its Browser State diffs/ file), if it made one. */
  async domStateDiff(step: ToolCallRecord): Promise<string | undefined> {
    const diff = step.artifacts.domDiff;
    if (diff === undefined || typeof diff === 'string') return diff;
    return gunzipSync(await readFile(this.artifactPath(diff.file))).toString('utf8');
  }

  /** Absolute path of a per-step artifact file (screenshot, storage state). */
  artifactPath(file: string): string {
    return join(this.dir, ARTIFACTS_DIR, file);
  }

  private async text(kind: 'aria' | 'dom', step: ToolCallRecord): Promise<string | undefined> {
    const ref = step.artifacts[kind];
    if (!ref) return undefined;
    const refs = this.refsByKind[kind];
    return readText(join(this.dir, ARTIFACTS_DIR), ref, at => refs.get(at));
  }
}

async function readMeta(dir: string): Promise<SessionMeta> {
  let meta: SessionMeta;
  try {
    meta = JSON.parse(await readFile(join(dir, META_FILE), 'utf8')) as SessionMeta;
  } catch (error) {
    const reason =
      (error as NodeJS.ErrnoException).code === 'ENOENT'
        ? 'it has no session.json'
        : `its session.json is unreadable (${(error as Error).message})`;
    throw new Error(`${dir} is not a recorded session: ${reason}.`);
  }
  if (meta.format !== SESSION_FORMAT)
    throw new Error(`${dir}/session.json is not an Agent Inspector session (format "${meta.format}").`);
  return meta;
}

/** Opens a session folder, up to its last complete event; a torn last line is reported in `warnings`. */
export async function openSession(dir: string): Promise<RecordedSession> {
  const meta = await readMeta(dir);
  const text = existsSync(join(dir, EVENTS_FILE)) ? await readFile(join(dir, EVENTS_FILE), 'utf8') : '';
  const parsed = parseLines(text);
  const rest = Buffer.byteLength(text) - parsed.consumed;
  const warnings = [...parsed.warnings];
  if (rest > 0)
    warnings.push(
      `The last line of ${EVENTS_FILE} is incomplete (${rest} bytes; the recording was interrupted or is still being written) and was skipped.`,
    );
  return new RecordedSession(dir, meta, parsed.records, warnings);
}

export interface SessionSummary {
  dir: string;
  meta: SessionMeta;
  steps: number;
  complete: boolean;
  /** The last page the session was on. */
  url: string | undefined;
  updatedAt: number;
  stats: RunStats;
}

/**
 * Summaries by folder, each with the size and time of the log it was read from: a list of hundreds of sessions reads
 * again only those whose log changed (a list is asked for often, and reading every log of a long run costs seconds).
 */
const summaries = new Map<string, { version: string; summary: SessionSummary }>();
const MAX_SUMMARIES = 10_000;

/** A session folder's summary; throws with the reader's message when it is not a session. */
export async function summaryOf(dir: string): Promise<SessionSummary> {
  const log = await stat(join(dir, EVENTS_FILE)).catch(() => undefined);
  const meta = await stat(join(dir, META_FILE)).catch(() => undefined);
  const version = `${log?.size}:${log?.mtimeMs}:${meta?.mtimeMs}`;
  const cached = summaries.get(dir);
  if (cached?.version === version) return cached.summary;
  const session = await openSession(dir);
  const steps = session.steps;
  const summary: SessionSummary = {
    dir,
    meta: session.meta,
    steps: steps.length,
    complete: session.complete,
    url: steps.findLast(step => step.url)?.url,
    updatedAt: log?.mtimeMs ?? session.meta.startedAt,
    stats: runStats(
      steps.map(step => ({
        ...step,
        activity: activityCounts(step),
        tokens: session.tokens.get(step.seq)?.total.tokens,
      })),
    ),
  };
  if (summaries.size >= MAX_SUMMARIES) summaries.delete(summaries.keys().next().value!);
  summaries.set(dir, { version, summary });
  return summary;
}

/** The sessions under a --session-dir folder, newest first; folders that are not sessions are ignored. */
export async function listSessions(root: string): Promise<SessionSummary[]> {
  const entries = await readdir(root, { withFileTypes: true }).catch(() => []);
  const found = await Promise.all(
    entries.filter(entry => entry.isDirectory()).map(entry => summaryOf(join(root, entry.name)).catch(() => undefined)),
  );
  return found
    .filter((summary): summary is SessionSummary => !!summary)
    .sort((a, b) => b.meta.startedAt - a.meta.startedAt);
}

/**
 * Follows a session that may still be written: calls `onRecords` with what is there, then with each batch of new
 * complete lines. Returns a function that stops following.
 */
export function followSession(
  dir: string,
  onRecords: (records: SessionRecord[], warnings: string[]) => void,
  pollMs = 250,
): () => void {
  const file = join(dir, EVENTS_FILE);
  let offset = 0;
  let line = 1;
  let reading = false;
  let stopped = false;
  const read = async () => {
    if (reading || stopped) return;
    reading = true;
    try {
      const handle = await open(file, 'r').catch(() => undefined);
      if (!handle) return;
      try {
        const { size } = await handle.stat();
        if (size <= offset) return;
        const buffer = Buffer.alloc(size - offset);
        await handle.read(buffer, 0, buffer.length, offset);
        const parsed = parseLines(buffer.toString('utf8'), line);
        offset += parsed.consumed;
        line += parsed.records.length + parsed.warnings.length;
        if (parsed.records.length || parsed.warnings.length) onRecords(parsed.records, parsed.warnings);
      } finally {
        await handle.close();
      }
    } finally {
      reading = false;
    }
  };
  // fs.watch is immediate where it works; the poll covers filesystems where it does not.
  const watcher = (() => {
    try {
      return watch(dir, () => void read());
    } catch {
      return undefined;
    }
  })();
  const timer = setInterval(() => void read(), pollMs);
  void read();
  return () => {
    stopped = true;
    clearInterval(timer);
    watcher?.close();
  };
}
