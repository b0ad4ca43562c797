import type { CallToolResult, Tool } from '@modelcontextprotocol/sdk/types.js';
import type { CallHeldEvent, CallReleasedEvent, StepDebug } from '../../shared/events';
import {
  DEFAULT_SKIP_TEXT,
  describeHold,
  type HeldCall,
  type HoldReason,
  type SessionDebugState,
} from '../../shared/debugger';
import type { CallOptions, CallOutcome, CallRequest, ReviewedAnswer, ToolHost } from '../mcp/tool-host';
import type { Breakpoints } from './breakpoints';
import { Hold, type Release } from './hold';
import { takeoverNote } from './takeover';
import { AnnotationDesk } from './annotation-desk';

/** What a debugged session needs from the Debugger that made it. */
export interface DebugHub {
  readonly breakpoints: Breakpoints;
  readonly pauseTimeoutMs: number;
  /** Someone has the inspector UI open: a person could answer. */
  watched(): boolean;
  publish(event: CallHeldEvent | CallReleasedEvent): void;
  /** The session's state changed: the UI is told. */
  changed(session: DebuggedSession): void;
}

interface Held {
  view: HeldCall;
  hold: Hold;
  /** A person's edit of the arguments: what runs (secrets put back), unless --pause-timeout expires first. */
  edited?: Record<string, unknown>;
  /** A person's edit of a held answer. */
  answer?: { text: string; isError: boolean };
}

// AGENT_INSPECTOR_DEBUG=debugger: the stage's own time per call, waits for a person left out (bench:debug reads it).
const DEBUG = (process.env.AGENT_INSPECTOR_DEBUG ?? '').split(',').includes('debugger');

const gone = (how: string): CallToolResult => ({
  content: [
    { type: 'text', text: `### Error\nThe call was held in the inspector and its client ${how}; nothing ran.` },
  ],
  isError: true,
});

/**
 * One session seen through the live debugger: a stage around each call, where it leaves the session's queue (held
 * before it runs when the session is paused or a breakpoint hits) and where its answer is about to be sent (held
 * when an answer breakpoint hits). It wraps the session's calls; it never reaches into tools.
 */
export class DebuggedSession implements ToolHost {
  /** Calls wait here in arrival order: a later call waits behind a held one. */
  private queue: Promise<unknown> = Promise.resolve();
  private pauseNext?: 'paused' | 'step' | 'start';
  private held?: Held;
  /** What a person did in the browser while the session was paused with no call held yet: told with its next call. */
  private doneWhilePaused: string[] = [];
  private holds = 0;
  private closed = false;
  /** The request of the call running now: an annotation it waits for keeps the client informed through it. */
  private running?: CallRequest;
  readonly desk: AnnotationDesk;

  constructor(
    private readonly inner: ToolHost,
    private readonly hub: DebugHub,
    options: { pauseOnStart: boolean; takeover: boolean },
  ) {
    if (options.pauseOnStart) this.pauseNext = 'start';
    this.takeover = options.takeover;
    this.desk = new AnnotationDesk(
      hub,
      () => this.running,
      () => hub.changed(this),
    );
  }

  /** A person's steps in the browser are captured (not in proxy mode, whose browser is not ours). */
  readonly takeover: boolean;

  get id(): string {
    return this.inner.id;
  }

  listTools(): Tool[] | Promise<Tool[]> {
    return this.inner.listTools();
  }

  start(): Promise<void> {
    return this.inner.start?.() ?? Promise.resolve();
  }

  /** The client left: what is held is let go without running, and so is every call queued behind it. */
  async close(): Promise<void> {
    this.closed = true;
    this.held?.hold.release({ how: 'disconnected' });
    this.desk.close();
    await this.queue;
    await this.inner.close();
  }

  callTool(
    name: string,
    args: Record<string, unknown>,
    _options?: CallOptions,
    request?: CallRequest,
  ): Promise<CallToolResult> {
    const run = this.queue.then(() => this.gate(name, args, request));
    this.queue = run.catch(() => {});
    return run;
  }

  state(): SessionDebugState {
    return {
      paused: !!this.pauseNext || !!this.held,
      ...(this.held && { held: structuredClone(this.held.view) }),
      ...(this.desk.request && { annotation: this.desk.request }),
      takeover: this.takeover,
    };
  }

  /** Holds the session's next call (a call held already stays held). */
  pause(): void {
    if (!this.held) this.pauseNext ??= 'paused';
    this.hub.changed(this);
  }

  /** Runs the held call (or sends the held answer) and holds the next call. */
  step(holdId?: number): void {
    if (this.held) this.current(holdId).hold.release({ how: 'step' });
    else this.pauseNext = 'step';
    this.hub.changed(this);
  }

  /** Runs the held call (or sends the held answer) and stops holding. */
  continue(holdId?: number): void {
    if (this.held) this.current(holdId).hold.release({ how: 'continue' });
    else this.pauseNext = undefined;
    this.hub.changed(this);
  }

  /** Replaces a held call's arguments with a person's, checked as the call checks them; nothing runs yet. */
  async editArgs(holdId: number, json: string): Promise<void> {
    const held = this.current(holdId, 'call');
    let value: unknown;
    try {
      value = JSON.parse(json);
    } catch (error) {
      throw new Error(`The arguments are not valid JSON: ${error instanceof Error ? error.message : error}`);
    }
    if (!value || typeof value !== 'object' || Array.isArray(value))
      throw new Error('The arguments must be a JSON object, e.g. {"target": "e12"}.');
    const shown = value as Record<string, unknown>;
    const args = this.inner.unmask?.(shown) ?? shown;
    const problem = await this.inner.checkArgs?.(held.view.tool, args);
    if (problem) throw new Error(problem);
    held.edited = args;
    held.view.originalArgs ??= held.view.args;
    held.view.args = shown;
    this.hub.changed(this);
  }

  /** Answers the agent with a person's text (an error when `isError`) without running the held call. */
  skip(holdId: number, text: string | undefined, isError = false): void {
    this.current(holdId, 'call').hold.release({ how: 'skip', text: text?.trim() || DEFAULT_SKIP_TEXT, isError });
    this.hub.changed(this);
  }

  /** Replaces the held answer's text before the agent gets it. */
  editAnswer(holdId: number, text: string, isError?: boolean): void {
    const held = this.current(holdId, 'answer');
    const original = held.view.answer!.original ?? { text: held.view.answer!.text, isError: held.view.answer!.isError };
    held.answer = { text, isError: isError ?? held.view.answer!.isError };
    held.view.answer = { ...held.answer, original };
    this.hub.changed(this);
  }

  /** A person acted in the browser while the session was paused: told to the agent when its next call runs. */
  noteHumanStep(line: string): void {
    if (this.held?.view.phase === 'call') this.held.view.takeover.push(line);
    else if (this.pauseNext) this.doneWhilePaused.push(line);
    else return;
    this.hub.changed(this);
  }

  private async gate(name: string, args: Record<string, unknown>, request?: CallRequest): Promise<CallToolResult> {
    if (this.closed) return gone('left');
    const started = performance.now();
    const reason = await this.holdReason(name, args);
    if (!reason) {
      const review = this.reviewer(name, args, request);
      const stage = performance.now() - started;
      // Paused, acted, then continued before the agent called: its refs may be stale all the same.
      const takeover = this.doneWhilePaused.length ? takeoverNote(this.doneWhilePaused.splice(0)) : undefined;
      const options: CallOptions = {
        review: review && this.timed(review, stage, name),
        ...(takeover && { takeover, debug: { takeover } }),
      };
      return this.run(name, args, options, request).finally(() => !review && this.log(name, stage));
    }
    const preview = await this.inner.preview?.(name, args, { held: true }).catch(() => undefined);
    const inputSchema = (await this.inner.listTools()).find(tool => tool.name === name)?.inputSchema;
    const held = this.hold(
      { phase: 'call', tool: name, args: preview?.args ?? args, reason, ...(inputSchema && { inputSchema }) },
      request,
    );
    const release = await held.hold.released;
    this.release(held, release);
    if (release.how === 'cancelled') return gone('cancelled the request');
    if (release.how === 'disconnected') return gone('left');
    const debug: StepDebug = {
      held: { ms: held.hold.heldMs, reason, ...(release.how === 'timeout' && { timedOut: true as const }) },
    };
    // --pause-timeout runs the call as the agent sent it: a person who walked away did not confirm an edit.
    const edited = release.how === 'timeout' ? undefined : held.edited;
    if (edited) debug.originalArgs = held.view.originalArgs;
    if (release.how === 'skip')
      return this.run(name, args, { debug, skip: { text: release.text, isError: release.isError } }, request);
    const done = held.view.takeover;
    const takeover = done.length ? takeoverNote(done) : undefined;
    if (takeover) debug.takeover = takeover;
    return this.run(
      name,
      edited ?? args,
      { debug, ...(takeover && { takeover }), review: this.reviewer(name, edited ?? args, request) },
      request,
    );
  }

  /** The answer's test, its time added to the stage's (logged once the answer was let through). */
  private timed(
    review: NonNullable<CallOptions['review']>,
    before: number,
    name: string,
  ): NonNullable<CallOptions['review']> {
    return outcome => {
      const started = performance.now();
      const held = review(outcome);
      this.log(name, before + performance.now() - started);
      return held;
    };
  }

  private log(name: string, ms: number) {
    if (DEBUG) console.error(`[debugger] ${name} stage ${ms.toFixed(3)} ms`);
  }

  private async run(
    name: string,
    args: Record<string, unknown>,
    options: CallOptions,
    request?: CallRequest,
  ): Promise<CallToolResult> {
    this.running = request;
    try {
      return await this.inner.callTool(name, args, options, request);
    } finally {
      this.running = undefined;
    }
  }

  private async holdReason(name: string, args: Record<string, unknown>): Promise<HoldReason | undefined> {
    if (this.pauseNext) return { kind: this.pauseNext };
    const hit = await this.hub.breakpoints.beforeCall(this.id, {
      tool: name,
      args,
      preview: selectors => this.inner.preview?.(name, args, { selectors }) ?? Promise.resolve(undefined),
    });
    return hit && { kind: 'breakpoint', breakpoint: hit.id, condition: hit.condition };
  }

  /** Tests the call's answer against the answer breakpoints; holds it when one hits. Nothing to test: no review. */
  private reviewer(name: string, args: Record<string, unknown>, request?: CallRequest): CallOptions['review'] {
    if (!this.hub.breakpoints.watchesAnswers(this.id)) return undefined;
    return outcome => {
      const hit = this.hub.breakpoints.onAnswer(this.id, outcome);
      return (
        hit &&
        this.holdAnswer(
          name,
          args,
          outcome,
          { kind: 'breakpoint', breakpoint: hit.id, condition: hit.condition },
          request,
        )
      );
    };
  }

  private async holdAnswer(
    tool: string,
    args: Record<string, unknown>,
    outcome: CallOutcome,
    reason: HoldReason,
    request?: CallRequest,
  ): Promise<ReviewedAnswer> {
    const shown = (await this.inner.preview?.(tool, args).catch(() => undefined))?.args ?? args;
    const held = this.hold(
      { phase: 'answer', tool, args: shown, reason, answer: { text: outcome.text, isError: outcome.isError } },
      request,
      outcome.seq,
    );
    const release = await held.hold.released;
    this.release(held, release);
    const debug: StepDebug = {
      answerHeld: { ms: held.hold.heldMs, reason, ...(release.how === 'timeout' && { timedOut: true as const }) },
    };
    const sent = release.how === 'step' || release.how === 'continue' ? held.answer : undefined;
    return sent ? { debug: { ...debug, sent }, sent } : { debug };
  }

  private hold(
    view: Omit<HeldCall, 'holdId' | 'since' | 'deadline' | 'takeover'>,
    request: CallRequest | undefined,
    seq?: number,
  ): Held {
    const holdId = ++this.holds;
    const waiting = view.phase === 'call' ? `${view.tool} waits to run` : `the answer of ${view.tool} waits to be sent`;
    const hold = new Hold(
      this.hub.pauseTimeoutMs,
      request,
      () => `Held in the inspector (${describeHold(view.reason)}): ${waiting} until a person continues it.`,
    );
    const takeover = view.phase === 'call' ? this.doneWhilePaused.splice(0) : [];
    this.held = { view: { ...view, holdId, since: hold.since, deadline: hold.deadline, takeover }, hold };
    this.pauseNext = undefined;
    this.hub.publish({
      type: 'call-held',
      sessionId: this.id,
      holdId,
      phase: view.phase,
      tool: view.tool,
      args: view.args,
      reason: view.reason,
      ...(seq && { seq }),
      time: hold.since,
    });
    this.hub.changed(this);
    return this.held;
  }

  private release(held: Held, release: Release) {
    this.held = undefined;
    // Step and Skip keep a person in the loop: the next call is held too. A cancelled call leaves a pause as it was.
    const paused = held.view.reason.kind !== 'breakpoint';
    this.pauseNext =
      release.how === 'step' || release.how === 'skip'
        ? 'step'
        : release.how === 'cancelled' && paused
          ? 'paused'
          : undefined;
    const { holdId, phase } = held.view;
    this.hub.publish({
      type: 'call-released',
      sessionId: this.id,
      holdId,
      phase,
      how: release.how,
      heldMs: held.hold.heldMs,
      time: Date.now(),
    });
    this.hub.changed(this);
  }

  /** The held call a command is for; refused when it is no longer held (it timed out, or another was held since). */
  private current(holdId: number | undefined, phase?: HeldCall['phase']): Held {
    const held = this.held;
    if (!held || (holdId !== undefined && held.view.holdId !== holdId)) {
      throw new Error(
        `That call is no longer held${held ? ` (call ${held.view.holdId} is held now)` : ''}: it went on (Continue, a timeout, or its client left).`,
      );
    }
    if (phase && held.view.phase !== phase) {
      throw new Error(
        phase === 'call'
          ? 'The call already ran: only its answer can be edited now.'
          : 'The call has not run yet: there is no answer to edit.',
      );
    }
    return held;
  }
}
