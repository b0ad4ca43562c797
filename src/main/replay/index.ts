/**
 * Replaying a recorded session through the MCP browser client against a fresh browser, with a report of where the
 * run drifts from the recording. `agent-inspector replay` is the command-line front end.
 */
export { Replayer, type ReplayClient, type ReplayOptions } from './replayer';
export {
  describeDrift,
  isFailure,
  summarize,
  type Drift,
  type DriftReport,
  type ReplaySummary,
  type StepOutcome,
  type StepStatus,
} from './report';
export { normalizeSnapshot, snapshotDiff } from './snapshot-drift';
export {
  describeQuery,
  findTarget,
  locatorPick,
  recordedIndex,
  type LocatorPick,
  type TargetMatch,
  type TargetQuery,
} from './locate';
export { targetValues, withTargets } from '../../shared/target-args';
export { LookupCountingClient } from './lookup-client';
