import { expect, test } from '@playwright/test';
import type { Page } from 'playwright';
import { runUserCode } from './code-runner';

const page = { title: async () => 'A page' } as unknown as Page;

test('the value the code returns comes back as JSON', async () => {
  const result = await runUserCode(`const title = await page.title();\nreturn { title };`, page, 'a test page');
  expect(result).toMatchObject({ ok: true, value: '{\n  "title": "A page"\n}', ranOn: 'a test page' });
});

test('a thrown error names the line of the code it came from', async () => {
  const result = await runUserCode(`await page.title();\n\nthrow new Error('boom');`, page, 'p');
  expect(result).toMatchObject({ ok: false, error: 'boom', line: 3 });
});

test('a syntax error names its line; nothing runs', async () => {
  const result = await runUserCode(`await page.title();\nawait page.click(;`, page, 'p');
  expect(result.ok).toBe(false);
  expect(result.error).toMatch(/^SyntaxError: /);
  expect(result.line).toBe(2);
});

test('an error inside a helper the code calls still points at the code line', async () => {
  const result = await runUserCode(`const f = () => null.x;\nawait page.title();\nf();`, page, 'p');
  expect(result).toMatchObject({ ok: false, line: 1 });
  expect(result.error).toMatch(/^TypeError: /);
});
