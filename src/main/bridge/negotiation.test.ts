import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { expect, test } from '@playwright/test';
import type { NegotiationRoundEvent, ResolvedTarget } from '../../shared/events';
import { EventBus } from '../events/bus';
import type { RoundRecord } from '../sessions/format';
import { RecordedSession } from '../sessions/session-reader';
import { LiveSessions } from './live-sessions';
import {
  liveRoundArtifacts,
  negotiationTotals,
  recordedRoundArtifacts,
  roundsOfStep,
  targetOfStep,
  withoutArtifacts,
  type PlacedRound,
} from './negotiation';

type Artifact = RoundRecord['artifacts'][number];
const size = (name: Artifact['name'], bytes: number): Artifact => ({ name, bytes, tokens: Math.ceil(bytes / 4) });

function round(interactionId: string, number: number, fields: Partial<RoundRecord> = {}): RoundRecord {
  return {
    type: 'negotiation-round',
    sessionId: 's',
    interactionId,
    query: 'Click the blue button',
    round: number,
    planner: 'deterministic',
    domMode: 'semantic_v3',
    nodeCount: 3,
    omittedNodes: 0,
    artifacts: [size('interactiveTree', 200)],
    requestBytes: 500,
    startedAt: 0,
    timings: { snapshotMs: 1, extractMs: 1, artifactsMs: 0, planMs: 1 },
    answer: { kind: 'action', thought: 'it is the blue one', action: 'click(e5)' },
    ...fields,
  };
}

const box = { x: 10, y: 20, width: 30, height: 40 };
const target: ResolvedTarget = {
  target: 'e5',
  ref: 'e5',
  role: 'button',
  name: 'Continue',
  locator: "getByRole('button', { name: 'Continue' }).nth(2)",
  box,
};
// navigate; the interact's click (via) then the interact; a plain snapshot.
const steps = [
  { seq: 1, tool: 'browser_navigate', args: {} },
  { seq: 2, tool: 'browser_click', args: { target: 'e5' }, via: 'browser_interact', targets: [target] },
  { seq: 3, tool: 'browser_interact', args: { query: 'Click the blue button' } },
  { seq: 4, tool: 'browser_snapshot', args: {} },
];
const asked = round('a', 1, {
  answer: {
    kind: 'needs_context',
    requested: { domMode: 'hybrid', skeletonDom: true, screenshot: true, dom: false },
    reason: 'colour',
  },
});
const acted = round('a', 2, {
  domMode: 'hybrid',
  requestBytes: 9000,
  artifacts: [size('interactiveTree', 200), size('skeletonDom', 300), size('screenshot', 8000)],
});
const placed: PlacedRound<RoundRecord>[] = [
  { afterSeq: 1, round: asked },
  { afterSeq: 1, round: acted },
];

test('an interact call and the call it chose share its rounds; other calls have none', () => {
  expect(roundsOfStep(steps, placed, 3)).toEqual([asked, acted]);
  expect(roundsOfStep(steps, placed, 2)).toEqual([asked, acted]);
  expect(roundsOfStep(steps, placed, 1)).toEqual([]);
  expect(roundsOfStep(steps, placed, 4)).toEqual([]);
  expect(() => roundsOfStep(steps, placed, 9)).toThrow('The session has no step 9.');
});

test('an interaction that failed before a retry of the same query is not shown with the retry', () => {
  const failed = round('x', 1, { answer: { kind: 'error', message: 'planner down' } });
  expect(roundsOfStep(steps, [{ afterSeq: 1, round: failed }, ...placed], 3)).toEqual([asked, acted]);
});

test('the target is the chosen ref, with the box and locator of the call that acted', () => {
  expect(targetOfStep(steps, [asked, acted], 3)).toEqual({ id: 'e5', ref: 'e5', seq: 2, locator: target.locator, box });
  expect(targetOfStep(steps, [asked], 3)).toBeUndefined();
  const scrolled = round('b', 1, { answer: { kind: 'action', thought: '', action: 'scroll(page, down)' } });
  expect(targetOfStep(steps, [scrolled], 3)).toBeUndefined();
});

test("totals: a hybrid round costs what it cost; a semantic-only step is priced with the session's artifact sizes", () => {
  const other = round('b', 1, { requestBytes: 400 });
  const totals = negotiationTotals([asked, acted, other]);
  expect(totals).toMatchObject({ interactions: 2, rounds: 3, bytesSent: 500 + 9000 + 400 });
  // Interaction a sent hybrid (9000); b would have sent its 400 plus the mean skeleton (300) and screenshot (8000).
  expect(totals.hybridBytes).toBe(9000 + 400 + 300 + 8000);
  expect(totals.savedBytes).toBe(totals.hybridBytes! - totals.bytesSent);
  // Nothing to size an always-hybrid request with: no estimate rather than a made-up one.
  expect(negotiationTotals([other]).hybridBytes).toBeUndefined();
});

test('recorded artifacts: read from their files, refused outside artifacts/, explained when an older recording lacks them', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'negotiation-'));
  try {
    mkdirSync(join(dir, 'artifacts'));
    writeFileSync(join(dir, 'artifacts', 'r-skeleton.html.gz'), gzipSync('<button data-llm-id="e5">Continue</button>'));
    writeFileSync(join(dir, 'artifacts', 'r-screenshot.jpg'), Buffer.from([0xff, 0xd8, 0xff]));
    writeFileSync(join(dir, 'secret.txt'), 'not an artifact');
    const kept = { ...acted, sentFiles: { skeletonDom: 'r-skeleton.html.gz', screenshot: 'r-screenshot.jpg' } };
    const crafted = { ...round('c', 2), sentFiles: { skeletonDom: '../secret.txt' } };
    const old = round('d', 2, { artifacts: [size('interactiveTree', 200), size('skeletonDom', 300)] });
    const meta = {
      format: 'agent-inspector-session' as const,
      version: 1,
      id: 's',
      startedAt: 0,
      transport: 'stdio',
      writer: 'test',
    };
    const session = new RecordedSession(dir, meta, [asked, kept, crafted, old], []);
    expect(await recordedRoundArtifacts(session, 'a', 2)).toEqual({
      skeletonDom: '<button data-llm-id="e5">Continue</button>',
      screenshot: { mimeType: 'image/jpeg', base64: Buffer.from([0xff, 0xd8, 0xff]).toString('base64') },
    });
    expect(await recordedRoundArtifacts(session, 'a', 1)).toEqual({});
    await expect(recordedRoundArtifacts(session, 'c', 2)).rejects.toThrow('invalid artifact file: "../secret.txt"');
    expect((await recordedRoundArtifacts(session, 'd', 2)).note).toContain('did not keep them');
    await expect(recordedRoundArtifacts(session, 'a', 7)).rejects.toThrow('no negotiation round 7 of interaction a');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('live sessions keep the artifacts of their latest rounds, within a memory bound, and say when they dropped some', async () => {
  const bus = new EventBus();
  const forwarded: unknown[] = [];
  const live = new LiveSessions(bus, event =>
    forwarded.push(event.type === 'negotiation-round' ? withoutArtifacts(event) : event),
  );
  await bus.publish({ type: 'session-started', sessionId: 's', time: 0, transport: 'stdio' });
  // Five rounds of 20 M characters each: more than the 64 MB bound, so the oldest lose what they sent.
  const big = 'x'.repeat(20 * 2 ** 20);
  for (let number = 1; number <= 5; number++) {
    const { sentFiles: _files, ...fields } = round(`i${number}`, 2, {
      domMode: 'hybrid',
      artifacts: [size('interactiveTree', 200), size('screenshot', big.length)],
    });
    await bus.publish({
      ...fields,
      sent: { screenshot: { mimeType: 'image/jpeg', base64: big } },
    } as NegotiationRoundEvent);
  }
  const session = live.get('s')!;
  expect(liveRoundArtifacts(session, 'i5', 2).screenshot?.base64.length).toBe(big.length);
  expect(liveRoundArtifacts(session, 'i3', 2).screenshot).toBeDefined();
  expect(liveRoundArtifacts(session, 'i1', 2)).toEqual({ note: expect.stringContaining('No longer in memory') });
  // What the UI is told carries sizes, never the artifacts themselves.
  expect(forwarded.filter(event => JSON.stringify(event).length > 2 ** 20)).toEqual([]);
  live.close();
});
