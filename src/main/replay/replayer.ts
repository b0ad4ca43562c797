import { McpClientError, type McpBrowserClient, type ToolResult } from '../mcp-client';
import type { ToolCallRecord } from '../sessions/format';
import type { RecordedSession } from '../sessions/session-reader';
import { OBSERVING_TOOLS, PLANNING_TOOLS } from '../sessions/tool-kinds';
import { describeTargets, lookUpTargets, planTargets, RecordedSnapshots, type PlannedTarget } from './target-plan';
import { summarize, type Drift, type DriftReport, type StepOutcome, type StepStatus } from './report';
import { snapshotDiff } from './snapshot-drift';
import { maskedSecrets, missingSecretsError, unmaskArgs } from './secret-args';
import { withTargets } from '../../shared/target-args';

/** What a replay needs of a client: any tool call, and a fresh snapshot (which also handles file-mode servers). */
export type ReplayClient = Pick<McpBrowserClient, 'callTool' | 'snapshot'>;

export interface ReplayOptions {
  /** Stop after the first step with any drift (a step whose target is not found always stops the replay). */
  stopOnDrift?: boolean;
  /** Called as each step starts, for progress. */
  onStepStart?(step: ToolCallRecord): void;
  /** Called as each step ends. The final snapshot comparison may add drift to an outcome later. */
  onStep?(outcome: StepOutcome): void;
  /** The value of a secret the recording masked (`<secret>NAME</secret>`); by default the environment variable NAME. */
  secret?(name: string): string | undefined;
  /**
   * Called before a step that types secrets `secret` has no value for (a prompt, a form): once it settles, `secret`
   * is asked again, and a name still missing fails the step. Its wait is not part of the step's duration.
   */
  askSecrets?(names: string[], step: ToolCallRecord): Promise<void>;
  /** Replays only the steps it selects; the others still lend their recorded snapshots to find targets by. */
  select?(step: ToolCallRecord): boolean;
}

/** The last step whose recorded and replayed snapshots can be compared: the state "after the last step". */
interface SnapshotPair {
  step: ToolCallRecord;
  outcome: StepOutcome;
  replayed: string;
  compared: boolean;
}

/**
 * Replays a recorded session through an MCP browser client against a fresh browser, step by step, and reports
 * where the run drifts from the recording: another URL, an element no longer there, a call that fails, a different
 * snapshot. Refs differ between runs, so each target is found again by role and name in the latest snapshot.
 */
export class Replayer {
  readonly outcomes: StepOutcome[] = [];
  /** The steps to replay (ReplayOptions.select). */
  private readonly steps: ToolCallRecord[];
  private next = 0;
  private stopped: { seq: number; reason: string } | undefined;
  /** The end of the range run so far (runTo's n). */
  private end = 0;
  /**
   * The snapshot the last replayed call answered with — the page as it is now, without another round trip. Undefined
   * when that call returned none (the page may have changed since): the next lookup takes a fresh one.
   */
  private latest: string | undefined;
  private lastPair: SnapshotPair | undefined;
  private readonly recorded: RecordedSnapshots;

  constructor(
    private readonly session: RecordedSession,
    private readonly client: ReplayClient,
    private readonly options: ReplayOptions = {},
  ) {
    this.recorded = new RecordedSnapshots(session);
    this.steps = options.select ? session.steps.filter(step => options.select!(step)) : session.steps;
  }

  /** The recorded step the next step() replays; undefined when none is left or the replay stopped. */
  get nextSeq(): number | undefined {
    return this.done ? undefined : this.steps[this.next].seq;
  }

  /** Where and why the replay stopped early, if it did. */
  get stoppedAt(): { seq: number; reason: string } | undefined {
    return this.stopped;
  }

  /** Every step replayed, or the replay stopped. */
  get done(): boolean {
    return !!this.stopped || this.next >= this.steps.length;
  }

  /** Replays the next recorded step; undefined when there is none left or the replay stopped. */
  async step(): Promise<StepOutcome | undefined> {
    if (this.done) return undefined;
    const step = this.steps[this.next++];
    this.options.onStepStart?.(step);
    const missing = skipReason(step) ? [] : maskedSecrets(step.args).filter(name => !this.secret(name));
    if (missing.length) await this.options.askSecrets?.(missing, step);
    const started = performance.now();
    const result = await this.replay(step);
    const target = describeTargets(step);
    const outcome: StepOutcome = {
      seq: step.seq,
      tool: step.tool,
      ...(step.actor && { actor: step.actor }),
      ...(step.via && { via: step.via }),
      ...(target && { target }),
      status: result.status,
      durationMs: Math.round(performance.now() - started),
      drift: result.drift,
      ...(result.skipped && { skipped: result.skipped }),
    };
    this.outcomes.push(outcome);
    this.end = Math.max(this.end, step.seq);
    if (result.stop) this.stopped = { seq: step.seq, reason: result.stop };
    else if (this.options.stopOnDrift && outcome.drift.length)
      this.stopped = { seq: step.seq, reason: 'drift (stopOnDrift)' };
    if (result.snapshot) this.lastPair = { step, outcome, ...result.snapshot };
    this.options.onStep?.(outcome);
    return outcome;
  }

  /**
   * Replays up to and including recorded step `seq`, then compares the snapshot after the last one. An aborted
   * `signal` ends the run after the step in flight, without the comparison (the run can go on later from there).
   */
  async runTo(seq: number, signal?: AbortSignal): Promise<DriftReport> {
    while (!this.done && this.steps[this.next].seq <= seq && !signal?.aborted) await this.step();
    if (signal?.aborted) return this.report();
    this.end = Math.max(this.end, Math.min(seq, this.steps.at(-1)?.seq ?? 0));
    if (!this.stopped) await this.compareFinalSnapshot();
    return this.report();
  }

  /** Replays every remaining step. */
  runAll(signal?: AbortSignal): Promise<DriftReport> {
    return this.runTo(Number.POSITIVE_INFINITY, signal);
  }

  /** The report so far, over the steps up to the end of the last run. */
  report(): DriftReport {
    const inRange = this.steps.filter(step => step.seq <= this.end).length;
    return {
      session: { dir: this.session.dir, id: this.session.meta.id },
      to: this.end,
      summary: summarize(this.outcomes, inRange, this.stopped),
      steps: this.outcomes,
    };
  }

  private secret(name: string): string | undefined {
    return (this.options.secret ?? (key => process.env[key]))(name) || undefined;
  }

  private async replay(step: ToolCallRecord): Promise<{
    status: StepStatus;
    drift: Drift[];
    skipped?: string;
    stop?: string;
    snapshot?: { replayed: string; compared: boolean };
  }> {
    const skipped = skipReason(step);
    if (skipped) return { status: 'skipped', drift: [], skipped };
    const unmasked = unmaskArgs(step.args, name => this.secret(name));
    if ('missing' in unmasked)
      return {
        status: 'failed',
        drift: [{ kind: 'outcome', error: missingSecretsError(unmasked.missing) }],
        stop: 'a secret it types is not set',
      };
    let result: ToolResult;
    try {
      const called = await this.call(step, unmasked.args, await planTargets(step, this.recorded));
      if ('drift' in called)
        return { status: 'failed', drift: [called.drift], stop: 'its target could not be found again' };
      result = called.result;
    } catch (error) {
      if (!(error instanceof McpClientError)) throw error;
      this.latest = undefined;
      const fatal = error.kind === 'connection' || error.kind === 'state';
      return {
        status: 'failed',
        drift: [{ kind: 'outcome', error: firstLine(error.message) }],
        ...(fatal && { stop: 'the connection to the server was lost' }),
      };
    }

    const drift: Drift[] = [];
    const url = result.sections.page?.url;
    if (url && step.url && url !== step.url) drift.push({ kind: 'url', recorded: step.url, replayed: url });
    const yaml = result.sections.snapshot?.yaml;
    const wholePage =
      step.tool !== 'browser_snapshot' || !('depth' in step.args || 'target' in step.args || 'filename' in step.args);
    // browser_snapshot does not change the page: a partial one leaves the latest full snapshot as good as it was.
    if (wholePage) this.latest = yaml;
    if (!step.artifacts.aria || !wholePage) return { status: drift.length ? 'drift' : 'ok', drift };

    const isSnapshotStep = step.tool === 'browser_snapshot';
    // A server in file snapshot mode links the YAML: the client's snapshot() reads it.
    const replayed = yaml ?? (isSnapshotStep ? await this.snapshotForComparison() : undefined);
    if (isSnapshotStep && replayed !== undefined) {
      const recorded = await this.recorded.of(step);
      const diff = recorded === undefined ? undefined : snapshotDiff(recorded, replayed);
      if (diff) drift.push({ kind: 'snapshot', diff });
    }
    return {
      status: drift.length ? 'drift' : 'ok',
      drift,
      ...(replayed !== undefined && { snapshot: { replayed, compared: isSnapshotStep } }),
    };
  }

  /**
   * Looks the step's targets up and calls its tool with their new refs. A ref from a reused snapshot can be stale
   * (the page changed since without a new snapshot), so a call that finds no such element is tried once more with
   * targets looked up in a fresh snapshot.
   */
  private async call(
    step: ToolCallRecord,
    args: Record<string, unknown>,
    plans: PlannedTarget[],
  ): Promise<{ result: ToolResult } | { drift: Drift }> {
    const first = await lookUpTargets(plans, this.latest, () => this.freshSnapshot());
    if ('drift' in first) return first;
    try {
      return { result: await this.callWith(step.tool, args, first.refs) };
    } catch (error) {
      if (!(error instanceof McpClientError) || error.kind !== 'element-not-found' || !first.reused) throw error;
    }
    const second = await lookUpTargets(plans, undefined, () => this.freshSnapshot());
    return 'drift' in second ? second : { result: await this.callWith(step.tool, args, second.refs) };
  }

  /** The recorded call with each looked-up target's new ref; every other argument as recorded (secrets unmasked). */
  private callWith(tool: string, args: Record<string, unknown>, refs: Map<string, string>): Promise<ToolResult> {
    return this.client.callTool(
      tool,
      withTargets(args, value => refs.get(value) ?? value),
    );
  }

  /** A snapshot only to compare with: when it cannot be taken, the step still replayed. */
  private async snapshotForComparison(): Promise<string | undefined> {
    try {
      return (await this.client.snapshot()).yaml;
    } catch (error) {
      if (error instanceof McpClientError) return undefined;
      throw error;
    }
  }

  private async freshSnapshot(): Promise<string> {
    this.latest = (await this.client.snapshot()).yaml;
    return this.latest;
  }

  /** Compares the snapshot after the last replayed step that has both, unless that was a browser_snapshot step (compared already). */
  private async compareFinalSnapshot(): Promise<void> {
    const pair = this.lastPair;
    if (!pair || pair.compared) return;
    pair.compared = true;
    const recorded = await this.recorded.of(pair.step);
    const diff = recorded === undefined ? undefined : snapshotDiff(recorded, pair.replayed);
    if (!diff) return;
    pair.outcome.drift.push({ kind: 'snapshot', diff, final: true });
    if (pair.outcome.status === 'ok') pair.outcome.status = 'drift';
  }
}

function skipReason(step: ToolCallRecord): string | undefined {
  if (step.debug?.skipped) return 'skipped by a person in the inspector when recorded: nothing ran';
  if (step.outcome === 'error')
    return `failed when recorded: ${firstLine((step.response.error ?? 'no message').replace(/^\w*Error: /, ''))}`;
  if (PLANNING_TOOLS.has(step.tool)) return 'planning tool: the action it chose is replayed as its own step';
  if (OBSERVING_TOOLS.has(step.tool)) return 'observing tool';
  return undefined;
}

const firstLine = (text: string) => text.split('\n')[0];
