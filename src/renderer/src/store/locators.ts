import type { LocatorReport } from '../../../shared/locators';
import { inspector } from '../bridge/inspector';
import { attempt } from './attempt';
import type { Slice } from './types';

export interface LocatorsSlice {
  /** The open session's locator report, as of `stepCount` steps: the Locators tab and the timeline's markers. */
  locators?: { sessionId: string; stepCount: number; report: LocatorReport };
  /** Fetches the report unless the one held is for this session at this many steps. */
  loadLocators(sessionId: string, stepCount: number): Promise<void>;
  /** Locates a step's target by another candidate from now on (export uses it); the answer is the new report. */
  chooseLocator(sessionId: string, seq: number, target: number, code: string): Promise<void>;
}

export const locatorsSlice: Slice<LocatorsSlice> = (set, get) => ({
  async loadLocators(sessionId, stepCount) {
    const held = get().locators;
    if (held?.sessionId === sessionId && held.stepCount === stepCount) return;
    const report = await attempt(get, inspector.invoke('locatorReport', { sessionId }));
    if (report && get().opened?.session.id === sessionId) set({ locators: { sessionId, stepCount, report } });
  },
  async chooseLocator(sessionId, seq, target, code) {
    const report = await attempt(get, inspector.invoke('chooseLocator', { sessionId, seq, target, code }));
    if (report && get().opened?.session.id === sessionId)
      set({ locators: { sessionId, stepCount: get().locators?.stepCount ?? 0, report } });
  },
});
