import { expect, test } from '@playwright/test';
import type { TurnSummary } from '../../../../shared/spans';
import { barLabel, layoutLane, MAX_ROWS } from './lane-layout';

const turn = (spanId: string, startMs: number, endMs: number, extra: Partial<TurnSummary> = {}): TurnSummary => ({
  spanId,
  traceId: 't',
  startMs,
  endMs,
  toolCalls: 0,
  ...extra,
});

test('turns and steps share one axis; overlapping turns get rows of their own; a bar selects the first step it chose', () => {
  const agent = {
    turns: [turn('a', 0, 500), turn('b', 250, 750), turn('c', 600, 1_000)],
    links: [
      { seq: 3, spanId: 'a', via: 'trace' as const },
      { seq: 2, spanId: 'a', via: 'trace' as const },
    ],
    unlinked: ['b', 'c'],
    spanCount: 3,
  };
  const steps = [
    { seq: 2, startedAt: 500, endedAt: 510, outcome: 'ok' as const },
    { seq: 3, startedAt: 900, endedAt: 1_000, outcome: 'error' as const },
  ];
  const { bars, marks, rows } = layoutLane(agent, steps, { startMs: 0, endMs: 1_000 }, 200);
  expect(bars.map(bar => [bar.turn.spanId, bar.x, bar.width, bar.row, bar.seq])).toEqual([
    ['a', 0, 100, 0, 2],
    ['b', 50, 100, 1, undefined],
    ['c', 120, 80, 0, undefined],
  ]);
  expect(rows).toBe(2);
  // A 10 ms step is still 2 px wide; a step is never drawn past the lane's end.
  expect(marks).toEqual([
    { seq: 2, x: 100, width: 2, failed: false },
    { seq: 3, x: 180, width: 20, failed: true },
  ]);
});

test('past the last row, overlapping turns share it; labels say as much as fits', () => {
  const agent = {
    turns: Array.from({ length: 5 }, (_, i) => turn(String(i), i, 100)),
    links: [],
    unlinked: [],
    spanCount: 5,
  };
  expect(Math.max(...layoutLane(agent, [], { startMs: 0, endMs: 100 }, 100).bars.map(bar => bar.row))).toBe(
    MAX_ROWS - 1,
  );
  const gpt = turn('x', 0, 1, { model: 'gpt-5', inputTokens: 12_345, outputTokens: 80 });
  expect(barLabel(gpt, 200)).toBe('gpt-5 · 12k→80');
  expect(barLabel(gpt, 60)).toBe('12k→80');
  expect(barLabel(gpt, 10)).toBeUndefined();
});
