import { expect, test } from '@playwright/test';
import { describeDrift, summarize, type StepOutcome } from './report';

const outcome = (seq: number, status: StepOutcome['status']): StepOutcome => ({
  seq,
  tool: 'browser_click',
  status,
  durationMs: 10,
  drift: [],
});

test('a replay is clean only when every step in range ran or was skipped, without drift', () => {
  expect(summarize([outcome(1, 'ok'), outcome(2, 'skipped')], 2, undefined)).toEqual({
    steps: 2,
    ok: 1,
    drift: 0,
    failed: 0,
    skipped: 1,
    notRun: 0,
    durationMs: 20,
    clean: true,
  });
  expect(summarize([outcome(1, 'ok'), outcome(2, 'drift')], 2, undefined).clean).toBe(false);
  const stopped = summarize([outcome(1, 'ok'), outcome(2, 'failed')], 4, {
    seq: 2,
    reason: 'its target could not be found again',
  });
  expect(stopped).toMatchObject({ failed: 1, notRun: 2, clean: false, stopped: { seq: 2 } });
});

test('drift reads as one line (a snapshot diff below it)', () => {
  expect(describeDrift({ kind: 'url', recorded: 'http://a/details', replayed: 'http://a/other' })).toBe(
    'url: http://a/details → http://a/other',
  );
  expect(describeDrift({ kind: 'target-ambiguous', role: 'button', name: 'Buy', count: 3 })).toBe(
    'target ambiguous: 3 × button "Buy" and no recorded position to choose by',
  );
  expect(describeDrift({ kind: 'snapshot', diff: '-a\n+b', final: true })).toBe(
    'page: the aria snapshots differ (after the last step)\n-a\n+b',
  );
  expect(describeDrift({ kind: 'outcome', error: 'Timeout 5000ms exceeded' })).toBe(
    'outcome: ok → error: Timeout 5000ms exceeded',
  );
});
