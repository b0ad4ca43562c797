import { writeFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { codeInLanguage, loadSecrets, redactSecrets, secretAwareText, withSecretLookups } from './secrets';

test('loads a dotenv file; a missing file is an error naming it', () => {
  const file = test.info().outputPath('s.env');
  writeFileSync(file, '# comment\nPASSWORD=p@ss\nTOKEN="a b"\nEMPTY=\n');
  expect(loadSecrets(file)).toEqual({ PASSWORD: 'p@ss', TOKEN: 'a b' });
  expect(() => loadSecrets('/nowhere/s.env')).toThrow('Cannot read the --secrets file /nowhere/s.env');
});

test('redacts every occurrence, longest value first', () => {
  const secrets = { SHORT: 'abc', LONG: 'abcdef' };
  expect(redactSecrets(secrets, 'x abcdef y abc z abc')).toBe(
    'x <secret>LONG</secret> y <secret>SHORT</secret> z <secret>SHORT</secret>',
  );
  expect(redactSecrets({}, 'unchanged')).toBe('unchanged');
});

test('a secret is redacted as a URL carries it too (percent-encoded, form-encoded)', () => {
  const secrets = { PASSWORD: 'p@ss word' };
  expect(redactSecrets(secrets, '/a?pass=p%40ss%20word&b=p%40ss+word c=p@ss word')).toBe(
    '/a?pass=<secret>PASSWORD</secret>&b=<secret>PASSWORD</secret> c=<secret>PASSWORD</secret>',
  );
});

test('code with a secret inside a string reads it from the environment in a template literal; other code is untouched', () => {
  expect(
    withSecretLookups("await page.goto('http://127.0.0.1:8080/in?user=dana&pass=<secret>PASSWORD</secret>');"),
  ).toBe("await page.goto(`http://127.0.0.1:8080/in?user=dana&pass=${process.env['PASSWORD']}`);");
  // Quotes lose their escape, backticks and `${` gain one; a literal without a mask stays as it was.
  expect(withSecretLookups("await f('it\\'s `<secret>A_1</secret>` ${x}', 'plain \\' one');")).toBe(
    "await f(`it's \\`${process.env['A_1']}\\` \\${x}`, 'plain \\' one');",
  );
  expect(withSecretLookups("await page.goto('http://x/?q=1');")).toBe("await page.goto('http://x/?q=1');");
});

test('a secret name types the value and the code reads the environment; other text is written as it is', () => {
  expect(secretAwareText({ PASSWORD: 'p@ss' }, 'PASSWORD')).toEqual({ value: 'p@ss', written: { secret: 'PASSWORD' } });
  expect(secretAwareText({ PASSWORD: 'p@ss' }, "it's")).toEqual({ value: "it's", written: { value: "it's" } });
});

test("a secret inside a string reads the environment in every language, in that language's own interpolation", () => {
  const url = (quote: string) => `${quote}http://x/in?u=a{b}&pass=<secret>X-PASSWORD</secret>${quote}`;
  expect(withSecretLookups(`page.goto(${url('"')})`, 'python')).toBe(
    `page.goto(f"http://x/in?u=a{{b}}&pass={os.environ['X-PASSWORD']}")`,
  );
  expect(withSecretLookups(`page.navigate(${url('"')});`, 'java')).toBe(
    'page.navigate("http://x/in?u=a{b}&pass=" + System.getenv("X-PASSWORD"));',
  );
  expect(withSecretLookups(`await page.GotoAsync(${url('"')});`, 'csharp')).toBe(
    'await page.GotoAsync($"http://x/in?u=a{{b}}&pass={Environment.GetEnvironmentVariable("X-PASSWORD")}");',
  );
  expect(withSecretLookups(`await page.goto(${url("'")});`)).toBe(
    "await page.goto(`http://x/in?u=a{b}&pass=${process.env['X-PASSWORD']}`);",
  );
});

test("the agent's code in a language: actions in it, TypeScript statements as written, both with their secrets looked up", () => {
  const code = codeInLanguage(
    { TOKEN: 's3cr3t' },
    [{ name: 'navigate', url: 'http://x/?t=s3cr3t' }, 'await page.evaluate(\'() => "s3cr3t"\');'],
    'python',
  );
  expect(code).toBe(
    `page.goto(f"http://x/?t={os.environ['TOKEN']}")\nawait page.evaluate(\`() => "\${process.env['TOKEN']}"\`);`,
  );
});
