import type { ModelTurn } from '../../../../shared/spans';
import type { StepSummary } from '../../../../shared/bridge';

/** Where a session's wall-clock time went, in ms; the parts add up to `wallMs`. */
export interface TimeSplit {
  wallMs: number;
  /** A model call was running (the agent's spans), and no step. */
  modelMs: number;
  /** A step was running in the browser. */
  browserMs: number;
  /** A person held a call before it ran, or its answer after (the live debugger). */
  heldMs: number;
  /** None of these: the agent's own code, its network, a model call it did not trace. */
  otherMs: number;
  /** The session's first and last instant covered. */
  startMs: number;
  endMs: number;
}

type Step = Pick<StepSummary, 'startedAt' | 'endedAt' | 'debug'>;
type Turn = Pick<ModelTurn, 'startMs' | 'endMs'>;

/** Which part a covered instant counts for when several cover it: a held call outranks the step, the step the model. */
const HELD = 0;
const BROWSER = 1;
const MODEL = 2;

/**
 * Splits a session's time between the model, the browser and a person holding calls. A call held before it ran is held
 * for the `held.ms` before its `startedAt` (the step's clock starts when it is let go), an answer held for the
 * `answerHeld.ms` after its `endedAt`. Where intervals overlap (an agent calling tools in parallel with a model call),
 * each instant is counted once, for the highest-ranked part covering it.
 */
export function timeSplit(steps: readonly Step[], turns: readonly Turn[]): TimeSplit {
  const intervals: [start: number, end: number, part: number][] = [];
  for (const step of steps) {
    intervals.push([step.startedAt, step.endedAt, BROWSER]);
    if (step.debug?.held) intervals.push([step.startedAt - step.debug.held.ms, step.startedAt, HELD]);
    if (step.debug?.answerHeld) intervals.push([step.endedAt, step.endedAt + step.debug.answerHeld.ms, HELD]);
  }
  for (const turn of turns) intervals.push([turn.startMs, turn.endMs, MODEL]);
  const valid = intervals.filter(([start, end]) => end > start && Number.isFinite(start) && Number.isFinite(end));
  if (!valid.length) return { wallMs: 0, modelMs: 0, browserMs: 0, heldMs: 0, otherMs: 0, startMs: 0, endMs: 0 };

  // A sweep over every start and end: between two of them the set of covering parts does not change.
  const edges = valid
    .flatMap(
      ([start, end, part]) =>
        [
          [start, part, 1],
          [end, part, -1],
        ] as const,
    )
    .sort((a, b) => a[0] - b[0]);
  const open = [0, 0, 0];
  const spent = [0, 0, 0];
  let other = 0;
  for (let i = 0; i < edges.length; i++) {
    const [at, part, delta] = edges[i];
    open[part] += delta;
    const next = edges[i + 1]?.[0];
    if (next === undefined || next === at) continue;
    const covering = open.findIndex(count => count > 0);
    if (covering < 0) other += next - at;
    else spent[covering] += next - at;
  }
  const startMs = edges[0][0];
  const endMs = edges.at(-1)![0];
  return {
    wallMs: endMs - startMs,
    heldMs: spent[HELD],
    browserMs: spent[BROWSER],
    modelMs: spent[MODEL],
    otherMs: other,
    startMs,
    endMs,
  };
}
