// The one event stream from the core to the UI.
import type {
  CallHeldEvent,
  CallReleasedEvent,
  NegotiationRoundEvent,
  RecordingFailedEvent,
  SessionEndedEvent,
  SessionStartedEvent,
  StepTokensEvent,
} from '../events';
import type { Breakpoint, SessionDebugState } from '../debugger';
import type { ReplayProgress, ReplayStepResult } from '../replay-view';
import type { StepSummary } from './steps';
import type { InspectorStatus } from './status';

export type BridgeEvent =
  | SessionStartedEvent
  | SessionEndedEvent
  /** A negotiation round, without the artifacts it sent (`negotiationArtifacts` fetches those). */
  | Omit<NegotiationRoundEvent, 'sent'>
  | { type: 'step'; sessionId: string; step: StepSummary }
  | StepTokensEvent
  | RecordingFailedEvent
  | { type: 'status'; status: InspectorStatus }
  /** The recorded sessions changed (a folder was opened from the menu); `select` asks the UI to show one. */
  | { type: 'sessions-changed'; select?: string }
  /** A session's replay moved on: its progress, and the step results that are new or changed (`reset`: all dropped). */
  | { type: 'replay'; sessionId: string; progress: ReplayProgress; results?: ReplayStepResult[]; reset?: true }
  /** A live session's debugger state changed: paused or not, the call it holds, an annotation request. */
  | { type: 'debug'; sessionId: string; state: SessionDebugState }
  | { type: 'breakpoints'; breakpoints: Breakpoint[] }
  | CallHeldEvent
  | CallReleasedEvent
  /** New spans came from a session's agent: its model turns (agentTurns) changed. */
  | { type: 'agent-turns'; sessionId: string }
  /** Sent by the UI's own transport when its link to the core drops or comes back (never by the core). */
  | { type: 'connection'; connected: boolean };
