import { analyzeLocators, recordedTestIdAttribute, type StateSource } from '../locators/analysis';
import { readChoices, withChoice, writeChoices, type SavedChoices } from '../locators/choices';
import type { RecordedSession } from '../sessions/session-reader';
import type { LocatorChoice, LocatorReport } from '../../shared/locators';
import type { LiveSession } from './live-sessions';

/** Where a session's locator picks live, and what its states are read from. */
export interface LocatorSessionSource {
  /** The session as a recording (a live one flushed to its folder, or built from memory: folder ''). */
  recordingOf(id: string): Promise<RecordedSession>;
  /** The live session in memory, when it is one. */
  live(id: string): LiveSession | undefined;
}

/**
 * The Locators tab's commands: a session's locator report, and the user's picks — saved in its folder (locators.json)
 * for a recording, live or not, in memory for a live session that is not recorded. Export reads the same picks.
 */
export class LocatorCommands {
  /** Picks of live sessions that have no folder, by session id. */
  private readonly unrecorded = new Map<string, SavedChoices>();

  constructor(private readonly sessions: LocatorSessionSource) {}

  async report(id: string): Promise<LocatorReport> {
    const session = await this.sessions.recordingOf(id);
    const saved = await this.saved(id, session);
    return analyzeLocators(this.statesOf(id, session), {
      choices: saved.choices,
      testIdAttribute: saved.testIdAttribute,
    });
  }

  /** Saves a pick (checked against the report) and answers the report with it. */
  async choose(id: string, choice: LocatorChoice): Promise<LocatorReport> {
    const session = await this.sessions.recordingOf(id);
    const saved = await this.saved(id, session);
    const source = this.statesOf(id, session);
    const before = await analyzeLocators(source, { choices: saved.choices, testIdAttribute: saved.testIdAttribute });
    const next = { ...saved, choices: withChoice(saved.choices, before, choice) };
    if (session.dir) await writeChoices(session.dir, next);
    else this.unrecorded.set(id, next);
    return analyzeLocators(source, { choices: next.choices, testIdAttribute: next.testIdAttribute });
  }

  /** What export needs: the picks, and the test id attribute their getByTestId reads. */
  async exportOptions(
    id: string,
    session: RecordedSession,
  ): Promise<{ locatorChoices: LocatorChoice[]; testIdAttribute?: string }> {
    const saved = await this.saved(id, session);
    return {
      locatorChoices: saved.choices,
      testIdAttribute: saved.testIdAttribute ?? recordedTestIdAttribute(session.steps),
    };
  }

  private async saved(id: string, session: RecordedSession): Promise<SavedChoices> {
    return session.dir ? readChoices(session.dir) : (this.unrecorded.get(id) ?? { choices: [] });
  }

  /** A recording reads its states from its folder; a live session without one from the events in memory. */
  private statesOf(id: string, session: RecordedSession): StateSource {
    const live = this.sessions.live(id);
    if (session.dir || !live) return session;
    const bySeq = new Map(live.steps.map(step => [step.seq, step]));
    return {
      meta: session.meta,
      steps: session.steps,
      ariaSnapshot: async step => bySeq.get(step.seq)?.ariaSnapshot,
      dom: async step => bySeq.get(step.seq)?.domState?.dom,
    };
  }
}
