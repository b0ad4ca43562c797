import { execFile } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { expect, test } from './support/fixtures';
import { CLI, connectStdio, refOf } from './support/mcp';

const run = promisify(execFile);

test('PW_LANG_NAME chooses the language the agent reads when --codegen is not given, fenced as that language', async ({
  site,
  workspace,
}) => {
  const mcp = await connectStdio([], { cwd: workspace, env: { PW_LANG_NAME: 'java' } });
  try {
    const nav = await mcp.call('browser_navigate', { url: `${site.url}/form.html` });
    expect(nav.text).toContain(`### Ran Playwright code\n\`\`\`java\npage.navigate("${site.url}/form.html");\n\`\`\``);
    const click = await mcp.call('browser_click', {
      element: 'terms',
      target: refOf(nav.parsed.snapshot!.yaml, /checkbox "I accept the terms"/),
    });
    expect(click.parsed.code).toBe(
      'page.getByRole(AriaRole.CHECKBOX, new Page.GetByRoleOptions().setName("I accept the terms")).click();',
    );
  } finally {
    await mcp.close();
  }
  // --codegen wins over the variable.
  const typescript = await connectStdio(['--codegen', 'typescript'], { cwd: workspace, env: { PW_LANG_NAME: 'java' } });
  try {
    expect((await typescript.call('browser_navigate', { url: `${site.url}/form.html` })).text).toContain(
      `\`\`\`js\nawait page.goto('${site.url}/form.html');`,
    );
  } finally {
    await typescript.close();
  }
});

test('the agent reads Python while the recording, its export and the inspector keep TypeScript; secrets are environment lookups in both', async ({
  site,
  workspace,
}) => {
  test.setTimeout(90_000);
  mkdirSync(workspace, { recursive: true });
  const secrets = join(workspace, 'secrets.env');
  writeFileSync(secrets, 'PASSWORD=pa55word\n');
  const sessions = join(workspace, 'sessions');
  const mcp = await connectStdio(['--codegen', 'python', '--session-dir', sessions, '--secrets', secrets], {
    cwd: workspace,
  });
  try {
    const nav = await mcp.call('browser_navigate', { url: `${site.url}/login-get.html` });
    const yaml = nav.parsed.snapshot!.yaml;
    const typed = await mcp.call('browser_type', {
      element: 'password',
      target: refOf(yaml, /textbox "Password"/),
      text: 'PASSWORD',
      submit: true,
    });
    expect(typed.parsed.code).toBe(
      'page.get_by_role("textbox", name="Password").fill(os.environ["PASSWORD"])\npage.get_by_role("textbox", name="Password").press("Enter")',
    );
    // A GET form put the password into the URL: the code reads it from the environment inside an f-string.
    const again = await mcp.call('browser_navigate', { url: `${site.url}/login-get.html?user=dana&pass=pa55word` });
    expect(again.parsed.code).toBe(`page.goto(f"${site.url}/login-get.html?user=dana&pass={os.environ['PASSWORD']}")`);
    expect(again.text).not.toContain('pa55word');
  } finally {
    await mcp.close();
  }
  const dir = join(sessions, readdirSync(sessions)[0]);
  const events = readFileSync(join(dir, 'events.jsonl'), 'utf8')
    .split('\n')
    .filter(Boolean)
    .map(line => JSON.parse(line));
  const steps = events.filter(event => event.type === 'tool-call');
  expect(steps.map(step => step.code).join('\n')).toContain(".fill(process.env['PASSWORD']);");
  const exported = await run('node', [CLI, 'export', dir]);
  expect(exported.stdout).toContain(
    "await page.getByRole('textbox', { name: 'Password' }).fill(process.env['PASSWORD']);",
  );
  expect(exported.stdout).not.toContain('os.environ');
});

test('a language the peer does not know is refused, on the command line and in the config file, with the choices', async ({
  workspace,
}) => {
  mkdirSync(workspace, { recursive: true });
  const config = join(workspace, 'config.json');
  writeFileSync(config, JSON.stringify({ codegen: 'ruby' }));
  for (const args of [
    ['--codegen', 'ruby'],
    ['--config', config],
  ]) {
    const failed = await run('node', [resolve(CLI), 'mcp', ...args], { cwd: workspace }).then(
      () => undefined,
      error => error as { stderr: string },
    );
    expect(failed?.stderr).toMatch(/'ruby'|"ruby"/);
    expect(failed?.stderr).toMatch(/typescript, python, java, csharp, none/);
  }
});
