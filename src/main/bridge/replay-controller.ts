import type { BridgeEvent, StepImage } from '../../shared/bridge';
import type { ComparedPair, Comparison } from '../../shared/comparison';
import type {
  CodeRunResult,
  ReplayDrift,
  ReplayProgress,
  ReplayStepResult,
  ReplayView,
} from '../../shared/replay-view';
import { compareReplay } from '../compare/replay';
import type { CoreConfig } from '../config';
import { describeDrift, isFailure, Replayer, type Drift, type DriftReport, type StepOutcome } from '../replay';
import type { RecordedSession } from '../sessions/session-reader';
import { runUserCode } from './code-runner';
import { ReplayBrowser, type ReplayConnection } from './replay-browser';

/** A session to replay, and whether it is still being recorded (a running live session cannot be replayed yet). */
export interface ReplaySource {
  session: RecordedSession;
  running: boolean;
}

/** Replays kept at once (each holds a browser context and its screenshots); the least recently used idle one goes. */
const MAX_REPLAYS = 3;

/** How far a run goes: the next step only, up to a recorded step, or to the end. */
type RunTarget = { kind: 'next' } | { kind: 'to'; seq: number } | { kind: 'all' };

/** One session's replay: its own connection to the replay browser, the Replayer's position, and what it found. */
interface Replay {
  sessionId: string;
  session: RecordedSession;
  connection?: Promise<ReplayConnection>;
  replayer?: Replayer;
  results: Map<number, ReplayStepResult>;
  screenshots: Map<number, StepImage>;
  progress: ReplayProgress;
  abort?: AbortController;
  /** The run under way, if any. */
  active?: Promise<void>;
  /**
   * Values of masked secrets the user entered for this replay: in memory only, never emitted, gone with the replay.
   */
  secrets: Map<string, string>;
  /** The run is waiting for these secrets (progress.secretsNeeded says which); `resume` lets it go on. */
  waiting?: { names: string[]; resume(): void };
  /**
   * The replay as recorded by the replay browser, compared with the recording (A) as far as the replay went: made
   * when a run ends or stops, dropped when the next starts.
   */
  compared?: { replayed: RecordedSession; comparison: Comparison };
}

/**
 * Step-by-step replay of recorded sessions for the inspector UI: one replay per session, one run at a time per
 * replay, cancellable between steps, with progress and each step's result pushed as `replay` bridge events. Replays
 * run on the ReplayBrowser, never on the browser agents use.
 */
export class ReplayController {
  private readonly browser: ReplayBrowser;
  private readonly replays = new Map<string, Replay>();

  constructor(
    private readonly agentConfig: CoreConfig,
    private readonly emit: (event: BridgeEvent) => void,
    private readonly source: (sessionId: string) => Promise<ReplaySource>,
  ) {
    this.browser = new ReplayBrowser(agentConfig);
  }

  /** The session's replay as it stands (nothing replayed when it has none). */
  async view(sessionId: string): Promise<ReplayView> {
    const replay = this.replays.get(sessionId);
    if (replay) return viewOf(replay);
    const { session } = await this.source(sessionId);
    return {
      progress: { state: 'idle', total: session.steps.length, replayed: 0, nextSeq: session.steps[0]?.seq },
      results: [],
    };
  }

  /** Starts a run and answers at once; progress and results follow as events. */
  async start(sessionId: string, target: RunTarget): Promise<ReplayView> {
    let replay = this.replays.get(sessionId);
    if (replay?.active)
      throw new Error('This session is being replayed already: stop that run first (Shift+F8 or Esc).');
    const { session, running } = await this.source(sessionId);
    if (running) throw new Error('The session is still running: replay it once the agent has finished.');
    if (!session.steps.length) throw new Error('The session has no steps to replay.');
    // The recording grew, the replay browser failed, or the step asked for was passed already: start over.
    const cursor = replay?.replayer?.nextSeq;
    const behind = target.kind === 'to' && replay?.replayer && (cursor === undefined || target.seq < cursor);
    const finished = target.kind === 'all' && replay?.replayer?.done;
    const changed = replay && replay.session.steps.length !== session.steps.length;
    if (replay && (changed || replay.progress.state === 'error' || behind || finished)) {
      await this.discard(replay);
      replay = undefined;
    }
    if (!replay) replay = await this.create(sessionId, session);
    if (target.kind === 'next' && replay.replayer?.done) {
      throw new Error('Every step has been replayed: Run all (F8) or Restart to replay the session again.');
    }
    this.touch(replay);
    replay.active = this.run(replay, target).finally(() => (replay.active = undefined));
    return viewOf(replay);
  }

  /**
   * Values for the secrets the waiting run asked for (see ReplayProgress.secretsNeeded). Kept in memory for this
   * replay only; the run goes on once every name it waits for has a value.
   */
  provideSecrets(sessionId: string, values: Record<string, string>): ReplayView {
    const replay = this.replays.get(sessionId);
    const waiting = replay?.waiting;
    if (!replay || !waiting) throw new Error('The replay of this session is not waiting for secrets.');
    const unasked = Object.keys(values).filter(name => !waiting.names.includes(name));
    if (unasked.length)
      throw new Error(`The replay did not ask for ${unasked.join(', ')}; it waits for ${waiting.names.join(', ')}.`);
    for (const [name, value] of Object.entries(values)) if (value) replay.secrets.set(name, value);
    const missing = waiting.names.filter(name => !replay.secrets.has(name));
    if (missing.length) throw new Error(`A value is needed for ${missing.join(', ')}.`);
    waiting.resume();
    return viewOf(replay);
  }

  /** Asks the run under way to stop after the step in flight. */
  stop(sessionId: string): ReplayView | undefined {
    const replay = this.replays.get(sessionId);
    if (!replay) return undefined;
    if (replay.active && replay.abort && !replay.abort.signal.aborted) {
      replay.abort.abort();
      replay.progress = { ...replay.progress, state: 'stopping' };
      this.push(replay);
    }
    return viewOf(replay);
  }

  /** Forgets the session's replay: the next run starts from the first step on a fresh page. */
  async reset(sessionId: string): Promise<ReplayView> {
    const replay = this.replays.get(sessionId);
    if (replay) await this.discard(replay);
    const view = await this.view(sessionId);
    this.emit({ type: 'replay', sessionId, progress: view.progress, results: [], reset: true });
    return view;
  }

  screenshot(sessionId: string, seq: number): StepImage | null {
    return this.replays.get(sessionId)?.screenshots.get(seq) ?? null;
  }

  /** The recording (A) compared with its replay (B), as the Compare view shows two sessions. */
  comparison(sessionId: string): Comparison {
    const replay = this.replays.get(sessionId);
    if (replay?.active)
      throw new Error('The replay is still running: compare it with the recording once it has ended or stopped.');
    if (!replay?.compared)
      throw new Error('Nothing of this session has been replayed yet: there is nothing to compare with the recording.');
    return replay.compared.comparison;
  }

  /** A replay's own recording, by its session id (the B of its comparison): for its screenshots. */
  replayedSession(id: string): RecordedSession | undefined {
    return [...this.replays.values()].find(replay => replay.compared?.replayed.meta.id === id)?.compared?.replayed;
  }

  /**
   * Runs edited code on the replay's page: where the replay stands, or a fresh page when nothing was replayed yet.
   * Never while a run is under way (both would drive the same page).
   */
  async runCode(sessionId: string, code: string): Promise<CodeRunResult> {
    let replay = this.replays.get(sessionId);
    if (replay?.active)
      throw new Error('A replay of this session is running: stop it before running code on its page.');
    if (!replay) replay = await this.create(sessionId, (await this.source(sessionId)).session);
    this.touch(replay);
    const connection = await this.connection(replay);
    // Any page tool call opens the first tab; a snapshot changes nothing on it.
    if (!connection.page()) await connection.client.snapshot();
    const page = connection.page();
    if (!page) throw new Error('The replay browser has no page to run the code on.');
    const replayed = replay.progress.replayed;
    const ranOn = replayed
      ? `the replay browser, after replayed step ${replay.replayer?.report().steps.at(-1)?.seq}`
      : 'a fresh page in the replay browser';
    return runUserCode(code, page, ranOn);
  }

  async close(): Promise<void> {
    await Promise.all([...this.replays.values()].map(replay => this.discard(replay)));
    await this.browser.close();
  }

  private async create(sessionId: string, session: RecordedSession): Promise<Replay> {
    const replay: Replay = {
      sessionId,
      session,
      results: new Map(),
      screenshots: new Map(),
      progress: { state: 'idle', total: session.steps.length, replayed: 0, nextSeq: session.steps[0]?.seq },
      secrets: new Map(),
    };
    this.replays.set(sessionId, replay);
    const idle = [...this.replays.values()].filter(other => !other.active && other !== replay);
    if (this.replays.size > MAX_REPLAYS && idle[0]) await this.discard(idle[0]);
    return replay;
  }

  private connection(replay: Replay): Promise<ReplayConnection> {
    replay.connection ??= this.browser.connect();
    // A failed connection is not kept: the next run tries again.
    replay.connection.catch(() => {
      if (this.replays.get(replay.sessionId) === replay) replay.connection = undefined;
    });
    return replay.connection;
  }

  private async run(replay: Replay, target: RunTarget): Promise<void> {
    const abort = (replay.abort = new AbortController());
    const steps = replay.session.steps;
    const from = replay.replayer?.nextSeq ?? steps[0].seq;
    const to = target.kind === 'to' ? target.seq : target.kind === 'next' ? from : steps.at(-1)!.seq;
    const inRun = steps.filter(step => step.seq >= from && step.seq <= to).length;
    replay.compared = undefined;
    replay.progress = {
      ...replay.progress,
      state: 'running',
      run: { to, steps: inRun, done: 0 },
      error: undefined,
      comparison: undefined,
    };
    this.push(replay);
    try {
      const connection = await this.connection(replay);
      let mark = 0;
      replay.replayer ??= new Replayer(replay.session, connection.client, {
        onStepStart: step => {
          mark = connection.screenshotCount();
          replay.progress = { ...replay.progress, current: { seq: step.seq, tool: step.tool } };
          this.push(replay);
        },
        onStep: outcome => {
          const shot = connection.screenshotSince(mark, outcome.tool);
          if (shot) replay.screenshots.set(outcome.seq, shot);
          else replay.screenshots.delete(outcome.seq);
          const result = resultOf(outcome, !!shot);
          replay.results.set(outcome.seq, result);
          const run = replay.progress.run;
          replay.progress = {
            ...replay.progress,
            replayed: replay.results.size,
            ...(run && { run: { ...run, done: run.done + 1 } }),
          };
          this.push(replay, [result]);
        },
        // Entered in the UI, else the core's --secrets, else its environment.
        secret: name => replay.secrets.get(name) || this.agentConfig.secrets[name] || process.env[name],
        askSecrets: (names, step) => this.waitForSecrets(replay, names, step.seq, abort.signal),
      });
      const report = await replay.replayer.runTo(to, abort.signal);
      replay.compared = await this.compare(replay, connection, report);
      const pairs = new Map(
        replay.compared?.comparison.pairs.flatMap(pair => (pair.a ? [[pair.a.seq, pair] as const] : [])),
      );
      // The comparison after the last step can add drift to a step already reported; the comparison words it.
      for (const outcome of report.steps)
        replay.results.set(outcome.seq, resultOf(outcome, replay.screenshots.has(outcome.seq), pairs.get(outcome.seq)));
      const { replayer } = replay;
      const divergence = replay.compared?.comparison.firstDivergence;
      replay.progress = {
        ...replay.progress,
        state: replayer.done ? 'done' : replay.results.size ? 'paused' : 'idle',
        current: undefined,
        nextSeq: replayer.nextSeq,
        stopped: replayer.stoppedAt,
        ...(replay.compared && {
          comparison: divergence
            ? { divergence: { status: divergence.pair.status, a: divergence.pair.a?.seq, b: divergence.pair.b?.seq } }
            : {},
        }),
      };
      this.push(replay, [...replay.results.values()]);
    } catch (error) {
      replay.progress = {
        ...replay.progress,
        state: 'error',
        current: undefined,
        error: error instanceof Error ? error.message : String(error),
      };
      this.push(replay);
    }
  }

  /**
   * The recording as far as the replay went, compared with the replay's own recording. Nothing replayed, nothing to
   * compare; a comparison that fails leaves the replay's results as they are, said in the console.
   */
  private async compare(
    replay: Replay,
    connection: ReplayConnection,
    report: DriftReport,
  ): Promise<Replay['compared']> {
    if (!report.steps.length) return undefined;
    try {
      const replayed = await connection.recording();
      if (!replayed) return undefined;
      return { replayed, comparison: await compareReplay(replay.session, replayed, report, connection.client) };
    } catch (error) {
      console.error('[replay] comparing the replay with the recording failed:', error);
      return undefined;
    }
  }

  /**
   * Pauses the run before a step that types secrets nobody gave: the UI asks for them (progress.secretsNeeded) and
   * answers with provideSecrets. Stopping the replay ends the wait; the step then fails naming what was missing.
   */
  private waitForSecrets(replay: Replay, names: string[], seq: number, signal: AbortSignal): Promise<void> {
    return new Promise(resolve => {
      const resume = () => {
        signal.removeEventListener('abort', resume);
        replay.waiting = undefined;
        replay.progress = { ...replay.progress, secretsNeeded: undefined };
        this.push(replay);
        resolve();
      };
      replay.waiting = { names, resume };
      replay.progress = { ...replay.progress, secretsNeeded: { seq, names } };
      signal.addEventListener('abort', resume);
      this.push(replay);
    });
  }

  private push(replay: Replay, results?: ReplayStepResult[]) {
    this.emit({ type: 'replay', sessionId: replay.sessionId, progress: replay.progress, ...(results && { results }) });
  }

  /** Most recently used last. */
  private touch(replay: Replay) {
    this.replays.delete(replay.sessionId);
    this.replays.set(replay.sessionId, replay);
  }

  private async discard(replay: Replay) {
    if (this.replays.get(replay.sessionId) === replay) this.replays.delete(replay.sessionId);
    replay.abort?.abort();
    await replay.active?.catch(() => {});
    const connection = await replay.connection?.catch(() => undefined);
    await connection?.close().catch(() => {});
  }
}

function viewOf(replay: Replay): ReplayView {
  return { progress: replay.progress, results: [...replay.results.values()].sort((a, b) => a.seq - b.seq) };
}

/**
 * A step's result for the UI. Once compared, what differs at a step that drifted is its pair in the comparison (as
 * the Compare view shows it); the replay's own drift keeps only why a step could not run. A pair the comparison
 * finds the same (a URL differing only in its query) leaves the replay's own words.
 */
function resultOf(outcome: StepOutcome, hasScreenshot: boolean, pair?: ComparedPair): ReplayStepResult {
  const compared = outcome.drift.length && pair && pair.status !== 'same' ? pair : undefined;
  return {
    seq: outcome.seq,
    status: outcome.status,
    durationMs: outcome.durationMs,
    drift: (compared ? outcome.drift.filter(isFailure) : outcome.drift).map(driftView),
    ...(compared && {
      compared: {
        status: compared.status,
        differences: compared.differences,
        ...(compared.ariaDiff && { ariaDiff: compared.ariaDiff }),
      },
    }),
    ...(outcome.skipped && { skipped: outcome.skipped }),
    hasScreenshot,
  };
}

/** In a comparison's words (describeDrift); a snapshot's diff goes below its line. */
function driftView(drift: Drift): ReplayDrift {
  return {
    kind: drift.kind,
    summary: describeDrift(drift).split('\n')[0],
    ...(drift.kind === 'snapshot' && { diff: drift.diff }),
  };
}
