import { expect, test } from '@playwright/test';
import type { ToolCallRecord } from '../sessions/format';
import { RecordedSession } from '../sessions/session-reader';
import { restorePoint } from './restore-point';

let seq = 0;
const step = (tool: string, extra: Partial<ToolCallRecord> = {}): ToolCallRecord => ({
  type: 'tool-call',
  sessionId: 's',
  seq: ++seq,
  tool,
  args: {},
  startedAt: 0,
  endedAt: 0,
  outcome: 'ok',
  response: {},
  code: '',
  url: 'http://app/',
  artifacts: {},
  ...extra,
});

function session(...steps: ToolCallRecord[]): RecordedSession {
  return new RecordedSession(
    '/rec',
    { format: 'agent-inspector-session', version: 1, id: 'parent', startedAt: 0, transport: 'stdio', writer: 'test' },
    steps,
    [],
  );
}

test.beforeEach(() => {
  seq = 0;
});

test('after a page load and form input only: the storage state, the URL, and the form input on that page', () => {
  const recorded = session(
    step('browser_navigate', { url: 'http://app/login', artifacts: { storageState: '0001-storage-state.json' } }),
    step('browser_type', { url: 'http://app/login' }),
    step('browser_click', {
      url: 'http://app/home',
      navigated: true,
      artifacts: { storageState: '0003-storage-state.json' },
    }),
    step('browser_snapshot', { url: 'http://app/home' }),
    step('browser_type', { url: 'http://app/home' }),
    step('browser_select_option', { url: 'http://app/home', outcome: 'error' }),
    step('browser_type', { url: 'http://app/home', args: { submit: true } }),
    step('browser_click', { url: 'http://app/home' }),
  );
  const point = restorePoint(recorded, 5, 'auto');
  expect(point).toMatchObject({
    method: 'state',
    at: 5,
    url: 'http://app/home',
    storageState: '/rec/artifacts/0003-storage-state.json',
    replay: [5],
  });
  // A failed call is not typed again.
  expect(restorePoint(recorded, 6, 'auto').replay).toEqual([5]);
});

test('a field typed into several times is typed again once, with its last value; slow typing is kept whole', () => {
  const name = {
    targets: [
      { target: 'e5', ref: 'e5', role: 'textbox', name: 'Name', locator: "getByRole('textbox', { name: 'Name' })" },
    ],
  };
  const email = {
    targets: [
      { target: 'e6', ref: 'e6', role: 'textbox', name: 'Email', locator: "getByRole('textbox', { name: 'Email' })" },
    ],
  };
  const recorded = session(
    step('browser_navigate', { artifacts: { storageState: '0001-storage-state.json' } }),
    step('browser_type', name),
    step('browser_type', email),
    step('browser_type', name),
    step('browser_type', { ...email, args: { slowly: true } }),
    step('browser_type', { ...email, args: { slowly: true } }),
  );
  expect(restorePoint(recorded, 6, 'auto').replay).toEqual([3, 4, 5, 6]);
});

test('a call that changed the page in place (a click, a submit by Enter) makes auto replay every step; state then says what it leaves out', () => {
  const recorded = session(
    step('browser_navigate', { artifacts: { storageState: '0001-storage-state.json' } }),
    step('browser_type', { args: { submit: true } }),
    step('browser_click'),
  );
  expect(restorePoint(recorded, 2, 'auto')).toMatchObject({
    method: 'replay',
    replay: [1, 2],
    notes: ['Replaying steps 1–2: step 2 (browser_type) submitted a form without loading a new page.'],
  });
  expect(restorePoint(recorded, 3, 'auto').notes[0]).toBe(
    'Replaying steps 1–3: step 2 (browser_type) submitted a form without loading a new page.',
  );
  const state = restorePoint(recorded, 3, 'state');
  expect(state).toMatchObject({ method: 'state', replay: [] });
  expect(state.notes[0]).toBe(
    'Not restored: step 2 (browser_type) submitted a form without loading a new page (fork with --method replay to get it back).',
  );
});

test('without a recorded storage state, auto replays; a step that does not exist is named with the range there is', () => {
  const recorded = session(step('browser_navigate'), step('browser_snapshot'));
  expect(restorePoint(recorded, 2, 'auto')).toMatchObject({
    method: 'replay',
    notes: ['Replaying steps 1–2: no storage state was recorded.'],
  });
  expect(() => restorePoint(recorded, 9, 'auto')).toThrow('Session parent has no step 9: its steps are 1 to 2.');
  expect(() => restorePoint(session(), 1, 'auto')).toThrow('Session parent has no steps to fork from.');
});
