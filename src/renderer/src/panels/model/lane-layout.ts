import type { StepSummary } from '../../../../shared/bridge';
import type { AgentTurns, TurnSummary } from '../../../../shared/spans';

/** Rows model turns are stacked into when they overlap (an agent running sub-agents); more share the last row. */
export const MAX_ROWS = 3;
/** A bar is at least this wide, so the shortest turn or step can still be seen and clicked. */
const MIN_WIDTH = 2;
/** Roughly the width of a character of the bars' 10 px labels: a label is drawn only where it fits. */
const CHAR_WIDTH = 6;

export interface TurnBar {
  turn: TurnSummary;
  x: number;
  width: number;
  row: number;
  label?: string;
  /** The first step this turn chose, if any: clicking the bar selects it. */
  seq?: number;
}

export interface StepMark {
  seq: number;
  x: number;
  width: number;
  failed: boolean;
}

export interface LaneLayout {
  bars: TurnBar[];
  marks: StepMark[];
  rows: number;
}

const compact = (value: number) =>
  value >= 1_000 ? `${(value / 1_000).toFixed(value >= 10_000 ? 0 : 1)}k` : String(value);

/** A turn's bar label: its model and tokens, as much of it as fits. */
export function barLabel(turn: TurnSummary, width: number): string | undefined {
  const tokens =
    turn.inputTokens !== undefined || turn.outputTokens !== undefined
      ? `${compact(turn.inputTokens ?? 0)}→${compact(turn.outputTokens ?? 0)}`
      : '';
  for (const label of [[turn.model, tokens].filter(Boolean).join(' · '), tokens, turn.model]) {
    if (label && label.length * CHAR_WIDTH + 6 <= width) return label;
  }
  return undefined;
}

/**
 * Places the session's model turns and steps on one time axis, `startMs`..`endMs` over `width` px: each turn a bar
 * (overlapping turns on rows of their own), each step a mark under them, so what the model thought and what the browser
 * did read left to right.
 */
export function layoutLane(
  agent: AgentTurns,
  steps: readonly Pick<StepSummary, 'seq' | 'startedAt' | 'endedAt' | 'outcome'>[],
  range: { startMs: number; endMs: number },
  width: number,
): LaneLayout {
  const scale = width / Math.max(1, range.endMs - range.startMs);
  const place = (start: number, end: number) => {
    const x = Math.max(0, (start - range.startMs) * scale);
    return { x, width: Math.min(width - x, Math.max(MIN_WIDTH, (end - start) * scale)) };
  };
  const firstStep = new Map<string, number>();
  for (const link of agent.links) {
    const known = firstStep.get(link.spanId);
    if (known === undefined || link.seq < known) firstStep.set(link.spanId, link.seq);
  }
  const rowEnds: number[] = [];
  const bars = agent.turns.map(turn => {
    const box = place(turn.startMs, turn.endMs);
    let row = rowEnds.findIndex(end => end <= box.x);
    if (row < 0) row = rowEnds.length < MAX_ROWS ? rowEnds.length : MAX_ROWS - 1;
    rowEnds[row] = box.x + box.width + 1;
    const seq = firstStep.get(turn.spanId);
    return { turn, ...box, row, label: barLabel(turn, box.width), ...(seq !== undefined && { seq }) };
  });
  const marks = steps.map(step => ({
    seq: step.seq,
    ...place(step.startedAt, step.endedAt),
    failed: step.outcome === 'error',
  }));
  return { bars, marks, rows: Math.max(1, rowEnds.length) };
}
