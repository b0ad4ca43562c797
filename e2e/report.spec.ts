import { execFile, spawn } from 'node:child_process';
import { cpSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { gunzipSync } from 'node:zlib';
import { chromium, type Page } from 'playwright';
import { chunkBytes } from '../src/main/report/chunks';
import { openZip } from '../src/main/sessions/zip-reader';
import { expect, test } from './support/fixtures';
import { CLI, connectStdio, refOf } from './support/mcp';

const run = promisify(execFile);
const PASSWORD = 'pw-never-in-a-report-71';

/** Every file of the report as the text it holds: chunks unpacked (UTF-16 scripts, or base64 blocks of a single file), zips from their entries. */
async function reportTexts(dir: string): Promise<{ name: string; text: string }[]> {
  const texts: { name: string; text: string }[] = [];
  for (const name of readdirSync(dir, { recursive: true, encoding: 'utf8' })) {
    const path = join(dir, name);
    if (!statSync(path).isFile()) continue;
    const data = readFileSync(path);
    if (name.endsWith('.zip')) {
      const zip = await openZip(path, { maxEntries: 1000, maxTotalBytes: 1e9 });
      for (const entry of zip.entries.filter(entry => !entry.directory)) {
        const bytes = await zip.read(entry);
        texts.push({
          name: `${name}:${entry.name}`,
          text: (bytes[0] === 0x1f && bytes[1] === 0x8b ? gunzipSync(bytes) : bytes).toString('utf8'),
        });
      }
      zip.close();
      continue;
    }
    if (data[0] === 0xff && data[1] === 0xfe) {
      texts.push(
        { name, text: data.toString('utf16le') },
        { name: `${name} (unpacked)`, text: gunzipSync(chunkBytes(data, name)).toString('utf8') },
      );
      continue;
    }
    const text = data.toString('utf8');
    texts.push({ name, text });
    for (const [, base64] of text.matchAll(/id="agent-inspector-report-chunk:[^"]+">([A-Za-z0-9+/=]+)</g)) {
      texts.push({ name: `${name} (unpacked)`, text: gunzipSync(Buffer.from(base64, 'base64')).toString('utf8') });
    }
  }
  return texts;
}

/** The report opened from file:// with every http(s) request refused and counted. */
async function openReport(dir: string, file = 'index.html') {
  const browser = await chromium.launch({
    executablePath: process.env.AGENT_INSPECTOR_CHROMIUM ?? '/usr/bin/chromium',
  });
  const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  const requests: string[] = [];
  const errors: string[] = [];
  await page.route(/^https?:/, route => {
    requests.push(route.request().url());
    return route.abort();
  });
  page.on('pageerror', error => errors.push(error.message));
  page.on('console', message => message.type() === 'error' && errors.push(message.text()));
  await page.goto(`file://${join(dir, file)}`);
  return { browser, page, requests, errors };
}

const stepRow = (page: Page, seq: number) => page.locator(`[data-testid=timeline-step][data-seq="${seq}"]`);

test("a report opens from file:// with no network: the runs, and a run in the inspector's own panels, read-only; no password anywhere", async ({
  site,
  workspace,
}, testInfo) => {
  test.setTimeout(120_000);
  mkdirSync(workspace, { recursive: true });
  const sessions = join(workspace, 'sessions');
  const secrets = join(workspace, 'secrets.env');
  writeFileSync(secrets, `PASSWORD=${PASSWORD}\n`);
  // Run 1: a form with a password, and a click that navigates. Run 2: console errors and failed requests.
  const first = await connectStdio(['--session-dir', sessions, '--secrets', secrets], { cwd: workspace });
  const form = await first.call('browser_navigate', { url: `${site.url}/form.html` });
  const typed = await first.call('browser_type', {
    target: refOf(form.parsed.snapshot?.yaml, /textbox "Password"/),
    text: PASSWORD,
  });
  await first.call('browser_click', { target: refOf(form.parsed.snapshot?.yaml, /link "Dialogs page"/) });
  await first.close();
  const second = await connectStdio(['--session-dir', sessions], { cwd: workspace });
  const activity = await second.call('browser_navigate', { url: `${site.url}/activity.html` });
  await second.call('browser_click', { target: refOf(activity.parsed.snapshot?.yaml, /button "Run"/) });
  await second.call('browser_wait_for', { time: 0.5 });
  await second.close();

  const report = join(workspace, 'report');
  const written = await run('node', [CLI, 'report', '--session-dir', sessions, '-o', report]);
  expect(written.stderr).toMatch(/Wrote .*report\/ \(2 runs, 6 steps\)/);
  const texts = await reportTexts(report);
  // The scan reads the data itself, not only its packing.
  expect(texts.some(({ name, text }) => name.endsWith('(unpacked)') && text.includes('form.html'))).toBe(true);
  for (const { name, text } of texts) {
    expect(text.includes(PASSWORD), `the password in ${name}`).toBe(false);
    // The request credentials the recording keeps stay in its zip: the viewer's data leaves them out.
    if (!name.endsWith('.zip') && !name.includes('.zip:'))
      expect(text.includes('tok-123'), `a bearer token in ${name}`).toBe(false);
  }

  // Refusals: a recording holding a typed password in clear (as made before masking), and a folder that is not a report.
  const formDir = readdirSync(sessions)
    .map(name => join(sessions, name))
    .find(dir => readFileSync(join(dir, 'events.jsonl'), 'utf8').includes('<secret>PASSWORD</secret>'))!;
  const unmasked = join(workspace, 'unmasked', 'session');
  cpSync(formDir, unmasked, { recursive: true });
  writeFileSync(
    join(unmasked, 'events.jsonl'),
    readFileSync(join(unmasked, 'events.jsonl'), 'utf8').replaceAll('<secret>PASSWORD</secret>', 'typed-in-clear'),
  );
  const refused = await run('node', [CLI, 'report', unmasked, '-o', join(workspace, 'refused')]).then(
    () => undefined,
    error => error as { code: number; stderr: string },
  );
  expect(refused?.code).toBe(1);
  expect(refused?.stderr).toContain('recorded before secrets were masked');
  expect(refused?.stderr).toContain('agent-inspector redact');
  const foreign = await run('node', [CLI, 'report', '--session-dir', sessions, '-o', join(workspace, 'sessions')]).then(
    () => undefined,
    error => error as { code: number; stderr: string },
  );
  expect(foreign?.stderr).toContain('exists and is not a report written by agent-inspector');
  expect(readdirSync(sessions)).toHaveLength(2);

  // A fork of the form run from its step 1 that stops after step 2: the front page says where it parts from its parent.
  const parentMeta = JSON.parse(readFileSync(join(formDir, 'session.json'), 'utf8')) as { id: string };
  const fork = join(workspace, 'forked', 'fork-session');
  cpSync(formDir, fork, { recursive: true });
  writeFileSync(
    join(fork, 'session.json'),
    JSON.stringify({ ...parentMeta, id: 'fork-of-form', forkOf: { session: parentMeta.id, step: 1 } }),
  );
  const forkEvents = readFileSync(join(fork, 'events.jsonl'), 'utf8')
    .replaceAll(parentMeta.id, 'fork-of-form')
    .split('\n')
    .filter(line => !line.includes('"seq":3,'));
  writeFileSync(join(fork, 'events.jsonl'), forkEvents.join('\n'));
  const forkReport = join(workspace, 'fork-report');
  await run('node', [CLI, 'report', formDir, fork, '-o', forkReport]);

  const { browser, page, requests, errors } = await openReport(report);
  try {
    const runs = page.getByTestId('report-run');
    await expect(runs).toHaveCount(2);
    await expect(runs.nth(0).getByTestId('report-run-steps')).toHaveText('3');
    await expect(runs.nth(0).getByTestId('report-run-errors')).toContainText(/page error.*failed request/);
    await expect(runs.nth(1).getByTestId('report-run-errors')).toHaveText('none');
    await page.screenshot({ path: testInfo.outputPath('report-front.png') });

    // Search covers every run: a request only the activity run made; the hit opens it at its step.
    await page.getByRole('searchbox', { name: 'Search sessions' }).fill('missing.json');
    const hits = page.getByTestId('search-hit');
    await expect(hits).toHaveCount(1);
    await expect(hits).toHaveAttribute('data-seq', '2');
    await hits.click();
    await expect(stepRow(page, 2)).toHaveAttribute('aria-selected', 'true');
    await page.getByRole('searchbox', { name: 'Search sessions' }).fill('');
    await page.getByRole('button', { name: 'All runs' }).click();

    // The form run: what the agent received, its Before and After, the tree, the code, the DOM diff.
    await runs.nth(1).getByRole('button').click();
    await expect(page.getByTestId('timeline-step')).toHaveCount(3);
    await stepRow(page, 2).click();
    const response = page.getByTestId('response-view');
    await expect(response).toHaveAttribute('data-seq', '2');
    await expect(response).toContainText(typed.parsed.code!);
    await expect(response).toContainText("fill(process.env['PASSWORD'])");
    for (const shot of ['Before', 'After']) {
      await page.getByRole('button', { name: shot, exact: true }).click();
      const image = page.getByTestId('page-screenshot');
      await expect.poll(() => image.evaluate(img => (img as HTMLImageElement).naturalWidth)).toBeGreaterThan(100);
    }
    await expect(page.getByTestId('aria-tree')).toContainText('textbox "Password"');
    await page.getByTestId('tab-code').click();
    await expect(page.locator('.monaco-editor .view-lines')).toContainText("process.env['PASSWORD']");
    await stepRow(page, 3).click();
    await page.getByTestId('tab-dom-diff').click();
    await expect(page.getByTestId('dom-diff')).toContainText('Aria tree · step 1 → 3');
    await expect(page.getByTestId('dom-diff')).toContainText('button "Show alert"');
    // Any earlier step, as in the app: the report holds each state once and the page diffs them.
    await page.getByTestId('diff-from').selectOption('1');
    await expect(page.getByTestId('dom-diff')).toContainText('DOM · step 1 → 3');
    await expect(page.getByTestId('dom-diff-body')).toContainText('Show alert');
    // Browser State as after the selected step, rebuilt in the page.
    await page.getByTestId('tab-state-files').click();
    await expect(page.getByTestId('state-note')).toHaveText('As after step 3, rebuilt from the recording.');
    await page.getByTestId('state-file').filter({ hasText: 'accessibility-tree.yaml' }).click();
    await expect(page.getByTestId('state-file-editor')).toHaveAttribute('data-path', 'accessibility-tree.yaml');
    await expect(page.locator('[data-testid=state-file-editor] .view-lines')).toContainText('Show alert');
    await expect(page.getByTestId('download-session')).toHaveAttribute('href', /^data\/runs\/\d+\/.+\.zip$/);
    // What needs a browser is not offered at all.
    for (const absent of ['tab-replay', 'tab-run-code']) await expect(page.getByTestId(absent)).toHaveCount(0);
    await expect(page.getByRole('button', { name: /Fork|Replay|Connect an agent/ })).toHaveCount(0);

    // The activity run: Console and Network of the step that clicked.
    await page.getByRole('button', { name: 'All runs' }).click();
    await page.getByTestId('report-run').nth(0).getByRole('button').click();
    await stepRow(page, 2).click();
    await page.getByTestId('tab-console').click();
    await expect(page.getByTestId('detail-panel')).toContainText('kaboom');
    await page.getByTestId('tab-network').click();
    await expect(page.getByTestId('detail-panel')).toContainText('/missing.json');
    await page.screenshot({ path: testInfo.outputPath('report-run.png') });

    expect(requests).toEqual([]);
    expect(errors).toEqual([]);

    // --single-file: the same runs from one .html, the password nowhere in it either.
    const single = join(workspace, 'shared.html');
    const one = await run('node', [CLI, 'report', '--session-dir', sessions, '--single-file', '-o', single]);
    expect(one.stderr).toMatch(/Wrote .*shared\.html \(2 runs, 6 steps\)/);
    const singleTexts = await reportTexts(workspace).then(all =>
      all.filter(file => file.name.startsWith('shared.html')),
    );
    expect(singleTexts.some(({ name, text }) => name.endsWith('(unpacked)') && text.includes('form.html'))).toBe(true);
    for (const { name, text } of singleTexts) {
      expect(text.includes(PASSWORD), `the password in ${name}`).toBe(false);
    }
    const inline = await openReport(workspace, 'shared.html');
    try {
      await expect(inline.page.getByTestId('report-run')).toHaveCount(2);
      await inline.page.getByTestId('report-run').nth(1).getByRole('button').click();
      await stepRow(inline.page, 2).click();
      await expect(inline.page.getByTestId('response-view')).toContainText(typed.parsed.code!);
      await expect
        .poll(() => inline.page.getByTestId('page-screenshot').evaluate(img => (img as HTMLImageElement).naturalWidth))
        .toBeGreaterThan(100);
      await expect(inline.page.getByTestId('download-session')).toHaveCount(0);
      await inline.page.getByTestId('tab-code').click();
      await expect(inline.page.locator('.monaco-editor .view-lines')).toContainText("process.env['PASSWORD']");
      expect(inline.requests).toEqual([]);
      expect(inline.errors).toEqual([]);
    } finally {
      await inline.browser.close();
    }

    // The fork's row says where it parts from its parent.
    const forkPage = await browser.newPage();
    await forkPage.goto(`file://${join(forkReport, 'index.html')}`);
    const forkRow = forkPage.locator('[data-testid=report-run][data-session-id="fork-of-form"]');
    await expect(forkRow).toContainText('fork of agent-inspector-e2e at step 1');
    await expect(forkRow.getByTestId('report-run-divergence')).toHaveText(
      " · parts from its parent after the parent's step 3: only in A",
    );
    await forkPage.close();

    // show-report serves the same folder on loopback.
    const shown = spawn('node', [CLI, 'show-report', report, '--port', '0', '--no-open'], {
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    try {
      const url = await new Promise<string>((done, fail) => {
        let output = '';
        shown.stderr.on('data', chunk => {
          output += chunk;
          const found = /Serving .* at (http:\/\/127\.0\.0\.1:\d+\/)/.exec(output)?.[1];
          if (found) done(found);
        });
        shown.on('exit', code => fail(new Error(`show-report exited with ${code}: ${output}`)));
      });
      const served = await browser.newPage();
      await served.goto(url);
      await expect(served.getByTestId('report-run')).toHaveCount(2);
      await served.getByTestId('report-run').nth(1).getByRole('button').click();
      await expect(served.getByTestId('response-view')).toContainText('Dialogs');
      expect((await fetch(`${url}data/index.js`, { method: 'POST' })).status).toBe(405);
    } finally {
      shown.kill();
    }
  } finally {
    await browser.close();
  }
});
