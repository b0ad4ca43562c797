import { expect, test } from '@playwright/test';
import { envName, isSensitive, secretName } from './sensitive-field';

const facts = (over: Partial<Parameters<typeof isSensitive>[0]>) => ({
  type: 'text',
  autocomplete: '',
  names: [],
  ...over,
});

test('a password input, a secret autocomplete or a telling name makes a field sensitive', () => {
  expect(isSensitive(facts({ type: 'password' }))).toBe(true);
  expect(isSensitive(facts({ type: 'PASSWORD' }))).toBe(true);
  for (const autocomplete of ['current-password', 'new-password', 'one-time-code', 'cc-number', 'section-pay cc-csc'])
    expect(isSensitive(facts({ autocomplete })), autocomplete).toBe(true);
  for (const name of [
    'Password',
    'login_passwd',
    'Passcode',
    'PIN',
    'login_pin',
    'otp',
    'One-time code',
    'CVC',
    'cvv',
    'Card number',
    'cardNumber',
    'Security code',
  ])
    expect(isSensitive(facts({ names: [name] })), name).toBe(true);
});

test('ordinary fields are not sensitive', () => {
  for (const name of [
    'Email',
    'Username',
    'Search',
    'Spinner',
    'Shipping address',
    'Compass',
    'Topic',
    'Pinned',
    'Passenger',
  ])
    expect(isSensitive(facts({ names: [name] })), name).toBe(false);
  expect(isSensitive(facts({ autocomplete: 'username' }))).toBe(false);
});

test('a label becomes a valid UPPER_SNAKE variable name', () => {
  expect(envName('Login password')).toBe('LOGIN_PASSWORD');
  expect(envName('X-Password')).toBe('X_PASSWORD');
  expect(envName('newPassword')).toBe('NEW_PASSWORD');
  expect(envName('  Card number:  ')).toBe('CARD_NUMBER');
  expect(envName('2fa code')).toBe('SECRET_2FA_CODE');
  expect(envName('Mot de passe é')).toBe('MOT_DE_PASSE_E');
  expect(envName('***')).toBe('SECRET');
  for (const name of ['Login password', 'X-Password', '2fa code', '***'])
    expect(envName(name)).toMatch(/^[A-Z_][A-Z0-9_]*$/);
});

test('a value keeps its name; a new value gets a name not yet taken in the session', () => {
  const secrets: Record<string, string> = { PASSWORD: 'first' };
  expect(secretName(secrets, 'Password', 'first')).toBe('PASSWORD');
  expect(secretName(secrets, 'Password', 'second')).toBe('PASSWORD_2');
  expect(secretName({ PASSWORD: 'a', PASSWORD_2: 'b' }, 'password', 'c')).toBe('PASSWORD_3');
  expect(secretName({}, 'base url', 'x')).toBe('BASE_URL_2');
});
