import type { StepPhase } from '../../shared/events';

/**
 * Where one call's time goes, phase by phase (the action, the settle wait, the snapshot, the Browser State write, the
 * screenshot): recorded with its step, shown by the inspector and exported as child spans. A session's calls run one
 * at a time, so one clock per context serves them all; `take` ends a call's record.
 */
export class StepPhases {
  private phases: StepPhase[] = [];

  async time<T>(name: StepPhase['name'], run: () => Promise<T>): Promise<T> {
    const startedAt = Date.now();
    try {
      return await run();
    } finally {
      this.phases.push({ name, startedAt, endedAt: Date.now() });
    }
  }

  /** The phases since the last take, in the order they ended. */
  take(): StepPhase[] {
    const taken = this.phases;
    this.phases = [];
    return taken;
  }
}
