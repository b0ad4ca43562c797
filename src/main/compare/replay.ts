import type { Comparison } from '../../shared/comparison';
import type { DriftReport, LookupCountingClient } from '../replay';
import type { RecordedSession } from '../sessions/session-reader';
import { compareSessions } from './compare';

/**
 * A replay's own recording (B) compared with the recording it replayed (A), as two runs are: A as far as the replay
 * went (run to a step, or stopped: steps never reached are the replay report's `not run`) without the steps it does
 * not replay (skipped: observing tools, steps that failed when recorded); B without the lookups the replay took to
 * find targets by. What is left differs only where the replay did.
 */
export function compareReplay(
  recording: RecordedSession,
  replayed: RecordedSession,
  report: DriftReport,
  client: LookupCountingClient,
): Promise<Comparison> {
  const skipped = new Set(report.steps.filter(step => step.status === 'skipped').map(step => step.seq));
  const reached = report.steps.at(-1)?.seq ?? 0;
  return compareSessions(recording, replayed, {
    keepFirst: step => step.seq <= reached && !skipped.has(step.seq),
    keepSecond: step => !client.isLookup(step.seq),
  });
}
