import type { z } from 'zod';
import type { LocatorReport } from '../locators';
import type { Comparison } from '../comparison';
import type { CodeRunResult, ReplayView } from '../replay-view';
import type { RoundArtifacts, StepNegotiation } from '../negotiation-view';
import type { ReportInfo } from '../report';
import type { AgentTurns, ModelTurn } from '../spans';
import { DEBUG_VIEWER_COMMANDS, type DebugOutputs } from '../debugger';
import type { BRIDGE_INPUTS } from './inputs';
import type { BridgeEvent } from './events';
import type { OpenedSession, SearchResults, SessionInfo } from './sessions';
import type { InspectorStatus } from './status';
import type { StateFile, StateFileList, StepActivityView, StepDetail, StepDiff, StepImage } from './steps';

/**
 * The one API between the inspector UI and the core: named commands with validated inputs, and one event stream.
 * Electron carries it over IPC (preload → `window.inspector`), web mode over a WebSocket at /bridge; the UI sees the
 * same `InspectorApi` either way.
 *
 * This module assembles the command map (inputs.ts's schemas, the outputs below) and is what both sides import
 * (`shared/bridge`); its sibling files hold the views by concern: steps.ts, sessions.ts, status.ts, events.ts.
 */
export { BRIDGE_INPUTS } from './inputs';
export type { BridgeEvent } from './events';
export type { OpenedSession, SearchHit, SearchResults, SessionInfo } from './sessions';
export type { BrowserState, InspectorStatus } from './status';
export type {
  StateFile,
  StateFileList,
  StepActivityView,
  StepDetail,
  StepDiff,
  StepImage,
  StepSummary,
} from './steps';

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

export type { BridgeReply } from '../bridge-wire';
