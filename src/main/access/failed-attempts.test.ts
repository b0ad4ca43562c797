import { expect, test } from '@playwright/test';
import { FailedAttempts } from './failed-attempts';

test('an address is refused after ten failures within a minute, and may try again once the minute is over', () => {
  let now = 1_000_000;
  const attempts = new FailedAttempts(() => now);
  for (let i = 1; i < 10; i++) expect(attempts.fail('10.0.0.1')).toBe(false);
  expect(attempts.blockedFor('10.0.0.1')).toBe(0);
  expect(attempts.fail('10.0.0.1')).toBe(true);
  expect(attempts.blockedFor('10.0.0.1')).toBe(60_000);
  expect(attempts.blockedFor('10.0.0.2')).toBe(0);
  now += 45_000;
  expect(attempts.blockedFor('10.0.0.1')).toBe(15_000);
  now += 15_000;
  expect(attempts.blockedFor('10.0.0.1')).toBe(0);
  expect(attempts.fail('10.0.0.1')).toBe(false);
});
