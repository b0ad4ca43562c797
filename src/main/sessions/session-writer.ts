import { createHash, randomBytes } from 'node:crypto';
import { appendFile, mkdir, truncate } from 'node:fs/promises';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import type {
  InspectorEvent,
  NegotiationRoundEvent,
  RecordingFailedEvent,
  SessionStartedEvent,
  ToolCallEvent,
} from '../../shared/events';
import { writeAtomically } from '../dom-state/writer';
import { VERSION } from '../version';
import {
  ARTIFACTS_DIR,
  EVENTS_FILE,
  META_FILE,
  SESSION_FORMAT,
  SESSION_VERSION,
  type RoundRecord,
  type SessionMeta,
  type SessionRecord,
  type ToolCallRecord,
} from './format';
import { TextHistoryWriter } from './text-history';
import { appendSpans, spanKeysOf } from './spans-file';

/** DomState diffs longer than this go to a file of their own rather than into the event log. */
const INLINE_DIFF_LIMIT = 8 * 1024;

/** `2026-11-23T01-02-03-ab12cd`: sorts by start time, readable, unique. */
export function sessionFolderName(startedAt: number): string {
  return `${new Date(startedAt)
    .toISOString()
    .replace(/[:.]/g, '-')
    .replace(/-\d{3}Z$/, '')}-${randomBytes(3).toString('hex')}`;
}

/** What a failed write tells the recorder: the one-line reason and the last step recorded whole (0: none). */
export interface WriteFailure {
  reason: string;
  lastSeq: number;
}

/** `ENOSPC: no space left on device, write` → `no space left on device (ENOSPC)`; other errors keep their message. */
export function failureReason(error: unknown): string {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  const message = error instanceof Error ? error.message : String(error);
  const match = code ? new RegExp(`^${code}: ([^,]+)`).exec(message) : null;
  return match ? `${match[1]} (${code})` : message.split('\n')[0];
}

/**
 * Writes one session folder (see format.ts). Records are appended one line at a time, in event order, each after the
 * artifacts it points to; `flush()` waits for everything queued. The first failed write stops the recording: the log
 * is cut back to its last whole line, `onFailure` is called once, and later events are dropped, so the folder stays
 * readable to the last complete step instead of gaining records whose artifacts are missing.
 */
export class SessionWriter {
  private queue: Promise<void> = Promise.resolve();
  private readonly artifacts: string;
  private readonly aria: TextHistoryWriter;
  private readonly dom: TextHistoryWriter;
  private lastStorageState?: { json: string; file: string };
  /** Screenshot files by the sha256 of their bytes: a page that did not change is stored once. */
  private readonly screenshots = new Map<string, string>();
  private failed = false;
  /** Bytes of whole lines in the event log: where a torn append is cut back to. */
  private logBytes = 0;
  private lastSeq = 0;
  /** The spans in spans.jsonl, read once at the first batch (a folder written again, e.g. after an import, may hold some). */
  private spanKeys?: Set<string>;

  constructor(
    readonly dir: string,
    started: SessionStartedEvent,
    private readonly onFailure?: (failure: WriteFailure) => void,
  ) {
    this.artifacts = join(dir, ARTIFACTS_DIR);
    this.aria = new TextHistoryWriter(this.artifacts, 'aria', 'yml');
    this.dom = new TextHistoryWriter(this.artifacts, 'dom', 'html');
    const meta: SessionMeta = {
      format: SESSION_FORMAT,
      version: SESSION_VERSION,
      id: started.sessionId,
      startedAt: started.time,
      transport: started.transport,
      clientName: started.clientName,
      writer: `agent-inspector ${VERSION}`,
      ...(started.forkOf && { forkOf: started.forkOf }),
    };
    this.enqueue(async () => {
      await mkdir(this.artifacts, { recursive: true });
      await writeAtomically(join(dir, META_FILE), `${JSON.stringify(meta, null, 2)}\n`);
    });
    this.write(started);
  }

  write(event: Exclude<InspectorEvent, RecordingFailedEvent>): void {
    // The agent's spans have a file of their own: events.jsonl stays the session's steps.
    if (event.type === 'agent-spans') {
      return this.enqueue(
        async () => void (await appendSpans(this.dir, event.spans, (this.spanKeys ??= await spanKeysOf(this.dir)))),
      );
    }
    this.enqueue(async () =>
      this.append(
        event.type === 'tool-call'
          ? await this.toolCallRecord(event)
          : event.type === 'negotiation-round'
            ? await this.roundRecord(event)
            : event,
      ),
    );
  }

  flush(): Promise<void> {
    return this.queue;
  }

  /** The recording stopped after a failed write. */
  get stopped(): boolean {
    return this.failed;
  }

  private enqueue(task: () => Promise<void>) {
    this.queue = this.queue
      .then(() => (this.failed ? undefined : task()))
      .catch(async error => {
        // Recording must never break the session it records: stop it, say so once, keep what is whole.
        if (this.failed) return;
        this.failed = true;
        const reason = failureReason(error);
        console.error(`[recorder] writing ${this.dir} failed, recording stopped after step ${this.lastSeq}: ${reason}`);
        // Cutting a file shorter needs no free space: a torn last line goes, the reader sees whole records only.
        await truncate(join(this.dir, EVENTS_FILE), this.logBytes).catch(() => {});
        try {
          this.onFailure?.({ reason, lastSeq: this.lastSeq });
        } catch (failure) {
          console.error('[recorder] reporting the failure failed:', failure);
        }
      });
  }

  private async append(record: SessionRecord) {
    // One write per line: after a kill, at most the last line is torn.
    const line = `${JSON.stringify(record)}\n`;
    await appendFile(join(this.dir, EVENTS_FILE), line);
    this.logBytes += Buffer.byteLength(line);
    if (record.type === 'tool-call') this.lastSeq = record.seq;
  }

  private async toolCallRecord(event: ToolCallEvent): Promise<ToolCallRecord> {
    const { ariaSnapshot, screenshot, before, domState, storageState, ...rest } = event;
    const step = event.seq;
    const artifacts: ToolCallRecord['artifacts'] = {};
    if (ariaSnapshot !== undefined) artifacts.aria = await this.aria.add(step, ariaSnapshot);
    if (domState) {
      artifacts.dom = await this.dom.add(step, domState.dom);
      if (domState.diff) artifacts.domDiff = await this.domDiff(step, domState.diff);
    }
    if (before) artifacts.before = await this.screenshotFile(step, before, 'before');
    if (screenshot) artifacts.screenshot = await this.screenshotFile(step, screenshot);
    if (storageState) artifacts.storageState = await this.storageStateFile(step, storageState);
    // The snapshot is in the aria artifact; keeping it in the log too would repeat the largest thing on every line.
    const response =
      ariaSnapshot !== undefined && rest.response.snapshot?.yaml !== undefined
        ? { ...rest.response, snapshot: {} }
        : rest.response;
    return { ...rest, response, artifacts };
  }

  private async roundRecord(event: NegotiationRoundEvent): Promise<RoundRecord> {
    const { sent, ...rest } = event;
    if (!sent) return rest;
    const prefix = `round-${event.interactionId.slice(0, 8)}-${event.round}`;
    const sentFiles: NonNullable<RoundRecord['sentFiles']> = {};
    if (sent.skeletonDom !== undefined) {
      sentFiles.skeletonDom = `${prefix}-skeleton.html.gz`;
      await writeAtomically(join(this.artifacts, sentFiles.skeletonDom), gzipSync(sent.skeletonDom));
    }
    if (sent.screenshot) {
      sentFiles.screenshot = `${prefix}-screenshot.jpg`;
      await writeAtomically(join(this.artifacts, sentFiles.screenshot), Buffer.from(sent.screenshot.base64, 'base64'));
    }
    return { ...rest, sentFiles };
  }

  /** A navigation's diff can be the whole document: the log keeps small diffs, a file the large ones. */
  private async domDiff(step: number, diff: string): Promise<string | { file: string }> {
    if (diff.length <= INLINE_DIFF_LIMIT) return diff;
    const file = `${String(step).padStart(4, '0')}-dom-state.diff.gz`;
    await writeAtomically(join(this.artifacts, file), gzipSync(diff));
    return { file };
  }

  private async screenshotFile(
    step: number,
    screenshot: { mimeType: string; base64: string },
    kind: 'screenshot' | 'before' = 'screenshot',
  ): Promise<string> {
    const bytes = Buffer.from(screenshot.base64, 'base64');
    const hash = createHash('sha256').update(bytes).digest('hex');
    const stored = this.screenshots.get(hash);
    if (stored) return stored;
    const file = `${String(step).padStart(4, '0')}-${kind}.${screenshot.mimeType === 'image/jpeg' ? 'jpg' : 'png'}`;
    await writeAtomically(join(this.artifacts, file), bytes);
    this.screenshots.set(hash, file);
    return file;
  }

  /** Cookies and local storage, written again only when they changed. */
  private async storageStateFile(step: number, state: unknown): Promise<string> {
    const json = JSON.stringify(state);
    if (this.lastStorageState?.json === json) return this.lastStorageState.file;
    const file = `${String(step).padStart(4, '0')}-storage-state.json`;
    await writeAtomically(join(this.artifacts, file), json);
    this.lastStorageState = { json, file };
    return file;
  }
}
