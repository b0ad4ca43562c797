import { execFile } from 'node:child_process';
import { appendFileSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { openSession } from '../src/main/sessions/session-reader';
import { expectSpecPasses } from './support/exported-spec';
import { expect, test } from './support/fixtures';
import { CLI, connectStdio, refOf, type McpTestClient } from './support/mcp';

const run = promisify(execFile);
const onlySession = (root: string) => join(root, readdirSync(root)[0]);

/** Signs up on form.html the way an agent would, including a secret typed by name and waiting for the result. */
async function signUp(mcp: McpTestClient, siteUrl: string) {
  const nav = await mcp.call('browser_navigate', { url: `${siteUrl}/form.html` });
  const yaml = nav.parsed.snapshot!.yaml;
  await mcp.call('browser_type', { target: refOf(yaml, /textbox "Full name"/), text: 'Ada Lovelace' });
  await mcp.call('browser_fill_form', {
    fields: [
      { name: 'Email', type: 'textbox', target: refOf(yaml, /textbox "Email"/), value: 'ada@example.com' },
      { name: 'Password', type: 'textbox', target: refOf(yaml, /textbox "Password"/), value: 'SIGNUP_PASSWORD' },
      { name: 'Terms', type: 'checkbox', target: refOf(yaml, /checkbox "I accept the terms"/), value: 'true' },
    ],
  });
  await mcp.call('browser_select_option', { target: refOf(yaml, /combobox "Country"/), values: ['Japan'] });
  await mcp.call('browser_snapshot');
  await mcp.call('browser_click', { target: refOf(yaml, /button "Create account"/) });
  await mcp.call('browser_wait_for', { text: 'Saved Ada Lovelace' });
}

test('a recorded session replays as an exported @playwright/test spec that passes', async ({ site, workspace }) => {
  test.setTimeout(120_000);
  const sessions = join(workspace, 'sessions');
  const secrets = join(workspace, 'secrets.env');
  mkdirSync(workspace, { recursive: true });
  writeFileSync(secrets, 'SIGNUP_PASSWORD=correct-horse-battery\n');
  const mcp = await connectStdio(['--session-dir', sessions, '--secrets', secrets], { cwd: workspace });
  await signUp(mcp, site.url);
  await mcp.close();

  const dir = onlySession(sessions);
  const session = await openSession(dir);
  expect(session.warnings).toEqual([]);
  expect(session.complete).toBe(true);
  expect(session.steps.map(step => step.tool)).toEqual([
    'browser_navigate',
    'browser_type',
    'browser_fill_form',
    'browser_select_option',
    'browser_snapshot',
    'browser_click',
    'browser_wait_for',
  ]);
  // The secret never reaches the disk.
  for (const file of ['events.jsonl', ...readdirSync(join(dir, 'artifacts')).map(f => `artifacts/${f}`)]) {
    expect(readFileSync(join(dir, file)).toString(), file).not.toContain('correct-horse-battery');
  }

  const spec = join(workspace, 'flow.spec.ts');
  const exported = await run('node', [CLI, 'export', dir, '-o', spec, '--aria-checkpoints']);
  expect(exported.stderr).toContain(`Wrote ${spec} (7 recorded calls)`);
  const code = readFileSync(spec, 'utf8');
  // No refs anywhere below the header (whose session id may well contain "e090").
  expect(code.slice(code.indexOf('\n'))).not.toMatch(/aria-ref|\be\d+\b/);
  expect(code).toContain(`await page.goto(BASE_URL + '/form.html');`);
  expect(code).toContain(`await expect(page).toHaveURL(BASE_URL + '/form.html');`);
  expect(code).toContain(`await expect(page.getByTestId('full-name')).toHaveValue('Ada Lovelace');`);
  expect(code).toContain("process.env['SIGNUP_PASSWORD']");
  expect(code).toContain(`await expect(page.getByRole('checkbox', { name: 'I accept the terms' })).toBeChecked();`);
  // The status the submission made appear, checked right after the click.
  expect(code).toContain(
    `await page.getByRole('button', { name: 'Create account' }).click();\n  await expect(page.getByRole('status')).toContainText('Saved Ada Lovelace <ada@example.com> country=jp terms=true plan=null');`,
  );
  expect(code).toContain(`await expect(page.getByText('Saved Ada Lovelace').first()).toBeVisible();`);
  // The agent's browser_snapshot is a checkpoint: the page's aria tree then, refs and the masked password left out.
  expect(code).toContain('// The page as the agent saw it at step 5 (browser_snapshot).');
  expect(code).toMatch(
    /toMatchAriaSnapshot\(`\n(?:.*\n)*\s+- textbox "Full name": Ada Lovelace\n(?:.*\n)*\s+- textbox "Password"\n/,
  );
  expect(code).not.toContain('••••');

  // Run it for real against the same site, with the secret from the environment, as a project of its own would.
  await expectSpecPasses(readFileSync(spec, 'utf8'), { env: { SIGNUP_PASSWORD: 'correct-horse-battery' } });

  // Replay types the secret by name too: the inspector it starts gets the same secrets file.
  const replayed = await run('node', [CLI, 'replay', dir, '--secrets', secrets]).catch(
    error => error as { stdout: string; stderr: string; code: number },
  );
  expect('code' in replayed ? replayed.stderr : '', 'replay exits 0').toBe('');
  expect(replayed.stdout).toContain('Replayed without drift.');
  expect(replayed.stdout).not.toContain('correct-horse-battery');
});

test('after kill -9 the session opens up to its last complete event; a torn last line is skipped with a warning', async ({
  site,
  workspace,
}) => {
  const sessions = join(workspace, 'sessions');
  const mcp = await connectStdio(['--session-dir', sessions], { cwd: workspace });
  const nav = await mcp.call('browser_navigate', { url: `${site.url}/form.html` });
  await mcp.call('browser_click', { target: refOf(nav.parsed.snapshot!.yaml, /checkbox "I accept the terms"/) });
  // The agent has its answer, so the call is on disk: kill without any chance to flush.
  process.kill(mcp.pid, 'SIGKILL');
  await mcp.close().catch(() => {});

  const dir = onlySession(sessions);
  const cut = await openSession(dir);
  expect(cut.complete).toBe(false);
  expect(cut.steps.map(step => step.tool)).toEqual(['browser_navigate', 'browser_click']);
  expect(await cut.ariaSnapshot(cut.steps[1])).toContain('checkbox "I accept the terms" [checked]');

  // A crash in the middle of a write leaves a partial line behind.
  appendFileSync(join(dir, 'events.jsonl'), '{"type":"tool-call","sessionId":"x","seq":3,"tool":"browser_cl');
  const torn = await openSession(dir);
  expect(torn.steps).toHaveLength(2);
  expect(torn.warnings).toEqual([
    expect.stringMatching(
      /^The last line of events.jsonl is incomplete \(\d+ bytes; the recording was interrupted or is still being written\) and was skipped\.$/,
    ),
  ]);

  const listed = await run('node', [CLI, 'sessions', sessions]);
  expect(listed.stdout).toContain(`${dir}\t`);
  expect(listed.stdout).toContain('2 calls\tinterrupted or live');
});

test('recorded aria snapshots and DOM states read back exactly as the agent saw them', async ({ site, workspace }) => {
  const sessions = join(workspace, 'sessions');
  const mcp = await connectStdio(['--session-dir', sessions], { cwd: workspace });
  const seen: string[] = [];
  const nav = await mcp.call('browser_navigate', { url: `${site.url}/large.html?n=400` });
  seen.push(nav.parsed.snapshot!.yaml!);
  for (const n of [1, 5, 9]) {
    const click = await mcp.call('browser_click', {
      target: refOf(seen[seen.length - 1], new RegExp(`button "Action ${n}"`)),
    });
    seen.push(click.parsed.snapshot!.yaml!);
  }
  await mcp.close();
  const session = await openSession(onlySession(sessions));
  expect(await Promise.all(session.steps.map(step => session.ariaSnapshot(step)))).toEqual(seen);
  // The log itself does not repeat the snapshots; the response reads back whole.
  expect(readFileSync(join(session.dir, 'events.jsonl'), 'utf8')).not.toContain('button "Action 5"');
  expect((await session.response(session.steps[2])).snapshot?.yaml).toBe(seen[2]);
  const doms = await Promise.all(session.steps.map(step => session.dom(step)));
  expect(doms[3]).toContain('Clicked 9');
  // After the first state, each one is stored as a small diff.
  expect(session.steps.slice(1).map(step => step.artifacts.dom?.base)).toEqual([1, 2, 3]);
});

test('a recorded call whose page opens a dialog on load is answered with the modal state, not held up by the dialog', async ({
  workspace,
}) => {
  const sessions = join(workspace, 'sessions');
  const mcp = await connectStdio(['--session-dir', sessions], { cwd: workspace });
  try {
    // A dialog blocks the page's script: the step's screenshot and change mark must not wait on it.
    const opened = await mcp.call('browser_navigate', { url: 'data:text/html,<script>alert("on load")</script>' });
    expect(opened.parsed.modalState).toEqual([
      '["alert" dialog with message "on load"]: can be handled by browser_handle_dialog',
    ]);
    const handled = await mcp.call('browser_handle_dialog', { accept: true });
    expect(handled.parsed.modalState).toBeUndefined();
  } finally {
    await mcp.close();
  }
  const recorded = await openSession(onlySession(sessions));
  expect(recorded.steps.map(step => step.tool)).toEqual(['browser_navigate', 'browser_handle_dialog']);
});
