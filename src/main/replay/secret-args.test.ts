import { expect, test } from '@playwright/test';
import { missingSecretsError, unmaskArgs } from './secret-args';

const env: Record<string, string> = { PASSWORD: 'hunter2', TOKEN: 't0k' };
const lookup = (name: string) => env[name];

test('masks anywhere in the arguments take their values; other arguments stay as recorded', () => {
  const args = {
    target: 'e5',
    text: '<secret>PASSWORD</secret>',
    fields: [{ value: 'Bearer <secret>TOKEN</secret>', type: 'textbox' }],
    submit: true,
  };
  expect(unmaskArgs(args, lookup)).toEqual({
    args: { target: 'e5', text: 'hunter2', fields: [{ value: 'Bearer t0k', type: 'textbox' }], submit: true },
  });
  expect(unmaskArgs({ text: 'PASSWORD' }, lookup)).toEqual({ args: { text: 'PASSWORD' } });
});

test('an unset or empty variable is reported by name, never typed as the mask', () => {
  expect(
    unmaskArgs({ text: '<secret>PIN</secret>', other: '<secret>CVC</secret>' }, name =>
      name === 'CVC' ? '' : undefined,
    ),
  ).toEqual({ missing: ['PIN', 'CVC'] });
  expect(missingSecretsError(['PIN'])).toBe(
    'The recording masked the secret typed here: set PIN in the environment (or the --secrets file) to replay it.',
  );
});
