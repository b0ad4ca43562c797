import { expect, test } from '@playwright/test';
import { exportSpec, secretNames } from './export';
import type { RecordedSession } from './session-reader';
import type { ToolCallRecord } from './format';

const step = (seq: number, tool: string, code: string): ToolCallRecord =>
  ({
    seq,
    tool,
    code,
    args: {},
    outcome: 'ok',
    response: {},
    startedAt: 0,
    endedAt: 0,
    artifacts: {},
  }) as unknown as ToolCallRecord;

const session = (steps: ToolCallRecord[]) =>
  ({ meta: { id: 's1', startedAt: 0 }, steps }) as unknown as RecordedSession;

test('secretNames lists each process.env variable once, in order of use', () => {
  expect(
    secretNames(
      'await a.fill(process.env.LOGIN_PASSWORD);\nawait b.fill(process.env.PIN);\nx(process.env.LOGIN_PASSWORD)',
    ),
  ).toEqual(['LOGIN_PASSWORD', 'PIN']);
  expect(secretNames("await a.fill('process env');")).toEqual([]);
  // As this server writes them now, a dashed name included (older recordings wrote process.env.NAME, read above).
  expect(secretNames("await a.fill(process.env['X-PASSWORD']);\nawait b.fill(process.env.PIN);")).toEqual([
    'X-PASSWORD',
    'PIN',
  ]);
});

test('a spec typing secrets lists them in its header and fails first, naming the unset ones', () => {
  const spec = exportSpec(
    session([step(1, 'browser_type', "await page.getByLabel('Password').fill(process.env.LOGIN_PASSWORD);")]),
  );
  expect(spec).toContain(
    '// The recording masked what was typed into secret fields; set these environment variables to run it:\n//   LOGIN_PASSWORD\n',
  );
  const guard = spec.indexOf("const unset = ['LOGIN_PASSWORD'].filter(name => !process.env[name]);");
  expect(guard).toBeGreaterThan(spec.indexOf('async ({ page }) => {'));
  expect(guard).toBeLessThan(spec.indexOf('.fill(process.env.LOGIN_PASSWORD)'));
  expect(spec).toContain("await expect(page.getByLabel('Password')).toHaveValue(process.env.LOGIN_PASSWORD);");
});

test('a spec without secrets has neither header nor guard', () => {
  const spec = exportSpec(session([step(1, 'browser_type', "await page.getByLabel('Name').fill('Ada');")]));
  expect(spec).not.toContain('environment variables');
  expect(spec).not.toContain('unset');
});

test('any step that navigated is followed by its URL, volatile parts left out; a tab switch (no code) is not', () => {
  const click = {
    ...step(2, 'browser_click', "await page.getByRole('link', { name: 'Shoes' }).click();"),
    navigated: true,
    url: 'http://127.0.0.1:3000/results.html?q=shoes&ts=1732461234567',
  } as ToolCallRecord;
  const tabs = {
    ...step(3, 'browser_tabs', ''),
    navigated: true,
    url: 'http://127.0.0.1:3000/other.html',
  } as ToolCallRecord;
  const nav = {
    ...step(1, 'browser_navigate', "await page.goto('http://127.0.0.1:3000/shop.html');"),
    navigated: true,
    url: 'http://127.0.0.1:3000/shop.html',
  } as ToolCallRecord;
  const spec = exportSpec(session([nav, click, tabs]), {
    appeared: new Map([[2, { role: 'status', text: 'Showing shoes' } as const]]),
  });
  expect(spec).toContain(
    `await page.goto(BASE_URL + '/shop.html');\n  await expect(page).toHaveURL(BASE_URL + '/shop.html');`,
  );
  expect(spec).toContain(
    [
      `await page.getByRole('link', { name: 'Shoes' }).click();`,
      `  await expect(page).toHaveURL(url => url.origin + url.pathname === BASE_URL + '/results.html' && url.searchParams.get('q') === 'shoes');`,
      `  await expect(page.getByRole('status')).toContainText('Showing shoes');`,
    ].join('\n'),
  );
  expect(spec).not.toContain('1732461234567');
  expect(spec).not.toContain('other.html');
});
