import { expect, test } from '@playwright/test';
import { AccessibilitySnapshot, ElementNotFoundError, type ToolResult } from '../mcp-client';
import type { ToolCallRecord } from '../sessions/format';
import type { RecordedSession } from '../sessions/session-reader';
import { Replayer, type ReplayClient } from './replayer';

const page = (refs: number, buy = 'Buy') =>
  [
    `- generic [active] [ref=e${refs}]:`,
    `  - button "${buy}" [ref=e${refs + 1}]`,
    `  - button "${buy}" [ref=e${refs + 2}]`,
    `  - link "Details" [ref=e${refs + 3}]`,
  ].join('\n');

let seq = 0;
function step(tool: string, args: Record<string, unknown>, extra: Partial<ToolCallRecord> = {}): ToolCallRecord {
  seq++;
  return {
    type: 'tool-call',
    sessionId: 's',
    seq,
    tool,
    args,
    startedAt: 0,
    endedAt: 0,
    outcome: 'ok',
    response: {},
    code: '',
    url: 'http://site/',
    artifacts: {},
    ...extra,
  };
}

/** A session in memory: the replayer reads only its steps, id, folder and recorded snapshots. */
function recording() {
  seq = 0;
  const snapshots = new Map<number, string>();
  const steps = [
    step('browser_navigate', { url: 'http://site/' }, { artifacts: { aria: { file: 'a1' } } }),
    step('browser_take_screenshot', {}),
    step(
      'browser_click',
      { element: 'second Buy', target: 'e3' },
      {
        targets: [
          {
            target: 'e3',
            ref: 'e3',
            role: 'button',
            name: 'Buy',
            locator: `page.getByRole('button', { name: 'Buy' }).nth(1)`,
          },
        ],
        artifacts: { aria: { file: 'a3' } },
      },
    ),
    step(
      'browser_click',
      { target: 'e9' },
      { outcome: 'error', response: { error: 'Error: Ref e9 not found in the current page snapshot.' } },
    ),
    step('browser_snapshot', {}, { artifacts: { aria: { file: 'a5' } } }),
    step(
      'browser_click',
      { target: 'e4' },
      {
        targets: [
          {
            target: 'e4',
            ref: 'e4',
            role: 'link',
            name: 'Details',
            locator: `page.getByRole('link', { name: 'Details' })`,
          },
        ],
        url: 'http://site/details',
        artifacts: { aria: { file: 'a6' } },
      },
    ),
  ];
  snapshots.set(1, page(1)).set(3, page(1)).set(5, page(1)).set(6, '- heading "Details" [level=1] [ref=e1]');
  const session = {
    dir: '/sessions/s',
    meta: { id: 's' },
    steps,
    ariaSnapshot: async (s: ToolCallRecord) => snapshots.get(s.seq),
  } as unknown as RecordedSession;
  return session;
}

/** A server whose page is `yaml` (refs of its own), that answers every action with it, or with the details page after a link click. */
function fakeClient(yaml: string, options: { staleOnce?: boolean; detailsUrl?: string } = {}) {
  const calls: { tool: string; args: Record<string, unknown> }[] = [];
  let current = yaml;
  let url = 'http://site/';
  let stale = options.staleOnce;
  const result = (tool: string): ToolResult => ({
    tool,
    text: '',
    isError: false,
    images: [],
    sections: { page: { url }, snapshot: { yaml: current } },
  });
  const client: ReplayClient = {
    async callTool(tool, args = {}) {
      calls.push({ tool, args });
      if (stale && tool === 'browser_click') {
        stale = false;
        throw new ElementNotFoundError(String(args.target), [], 'the browser found none');
      }
      if (
        tool === 'browser_click' &&
        /Details/.test(current.split('\n').find(line => line.includes(`[ref=${args.target}]`)) ?? '')
      ) {
        url = options.detailsUrl ?? 'http://site/details';
        current = '- heading "Details" [level=1] [ref=e31]';
      }
      return result(tool);
    },
    async snapshot() {
      calls.push({ tool: 'snapshot', args: {} });
      return AccessibilitySnapshot.parse(current, { url });
    },
  };
  return { client, calls };
}

test('an unchanged page replays without drift, reusing snapshots, and the recorded twin is clicked again', async () => {
  const session = recording();
  const { client, calls } = fakeClient(page(11));
  const report = await new Replayer(session, client).runAll();
  expect(report.steps.map(s => s.status)).toEqual(['ok', 'skipped', 'ok', 'skipped', 'ok', 'ok']);
  expect(report.steps[3].skipped).toBe('failed when recorded: Ref e9 not found in the current page snapshot.');
  expect(report.summary).toMatchObject({ steps: 6, ok: 4, skipped: 2, notRun: 0, clean: true });
  // Each action answered with a snapshot, so no extra browser_snapshot was needed; the second "Buy" is e13 now.
  expect(calls.map(c => c.tool)).toEqual(['browser_navigate', 'browser_click', 'browser_snapshot', 'browser_click']);
  expect(calls[1].args).toEqual({ element: 'second Buy', target: 'e13' });
  expect(calls[3].args).toEqual({ target: 'e14' });
});

test('a renamed button is target-not-found at its step, and the replay stops there', async () => {
  const session = recording();
  const { client, calls } = fakeClient(page(11, 'Purchase'));
  const replayer = new Replayer(session, client);
  const report = await replayer.runAll();
  expect(report.steps.map(s => [s.seq, s.status])).toEqual([
    [1, 'ok'],
    [2, 'skipped'],
    [3, 'failed'],
  ]);
  expect(report.steps[2].drift).toEqual([
    { kind: 'target-not-found', role: 'button', name: 'Buy', detail: 'no button "Buy" on the page' },
  ]);
  expect(report.summary).toMatchObject({ notRun: 3, clean: false, stopped: { seq: 3 } });
  // Not found in the reused snapshot, so a fresh one was taken before giving up.
  expect(calls.map(c => c.tool)).toEqual(['browser_navigate', 'snapshot']);
  expect(await replayer.step()).toBeUndefined();
});

test('url drift is reported and the replay goes on; runTo stops after the step asked for', async () => {
  const session = recording();
  const { client } = fakeClient(page(11), { detailsUrl: 'http://site/other' });
  const replayer = new Replayer(session, client);
  const first = await replayer.runTo(3);
  expect(first.steps.map(s => s.seq)).toEqual([1, 2, 3]);
  expect(first.summary).toMatchObject({ steps: 3, clean: true });
  const all = await replayer.runAll();
  expect(all.steps[5].drift).toEqual([{ kind: 'url', recorded: 'http://site/details', replayed: 'http://site/other' }]);
  expect(all.steps[5].status).toBe('drift');
});

test('a stale ref from a reused snapshot is looked up again in a fresh one; the final snapshot is compared', async () => {
  const session = recording();
  const { client, calls } = fakeClient(page(11), { staleOnce: true });
  const report = await new Replayer(session, client).runTo(3);
  expect(calls.map(c => c.tool)).toEqual(['browser_navigate', 'browser_click', 'snapshot', 'browser_click']);
  expect(report.steps[2].status).toBe('ok');

  // The recorded page after step 3 had a third button the replayed one lacks: drift after the last step.
  const changed = recording();
  const recordedAfter = `${page(1)}\n  - button "Help" [ref=e9]`;
  const original = changed.ariaSnapshot.bind(changed);
  changed.ariaSnapshot = async s => (s.seq === 3 ? recordedAfter : original(s));
  const drifted = await new Replayer(changed, fakeClient(page(11)).client).runTo(3);
  expect(drifted.steps[2]).toMatchObject({ status: 'drift', drift: [{ kind: 'snapshot', final: true }] });
  expect((drifted.steps[2].drift[0] as { diff: string }).diff).toContain('-  - button "Help"');
});

test('an aborted signal ends runTo after the step in flight, without the final comparison; the run goes on later', async () => {
  const session = recording();
  const { client } = fakeClient(page(11));
  const abort = new AbortController();
  const replayer = new Replayer(session, client, { onStep: outcome => outcome.seq === 2 && abort.abort() });
  const stopped = await replayer.runAll(abort.signal);
  expect(stopped.steps.map(s => s.seq)).toEqual([1, 2]);
  expect(replayer.nextSeq).toBe(3);
  expect(replayer.stoppedAt).toBeUndefined();
  const rest = await replayer.runAll();
  expect(rest.steps.map(s => s.seq)).toEqual([1, 2, 3, 4, 5, 6]);
  expect(replayer.nextSeq).toBeUndefined();
});

test('a masked secret is typed from its variable; unset, the step fails naming it and nothing is typed', async () => {
  const session = recording();
  session.steps[0].args = { url: 'http://site/?token=<secret>API_TOKEN</secret>' };
  const set = fakeClient(page(11));
  await new Replayer(session, set.client, { secret: name => (name === 'API_TOKEN' ? 't0k' : undefined) }).runTo(1);
  expect(set.calls[0].args).toEqual({ url: 'http://site/?token=t0k' });

  const unset = fakeClient(page(11));
  const report = await new Replayer(session, unset.client, { secret: () => undefined }).runAll();
  expect(unset.calls).toEqual([]);
  expect(report.steps).toHaveLength(1);
  expect(report.steps[0]).toMatchObject({
    status: 'failed',
    drift: [{ kind: 'outcome', error: expect.stringContaining('set API_TOKEN in the environment') }],
  });
});

test('a masked secret nobody gave is asked for before its step, once; an answer left empty fails the step naming it', async () => {
  const session = recording();
  session.steps[0].args = {
    url: 'http://site/?a=<secret>API_TOKEN</secret>&b=<secret>API_TOKEN</secret>&c=<secret>PIN_CODE</secret>',
  };
  const given: Record<string, string> = { PIN_CODE: '4321' };
  const asked: string[][] = [];
  const answered = fakeClient(page(11));
  await new Replayer(session, answered.client, {
    secret: name => given[name],
    askSecrets: async (names, step) => {
      asked.push([...names, String(step.seq)]);
      given.API_TOKEN = 't0k';
    },
  }).runTo(2);
  expect(asked).toEqual([['API_TOKEN', '1']]);
  expect(answered.calls[0].args).toEqual({ url: 'http://site/?a=t0k&b=t0k&c=4321' });

  const unanswered = fakeClient(page(11));
  const report = await new Replayer(session, unanswered.client, {
    secret: () => '',
    askSecrets: async () => {},
  }).runAll();
  expect(unanswered.calls).toEqual([]);
  expect(report.steps[0]).toMatchObject({
    status: 'failed',
    drift: [{ kind: 'outcome', error: expect.stringContaining('set API_TOKEN, PIN_CODE in the environment') }],
  });
});
