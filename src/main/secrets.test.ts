import { writeFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { loadSecrets, redactSecrets, secretAwareText, withSecretLookups } from './secrets';

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

test('a secret is redacted as a URL carries it too (percent-encoded, form-encoded)', () => {
  const secrets = { PASSWORD: 'p@ss word' };
  expect(redactSecrets(secrets, '/a?pass=p%40ss%20word&b=p%40ss+word c=p@ss word'))
    .toBe('/a?pass=<secret>PASSWORD</secret>&b=<secret>PASSWORD</secret> c=<secret>PASSWORD</secret>');
});

test('code with a secret inside a string reads it from the environment in a template literal; other code is untouched', () => {
  expect(withSecretLookups("await page.goto('http://127.0.0.1:8080/in?user=dana&pass=<secret>PASSWORD</secret>');"))
    .toBe('await page.goto(`http://127.0.0.1:8080/in?user=dana&pass=${process.env.PASSWORD}`);');
  // Quotes lose their escape, backticks and `${` gain one; a literal without a mask stays as it was.
  expect(withSecretLookups("await f('it\\'s `<secret>A_1</secret>` ${x}', 'plain \\' one');"))
    .toBe("await f(`it's \\`${process.env.A_1}\\` \\${x}`, 'plain \\' one');");
  expect(withSecretLookups("await page.goto('http://x/?q=1');")).toBe("await page.goto('http://x/?q=1');");
});

test('a secret name types the value and generates process.env code; other text is quoted', () => {
  expect(secretAwareText({ PASSWORD: 'p@ss' }, 'PASSWORD')).toEqual({ value: 'p@ss', code: 'process.env.PASSWORD' });
  expect(secretAwareText({ PASSWORD: 'p@ss' }, "it's")).toEqual({ value: "it's", code: "'it\\'s'" });
});
