import type { z } from 'zod';
import {
  BRIDGE_INPUTS,
  type BridgeCommand,
  type BridgeEvent,
  type BridgeOutput,
  type BridgeReply,
  type InspectorStatus,
} from '../../shared/bridge';
import type { InspectorEvent } from '../../shared/events';
import type { Workspace } from '../browser/context';
import { compareSessions } from '../compare/compare';
import type { InspectorCore } from '../core';
import { McpSession } from '../mcp/session';
import { SessionSearch } from '../search/session-search';
import { loadAppearedTexts } from '../sessions/assertions';
import { exportSpec } from '../sessions/export';
import type { ToolCallRecord } from '../sessions/format';
import { VERSION } from '../version';
import { DebugCommands } from './debug-commands';
import { DemoRunner } from './demo';
import { ForkSessions } from './fork-sessions';
import { LiveSessions } from './live-sessions';
import { LocatorCommands } from './locator-commands';
import { highlight, locate } from './page-commands';
import { RecordedSessions } from './recorded-sessions';
import { SessionCatalog } from './session-catalog';
import { SessionCommands, type DesktopDialogs } from './session-commands';
import {
  liveNegotiation,
  liveRoundArtifacts,
  recordedNegotiation,
  recordedRoundArtifacts,
  withoutArtifacts,
} from './negotiation';
import type { RecordedState } from '../../shared/recorded-state';
import { recordedState, StateFolder } from './state-files';
import { stepDiff } from '../../shared/step-diff';
import { liveDiffSource, recordedDiffSource } from './diff-sources';
import { AgentTurnsSource } from './agent-turns';
import { StepReader } from './step-reader';
import {
  CAPTURE_OFF_NOTE,
  EVICTED_NOTE,
  NOT_RECORDED_NOTE,
  PROXIED_NOTE,
  stepActivity,
  type ActivitySource,
} from './step-activity';
import { summarize } from './summaries';

/** Sessions started inside this process for the UI itself: not agents. */
const IN_PROCESS_TRANSPORTS = new Set(['demo', 'fork']);
/** How often the status (browser state, agents) is checked for changes worth pushing to the UI. */
const STATUS_POLL_MS = 1_000;

export interface BridgeHostOptions {
  mode: 'electron' | 'web';
  /** Where the demo session writes its Browser State files. */
  demoWorkspace: Workspace;
  /** The desktop app's open and save dialogs. */
  dialogs?: DesktopDialogs;
  /**
   * The HTTP server answers beyond this machine (a non-loopback --host, or --allowed-hosts): running code and opening
   * local paths from the UI then need --allow-unsafe-code.
   */
  exposed?: boolean;
}

type Handlers = { [C in BridgeCommand]: (input: z.output<(typeof BRIDGE_INPUTS)[C]>) => Promise<BridgeOutput<C>> };

const describeIssues = (error: z.ZodError) =>
  error.issues.map(issue => `${issue.path.length ? issue.path.join('.') : '(input)'}: ${issue.message}`).join('; ');

/**
 * The core side of the bridge (see shared/bridge/): answers the UI's commands over the InspectorCore and streams
 * the bus's events to it. Transports (IPC, WebSocket) only carry what this returns; every input is validated here.
 */
export class BridgeHost {
  private serverUrl = '';
  private access: InspectorStatus['access'] = { tokenRequired: false };
  private readonly listeners = new Set<(event: BridgeEvent) => void>();
  private readonly live: LiveSessions;
  private readonly recorded: RecordedSessions;
  private readonly catalog: SessionCatalog;
  private readonly steps: StepReader;
  private readonly search: SessionSearch;
  private readonly demo: DemoRunner;
  private readonly forks: ForkSessions;
  private readonly browserDescription: string;
  private lastStatus = '';
  private readonly poll: NodeJS.Timeout;
  /** Browser State folders of live sessions, by session id. */
  private readonly stateDirs = new Map<string, string>();
  /** Each subscriber is a UI someone has open: a person the debugger can ask (browser_annotate). */
  private readonly watching = new Map<(event: BridgeEvent) => void, () => void>();
  private readonly unsubscribeDebugger?: () => void;

  constructor(
    private readonly core: InspectorCore,
    private readonly options: BridgeHostOptions,
  ) {
    this.live = new LiveSessions(core.bus, event => this.forward(event), !!core.recorder);
    this.recorded = new RecordedSessions(core.config.sessionDir);
    this.catalog = new SessionCatalog(this.live, this.recorded, core.recorder);
    this.steps = new StepReader({
      live: this.live,
      recorded: this.recorded,
      recorder: core.recorder,
      maxChangeLines: core.config.maxChangeLines,
      replayedSession: id => this.sessionCommands.replayedSession(id),
    });
    this.search = new SessionSearch({
      bus: core.bus,
      folders: () => this.recorded.folders(),
      folderOf: async id => (await this.recorded.open(id)).dir,
      live: id => this.live.get(id),
    });
    this.demo = new DemoRunner(core, options.demoWorkspace, () => this.pushStatus());
    this.forks = new ForkSessions(core, options.demoWorkspace);
    this.browserDescription = core.config.upstream ? `proxied: ${core.config.upstream}` : core.browser.describe();
    this.poll = setInterval(() => this.pushStatus(), STATUS_POLL_MS);
    this.poll.unref();
    this.unsubscribeDebugger = core.debugger?.subscribe(change => this.emit(change));
  }

  /**
   * The HTTP server's base URL, once it listens: the MCP URL shown to users and the demo site's origin; and whether
   * clients need its token, with the read-only sign-in link the UI offers to share (see src/main/access).
   */
  setServerUrl(url: string, access: InspectorStatus['access'] = { tokenRequired: false }) {
    this.serverUrl = url;
    this.access = access;
    this.pushStatus();
  }

  subscribe(listener: (event: BridgeEvent) => void): () => void {
    this.listeners.add(listener);
    const unwatch = this.core.debugger?.watch();
    if (unwatch) this.watching.set(listener, unwatch);
    return () => {
      this.listeners.delete(listener);
      this.watching.get(listener)?.();
      this.watching.delete(listener);
    };
  }

  /** Runs one command from a transport. Never throws: unknown commands, bad input and failures become error replies. */
  async invoke(command: unknown, input: unknown): Promise<BridgeReply> {
    if (typeof command !== 'string' || !Object.hasOwn(BRIDGE_INPUTS, command)) {
      return {
        ok: false,
        error: `Unknown command ${JSON.stringify(command)}. Commands: ${Object.keys(BRIDGE_INPUTS).join(', ')}.`,
      };
    }
    const name = command as BridgeCommand;
    const parsed = BRIDGE_INPUTS[name].safeParse(input ?? {});
    if (!parsed.success) return { ok: false, error: `Invalid input for "${name}": ${describeIssues(parsed.error)}` };
    try {
      const handler = this.handlers[name] as (input: unknown) => Promise<unknown>;
      return { ok: true, result: await handler(parsed.data) };
    } catch (error) {
      return { ok: false, error: error instanceof Error ? error.message : String(error) };
    }
  }

  /** A session folder opened by hand (the app's File menu): listed from now on and, with `select`, shown in the UI. */
  async addSessionFolder(dir: string, select = true): Promise<string> {
    const id = await this.recorded.add(dir);
    this.search.refresh();
    this.emit({ type: 'sessions-changed', ...(select && { select: id }) });
    return id;
  }

  /** Starts the demo (the app's menu calls this as the UI's button does). */
  runDemo(): Promise<string> {
    return this.demo.start(this.serverUrl);
  }

  close() {
    void this.sessionCommands.close();
    clearInterval(this.poll);
    this.live.close();
    this.search.close();
    this.unsubscribeDebugger?.();
    for (const unwatch of this.watching.values()) unwatch();
    this.watching.clear();
    this.listeners.clear();
  }

  /** Replay, running edited code, session zip export and import: see session-commands.ts. */
  private readonly sessionCommands = new SessionCommands(() => ({
    config: this.core.config,
    emit: event => this.emit(event),
    recording: async id => {
      const live = this.live.get(id);
      return { session: await this.catalog.recordingOf(id), running: !!live && live.endedAt === undefined };
    },
    folder: async id => {
      const folder = this.core.recorder?.folderOf(id);
      if (folder) await this.core.recorder!.flush();
      else if (this.live.get(id))
        throw new Error(
          'This session is not recorded to a folder (start the inspector with --session-dir to record sessions).',
        );
      return folder ?? (await this.recorded.open(id)).dir;
    },
    livePage: id => this.livePage(id),
    addSessionFolder: dir => this.addSessionFolder(dir),
    dialogs: this.options.dialogs,
    exposed: !!this.options.exposed,
  }));

  private readonly agentTurns = new AgentTurnsSource({
    live: id => this.live.get(id),
    recorded: id => this.recorded.open(id),
  });
  private readonly locators = new LocatorCommands({
    recordingOf: id => this.catalog.recordingOf(id),
    live: id => this.live.get(id),
  });

  private readonly debugCommands = new DebugCommands(
    () => this.core.debugger,
    async id => {
      const session = this.core.session(id);
      return session instanceof McpSession ? session.pageNow() : undefined;
    },
  );

  private readonly handlers: Handlers = {
    ...this.sessionCommands.handlers,
    ...this.debugCommands.handlers,
    status: async () => this.status(),
    listSessions: async () => this.catalog.list(),
    openSession: async ({ sessionId }) => this.catalog.open(sessionId),
    getStep: async ({ sessionId, seq }) => this.steps.getStep(sessionId, seq),
    stateFiles: async ({ sessionId, seq }) => (await this.stateOf(sessionId, seq)).list(),
    readStateFile: async ({ sessionId, seq, path }) => (await this.stateOf(sessionId, seq)).read(path),
    negotiation: async ({ sessionId, seq }) => {
      const live = this.live.get(sessionId);
      return live ? liveNegotiation(live, seq) : recordedNegotiation(await this.recorded.open(sessionId), seq);
    },
    negotiationArtifacts: async ({ sessionId, interactionId, round }) => {
      const live = this.live.get(sessionId);
      return live
        ? liveRoundArtifacts(live, interactionId, round)
        : recordedRoundArtifacts(await this.recorded.open(sessionId), interactionId, round);
    },
    stepDiff: async ({ sessionId, seq, fromSeq }) => {
      const live = this.live.get(sessionId);
      // Either state may be an evicted step's: a recorded session then compares from its folder.
      const recorded = live ? await this.steps.evictedRecording(live, 1) : await this.recorded.open(sessionId);
      return stepDiff(recorded ? recordedDiffSource(recorded) : liveDiffSource(live!), seq, fromSeq);
    },
    screenshot: async ({ sessionId, seq }) => (await this.steps.screenshot(sessionId, seq)) ?? null,
    agentTurns: ({ sessionId }) => this.agentTurns.turns(sessionId),
    modelTurn: ({ sessionId, spanId }) => this.agentTurns.turn(sessionId, spanId),
    stepActivity: async ({ sessionId, seq, upTo }) =>
      stepActivity(await this.activityOf(sessionId, seq, !!upTo), seq, upTo),
    searchSessions: async ({ query, sessionId, limit }) => this.search.search(query, { sessionId, limit }),
    compareSessions: async ({ sessionId, withSessionId }) =>
      compareSessions(await this.catalog.recordingOf(sessionId), await this.catalog.recordingOf(withSessionId)),
    highlight: async ({ sessionId, ref }) => highlight(this.livePage(sessionId), ref),
    locate: async ({ sessionId, ref }) => locate(this.livePage(sessionId), ref),
    startBrowser: async () => {
      if (this.core.config.upstream) throw new Error('In proxy mode the upstream server runs its own browser.');
      await this.core.browser.start();
      return this.pushStatus();
    },
    stopBrowser: async () => {
      await this.core.browser.close();
      return this.pushStatus();
    },
    export: async ({ sessionId }) => this.exportSession(sessionId),
    locatorReport: async ({ sessionId }) => this.locators.report(sessionId),
    chooseLocator: async ({ sessionId, seq, target, code }) => this.locators.choose(sessionId, { seq, target, code }),
    runDemo: async () => ({ sessionId: await this.runDemo() }),
    forkSession: async ({ sessionId, seq }) => this.forks.fork(await this.catalog.recordingOf(sessionId), seq),
  };

  private status(): InspectorStatus {
    const agents = this.live
      .all()
      .filter(s => s.endedAt === undefined && !IN_PROCESS_TRANSPORTS.has(s.started.transport))
      .map(s => ({ sessionId: s.started.sessionId, clientName: s.started.clientName, transport: s.started.transport }));
    return {
      version: VERSION,
      mode: this.options.mode,
      mcpUrl: this.serverUrl && `${this.serverUrl}/mcp`,
      access: this.access,
      agents,
      browser: { state: this.core.browser.state, description: this.browserDescription },
      sessionDir: this.core.config.sessionDir,
      demo: this.demo.state,
    };
  }

  /** Sends the status when it changed (or when asked for it by a command) and returns it. */
  private pushStatus(): InspectorStatus {
    const status = this.status();
    const json = JSON.stringify(status);
    if (json !== this.lastStatus) {
      this.lastStatus = json;
      this.emit({ type: 'status', status });
    }
    return status;
  }

  private forward(event: InspectorEvent) {
    // The spans themselves are read with the session's turns (agentTurns); the UI is told they changed.
    if (event.type === 'agent-spans') return this.emit({ type: 'agent-turns', sessionId: event.sessionId });
    if (event.type === 'tool-call') this.emit({ type: 'step', sessionId: event.sessionId, step: summarize(event) });
    else if (event.type === 'negotiation-round') this.emit(withoutArtifacts(event));
    else this.emit(event);
    if (event.type !== 'negotiation-round' && event.type !== 'step-tokens') this.pushStatus();
  }

  private emit(event: BridgeEvent) {
    for (const listener of this.listeners) {
      try {
        listener(event);
      } catch (error) {
        console.error('[bridge] a subscriber failed:', error);
      }
    }
  }

  /** Where a session's Browser State files are: the live session's folder, or rebuilt from the recording. */
  private async stateOf(id: string, seq: number): Promise<StateFolder | RecordedState> {
    if (this.live.get(id)) {
      const session = this.core.session(id);
      const dir = (session instanceof McpSession ? session.browserStateDir() : undefined) ?? this.stateDirs.get(id);
      // Remembered: the folder outlives the session that wrote it.
      if (dir) this.stateDirs.set(id, dir);
      if (!dir)
        throw new Error(
          this.core.config.domState
            ? 'This session has no Browser State folder (it is proxied, or has not opened a page yet).'
            : 'Browser State is off (--no-dom-state): there are no files to show.',
        );
      return new StateFolder(dir);
    }
    return recordedState(await this.recorded.open(id), seq);
  }

  private async activityOf(id: string, seq: number, upTo: boolean): Promise<ActivitySource> {
    const live = this.live.get(id);
    const fromDisk = live && (await this.steps.evictedRecording(live, upTo ? 1 : seq));
    if (live && !fromDisk) {
      const evicted = live.activityEvictedUpTo !== undefined && (upTo || seq <= live.activityEvictedUpTo);
      const note = live.started.upstream
        ? PROXIED_NOTE
        : !this.core.config.activity
          ? CAPTURE_OFF_NOTE
          : evicted
            ? EVICTED_NOTE
            : undefined;
      return { steps: live.steps, ...(note && { note }) };
    }
    const recorded = fromDisk || (await this.recorded.open(id));
    const steps = recorded.steps;
    const proxied = recorded.records.some(record => record.type === 'session-started' && record.upstream);
    // With capture on, a page that was opened at all made a request: none anywhere means it was off.
    const uncaptured = steps.some(step => step.url) && !steps.some(step => step.activity);
    const note = proxied ? PROXIED_NOTE : uncaptured ? NOT_RECORDED_NOTE : undefined;
    return { steps, ...(note && { note }) };
  }

  /** The current page of a session running in this process, when it has one. */
  private livePage(id: string) {
    const session = this.core.session(id);
    return session instanceof McpSession ? session.pages().current : undefined;
  }

  private async exportSession(id: string): Promise<BridgeOutput<'export'>> {
    const session = await this.catalog.recordingOf(id);
    // A session recorded to no folder has its snapshots in memory only, on the live events.
    const inMemory = session.dir ? undefined : this.live.get(id);
    const ariaOf = inMemory
      ? async (step: ToolCallRecord) => inMemory.steps.find(event => event.seq === step.seq)?.ariaSnapshot
      : (step: ToolCallRecord) => session.ariaSnapshot(step);
    const appeared = await loadAppearedTexts(session.steps, ariaOf);
    const stamp = new Date(session.meta.startedAt)
      .toISOString()
      .replace(/[:.]/g, '-')
      .replace(/-\d{3}Z$/, '');
    const options = { appeared, ...(await this.locators.exportOptions(id, session)) };
    return { spec: exportSpec(session, options), fileName: `session-${stamp}.spec.ts` };
  }
}
