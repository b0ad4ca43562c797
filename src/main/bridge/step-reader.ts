import { readFile } from 'node:fs/promises';
import { extname } from 'node:path';
import type { StepDetail, StepImage } from '../../shared/bridge';
import type { ToolCallEvent } from '../../shared/events';
import { modeBytes, producedMode } from '../../shared/snapshot-modes';
import type { SessionRecorder } from '../sessions/recorder';
import type { ToolCallRecord } from '../sessions/format';
import type { RecordedSession } from '../sessions/session-reader';
import type { LiveSession, LiveSessions } from './live-sessions';
import type { RecordedSessions } from './recorded-sessions';
import { responseContent, summarize, withoutSnapshot } from './summaries';

export interface StepReaderDeps {
  live: LiveSessions;
  recorded: RecordedSessions;
  recorder?: SessionRecorder;
  maxChangeLines: number;
  /** A replay's own recording, for its screenshots. */
  replayedSession(id: string): RecordedSession | undefined;
}

/**
 * A step's detail and screenshot, from a live session's memory or, for a recorded session (or a live step whose
 * artifacts left memory), from its folder.
 */
export class StepReader {
  constructor(private readonly deps: StepReaderDeps) {}

  async getStep(id: string, seq: number): Promise<StepDetail> {
    const live = this.deps.live.get(id);
    const index = live ? live.steps.findIndex(step => step.seq === seq) : -1;
    if (live && index < 0) throw new Error(`Session ${id} has no step ${seq}.`);
    const step = live?.steps[index];
    const withAria = live?.steps.slice(0, index + 1).findLast(candidate => candidate.ariaSnapshot !== undefined);
    const previous = live?.steps.slice(0, index).findLast(candidate => candidate.ariaSnapshot !== undefined);
    // The step, or the snapshot it shows or is compared with, may be among those whose artifacts left memory.
    const fromDisk =
      live && (await this.evictedRecording(live, !withAria || (withAria === step && !previous) ? 1 : seq));
    if (live && step && !fromDisk) {
      return {
        step: summarize(step, live.tokens.get(seq)),
        response: withoutSnapshot(step.response),
        content: responseContent(step, step.response),
        aria: withAria && { yaml: withAria.ariaSnapshot!, seq: withAria.seq },
        screenshot: step.screenshot,
        before: step.before,
        ...(step.ariaSnapshot !== undefined && { modes: this.modes(step, step.ariaSnapshot, previous?.ariaSnapshot) }),
      };
    }
    return this.recordedStep(fromDisk || (await this.deps.recorded.open(id)), seq);
  }

  private async recordedStep(recorded: RecordedSession, seq: number): Promise<StepDetail> {
    const steps = recorded.steps;
    const index = steps.findIndex(step => step.seq === seq);
    if (index < 0) throw new Error(`Session ${recorded.meta.id} has no step ${seq}.`);
    const step = steps[index];
    const withAria = steps.slice(0, index + 1).findLast(candidate => candidate.artifacts.aria);
    const yaml = withAria && (await recorded.ariaSnapshot(withAria));
    const previous =
      withAria === step ? steps.slice(0, index).findLast(candidate => candidate.artifacts.aria) : undefined;
    const previousYaml = previous && (await recorded.ariaSnapshot(previous));
    return {
      step: summarize(step, recorded.tokens.get(seq)),
      response: withoutSnapshot(step.response),
      content: responseContent(step, await recorded.response(step, withAria === step ? yaml : undefined)),
      aria: withAria && yaml !== undefined ? { yaml, seq: withAria.seq } : undefined,
      screenshot: await this.recordedScreenshot(recorded, seq),
      before: await this.recordedImage(recorded, step.artifacts.before),
      ...(withAria === step && yaml !== undefined && { modes: this.modes(step, yaml, previousYaml) }),
    };
  }

  /** Which mode answered a step that took the whole snapshot, and what each would have sent (a navigation: a new page). */
  private modes(step: ToolCallEvent | ToolCallRecord, aria: string, previous: string | undefined): StepDetail['modes'] {
    return {
      produced: producedMode(step.response, true),
      bytes: modeBytes(step.response, aria, step.navigated ? undefined : previous, this.deps.maxChangeLines),
    };
  }

  async screenshot(id: string, seq: number): Promise<StepImage | undefined> {
    const replayed = this.deps.replayedSession(id);
    if (replayed) return this.recordedScreenshot(replayed, seq);
    const live = this.deps.live.get(id);
    const fromDisk = live && (await this.evictedRecording(live, seq));
    if (live && !fromDisk) return live.steps.find(step => step.seq === seq)?.screenshot;
    return this.recordedScreenshot(fromDisk || (await this.deps.recorded.open(id)), seq);
  }

  /**
   * The recording of a live session whose steps up to `seq` include some whose artifacts left memory (see
   * LiveSessions), to read them from its folder; undefined when they are all in memory or the session is not recorded.
   */
  async evictedRecording(live: LiveSession, seq: number): Promise<RecordedSession | undefined> {
    if (live.evictedUpTo === undefined || seq > live.evictedUpTo || !this.deps.recorder) return undefined;
    await this.deps.recorder.flush();
    return this.deps.recorded.open(live.started.sessionId).catch(() => undefined);
  }

  private recordedScreenshot(session: RecordedSession, seq: number): Promise<StepImage | undefined> {
    return this.recordedImage(session, session.steps.find(step => step.seq === seq)?.artifacts.screenshot);
  }

  private async recordedImage(session: RecordedSession, file: string | undefined): Promise<StepImage | undefined> {
    if (!file) return undefined;
    const data = await readFile(session.artifactPath(file));
    return { mimeType: extname(file) === '.png' ? 'image/png' : 'image/jpeg', base64: data.toString('base64') };
  }
}
