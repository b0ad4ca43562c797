import { expect, test } from '@playwright/test';
import { humanStep, typedText } from './steps';

const target = { target: "page.getByTestId('q')", role: 'searchbox', name: 'Search', locator: "page.getByTestId('q')" };
const place = { target, url: 'https://example.com/', title: 'Example', startedAt: 1 };

test('typed text: a secret by its name, any other password as a placeholder, the rest as typed', () => {
  const secrets = { TOKEN: 's3cr3t' };
  expect(typedText(secrets, 's3cr3t', false)).toEqual({ text: 'TOKEN', code: "process.env['TOKEN']" });
  expect(typedText(secrets, 's3cr3t', true)).toEqual({ text: 'TOKEN', code: "process.env['TOKEN']" });
  expect(typedText(secrets, 'hunter2', true)).toMatchObject({ text: '<password>', code: "process.env['PASSWORD']" });
  expect(typedText(secrets, '', true)).toEqual({ text: '', code: "''" });
  expect(typedText(secrets, "it's", false)).toEqual({ text: "it's", code: "'it\\'s'" });
});

test('a step is the equivalent tool call, with its arguments, target and code', () => {
  const typed = humanStep(
    { kind: 'type', id: '1', path: 'input', value: 'hunter2', password: true, submit: true },
    place,
    {},
  );
  expect(typed).toMatchObject({
    tool: 'browser_type',
    actor: 'human',
    outcome: 'ok',
    args: { element: 'searchbox "Search"', target: target.target, text: '<password>', submit: true },
    targets: [target],
    code: "await page.getByTestId('q').fill(process.env['PASSWORD']);\nawait page.getByTestId('q').press('Enter');",
    response: { page: { url: 'https://example.com/', title: 'Example' } },
  });
  expect(JSON.stringify(typed)).not.toContain('hunter2');

  const click = humanStep({ kind: 'click', id: '2', path: 'a', modifiers: ['Control'] }, place, {});
  expect(click).toMatchObject({
    tool: 'browser_click',
    args: { modifiers: ['Control'] },
    code: "await page.getByTestId('q').click({ modifiers: ['Control'] });",
  });
  const select = humanStep({ kind: 'select', id: '3', path: 'select', values: ['a', 'b'] }, place, {});
  expect(select).toMatchObject({
    tool: 'browser_select_option',
    args: { values: ['a', 'b'] },
    code: "await page.getByTestId('q').selectOption(['a', 'b']);",
  });
  const key = humanStep({ kind: 'key', key: 'Shift+Tab' }, { ...place, target: undefined }, {});
  expect(key).toMatchObject({
    tool: 'browser_press_key',
    args: { key: 'Shift+Tab' },
    code: "await page.keyboard.press('Shift+Tab');",
  });
  expect(key.targets).toBeUndefined();
});
