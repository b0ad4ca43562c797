import { execFile } from 'node:child_process';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { McpBrowserClient } from '../src/main/mcp-client';
import { Replayer, type DriftReport } from '../src/main/replay';
import type { Comparison } from '../src/shared/comparison';
import { openSession } from '../src/main/sessions/session-reader';
import { expect, test as base } from './support/fixtures';
import { CLI, connectStdio, refOf } from './support/mcp';

/** What the site serves; a test changes it between recording and replaying (v1 → v2). */
interface Site {
  url: string;
  buttonLabel: string;
  detailsHref: string;
  detailsHeading: string;
}

const html = (title: string, body: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${title}</title></head><body>${body}</body></html>`;

// Sessions live outside test-results/, which a concurrent `playwright test` run may clear under a running test.
const test = base.extend<{ shop: Site; workspace: string }>({
  workspace: async ({}, use) => {
    const dir = mkdtempSync(join(tmpdir(), 'replay-e2e-'));
    await use(dir);
    rmSync(dir, { recursive: true, force: true });
  },
  shop: async ({}, use) => {
    const site: Site = { url: '', buttonLabel: 'Add to cart', detailsHref: '/details', detailsHeading: 'Details' };
    const server = createServer((req, res) => {
      const pages: Record<string, string> = {
        '/shop': html(
          'Shop',
          `<h1>Shop</h1><button onclick="document.getElementById('status').textContent = 'Added'">${site.buttonLabel}</button>` +
            `<a href="${site.detailsHref}">Details</a><p role="status" id="status"></p>`,
        ),
        '/details': html('Details', `<h1>${site.detailsHeading}</h1>`),
        '/other': html('Other', '<h1>Somewhere else</h1>'),
        '/twins': html(
          'Twins',
          `<h1>Twins</h1><button onclick="document.getElementById('status').textContent = 'Bought the first'">Buy</button>` +
            `<button onclick="document.getElementById('status').textContent = 'Bought the second'">Buy</button><p role="status" id="status"></p>`,
        ),
      };
      const page = pages[new URL(req.url ?? '/', 'http://127.0.0.1').pathname];
      res.writeHead(page ? 200 : 404, { 'content-type': 'text/html; charset=utf-8' }).end(page ?? 'not found');
    });
    await new Promise<void>(done => server.listen(0, '127.0.0.1', done));
    site.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    await use(site);
    await new Promise(done => server.close(done));
  },
});

/** Records the shop session: 1 navigate, 2 click the button, 3 snapshot, 4 follow the Details link. Returns its folder. */
async function recordShop(shop: Site, workspace: string): Promise<string> {
  const sessions = join(workspace, 'sessions');
  const mcp = await connectStdio(['--session-dir', sessions], { cwd: workspace });
  const nav = await mcp.call('browser_navigate', { url: `${shop.url}/shop` });
  const yaml = nav.parsed.snapshot!.yaml;
  await mcp.call('browser_click', { element: 'Add to cart', target: refOf(yaml, /button "Add to cart"/) });
  await mcp.call('browser_snapshot');
  await mcp.call('browser_click', { element: 'Details', target: refOf(yaml, /link "Details"/) });
  await mcp.close();
  return join(sessions, readdirSync(sessions)[0]);
}

/** `agent-inspector replay`, with its exit code and output. */
function replayCli(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise(done =>
    execFile(process.execPath, [CLI, 'replay', ...args], (error, stdout, stderr) => {
      done({ code: error ? (typeof error.code === 'number' ? error.code : -1) : 0, stdout, stderr });
    }),
  );
}

/** Our own server over stdio, in a folder of its own. */
function ourServer(cwd: string) {
  mkdirSync(cwd, { recursive: true });
  return { command: process.execPath, args: [resolve(CLI), 'mcp', '--headless', '--isolated'], cwd };
}

test('an unchanged site replays with every step ok and no drift, through the library and the CLI', async ({
  shop,
  workspace,
}) => {
  test.setTimeout(90_000);
  const dir = await recordShop(shop, workspace);

  const session = await openSession(dir);
  const client = await McpBrowserClient.connect(ourServer(join(workspace, 'replay')));
  const seen: number[] = [];
  let report: DriftReport;
  try {
    report = await new Replayer(session, client, { onStep: outcome => seen.push(outcome.seq) }).runAll();
  } finally {
    await client.disconnect();
  }
  expect(seen).toEqual([1, 2, 3, 4]);
  expect(report.steps.map(step => [step.seq, step.tool, step.status, step.drift])).toEqual([
    [1, 'browser_navigate', 'ok', []],
    [2, 'browser_click', 'ok', []],
    [3, 'browser_snapshot', 'ok', []],
    [4, 'browser_click', 'ok', []],
  ]);
  expect(report.steps[1].target).toBe('button "Add to cart"');
  expect(report.summary).toMatchObject({ steps: 4, ok: 4, clean: true });

  const cli = await replayCli([dir]);
  expect(cli.code, cli.stderr).toBe(0);
  expect(cli.stdout).toMatch(/^ {3}2 {2}browser_click button "Add to cart" {2}\d+ ms {2}ok$/m);
  expect(cli.stdout).toContain('4 steps up to 4: 4 ok, 0 drift, 0 failed, 0 skipped');
  expect(cli.stdout).toContain('Replayed without drift.');
  // The replay is compared with the recording by default, as compare does: they do not part.
  expect(cli.stdout).toContain('No divergence');
  expect(cli.stdout).toMatch(/^= 4 click link "Details" +4 click link "Details"$/m);
  expect(cli.stderr).toContain('[4/4] 4 browser_click');
});

test('a renamed button is target-not-found drift at the step that clicked it; exit code 1', async ({
  shop,
  workspace,
}) => {
  test.setTimeout(90_000);
  const dir = await recordShop(shop, workspace);
  shop.buttonLabel = 'Add to basket';

  const cli = await replayCli([dir, '--json']);
  expect(cli.code, cli.stderr).toBe(1);
  const report = JSON.parse(cli.stdout) as DriftReport;
  expect(report.steps.map(step => [step.seq, step.status])).toEqual([
    [1, 'ok'],
    [2, 'failed'],
  ]);
  expect(report.steps[1].drift).toEqual([
    { kind: 'target-not-found', role: 'button', name: 'Add to cart', detail: 'no button "Add to cart" on the page' },
  ]);
  expect(report.summary).toMatchObject({ failed: 1, notRun: 2, clean: false, stopped: { seq: 2 } });

  const text = await replayCli([dir]);
  expect(text.code).toBe(1);
  expect(text.stdout).toContain('target not found: no button "Add to cart" on the page');
  expect(text.stdout).toContain('Stopped after step 2');
});

test('a link that now leads elsewhere is url drift at that step', async ({ shop, workspace }) => {
  test.setTimeout(90_000);
  const dir = await recordShop(shop, workspace);
  shop.detailsHref = '/other';

  const cli = await replayCli([dir, '--json']);
  expect(cli.code, cli.stderr).toBe(1);
  const report = JSON.parse(cli.stdout) as DriftReport & { comparison?: Comparison };
  expect(report.steps.slice(0, 2).map(step => step.status)).toEqual(['ok', 'ok']);
  // The snapshot of step 3 already shows where the link goes.
  expect(report.steps[2]).toMatchObject({
    seq: 3,
    status: 'drift',
    drift: [{ kind: 'snapshot', diff: expect.stringContaining('+    - /url: /other') }],
  });
  expect(report.steps[3]).toMatchObject({ seq: 4, status: 'drift' });
  expect(report.steps[3].drift).toContainEqual({
    kind: 'url',
    recorded: `${shop.url}/details`,
    replayed: `${shop.url}/other`,
  });
  // The page after the last step differs too.
  expect(report.steps[3].drift).toContainEqual(
    expect.objectContaining({
      kind: 'snapshot',
      final: true,
      diff: expect.stringContaining('+- heading "Somewhere else"'),
    }),
  );
  // Beside the report, the replay compared with the recording: the pages differ from the start, the runs part at step 4.
  expect(report.comparison?.firstDivergence?.pair).toMatchObject({ status: 'changed', a: { seq: 4 }, b: { seq: 4 } });

  // In text, a drifted step reads as its pair in that comparison, in compare's words; so does the summary.
  const text = await replayCli([dir]);
  expect(text.code).toBe(1);
  expect(text.stdout).toMatch(
    new RegExp(
      `^ {3}4 {2}browser_click link "Details" {2}\\d+ ms {2}drift\\n {6}~ url: ${shop.url}/details → ${shop.url}/other; page: the aria snapshots differ$`,
      'm',
    ),
  );
  expect(text.stdout).toContain(
    `First divergence at A step 4 / B step 4: url: ${shop.url}/details → ${shop.url}/other; page: the aria snapshots differ`,
  );

  // --no-compare: the replay's own drift, in the same words, and no comparison.
  const own = await replayCli([dir, '--no-compare']);
  expect(own.code).toBe(1);
  expect(own.stdout).toContain(`url: ${shop.url}/details → ${shop.url}/other`);
  expect(own.stdout).toContain('page: the aria snapshots differ (after the last step)');
  expect(own.stdout).not.toContain('First divergence');
});

test('--to N stops after recorded step N', async ({ shop, workspace }) => {
  test.setTimeout(90_000);
  const dir = await recordShop(shop, workspace);
  // Step 4 would drift; the replay never gets there.
  shop.detailsHeading = 'Details, renamed';

  const cli = await replayCli([dir, '--to', '2', '--json']);
  expect(cli.code, cli.stderr).toBe(0);
  const report = JSON.parse(cli.stdout) as DriftReport;
  expect(report.to).toBe(2);
  expect(report.steps.map(step => [step.seq, step.status])).toEqual([
    [1, 'ok'],
    [2, 'ok'],
  ]);
  expect(report.summary).toMatchObject({ steps: 2, notRun: 0, clean: true });

  const bad = await replayCli([dir, '--to', 'two']);
  expect(bad.code).toBe(1);
  expect(bad.stderr).toContain('--to expects a recorded step number');
});

test('of two same-named buttons, the one clicked when recording is clicked again', async ({ shop, workspace }) => {
  test.setTimeout(90_000);
  const sessions = join(workspace, 'sessions');
  const mcp = await connectStdio(['--session-dir', sessions], { cwd: workspace });
  const nav = await mcp.call('browser_navigate', { url: `${shop.url}/twins` });
  const second = nav.parsed.snapshot!.yaml!.split('\n').filter(line => line.includes('button "Buy"'))[1];
  const clicked = await mcp.call('browser_click', { element: 'second Buy', target: refOf(second, /button "Buy"/) });
  expect(clicked.parsed.snapshot?.yaml).toContain('Bought the second');
  await mcp.close();

  const session = await openSession(join(sessions, readdirSync(sessions)[0]));
  const client = await McpBrowserClient.connect(ourServer(join(workspace, 'replay')));
  try {
    const report = await new Replayer(session, client).runAll();
    expect(report.steps.map(step => step.status)).toEqual(['ok', 'ok']);
    expect(report.summary.clean).toBe(true);
    expect((await client.snapshot()).find('status').text).toBe('Bought the second');
  } finally {
    await client.disconnect();
  }
});

test('--server replays on another MCP browser server: @playwright/mcp', async ({ shop, workspace }) => {
  test.setTimeout(90_000);
  const dir = await recordShop(shop, workspace);
  const playwrightMcp = `${process.execPath} ${resolve('node_modules/@playwright/mcp/cli.js')} --headless --isolated --no-sandbox --executable-path /usr/bin/chromium`;
  const cli = await replayCli([dir, '--server', playwrightMcp, '--json']);
  expect(cli.code, cli.stderr).toBe(0);
  const report = JSON.parse(cli.stdout) as DriftReport;
  expect(report.steps.map(step => step.status)).toEqual(['ok', 'ok', 'ok', 'ok']);
});
