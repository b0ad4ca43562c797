import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import type { ToolCallEvent } from '../../shared/events';
import { RecordedSession } from '../sessions/session-reader';
import { SESSION_FORMAT, SESSION_VERSION, type SessionMeta } from '../sessions/format';
import type { LiveSession } from './live-sessions';
import { LocatorCommands } from './locator-commands';

const meta: SessionMeta = {
  format: SESSION_FORMAT,
  version: SESSION_VERSION,
  id: 's1',
  startedAt: 0,
  transport: 'stdio',
  writer: 'test',
};
const RECORDED = "page.getByRole('button', { name: 'Delete' }).nth(1)";
const rows = `<body>\n  <ul>\n    <li>Report <button data-testid="delete-1">Delete</button></li>\n    <li>Report <button data-testid="delete-2">Delete</button></li>\n  </ul>\n</body>\n`;
const steps = [
  {
    type: 'tool-call',
    sessionId: 's1',
    seq: 1,
    tool: 'browser_navigate',
    navigated: true,
    ariaSnapshot: '- button "Delete" [ref=e1]\n- button "Delete" [ref=e2]',
    domState: { dom: rows, extraction: 'utility-world' },
  },
  {
    type: 'tool-call',
    sessionId: 's1',
    seq: 2,
    tool: 'browser_click',
    code: `await ${RECORDED}.click();`,
    targets: [
      {
        target: 'e2',
        ref: 'e2',
        role: 'button',
        name: 'Delete',
        locator: RECORDED,
        element: { tag: 'button', testIdAttribute: 'data-testid', testIds: { 'data-testid': 'delete-2' } },
      },
    ],
  },
].map(
  step =>
    ({
      args: {},
      startedAt: 0,
      endedAt: 0,
      outcome: 'ok',
      response: {},
      code: '',
      ...step,
    }) as unknown as ToolCallEvent,
);
const live: LiveSession = {
  started: { type: 'session-started', sessionId: 's1', transport: 'stdio', time: 0 },
  steps,
  tokens: new Map(),
  rounds: [],
  spans: [],
};

test('a live session without a folder counts on the states in memory and keeps its picks in memory', async () => {
  const memory = new RecordedSession(
    '',
    meta,
    steps.map(step => ({ ...step, artifacts: {} })),
    [],
  );
  const commands = new LocatorCommands({ recordingOf: async () => memory, live: () => live });
  const [target] = (await commands.report('s1')).targets;
  expect(target.candidates.map(c => [c.code, c.count])).toEqual([
    ["page.getByTestId('delete-2')", 1],
    ["page.getByRole('button', { name: 'Delete' })", 2],
    [RECORDED, 1],
  ]);
  expect(target.warning).toContain('positional');
  const chosen = await commands.choose('s1', { seq: 2, target: 0, code: "page.getByTestId('delete-2')" });
  expect(chosen.targets[0]).toMatchObject({ chosen: 0, userChoice: true });
  expect(await commands.exportOptions('s1', memory)).toEqual({
    locatorChoices: [{ seq: 2, target: 0, code: "page.getByTestId('delete-2')" }],
    testIdAttribute: 'data-testid',
  });
  await expect(commands.choose('s1', { seq: 2, target: 0, code: "page.getByText('x')" })).rejects.toThrow(
    "page.getByText('x') is not a candidate of step 2",
  );
});

test('a recording keeps its picks in locators.json', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'locator-commands-'));
  try {
    const recording = new RecordedSession(
      dir,
      meta,
      steps.map(step => ({ ...step, artifacts: {} })),
      [],
    );
    const commands = new LocatorCommands({ recordingOf: async () => recording, live: () => undefined });
    await commands.choose('s1', { seq: 2, target: 0, code: "page.getByTestId('delete-2')" });
    expect(JSON.parse(await readFile(join(dir, 'locators.json'), 'utf8'))).toEqual({
      choices: [{ seq: 2, target: 0, code: "page.getByTestId('delete-2')" }],
    });
    // Picking the recorded locator again removes the pick.
    await commands.choose('s1', { seq: 2, target: 0, code: RECORDED });
    expect(JSON.parse(await readFile(join(dir, 'locators.json'), 'utf8'))).toEqual({ choices: [] });
  } finally {
    await rm(dir, { recursive: true });
  }
});
