import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openSession } from '../src/main/sessions/session-reader';
import { expect, test } from './support/fixtures';
import { startLoginSite, type LoginSite } from './support/login-site';
import { CLI, connectStdio, refOf, startHttpServer, type McpTestClient } from './support/mcp';
import { openInspector, snap, stepRow } from './support/ui';

let site: LoginSite;
test.beforeAll(async () => {
  site = await startLoginSite();
});
test.afterAll(async () => {
  await site.close();
});

const sessionFolders = (root: string) =>
  readdirSync(root)
    .filter(name => existsSync(join(root, name, 'session.json')))
    .sort()
    .map(name => join(root, name));

/** Logs in as an agent would, then does `then` on the expenses page; returns the recording folder and the session's. */
async function record(
  then: (mcp: McpTestClient, yaml: string) => Promise<void>,
): Promise<{ root: string; dir: string }> {
  const root = mkdtempSync(join(tmpdir(), 'ai-fork-'));
  const mcp = await connectStdio(['--session-dir', root, '--snapshot-mode', 'inline'], { cwd: root });
  const login = await mcp.call('browser_navigate', { url: `${site.url}/login` });
  const form = login.parsed.snapshot!.yaml!;
  await mcp.call('browser_fill_form', {
    fields: [
      { name: 'User', type: 'textbox', target: refOf(form, /textbox "User"/), value: 'ada' },
      { name: 'Password', type: 'textbox', target: refOf(form, /textbox "Password"/), value: 'secret-pass' },
    ],
  });
  const signedIn = await mcp.call('browser_click', { element: 'Sign in', target: refOf(form, /button "Sign in"/) });
  expect(signedIn.parsed.page?.url).toBe(`${site.url}/expenses`);
  await then(mcp, signedIn.parsed.snapshot!.yaml!);
  await mcp.close();
  return { root, dir: sessionFolders(root)[0] };
}

function forkCli(args: string[]): Promise<{ code: number; stderr: string }> {
  return new Promise(done =>
    execFile(process.execPath, [CLI, 'fork', ...args], (error, _stdout, stderr) => {
      done({ code: error ? (typeof error.code === 'number' ? error.code : -1) : 0, stderr });
    }),
  );
}

test('a fork at the step after login is logged in on the same page with the form as typed; an agent finishes the task, recorded as a fork of its parent', async () => {
  const { root, dir } = await record(async (mcp, yaml) => {
    await mcp.call('browser_type', {
      element: 'Description',
      target: refOf(yaml, /textbox "Description"/),
      text: 'Taxi',
    });
    await mcp.call('browser_type', { element: 'Amount', target: refOf(yaml, /textbox "Amount"/), text: '30' });
  });
  const parent = await openSession(dir);
  const typed = parent.steps.find(step => step.tool === 'browser_type')!;
  const loginsBefore = site.logins.length;

  const fork = await connectStdio(['--snapshot-mode', 'inline'], {
    cwd: root,
    command: ['fork', dir, '--at', String(typed.seq)],
  });
  const first = await fork.call('browser_snapshot');
  // The session cookie came back (the server knows this session), the URL, and the Description typed before the fork;
  // not the Amount, typed after it.
  expect(first.parsed.page?.url).toBe(`${site.url}/expenses`);
  const yaml = first.parsed.snapshot!.yaml!;
  expect(yaml).toContain('Signed in as ada');
  expect(yaml).toMatch(/textbox "Description"[^\n]*: Taxi/);
  expect(yaml).not.toMatch(/textbox "Amount"[^\n]*: 30/);
  await fork.call('browser_type', { element: 'Amount', target: refOf(yaml, /textbox "Amount"/), text: '12' });
  const saved = await fork.call('browser_click', { element: 'Save', target: refOf(yaml, /button "Save"/) });
  expect(saved.parsed.snapshot!.yaml).toContain('Taxi: 12');
  await fork.close();
  expect(fork.stderr()).toContain(`Forking session ${parent.meta.id} after step ${typed.seq}`);
  expect(fork.stderr()).toMatch(/Restored by storage state, URL and form input in \d+ ms \(1 step replayed\)/);
  // Saved under the parent's login: the cookie restored is the one the recording had, not a new login.
  expect(site.logins).toHaveLength(loginsBefore);
  expect(site.saved.get(site.logins.at(-1)!)).toEqual(['Taxi: 12']);

  // Recorded beside its parent, naming it; the restore's own calls are not steps of the fork.
  const [, forkDir] = sessionFolders(root);
  expect(forkDir).toBeDefined();
  const forked = await openSession(forkDir);
  expect(forked.meta.forkOf).toEqual({ session: parent.meta.id, step: typed.seq });
  expect(JSON.parse(readFileSync(join(forkDir, 'session.json'), 'utf8')).forkOf).toEqual({
    session: parent.meta.id,
    step: typed.seq,
  });
  expect(forked.steps.map(step => step.tool)).toEqual(['browser_snapshot', 'browser_type', 'browser_click']);
});

test('state the page keeps in its script (a toggled panel) is restored by replaying the steps; --method state says what it leaves out', async () => {
  const { root, dir } = await record(async (mcp, yaml) => {
    await mcp.call('browser_click', { element: 'Details', target: refOf(yaml, /button "Details"/) });
  });
  const toggled = (await openSession(dir)).steps.at(-1)!;

  // The recording masked the password: a replay types it from the environment (or --secrets), as `replay` does.
  const replayed = await connectStdio([], {
    cwd: root,
    command: ['fork', dir, '--at', String(toggled.seq)],
    env: { PASSWORD: 'secret-pass' },
  });
  expect((await replayed.call('browser_snapshot')).parsed.snapshot!.yaml, replayed.stderr()).toContain(
    'Receipts are kept for ten years.',
  );
  await replayed.close();
  expect(replayed.stderr()).toContain(
    `Replaying steps 1–${toggled.seq}: step ${toggled.seq} (browser_click) changed the page without loading a new one.`,
  );
  expect(replayed.stderr()).toMatch(/Restored by replaying the steps in \d+ ms \(4 steps replayed\)/);

  const byState = await connectStdio([], {
    cwd: root,
    command: ['fork', dir, '--at', String(toggled.seq), '--method', 'state'],
  });
  const page = (await byState.call('browser_snapshot')).parsed.snapshot!.yaml!;
  expect(page).toContain('Signed in as ada');
  expect(page).not.toContain('Receipts are kept for ten years.');
  await byState.close();
  expect(byState.stderr()).toContain(
    `Not restored: step ${toggled.seq} (browser_click) changed the page without loading a new one (fork with --method replay to get it back).`,
  );
  // It also compares what it restored with what was recorded, and shows the difference.
  expect(byState.stderr()).toContain('The restored page differs from the recorded one:');
  expect(byState.stderr()).toContain('Receipts are kept for ten years.');
});

test('fork names what is wrong with its input and exits with code 2', async () => {
  const { dir } = await record(async () => {});
  const steps = (await openSession(dir)).steps.length;
  const missing = await forkCli([dir, '--at', '99']);
  expect(missing.code).toBe(2);
  expect(missing.stderr).toContain(`has no step 99: its steps are 1 to ${steps}.`);
  const notANumber = await forkCli([dir, '--at', 'two']);
  expect(notANumber.code).toBe(2);
  expect(notANumber.stderr).toContain('--at must be a step number (1 or more), not "two".');
  const nowhere = await forkCli([join(dir, 'nope'), '--at', '1']);
  expect(nowhere.code).toBe(2);
  expect(nowhere.stderr).toContain('agent-inspector fork:');
});

test('the sessions panel shows a fork under the session it continues, with the step it starts from', async ({}, testInfo) => {
  const { root, dir } = await record(async () => {});
  const parent = await openSession(dir);
  const fork = await connectStdio([], { cwd: root, command: ['fork', dir, '--at', '3'] });
  await fork.call('browser_snapshot');
  await fork.close();
  const server = await startHttpServer(['--session-dir', root], 'serve');
  const { browser, page } = await openInspector(server.url);
  try {
    const items = page.getByTestId('session-item');
    await expect(items).toHaveCount(2);
    // The fork comes right after its parent, indented, and says where it starts.
    await expect(items.nth(0)).toHaveAttribute('data-session-id', parent.meta.id);
    await expect(items.nth(1).getByTestId('session-fork-of')).toHaveText('↳ fork of step 3');
    await snap(page, 'sessions-panel', 'fork-tree', testInfo);
  } finally {
    await browser.close();
    await server.stop();
  }
});

test('Fork from here in the UI: a live session logged in where the run stood, listed under its parent, with what the restore did', async ({}, testInfo) => {
  const { root, dir } = await record(async (mcp, yaml) => {
    await mcp.call('browser_type', {
      element: 'Description',
      target: refOf(yaml, /textbox "Description"/),
      text: 'Lunch',
    });
  });
  const parent = await openSession(dir);
  const typed = parent.steps.at(-1)!;
  const server = await startHttpServer(['--session-dir', root], 'serve');
  const { browser, page } = await openInspector(server.url);
  try {
    await page.getByTestId('session-item').click();
    await stepRow(page, typed.seq).click();
    await expect(page.getByTestId('fork-from-here')).toHaveText(`Fork from step ${typed.seq}`);
    await page.getByTestId('fork-from-here').click();
    const report = page.getByTestId('fork-report');
    await expect(report).toContainText('Restored by storage state, URL and form input');
    await expect(report).toContainText(`agent-inspector fork "${dir}" --at ${typed.seq}`);
    // The fork is open, live, under its parent; its page is the expenses page, logged in, the form as typed.
    const items = page.getByTestId('session-item');
    await expect(items).toHaveCount(2);
    await expect(items.nth(1)).toHaveAttribute('aria-current', 'true');
    await expect(items.nth(1).getByTestId('session-fork-of')).toHaveText(`↳ fork of step ${typed.seq}`);
    await snap(page, 'fork-bar', 'fork-report', testInfo);
    await snap(page, 'sessions-panel', 'fork-live', testInfo);
  } finally {
    await browser.close();
    await server.stop();
  }
  // Recorded beside its parent, as its fork; the restore's own calls are not in it.
  const forkDir = sessionFolders(root).find(folder => folder !== dir)!;
  const forked = await openSession(forkDir);
  expect(forked.meta.forkOf).toEqual({ session: parent.meta.id, step: typed.seq });
  expect(forked.steps).toHaveLength(0);
});
