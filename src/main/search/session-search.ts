import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import type { SearchHit, SearchResults } from '../../shared/bridge';
import type { SessionStartedEvent, ToolCallEvent } from '../../shared/events';
import type { EventBus } from '../events/bus';
import type { ReceivedSpan } from '../../shared/spans';
import { META_FILE, SESSION_FORMAT, type SessionMeta, type ToolCallRecord } from '../sessions/format';
import { readSpans, SPANS_FILE } from '../sessions/spans-file';
import type { TurnStep } from '../tracing/agent-turns';
import { excerpt } from '../../shared/search/excerpt';
import { modelTextsOf } from './model-text';
import { SearchIndex, type StepMatch } from '../../shared/search/search-index';
import { readSteps, SessionLog, type StepLine } from './session-log';
import { stepTexts } from './step-text';

export interface SearchSources {
  bus: EventBus;
  /** Folders that may hold recorded sessions: the recording folder's and those opened by hand. */
  folders(): Promise<string[]>;
  /** A recorded session's folder; throws, naming the id, when no such session is known. */
  folderOf(sessionId: string): Promise<string>;
  /** A session of this process: searched from its events as they arrive, never from its folder. */
  live(
    sessionId: string,
  ): { started: SessionStartedEvent; steps: ToolCallEvent[]; spans?: readonly ReceivedSpan[] } | undefined;
}

/** A recorded session being indexed: where its steps' lines are, and how far its log was read. */
interface Recorded {
  meta: SessionMeta;
  log: SessionLog;
  lines: Map<number, StepLine>;
  /** What linking its steps to the agent's model turns reads of them (see model-text.ts). */
  steps: TurnStep[];
  /** The size of spans.jsonl when its turns were last linked: read again only when it grew or steps came. */
  spansSize: number;
  ended: boolean;
  /** Reads of the log run one after the other (the background scan and a search may both ask). */
  reading: Promise<void>;
}

/** AGENT_INSPECTOR_DEBUG=search logs each background indexing pass: steps, time and heap (what bench/search.js reads). */
const DEBUG = (process.env.AGENT_INSPECTOR_DEBUG ?? '').split(',').includes('search');

const DEFAULT_LIMIT = 50;
/** Steps indexed between yields to the event loop: the UI's commands stay answered while sessions are indexed. */
const CHUNK = 50;
/** A search over all sessions looks for new sessions and steps (written by other processes) if the last look is older. */
const RESCAN_MS = 2_000;

/**
 * Search across sessions: live steps are indexed as their `tool-call` events arrive on the bus; recorded sessions are
 * indexed in the background, a session at a time, at start and whenever `refresh()` is called (a folder was added,
 * or a search finds the last look stale). A session already indexed is only read on from where it was left.
 */
export class SessionSearch {
  private readonly index = new SearchIndex();
  private readonly recorded = new Map<string, Recorded>();
  /** Session folders by path: the session found there, or null (a live session's folder, or a duplicate id). */
  private readonly folders = new Map<string, Promise<Recorded | null>>();
  private scanning?: Promise<void>;
  private scanAgain = false;
  private lastScan = 0;
  private readonly unsubscribe: () => void;
  /** Per session, the text of the model turn that chose each step (see model-text.ts): indexed and excerpted with it. */
  private readonly modelTexts = new Map<string, Map<number, string>>();
  /** Live sessions whose steps are linked to their agent's turns again once the current burst of events is past. */
  private readonly relinking = new Set<string>();

  constructor(private readonly sources: SearchSources) {
    this.unsubscribe = sources.bus.subscribe(event => {
      if (event.type === 'tool-call') {
        this.index.add(
          event.sessionId,
          event.seq,
          stepTexts(event, this.modelTexts.get(event.sessionId)?.get(event.seq)),
        );
        // A step may be the call of a turn whose span came first.
        if (this.sources.live(event.sessionId)?.spans?.length) this.relinkLive(event.sessionId);
      }
      if (event.type === 'agent-spans') this.relinkLive(event.sessionId);
    });
    this.refresh();
  }

  /** Looks for new sessions, and new steps of sessions still being written, in the background. */
  refresh(): void {
    if (this.scanning) {
      this.scanAgain = true;
      return;
    }
    const started = performance.now();
    const before = this.index.size;
    this.scanning = this.scan()
      .catch(error => console.error('[search] indexing recorded sessions failed:', error))
      .finally(() => {
        if (DEBUG && (this.lastScan === 0 || this.index.size !== before)) this.logPass(performance.now() - started);
        this.scanning = undefined;
        this.lastScan = Date.now();
        if (this.scanAgain) {
          this.scanAgain = false;
          this.refresh();
        }
      });
  }

  /** Resolves once the background indexing has caught up (for tests and the benchmark). */
  async settled(): Promise<void> {
    while (this.scanning) await this.scanning;
  }

  async search(query: string, options: { sessionId?: string; limit?: number } = {}): Promise<SearchResults> {
    const started = performance.now();
    const { sessionId, limit = DEFAULT_LIMIT } = options;
    if (!/[\p{L}\p{N}]/u.test(query))
      throw new Error(`The query ${JSON.stringify(query)} has no letters or digits to search for.`);
    if (sessionId !== undefined) await this.catchUp(sessionId);
    else if (!this.scanning && Date.now() - this.lastScan > RESCAN_MS) this.refresh();
    const { matches, total } = this.index.search(query, { sessionId, limit });
    return {
      hits: await this.hits(matches),
      more: total > limit,
      indexed: this.index.size,
      indexing: this.scanning !== undefined,
      tookMs: Math.round(performance.now() - started),
    };
  }

  close() {
    this.unsubscribe();
  }

  private logPass(ms: number) {
    // With node --expose-gc, the heap is measured without the garbage the pass left.
    (globalThis as { gc?: () => void }).gc?.();
    // The index's postings are typed arrays, whose memory is counted apart from the heap.
    const { heapUsed, arrayBuffers } = process.memoryUsage();
    const mb = (bytes: number) => (bytes / 2 ** 20).toFixed(1);
    console.error(
      `[search] indexed ${this.index.size} steps of ${this.recorded.size} recorded sessions; pass ${Math.round(ms)} ms; heap used ${mb(heapUsed)} MB + array buffers ${mb(arrayBuffers)} MB`,
    );
  }

  private async scan() {
    for (const dir of await this.sources.folders()) {
      const session = await this.identify(dir);
      if (session && !session.ended) await this.readOn(session);
    }
  }

  /** A session searched on its own (the timeline's filter) is indexed up to its last step first. */
  private async catchUp(sessionId: string) {
    if (this.sources.live(sessionId)) return;
    const session = this.recorded.get(sessionId) ?? (await this.identify(await this.sources.folderOf(sessionId)));
    if (session && !session.ended) await this.readOn(session);
  }

  private identify(dir: string): Promise<Recorded | null> {
    const known = this.folders.get(dir);
    if (known) return known;
    const identified = readMeta(dir).then(meta => {
      if (this.sources.live(meta.id) || this.recorded.has(meta.id)) return null;
      const session: Recorded = {
        meta,
        log: new SessionLog(dir),
        lines: new Map(),
        steps: [],
        spansSize: 0,
        ended: false,
        reading: Promise.resolve(),
      };
      this.recorded.set(meta.id, session);
      return session;
    });
    this.folders.set(dir, identified);
    // Not a session (yet: another process may be creating it): looked at again next time.
    identified.catch(() => this.folders.delete(dir));
    return identified.catch(() => null);
  }

  /** Indexes the steps appended to a recorded session's log since it was last read. */
  private readOn(session: Recorded): Promise<void> {
    session.reading = session.reading.then(async () => {
      const { steps, ended, restarted } = await session.log.readNew();
      const id = session.meta.id;
      if (restarted) {
        this.index.dropSession(id);
        session.lines.clear();
        session.steps = [];
        session.spansSize = 0;
        this.modelTexts.delete(id);
      }
      for (const [i, { record, line }] of steps.entries()) {
        this.index.add(id, record.seq, stepTexts(record, this.modelTexts.get(id)?.get(record.seq)));
        session.lines.set(record.seq, line);
        const { seq, tool, args, startedAt, trace, actor, via } = record;
        session.steps.push({
          seq,
          tool,
          args,
          startedAt,
          ...(trace && { trace }),
          ...(actor && { actor }),
          ...(via && { via }),
        });
        if (i % CHUNK === CHUNK - 1) await yieldToEventLoop();
      }
      await this.relinkRecorded(session, steps.length > 0);
      session.ended ||= ended;
    });
    return session.reading;
  }

  /** Links a recorded session's steps to the turns in its spans.jsonl again, when either changed. */
  private async relinkRecorded(session: Recorded, newSteps: boolean) {
    const size = (await stat(join(session.log.dir, SPANS_FILE)).catch(() => undefined))?.size ?? 0;
    if (size === session.spansSize && !newSteps) return;
    session.spansSize = size;
    if (!size) return;
    const texts = modelTextsOf((await readSpans(session.log.dir)).spans, session.steps);
    const changed = this.changedModelTexts(session.meta.id, texts);
    const lines = changed.map(seq => session.lines.get(seq)).filter(line => line !== undefined);
    for (const record of await readSteps(session.log.dir, lines)) {
      if (record) this.index.add(session.meta.id, record.seq, stepTexts(record, texts.get(record.seq)));
    }
  }

  /** Links a live session's steps to its agent's turns again, once per burst of steps and spans, off their path. */
  private relinkLive(sessionId: string) {
    if (this.relinking.has(sessionId)) return;
    this.relinking.add(sessionId);
    setImmediate(() => {
      this.relinking.delete(sessionId);
      const live = this.sources.live(sessionId);
      if (!live?.spans?.length) return;
      const texts = modelTextsOf(live.spans, live.steps);
      const bySeq = new Map(live.steps.map(step => [step.seq, step]));
      for (const seq of this.changedModelTexts(sessionId, texts)) {
        const step = bySeq.get(seq);
        if (step) this.index.add(sessionId, seq, stepTexts(step, texts.get(seq)));
      }
    });
  }

  /** Keeps a session's model texts; returns the steps whose text is not what was indexed. */
  private changedModelTexts(sessionId: string, texts: Map<number, string>): number[] {
    const before = this.modelTexts.get(sessionId) ?? new Map<number, string>();
    this.modelTexts.set(sessionId, texts);
    return [...new Set([...before.keys(), ...texts.keys()])].filter(seq => before.get(seq) !== texts.get(seq));
  }

  /** The matches as hits, with excerpts rebuilt from the steps themselves (in memory, or one line read back each). */
  private async hits(matches: StepMatch[]): Promise<SearchHit[]> {
    const bySession = new Map<string, StepMatch[]>();
    for (const match of matches) {
      if (!bySession.has(match.sessionId)) bySession.set(match.sessionId, []);
      bySession.get(match.sessionId)!.push(match);
    }
    const hits = new Map<StepMatch, SearchHit>();
    await Promise.all(
      [...bySession].map(async ([sessionId, sessionMatches]) => {
        const steps = await this.stepsOf(
          sessionId,
          sessionMatches.map(match => match.seq),
        );
        const label = this.labelOf(sessionId);
        sessionMatches.forEach((match, i) => {
          const step = steps[i];
          if (!step || !label) return;
          const texts = stepTexts(step, this.modelTexts.get(sessionId)?.get(match.seq));
          hits.set(match, {
            sessionId,
            seq: match.seq,
            tool: step.tool,
            ...excerpt(texts, match.terms, match.fields),
            session: label,
          });
        });
      }),
    );
    return matches.flatMap(match => hits.get(match) ?? []);
  }

  private async stepsOf(sessionId: string, seqs: number[]): Promise<(ToolCallEvent | ToolCallRecord | undefined)[]> {
    const live = this.sources.live(sessionId);
    if (live)
      return seqs.map(seq =>
        live.steps[seq - 1]?.seq === seq ? live.steps[seq - 1] : live.steps.find(step => step.seq === seq),
      );
    const session = this.recorded.get(sessionId);
    if (!session) return [];
    const lines = seqs.map(seq => session.lines.get(seq));
    const read = await readSteps(
      session.log.dir,
      lines.filter(line => line !== undefined),
    ).catch(() => []);
    return lines.map(line => (line ? read.shift() : undefined));
  }

  private labelOf(sessionId: string): SearchHit['session'] | undefined {
    const live = this.sources.live(sessionId);
    const started = live
      ? { clientName: live.started.clientName, transport: live.started.transport, startedAt: live.started.time }
      : this.recorded.get(sessionId)?.meta;
    return started && { label: started.clientName ?? started.transport, startedAt: started.startedAt };
  }
}

async function readMeta(dir: string): Promise<SessionMeta> {
  const meta = JSON.parse(await readFile(join(dir, META_FILE), 'utf8')) as SessionMeta;
  if (meta.format !== SESSION_FORMAT || typeof meta.id !== 'string')
    throw new Error(`${dir} is not a recorded session.`);
  return meta;
}
