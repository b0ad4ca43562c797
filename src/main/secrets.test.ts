import { writeFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { loadSecrets, redactSecrets, secretAwareText } from './secrets';

test('loads a dotenv file; a missing file is an error naming it', () => {
  const file = test.info().outputPath('s.env');
  writeFileSync(file, '# comment\nPASSWORD=p@ss\nTOKEN="a b"\nEMPTY=\n');
  expect(loadSecrets(file)).toEqual({ PASSWORD: 'p@ss', TOKEN: 'a b' });
  expect(() => loadSecrets('/nowhere/s.env')).toThrow('Cannot read the --secrets file /nowhere/s.env');
});

test('redacts every occurrence, longest value first', () => {
  const secrets = { SHORT: 'abc', LONG: 'abcdef' };
  expect(redactSecrets(secrets, 'x abcdef y abc z abc')).toBe('x <secret>LONG</secret> y <secret>SHORT</secret> z <secret>SHORT</secret>');
  expect(redactSecrets({}, 'unchanged')).toBe('unchanged');
});

test('a secret name types the value and generates process.env code; other text is quoted', () => {
  expect(secretAwareText({ PASSWORD: 'p@ss' }, 'PASSWORD')).toEqual({ value: 'p@ss', code: 'process.env.PASSWORD' });
  expect(secretAwareText({ PASSWORD: 'p@ss' }, "it's")).toEqual({ value: "it's", code: "'it\\'s'" });
});
