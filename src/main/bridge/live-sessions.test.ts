import { expect, test } from '@playwright/test';
import type { ToolCallEvent } from '../../shared/events';
import { EventBus } from '../events/bus';
import { LiveSessions, MAX_SESSION_HEAVY_CHARS } from './live-sessions';

/** One million characters: a DOM state of a large real page. Shared, so the test itself holds it once. */
const MEGA = 'x'.repeat(2 ** 20);

function setup(recorded = false) {
  const bus = new EventBus();
  // The helpers don't wait: LiveSessions takes each event as it is published, and publish never rejects.
  const live = new LiveSessions(bus, () => {}, recorded);
  const start = (sessionId: string) =>
    void bus.publish({ type: 'session-started', sessionId, transport: 'http', time: 0 });
  const step = (sessionId: string, seq: number, dom = MEGA) =>
    void bus.publish({
      type: 'tool-call',
      sessionId,
      seq,
      tool: 'browser_navigate',
      args: {},
      startedAt: seq,
      endedAt: seq,
      outcome: 'ok',
      response: {},
      code: '',
      ariaSnapshot: '- heading "Hi"',
      domState: { dom, extraction: 'utility-world' },
    } satisfies ToolCallEvent);
  const end = (sessionId: string) => void bus.publish({ type: 'session-ended', sessionId, time: 1 });
  return { live, start, step, end };
}

const whole = (steps: ToolCallEvent[]) => steps.filter(step => step.domState).map(step => step.seq);

test("a session keeps its latest steps' artifacts within its own bound; the older ones keep their place and summary", () => {
  const { live, start, step } = setup();
  start('long');
  start('short');
  const perSession = MAX_SESSION_HEAVY_CHARS / MEGA.length;
  for (let seq = 1; seq <= perSession + 10; seq++) step('long', seq);
  step('short', 1);

  const long = live.get('long')!;
  expect(long.steps.map(s => s.seq)).toEqual(Array.from({ length: perSession + 10 }, (_, i) => i + 1));
  // Each step also holds a small aria snapshot, so one more than the bound's worth of DOMs goes.
  expect(whole(long.steps)).toEqual(Array.from({ length: perSession - 1 }, (_, i) => i + 12));
  expect(long.evictedUpTo).toBe(11);
  expect(long.steps[0]).toMatchObject({ seq: 1, tool: 'browser_navigate', outcome: 'ok' });
  expect(long.steps[0].ariaSnapshot).toBeUndefined();
  // Another session's steps are not its to evict.
  expect(whole(live.get('short')!.steps)).toEqual([1]);
  expect(live.get('short')!.evictedUpTo).toBeUndefined();
});

test('the step just published stays whole even when it alone is over the bound', () => {
  const { live, start, step } = setup();
  start('s');
  step('s', 1);
  step('s', 2, MEGA.repeat(MAX_SESSION_HEAVY_CHARS / MEGA.length + 1));
  expect(whole(live.get('s')!.steps)).toEqual([2]);
  expect(live.get('s')!.evictedUpTo).toBe(1);
});

test('across many sessions the oldest steps go first once all of them together exceed the global bound', () => {
  const { live, start, step } = setup();
  const perSession = MAX_SESSION_HEAVY_CHARS / MEGA.length - 1;
  // 64 sessions each within its own bound: 448 M characters together, over the 384 M kept across sessions.
  for (let s = 0; s < 64; s++) {
    start(`s${s}`);
    for (let seq = 1; seq <= perSession; seq++) step(`s${s}`, seq);
  }
  expect(live.get('s0')!.evictedUpTo).toBe(perSession);
  expect(whole(live.get('s0')!.steps)).toEqual([]);
  expect(live.get('s63')!.evictedUpTo).toBeUndefined();
  expect(whole(live.get('s63')!.steps)).toHaveLength(perSession);
  const kept = live.all().reduce((sum, session) => sum + whole(session.steps).length, 0);
  expect(kept).toBeLessThanOrEqual(384);
  expect(kept).toBeGreaterThan(380);
});

test('a recorded session gives its artifacts back when it ends (its folder has them); an unrecorded one keeps them', () => {
  for (const recorded of [true, false]) {
    const { live, start, step, end } = setup(recorded);
    start('done');
    start('running');
    for (let seq = 1; seq <= 3; seq++) step('done', seq);
    step('running', 1);
    end('done');
    const done = live.get('done')!;
    expect(done.steps.map(s => s.seq)).toEqual([1, 2, 3]);
    expect(whole(done.steps)).toEqual(recorded ? [] : [1, 2, 3]);
    expect(done.evictedUpTo).toBe(recorded ? 3 : undefined);
    expect(whole(live.get('running')!.steps)).toEqual([1]);
  }
});
