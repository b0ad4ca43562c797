import { execFile, spawn } from 'node:child_process';
import {
  copyFileSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { gunzipSync } from 'node:zlib';
import { openZip } from '../src/main/sessions/zip-reader';
import { zipFolder } from '../src/main/sessions/zip-writer';
import { expect, test } from './support/fixtures';
import { inProcessCore } from './support/in-process';
import { CLI, connectStdio, refOf } from './support/mcp';

const run = promisify(execFile);
type Failed = { stdout: string; stderr: string; code: number };

const TYPED = 'hunter2-typed-by-agent';
const FILLED = 'correct-horse-filled';
const TOKEN = 'tok-9f8e7d6c5b4a';
const CLEAR = [TYPED, FILLED, TOKEN];

/** Every file under `dir` (the secrets file aside), with gzip artifacts read as the text they hold. */
function filesUnder(dir: string, skip: string): { name: string; data: Buffer }[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .map(name => join(dir, name))
    .filter(path => path !== skip && statSync(path).isFile())
    .map(path => ({ name: path, data: plain(readFileSync(path)) }));
}

const plain = (data: Buffer) => (data[0] === 0x1f && data[1] === 0x8b ? gunzipSync(data) : data);

function expectNoClearValue(files: { name: string; data: Buffer }[]) {
  expect(files.length).toBeGreaterThan(3);
  for (const { name, data } of files)
    for (const value of CLEAR) expect(data.includes(value), `${value} in ${name}`).toBe(false);
}

test('what an agent types into secret fields reaches no file, export or zip; the exported spec and replay read it from the environment', async ({
  site,
  workspace,
}) => {
  test.setTimeout(120_000);
  mkdirSync(workspace, { recursive: true });
  const secretsFile = join(workspace, 'secrets.env');
  writeFileSync(secretsFile, `API_TOKEN=${TOKEN}\n`);
  const sessions = join(workspace, 'sessions');
  const mcp = await connectStdio(['--session-dir', sessions, '--secrets', secretsFile], { cwd: workspace });
  const nav = await mcp.call('browser_navigate', { url: `${site.url}/form.html` });
  const yaml = nav.parsed.snapshot!.yaml;
  const password = refOf(yaml, /textbox "Password"/);

  const typed = await mcp.call('browser_type', { target: password, text: TYPED });
  // The agent's own response shows the code as it will be recorded: the variable, never the value.
  expect(typed.parsed.code).toBe(
    `await page.getByRole('textbox', { name: 'Password' }).fill(process.env['PASSWORD']);`,
  );
  const filled = await mcp.call('browser_fill_form', {
    fields: [
      { name: 'Password', type: 'textbox', target: password, value: FILLED },
      { name: 'Full name', type: 'textbox', target: refOf(yaml, /textbox "Full name"/), value: 'API_TOKEN' },
      { name: 'Notes', type: 'textbox', target: refOf(yaml, /textbox "Notes"/), value: TOKEN },
    ],
  });
  expect(filled.isError).toBe(false);
  expect(filled.parsed.code).toContain(".fill(process.env['PASSWORD_2']);");
  expect(filled.parsed.code).toContain(`await page.getByTestId('full-name').fill(process.env['API_TOKEN']);`);
  expect(filled.parsed.code).toContain(
    `await page.getByRole('textbox', { name: 'Notes' }).fill(process.env['API_TOKEN']);`,
  );
  await mcp.call('browser_snapshot');
  // The page got the real values (the check runs with them; what is published shows the masks).
  const values = await mcp.call('browser_evaluate', {
    function: `() => ['name', 'password', 'notes'].map(name => document.querySelector(\`[name=\${name}]\`).value).join('|') === '${TOKEN}|${FILLED}|${TOKEN}'`,
  });
  expect(values.parsed.result).toBe('true');
  for (const response of [typed, filled, values]) for (const value of CLEAR) expect(response.text).not.toContain(value);
  await mcp.close();

  const dir = join(sessions, readdirSync(sessions)[0]);
  const events = readFileSync(join(dir, 'events.jsonl'), 'utf8');
  expect(events).toContain('<secret>PASSWORD</secret>');
  expect(events).toContain('<secret>PASSWORD_2</secret>');
  const spec = join(workspace, 'login.spec.ts');
  await run('node', [CLI, 'export', dir, '-o', spec]);
  const zipDir = mkdtempSync(join(tmpdir(), 'secrets-zip-'));
  const zipped = join(zipDir, 'session.zip');
  await zipFolder(dir, 'session', zipped);
  const archive = await openZip(zipped, { maxEntries: 1000, maxTotalBytes: 1e9 });
  const unpacked: { name: string; data: Buffer }[] = [];
  try {
    for (const entry of archive.entries.filter(entry => !entry.directory))
      unpacked.push({ name: `zip:${entry.name}`, data: plain(await archive.read(entry)) });
  } finally {
    archive.close();
    rmSync(zipDir, { recursive: true, force: true });
  }
  // The session folder, Browser State files, the exported spec and the zip (each entry unpacked).
  expectNoClearValue([...filesUnder(workspace, secretsFile), ...unpacked]);

  const code = readFileSync(spec, 'utf8');
  expect(code).toContain('//   PASSWORD\n//   PASSWORD_2\n//   API_TOKEN\n');
  const project = mkdtempSync(join(tmpdir(), 'exported-secrets-'));
  symlinkSync(join(process.cwd(), 'node_modules'), join(project, 'node_modules'));
  copyFileSync(spec, join(project, 'login.spec.ts'));
  writeFileSync(
    join(project, 'playwright.config.mjs'),
    `export default { use: { launchOptions: { executablePath: '/usr/bin/chromium' } } };\n`,
  );
  const runSpec = (env: Record<string, string>) =>
    run('npx', ['playwright', 'test', '--reporter=line'], {
      cwd: project,
      env: { ...process.env, ...env },
    }).then(
      ok => ({ ...ok, code: 0 }),
      error => error as Failed,
    );
  try {
    const passed = await runSpec({ PASSWORD: TYPED, PASSWORD_2: FILLED, API_TOKEN: TOKEN });
    expect(passed.code, `${passed.stdout}\n${passed.stderr}`).toBe(0);
    expect(passed.stdout).toContain('1 passed');
    const failed = await runSpec({ PASSWORD: TYPED });
    expect(failed.code).not.toBe(0);
    expect(failed.stdout).toContain(
      'Set the environment variable(s) PASSWORD_2, API_TOKEN: the recording masked these secrets.',
    );
  } finally {
    rmSync(project, { recursive: true, force: true });
  }

  // Replay types the masked values from the environment (the --secrets file holds API_TOKEN), never the masks.
  const replay = (env: Record<string, string>) =>
    run('node', [CLI, 'replay', dir, '--secrets', secretsFile], { env: { ...process.env, ...env } }).then(
      ok => ({ ...ok, code: 0 }),
      error => error as Failed,
    );
  const replayed = await replay({ PASSWORD: TYPED, PASSWORD_2: FILLED });
  expect(replayed.code, replayed.stdout).toBe(0);
  expect(replayed.stdout).toContain('Replayed without drift.');
  const unset = await replay({ PASSWORD: TYPED });
  expect(unset.code).not.toBe(0);
  expect(unset.stdout).toContain('set PASSWORD_2 in the environment (or the --secrets file) to replay it');
  for (const value of CLEAR) expect(replayed.stdout + unset.stdout).not.toContain(value);
});

test('a password a GET form put into the next URL: the code reads it from the environment, the exported spec matches the URL without it and passes', async ({
  site,
  workspace,
}) => {
  test.setTimeout(120_000);
  mkdirSync(workspace, { recursive: true });
  const sessions = join(workspace, 'sessions');
  const password = 'pw@GET 7';
  const mcp = await connectStdio(['--session-dir', sessions], { cwd: workspace });
  const nav = await mcp.call('browser_navigate', { url: `${site.url}/login-get.html` });
  const yaml = nav.parsed.snapshot!.yaml;
  await mcp.call('browser_type', { target: refOf(yaml, /textbox "User"/), text: 'dana' });
  // Typed with submit: the call that navigates also writes a Browser State diff, named after what was typed.
  const submitted = await mcp.call('browser_type', {
    target: refOf(yaml, /textbox "Password"/),
    text: password,
    submit: true,
  });
  expect(submitted.isError, submitted.text).toBe(false);
  // The agent goes back to the URL it was shown (masked) with the real value, as an agent copying it would.
  const url = `${site.url}/login-get.html?user=dana&pass=${encodeURIComponent(password).replace(/%20/g, '+')}`;
  const again = await mcp.call('browser_navigate', { url });
  expect(again.parsed.code).toBe(
    `await page.goto(\`${site.url}/login-get.html?user=dana&pass=\${process.env['PASSWORD']}\`);`,
  );
  for (const response of [submitted, again]) {
    expect(response.text).not.toContain('pw%40GET');
    expect(response.text).not.toContain(password);
  }
  await mcp.close();

  const dir = join(sessions, readdirSync(sessions)[0]);
  // Not in any file (the Browser State diffs and their names included), in clear or as the URL carried it.
  for (const { name, data } of filesUnder(workspace, '')) {
    for (const form of [password, 'pw%40GET', 'pw@GET', 'pw-GET'])
      expect(data.includes(form) || name.includes(form), `${form} in ${name}`).toBe(false);
  }
  const spec = join(workspace, 'get-login.spec.ts');
  await run('node', [CLI, 'export', dir, '-o', spec]);
  const code = readFileSync(spec, 'utf8');
  expect(code).not.toContain('<secret>');
  expect(code).toContain("url.searchParams.get('user') === 'dana'");
  expect(code).toContain("pass=${process.env['PASSWORD']}`");
  const project = mkdtempSync(join(tmpdir(), 'exported-get-'));
  symlinkSync(join(process.cwd(), 'node_modules'), join(project, 'node_modules'));
  copyFileSync(spec, join(project, 'get-login.spec.ts'));
  writeFileSync(
    join(project, 'playwright.config.mjs'),
    `export default { use: { launchOptions: { executablePath: '/usr/bin/chromium' } } };\n`,
  );
  try {
    const passed = await run('npx', ['playwright', 'test', '--reporter=line'], {
      cwd: project,
      env: { ...process.env, PASSWORD: password, BASE_URL: site.url },
    }).then(
      ok => ({ ...ok, code: 0 }),
      error => error as Failed,
    );
    expect(passed.code, `${code}\n${passed.stdout}\n${passed.stderr}`).toBe(0);
    expect(passed.stdout).toContain('1 passed');
  } finally {
    rmSync(project, { recursive: true, force: true });
  }
});

test('browser_interact: a --secrets value in the query is masked in the planner rounds and calls on the bus; the typed password too', async ({
  site,
  workspace,
}) => {
  const { core, events, mcp } = await inProcessCore(workspace, { secrets: { API_TOKEN: TOKEN } });
  try {
    const nav = await mcp.call('browser_navigate', { url: `${site.url}/form.html` });
    const notes = await mcp.call('browser_interact', { query: `Type "${TOKEN}" into Notes` });
    expect(notes.isError, notes.text).toBe(false);
    expect(notes.parsed.code).toBe(
      `await page.getByRole('textbox', { name: 'Notes' }).fill(process.env['API_TOKEN']);`,
    );
    const password = await mcp.call('browser_type', {
      target: refOf(nav.parsed.snapshot?.yaml, /textbox "Password"/),
      text: TYPED,
    });
    expect(password.isError, password.text).toBe(false);
    const published = JSON.stringify(events);
    expect(published).toContain('"type":"negotiation-round"');
    for (const value of [TOKEN, TYPED]) expect(published).not.toContain(value);
    expect(published).toContain('<secret>API_TOKEN</secret>');
  } finally {
    await mcp.close();
    await core.close();
  }
});

test('redact scrubs a value typed in clear out of a recorded session (folder and .zip); it still opens and exports', async ({
  site,
  workspace,
}) => {
  test.setTimeout(90_000);
  const CLEAR_NOTE = 'clear-note-s3cr3t';
  const sessions = join(workspace, 'sessions');
  const mcp = await connectStdio(['--session-dir', sessions], { cwd: workspace });
  const nav = await mcp.call('browser_navigate', { url: `${site.url}/form.html` });
  const yaml = nav.parsed.snapshot!.yaml;
  // A plain textarea: nothing tells live masking that this is a secret, so the recording keeps it in clear.
  const notes = await mcp.call('browser_type', { target: refOf(yaml, /textbox "Notes"/), text: CLEAR_NOTE });
  expect(notes.parsed.code).toContain(`'${CLEAR_NOTE}'`);
  await mcp.call('browser_type', { target: refOf(yaml, /textbox "Full name"/), text: 'Ada' });
  await mcp.call('browser_snapshot');
  await mcp.call('browser_evaluate', {
    function: `() => document.querySelector('[name=notes]').value === ${JSON.stringify(CLEAR_NOTE)}`,
  });
  await mcp.close();
  const dir = join(sessions, readdirSync(sessions)[0]);
  const sessionFiles = () => filesUnder(dir, '');
  const holds = (files: { data: Buffer }[]) => files.filter(file => file.data.includes(CLEAR_NOTE)).length;
  expect(holds(sessionFiles())).toBeGreaterThan(2);
  // Later snapshots are diffs against earlier ones: redaction must keep the chain applying (export reads them).
  expect(readdirSync(join(dir, 'artifacts')).some(name => name.endsWith('.diff'))).toBe(true);
  const zipPath = join(workspace, 'shared.zip');
  await zipFolder(dir, 'session', zipPath);
  // A zip named like the folder, beside it: only what is named is rewritten, the rest is pointed out.
  await zipFolder(dir, 'session', `${dir}.zip`);

  const cli = (...args: string[]) =>
    run('node', [CLI, ...args]).then(
      ok => ({ ...ok, code: 0 }),
      error => error as Failed,
    );
  const short = await cli('redact', dir, '--value', 'abc');
  expect(short.code).not.toBe(0);
  expect(short.stderr).toContain('"abc" is shorter than 4 characters');

  const redacted = await cli('redact', dir, '--value', `NOTE=${CLEAR_NOTE}`);
  expect(redacted.code, redacted.stderr).toBe(0);
  expect(redacted.stderr).toMatch(/replaced \d+ occurrences in \d+ files, as NOTE/);
  expect(redacted.stderr).toContain(`warning: ${dir}.zip was left as it is; redact it too`);
  expect(holds(sessionFiles())).toBe(0);
  expect(readFileSync(join(dir, 'events.jsonl'), 'utf8')).toContain('<secret>NOTE</secret>');
  const exported = await cli('export', dir, '--aria-checkpoints');
  expect(exported.code, exported.stderr).toBe(0);
  expect(exported.stdout).toContain(".fill(process.env['NOTE']);");
  expect(exported.stdout).toContain('//   NOTE\n');
  expect(exported.stdout).not.toContain(CLEAR_NOTE);

  // A .zip is written back as a .zip; an unnamed value becomes SECRET.
  const zipped = await cli('redact', zipPath, '--value', CLEAR_NOTE);
  expect(zipped.code, zipped.stderr).toBe(0);
  expect(zipped.stderr).toContain('as SECRET.');
  const archive = await openZip(zipPath, { maxEntries: 1000, maxTotalBytes: 1e9 });
  const unpacked: { data: Buffer }[] = [];
  try {
    for (const entry of archive.entries.filter(entry => !entry.directory))
      unpacked.push({ data: plain(await archive.read(entry)) });
  } finally {
    archive.close();
  }
  expect(unpacked.length).toBeGreaterThan(3);
  expect(holds(unpacked)).toBe(0);
  const fromZip = await cli('export', zipPath);
  expect(fromZip.code, fromZip.stderr).toBe(0);
  expect(fromZip.stdout).toContain(".fill(process.env['SECRET']);");
});

test('browser_interact: a password typed by the planner is masked in its own rounds, published before it is typed', async ({
  site,
  workspace,
}) => {
  const { core, events, mcp } = await inProcessCore(workspace);
  try {
    await mcp.call('browser_navigate', { url: `${site.url}/form.html` });
    const typed = await mcp.call('browser_interact', { query: `Type "${TYPED}" into Password` });
    expect(typed.isError, typed.text).toBe(false);
    expect(typed.parsed.code).toBe(
      `await page.getByRole('textbox', { name: 'Password' }).fill(process.env['PASSWORD']);`,
    );
    expect(typed.text).not.toContain(TYPED);
    const rounds = events.filter(event => event.type === 'negotiation-round');
    expect(rounds.length).toBeGreaterThan(0);
    expect(JSON.stringify(rounds)).toContain('<secret>PASSWORD</secret>');
    expect(JSON.stringify(events)).not.toContain(TYPED);
  } finally {
    await mcp.close();
    await core.close();
  }
});

test('replay on a terminal asks for a masked value it lacks, once and without echo; the step then passes', async ({
  site,
  workspace,
}) => {
  test.setTimeout(90_000);
  const sessions = join(workspace, 'sessions');
  const mcp = await connectStdio(['--session-dir', sessions], { cwd: workspace });
  const nav = await mcp.call('browser_navigate', { url: `${site.url}/form.html` });
  const password = refOf(nav.parsed.snapshot!.yaml, /textbox "Password"/);
  await mcp.call('browser_type', { target: password, text: TYPED });
  await mcp.call('browser_fill_form', {
    fields: [{ name: 'Password', type: 'textbox', target: password, value: TYPED }],
  });
  await mcp.close();
  const dir = join(sessions, readdirSync(sessions)[0]);

  // `script` gives the replay a terminal; what is written to its stdin is typed there.
  const env = { ...process.env };
  delete env.PASSWORD;
  const child = spawn('script', ['-qfec', `node ${CLI} replay ${dir}`, '/dev/null'], { env });
  let output = '';
  child.stdout.on('data', chunk => (output += chunk));
  const prompted = () => (output.match(/The recording masked PASSWORD; its value/g) ?? []).length;
  await expect.poll(prompted, { timeout: 30_000 }).toBe(1);
  child.stdin.write(`${TYPED}\r`);
  const code = await new Promise<number | null>(resolve => child.on('close', resolve));
  expect(code, output).toBe(0);
  expect(output).toContain('Replayed without drift.');
  // Asked once for both steps, and the value never appeared on the terminal.
  expect(prompted()).toBe(1);
  expect(output).not.toContain(TYPED);
});

test('browser_press_key into a focused secret field tells the agent to type the secret whole; elsewhere it says nothing', async ({
  mcp,
  site,
}) => {
  const nav = await mcp.call('browser_navigate', { url: `${site.url}/form.html` });
  const yaml = nav.parsed.snapshot!.yaml;
  await mcp.call('browser_click', { target: refOf(yaml, /textbox "Password"/) });
  const inSecret = await mcp.call('browser_press_key', { key: 'h' });
  expect(inSecret.parsed.result).toContain('The focused field takes a secret');
  expect(inSecret.parsed.result).toContain('browser_type');
  // A named key is no character of a value.
  expect((await mcp.call('browser_press_key', { key: 'Backspace' })).parsed.result ?? '').not.toContain(
    'takes a secret',
  );
  await mcp.call('browser_click', { target: refOf(yaml, /textbox "Notes"/) });
  expect((await mcp.call('browser_press_key', { key: 'h' })).parsed.result ?? '').not.toContain('takes a secret');
});
