import { execFile } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { expectSpecPasses } from './support/exported-spec';
import { expect, test } from './support/fixtures';
import { CLI, connectStdio, refOf } from './support/mcp';

const run = promisify(execFile);

/** An agent deletes the second of two identical rows; returns the recorded session's folder and the click's code. */
async function recordSecondDelete(siteUrl: string, workspace: string, flags: string[] = []) {
  const sessions = join(workspace, 'sessions');
  const agent = await connectStdio(['--session-dir', sessions, ...flags], { cwd: workspace });
  const page = await agent.call('browser_navigate', { url: `${siteUrl}/duplicates.html` });
  const secondDelete = [...(page.parsed.snapshot?.yaml ?? '').matchAll(/button "Delete" \[ref=(e\d+)\]/g)][1]?.[1];
  expect(secondDelete, 'two Delete buttons in the snapshot').toBeTruthy();
  const clicked = await agent.call('browser_click', { element: 'second Delete button', target: secondDelete });
  expect(clicked.isError).toBe(false);
  refOf(clicked.parsed.snapshot?.yaml, /status.*Deleted delete-2/);
  await agent.close();
  return { dir: join(sessions, readdirSync(sessions)[0]), code: clicked.parsed.code ?? '' };
}

test('export --report shows the positional locator of a duplicate button; --choose puts the test id in the spec, which passes', async ({
  site,
  workspace,
}) => {
  const { dir, code: recorded } = await recordSecondDelete(site.url, workspace);
  expect(recorded).toContain(".getByRole('button', { name: 'Delete' }).nth(1)");

  // The session ran with the default test id attribute; the app's is data-qa, given at export.
  const { stdout: report } = await run('node', [CLI, 'export', dir, '--report', '--test-id-attribute', 'data-qa']);
  expect(report).toContain('## Step 2: browser_click button "Delete"');
  expect(report).toContain(
    "> **Warning:** The recorded locator is positional (.nth(1)); test id page.getByTestId('delete-2') is unique.",
  );
  expect(report).toContain("| 1 | `page.getByTestId('delete-2')` | test id | 1 | 0 (step 2) | recommended |");
  expect(report).toContain("| `page.getByRole('button', { name: 'Delete' })` | role+name | 2 | 1 (step 2) |");
  expect(report).toMatch(
    /`page\.getByRole\('button', \{ name: 'Delete' \}\)\.nth\(1\)` \| recorded locator \| 1 \| 0 \(step 2\) \| \*\*export uses\*\*, recorded, positional \|/,
  );

  const { stdout: before } = await run('node', [CLI, 'export', dir]);
  expect(before).toContain('.nth(1).click();');

  const spec = join(workspace, 'out', 'delete.spec.ts');
  await run('node', [CLI, 'export', dir, '--test-id-attribute', 'data-qa', '--choose', '2=1', '-o', spec]);
  const code = readFileSync(spec, 'utf8');
  expect(code).toContain("await page.getByTestId('delete-2').click();");
  expect(code).toContain("test.use({ testIdAttribute: 'data-qa' });");
  expect(code).not.toContain('.nth(1)');
  // The pick is saved with the session: a later export (and the UI) uses it without the flags.
  expect(JSON.parse(readFileSync(join(dir, 'locators.json'), 'utf8'))).toEqual({
    testIdAttribute: 'data-qa',
    choices: [{ seq: 2, target: 0, code: "page.getByTestId('delete-2')" }],
  });
  expect((await run('node', [CLI, 'export', dir])).stdout).toBe(code);
  const { stdout: chosenReport } = await run('node', [CLI, 'export', dir, '--report']);
  expect(chosenReport).toContain('**export uses (your choice)**');
  expect(chosenReport).not.toContain('Warning');

  const bad = await run('node', [CLI, 'export', dir, '--choose', '2=9']).catch(error => error as { stderr: string });
  expect(bad.stderr).toContain('--choose 2=9: step 2 has candidates 1 to 5.');

  await expectSpecPasses(code);
});

test("mcp --test-id-attribute makes getByTestId read the app's attribute: the recorded locator uses it and the spec sets it", async ({
  site,
  workspace,
}) => {
  const { dir, code: recorded } = await recordSecondDelete(site.url, workspace, ['--test-id-attribute', 'data-qa']);
  expect(recorded).toContain("await page.getByTestId('delete-2').click();");
  const { stdout: report } = await run('node', [CLI, 'export', dir, '--report']);
  expect(report).toContain('getByTestId reads `data-qa`');
  expect(report).toContain('1 targeted element(s), 0 with a warning.');
  expect(report).toContain(
    "| 1 | `page.getByTestId('delete-2')` | test id | 1 | 0 (step 2) | **export uses**, recorded, recommended |",
  );
  const { stdout: spec } = await run('node', [CLI, 'export', dir]);
  expect(spec).toContain("test.use({ testIdAttribute: 'data-qa' });");
  await expectSpecPasses(spec);
});

test('--test-id-attribute must be an attribute name', async () => {
  const bad = await run('node', [CLI, 'export', '--test-id-attribute', 'data qa', 'x']).catch(
    error => error as { stderr: string },
  );
  expect(bad.stderr).toContain('expected an HTML attribute name such as data-qa, got "data qa"');
});
