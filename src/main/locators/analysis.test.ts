import { expect, test } from '@playwright/test';
import type { ToolCallRecord } from '../sessions/format';
import type { ResolvedTarget } from '../../shared/events';
import { analyzeLocators, type StateSource } from './analysis';
import { parseLocator, queryCode } from './query';

const rows = (names: string[]) => ({
  aria: `- list [ref=e2]:\n${names.map((name, i) => `  - listitem [ref=e${3 + i * 2}]:\n    - text: Report\n    - button "Delete" [ref=e${4 + i * 2}]`).join('\n')}\n- button "Add row" [ref=e9]`,
  dom: `<body>\n  <ul>\n${names.map(name => `    <li>Report <button data-qa="${name}">Delete</button></li>`).join('\n')}\n  </ul>\n  <button>Add row</button>\n</body>\n`,
});

const secondDelete: ResolvedTarget = {
  target: 'e6',
  ref: 'e6',
  role: 'button',
  name: 'Delete',
  locator: "page.getByRole('button', { name: 'Delete' }).nth(1)",
  element: {
    tag: 'button',
    testIdAttribute: 'data-testid',
    testIds: { 'data-qa': 'delete-2' },
    text: 'Delete',
    css: 'ul > li:nth-of-type(2) > button',
  },
};

function step(seq: number, tool: string, extra: Partial<ToolCallRecord> = {}): ToolCallRecord {
  return {
    type: 'tool-call',
    sessionId: 's',
    seq,
    tool,
    args: {},
    startedAt: seq,
    endedAt: seq,
    outcome: 'ok',
    response: { sections: [] } as never,
    code: '',
    artifacts: {},
    ...extra,
  };
}

/** A session held in memory: steps and the page state recorded at each. */
function session(steps: Array<[ToolCallRecord, { aria?: string; dom?: string }?]>): StateSource {
  const states = new Map(steps.map(([record, state]) => [record.seq, state]));
  return {
    meta: { id: 's' },
    steps: steps.map(([record]) => record),
    ariaSnapshot: async record => states.get(record.seq)?.aria,
    dom: async record => states.get(record.seq)?.dom,
  };
}

test('a duplicate button: role+name is ambiguous, the recorded nth is positional, the test id is unique and recommended', async () => {
  const report = await analyzeLocators(
    session([
      [step(1, 'browser_navigate', { navigated: true }), rows(['delete-1', 'delete-2'])],
      [step(2, 'browser_click', { targets: [secondDelete] }), rows(['delete-1'])],
    ]),
    { testIdAttribute: 'data-qa' },
  );
  const [target] = report.targets;
  expect(target.candidates.map(c => [c.kind, c.code, c.count, c.later.map(l => l.count)])).toEqual([
    ['test-id', "page.getByTestId('delete-2')", 1, [0]],
    ['role', "page.getByRole('button', { name: 'Delete' })", 2, [1]],
    ['text', "page.getByText('Delete')", 2, [1]],
    ['css', "page.locator('ul > li:nth-of-type(2) > button')", 1, [0]],
    ['recorded', "page.getByRole('button', { name: 'Delete' }).nth(1)", 1, [0]],
  ]);
  expect(target.recommended).toBe(0);
  expect(target.chosen).toBe(4);
  expect(target.userChoice).toBe(false);
  expect(target.reason).toBe('Test id is unique.');
  expect(target.warning).toBe(
    "The recorded locator is positional (.nth(1)); test id page.getByTestId('delete-2') is unique.",
  );
});

test("the user's choice is what export uses, and clears the warning when it is unique", async () => {
  const source = session([
    [step(1, 'browser_navigate', { navigated: true }), rows(['delete-1', 'delete-2'])],
    [step(2, 'browser_click', { targets: [secondDelete] }), rows(['delete-1'])],
  ]);
  const choices = [{ seq: 2, target: 0, code: 'page.locator(\'[data-qa="delete-2"]\')' }];
  // Without --test-id-attribute data-qa the session's attribute (data-testid) is getByTestId's: data-qa is offered as CSS.
  const [target] = (await analyzeLocators(source, { choices })).targets;
  expect(target.candidates[0]).toMatchObject({
    kind: 'test-id',
    code: 'page.locator(\'[data-qa="delete-2"]\')',
    count: 1,
  });
  expect(target).toMatchObject({ chosen: 0, userChoice: true, recommended: 0 });
  expect(target.warning).toBeUndefined();
  // A pick that is not among the candidates any more is ignored.
  const [stale] = (
    await analyzeLocators(source, { choices: [{ seq: 2, target: 0, code: "page.getByTestId('gone')" }] })
  ).targets;
  expect(stale).toMatchObject({ chosen: 4, userChoice: false });
});

test('a name unique where the step acted but duplicated later is not recommended; the reason says where it broke', async () => {
  const save: ResolvedTarget = {
    target: 'e9',
    ref: 'e9',
    role: 'button',
    name: 'Add row',
    locator: "page.getByRole('button', { name: 'Add row' })",
    element: { tag: 'button', testIdAttribute: 'data-testid', text: 'Add row', css: 'body > button' },
  };
  const twoAddButtons = {
    aria: `${rows(['a']).aria}\n- button "Add row" [ref=e10]`,
    dom: rows(['a']).dom.replace('</body>', '  <button>Add row</button>\n</body>'),
  };
  const report = await analyzeLocators(
    session([
      [step(1, 'browser_navigate', { navigated: true }), rows(['a'])],
      [step(2, 'browser_click', { targets: [save] }), rows(['a'])],
      [step(3, 'browser_snapshot'), twoAddButtons],
      // A navigation ends the document: later states are not counted.
      [step(4, 'browser_navigate', { navigated: true }), twoAddButtons],
    ]),
  );
  const [target] = report.targets;
  expect(target.candidates.map(c => [c.kind, c.count, c.later])).toEqual([
    [
      'role',
      1,
      [
        { seq: 2, count: 1 },
        { seq: 3, count: 2 },
      ],
    ],
    [
      'text',
      1,
      [
        { seq: 2, count: 1 },
        { seq: 3, count: 2 },
      ],
    ],
    [
      'css',
      1,
      [
        { seq: 2, count: 1 },
        { seq: 3, count: 2 },
      ],
    ],
  ]);
  expect(target.recommended).toBeUndefined();
  expect(target.reason).toBe(
    'Role+name matched 2 elements at step 3; text matched 2 elements at step 3; CSS matched 2 elements at step 3; no candidate matched exactly one element.',
  );
  expect(target.warning).toBe('The recorded locator matched 2 elements at step 3.');
});

test('a step whose page before was not recorded keeps its candidates uncounted, without a warning', async () => {
  const report = await analyzeLocators(
    session([[step(1, 'browser_click', { targets: [secondDelete] }), rows(['delete-1'])]]),
  );
  expect(report.targets[0].candidates[0].count).toBeUndefined();
  expect(report.targets[0].reason).toBe('The page before this step was not recorded: nothing to count.');
  expect(report.targets[0].warning).toBeUndefined();
});

test('locator code round-trips through parseLocator, positional picks included; chains are not parsed', () => {
  for (const code of [
    "page.getByTestId('it\\'s')",
    "page.getByRole('button', { name: 'Save' })",
    "page.getByRole('button', { name: 'Save', exact: true })",
    "page.getByRole('list')",
    "page.getByLabel('Email', { exact: true })",
    "page.getByPlaceholder('you@example.com')",
    "page.getByText('Hello')",
    "page.locator('#main > div')",
  ])
    expect(queryCode(parseLocator(code)!.query)).toBe(code);
  expect(parseLocator("page.getByRole('button', { name: 'Delete' }).nth(1)")?.pick).toBe(1);
  expect(parseLocator("page.getByText('x').first()")?.pick).toBe(0);
  expect(parseLocator("page.getByText('x').last()")?.pick).toBe(-1);
  expect(parseLocator("page.getByTestId('row-2').getByRole('button', { name: 'Delete' })")).toBeUndefined();
});

test('a name that is part of another ("Save" in "Save draft") gets an exact variant, which is unique and recommended', async () => {
  const page = {
    aria: '- button "Save draft" [ref=e1]\n- button "Save" [ref=e2]',
    dom: '<body>\n  <button>Save draft</button>\n  <button>Save</button>\n</body>\n',
  };
  const save: ResolvedTarget = {
    target: 'e2',
    ref: 'e2',
    role: 'button',
    name: 'Save',
    locator: "page.getByRole('button', { name: 'Save', exact: true })",
    element: { tag: 'button', testIdAttribute: 'data-testid', text: 'Save' },
  };
  const [target] = (
    await analyzeLocators(
      session([
        [step(1, 'browser_navigate', { navigated: true }), page],
        [step(2, 'browser_click', { targets: [save] }), page],
      ]),
    )
  ).targets;
  expect(target.candidates.map(c => [c.kind, c.code, c.count, c.recorded])).toEqual([
    ['role', "page.getByRole('button', { name: 'Save' })", 2, false],
    ['text', "page.getByText('Save')", 2, false],
    ['text', "page.getByText('Save', { exact: true })", 1, false],
    ['recorded', "page.getByRole('button', { name: 'Save', exact: true })", 1, true],
  ]);
  expect(target.reason).toBe('Role+name matched 2 elements; text matched 2 elements; text is unique.');
  expect(target.recommended).toBe(2);
  expect(target.warning).toBeUndefined();
});
