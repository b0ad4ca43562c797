import type { DiffSource } from '../../shared/step-diff';
import type { RecordedSession } from '../sessions/session-reader';
import type { LiveSession } from './live-sessions';

/** A session running in this process: its states as the events brought them (the oldest may have been evicted). */
export function liveDiffSource(session: LiveSession): DiffSource {
  const step = (seq: number) => session.steps.find(candidate => candidate.seq === seq);
  return {
    seqs: session.steps.map(candidate => candidate.seq),
    hasDom: seq => step(seq)?.domState !== undefined,
    hasAria: seq => step(seq)?.ariaSnapshot !== undefined,
    dom: async seq => step(seq)?.domState?.dom,
    ownDomDiff: async seq => step(seq)?.domState?.diff,
    aria: async seq => step(seq)?.ariaSnapshot,
  };
}

/** A recorded session: its states rebuilt from the artifacts. */
export function recordedDiffSource(session: RecordedSession): DiffSource {
  const bySeq = new Map(session.steps.map(step => [step.seq, step]));
  const step = (seq: number) => {
    const found = bySeq.get(seq);
    if (!found) throw new Error(`The session has no step ${seq}.`);
    return found;
  };
  return {
    seqs: [...bySeq.keys()],
    hasDom: seq => !!bySeq.get(seq)?.artifacts.dom,
    hasAria: seq => !!bySeq.get(seq)?.artifacts.aria,
    dom: seq => session.dom(step(seq)),
    ownDomDiff: seq => session.domStateDiff(step(seq)),
    aria: seq => session.ariaSnapshot(step(seq)),
  };
}
