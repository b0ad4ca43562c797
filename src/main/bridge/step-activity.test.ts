import { expect, test } from '@playwright/test';
import type { StepActivity } from '../../shared/activity';
import { activityCounts } from '../../shared/activity';
import { stepActivity } from './step-activity';

const log = (seq: number, text: string, level: 'info' | 'error' = 'info') => ({
  kind: 'console' as const,
  level,
  text,
  time: seq,
  seq,
});
const request = (seq: number, id: number, extra: object = {}) => ({
  id,
  seq,
  method: 'GET',
  url: `http://127.0.0.1/${id}`,
  resourceType: 'fetch',
  time: seq,
  ...extra,
});

// Step 2's request 3 was pending when step 2 was published, and failed during step 3.
const steps: { seq: number; activity?: StepActivity }[] = [
  {
    seq: 1,
    activity: { console: [{ ...log(1, 'before', 'info'), between: true }], network: [request(1, 1, { status: 200 })] },
  },
  {
    seq: 2,
    activity: {
      console: [log(2, 'oops', 'error')],
      network: [request(2, 2, { status: 404 }), request(2, 3, { pending: true })],
      dropped: { console: 7, network: 0 },
    },
  },
  { seq: 3, activity: { console: [log(3, 'three')], network: [request(2, 3, { failure: 'net::ERR_FAILED' })] } },
  { seq: 4 },
];

test('a step shows its own entries, with late completions from later records, the last entry of each request winning', () => {
  const view = stepActivity({ steps }, 2);
  expect(view.console.map(entry => entry.text)).toEqual(['oops']);
  expect(view.network.map(entry => [entry.id, entry.pending ?? false, entry.failure])).toEqual([
    [2, false, undefined],
    [3, false, 'net::ERR_FAILED'],
  ]);
  expect(view.dropped).toEqual({ console: 7, network: 0 });
  expect(stepActivity({ steps }, 3).network).toEqual([]);
  expect(stepActivity({ steps }, 4)).toEqual({ console: [], network: [], dropped: { console: 0, network: 0 } });
});

test('upTo gathers every step up to the selected one, in order', () => {
  const view = stepActivity({ steps }, 3, true);
  expect(view.console.map(entry => entry.text)).toEqual(['before', 'oops', 'three']);
  expect(view.network.map(entry => entry.id)).toEqual([1, 2, 3]);
  expect(stepActivity({ steps }, 1, true).network.map(entry => entry.id)).toEqual([1]);
});

test('an unknown step is an error naming it; a note travels with the view', () => {
  expect(() => stepActivity({ steps }, 9)).toThrow('The session has no step 9.');
  expect(stepActivity({ steps, note: 'proxied' }, 4).note).toBe('proxied');
});

test("the timeline's counts come from the step's own entries", () => {
  expect(activityCounts(steps[1])).toEqual({ console: 8, errors: 1, network: 2, failed: 1 });
  expect(activityCounts(steps[2])).toEqual({ console: 1, errors: 0, network: 0, failed: 0 });
  expect(activityCounts(steps[3])).toBeUndefined();
});
