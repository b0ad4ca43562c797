import { expect, test } from '@playwright/test';
import { timeSplit } from './time-split';

test('model, browser, held and the rest add up to the wall time, each instant counted once', () => {
  const split = timeSplit(
    [
      // Held 300 ms before it ran (its clock starts when let go), its answer held 100 ms after.
      {
        startedAt: 1_000,
        endedAt: 1_200,
        debug: { held: { ms: 300, reason: { kind: 'paused' } }, answerHeld: { ms: 100, reason: { kind: 'paused' } } },
      },
      { startedAt: 2_000, endedAt: 2_500 },
    ],
    [
      { startMs: 0, endMs: 600 },
      // Overlaps the second step by 200 ms: that time is the browser's.
      { startMs: 1_500, endMs: 2_200 },
    ],
  );
  expect(split).toEqual({
    wallMs: 2_500,
    modelMs: 600 + 500,
    browserMs: 200 + 500,
    heldMs: 300 + 100,
    otherMs: 100 + 200,
    startMs: 0,
    endMs: 2_500,
  });
  expect(split.modelMs + split.browserMs + split.heldMs + split.otherMs).toBe(split.wallMs);
});

test('nothing timed: all zero; a turn without an end is left out', () => {
  expect(timeSplit([], [])).toMatchObject({ wallMs: 0, otherMs: 0 });
  expect(timeSplit([], [{ startMs: 5, endMs: 5 }]).wallMs).toBe(0);
});
