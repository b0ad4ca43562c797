import { expect, test } from '@playwright/test';
import type { ToolCallRecord } from '../sessions/format';
import { unmaskedSecrets } from './masking-check';

const step = (seq: number, tool: string, args: Record<string, unknown>, name?: string) =>
  ({ seq, tool, args, ...(name && { targets: [{ target: 'e1', name, locator: '' }] }) }) as unknown as ToolCallRecord;

test('a value typed in clear into a field named for a secret is found; masked values and other fields are not', () => {
  expect(
    unmaskedSecrets([
      step(1, 'browser_type', { target: 'e5', text: 'hunter2' }, 'Password'),
      step(2, 'browser_type', { target: 'e6', text: '<secret>PASSWORD</secret>' }, 'Password'),
      step(3, 'browser_type', { target: 'e7', text: 'Ada' }, 'Full name'),
      step(4, 'browser_fill_form', {
        fields: [
          { name: 'PIN', value: '1234' },
          { name: 'Login passcode', value: '<secret>LOGIN_PASSCODE</secret>' },
          { name: 'Email', value: 'a@b.c' },
        ],
      }),
    ]),
  ).toEqual(['step 1 ("Password")', 'step 4 ("PIN")']);
});
