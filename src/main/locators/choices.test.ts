import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { exportSpec } from '../sessions/export';
import type { ToolCallRecord } from '../sessions/format';
import type { RecordedSession } from '../sessions/session-reader';
import type { LocatorReport } from '../../shared/locators';
import { CHOICES_FILE, readChoices, withChoice, writeChoices } from './choices';

const RECORDED = "page.getByRole('button', { name: 'Delete' }).nth(1)";
const report: LocatorReport = {
  sessionId: 's',
  testIdAttribute: 'data-qa',
  targets: [
    {
      seq: 2,
      tool: 'browser_click',
      target: 0,
      ref: 'e6',
      chosen: 1,
      userChoice: false,
      reason: '',
      candidates: [
        {
          kind: 'test-id',
          code: "page.getByTestId('delete-2')",
          count: 1,
          later: [],
          positional: false,
          recorded: false,
        },
        { kind: 'recorded', code: RECORDED, count: 1, later: [], positional: true, recorded: true },
      ],
    },
  ],
};

test('a pick replaces the previous one of its target; picking the recorded locator removes it; bad picks say what is wrong', () => {
  const picked = withChoice([{ seq: 9, target: 0, code: 'x' }], report, {
    seq: 2,
    target: 0,
    code: "page.getByTestId('delete-2')",
  });
  expect(picked).toEqual([
    { seq: 9, target: 0, code: 'x' },
    { seq: 2, target: 0, code: "page.getByTestId('delete-2')" },
  ]);
  expect(withChoice(picked, report, { seq: 2, target: 0, code: RECORDED })).toEqual([{ seq: 9, target: 0, code: 'x' }]);
  expect(() => withChoice([], report, { seq: 3, target: 0, code: RECORDED })).toThrow(
    'Step 3 has no targeted element to locate (steps with targets: 2).',
  );
  expect(() => withChoice([], report, { seq: 2, target: 1, code: RECORDED })).toThrow(
    'Step 2 has 1 target(s); there is no target 1.',
  );
  expect(() => withChoice([], report, { seq: 2, target: 0, code: "page.getByText('x')" })).toThrow(
    "page.getByText('x') is not a candidate of step 2",
  );
});

test('picks are saved in the session folder and read back; a damaged file is named', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'locators-'));
  try {
    expect(await readChoices(dir)).toEqual({ choices: [] });
    const saved = {
      testIdAttribute: 'data-qa',
      choices: [{ seq: 2, target: 0, code: "page.getByTestId('delete-2')" }],
    };
    await writeChoices(dir, saved);
    expect(await readChoices(dir)).toEqual(saved);
    await writeFile(join(dir, CHOICES_FILE), '{"choices": 3}');
    await expect(readChoices(dir)).rejects.toThrow(
      `${join(dir, CHOICES_FILE)} is not a locator choice file (no "choices" list); remove it to start over.`,
    );
    expect(JSON.parse(await readFile(join(dir, CHOICES_FILE), 'utf8'))).toEqual({ choices: 3 });
  } finally {
    await rm(dir, { recursive: true });
  }
});

test('export writes the picked locator in place of the recorded one, in the action and its assertions', () => {
  const step = {
    seq: 2,
    tool: 'browser_click',
    args: {},
    outcome: 'ok',
    response: {},
    startedAt: 0,
    endedAt: 0,
    artifacts: {},
    code: `await ${RECORDED}.click();`,
    targets: [{ target: 'e6', ref: 'e6', role: 'button', name: 'Delete', locator: RECORDED }],
  } as unknown as ToolCallRecord;
  const session = { meta: { id: 's', startedAt: 0 }, steps: [step] } as unknown as RecordedSession;
  expect(exportSpec(session)).toContain(`await ${RECORDED}.click();`);
  const spec = exportSpec(session, {
    locatorChoices: [{ seq: 2, target: 0, code: "page.getByTestId('delete-2')" }],
    testIdAttribute: 'data-qa',
  });
  expect(spec).toContain("await page.getByTestId('delete-2').click();");
  expect(spec).not.toContain('.nth(1)');
  expect(spec).toContain("test.use({ testIdAttribute: 'data-qa' });");
  // data-testid is Playwright's default: nothing to configure.
  expect(
    exportSpec(session, {
      locatorChoices: [{ seq: 2, target: 0, code: "page.getByTestId('delete-2')" }],
      testIdAttribute: 'data-testid',
    }),
  ).not.toContain('test.use');
});
