import { execFile } from 'node:child_process';
import { copyFileSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { openSession } from '../src/main/sessions/session-reader';
import { expect, test } from './support/fixtures';
import { CLI, connectStdio, refOf } from './support/mcp';

const run = promisify(execFile);

test('an exported spec asserts where a link led without its timestamp, and what a submission said, and passes three runs in a row', async ({ site, workspace }) => {
  test.setTimeout(180_000);
  const sessions = join(workspace, 'sessions');
  const mcp = await connectStdio(['--session-dir', sessions], { cwd: workspace });
  const catalog = await mcp.call('browser_navigate', { url: `${site.url}/catalog.html` });
  // The link goes through a redirect that adds `ts=<now>`: a URL no later run will see again.
  const results = await mcp.call('browser_click', { target: refOf(catalog.parsed.snapshot!.yaml!, /link "Shoes"/) });
  const yaml = results.parsed.snapshot!.yaml!;
  await mcp.call('browser_type', { target: refOf(yaml, /textbox "Email"/), text: 'ada@example.com' });
  const subscribed = await mcp.call('browser_click', { target: refOf(yaml, /button "Subscribe"/) });
  expect(subscribed.parsed.snapshot!.yaml).toMatch(/status \[ref=\w+\]: Subscribed ada@example.com to shoes news\. Request \d+ at /);
  await mcp.close();

  const dir = join(sessions, readdirSync(sessions)[0]);
  const recorded = await openSession(dir);
  const click = recorded.steps[1];
  expect(click.navigated).toBe(true);
  const ts = new URL(click.url!).searchParams.get('ts');
  expect(ts).toMatch(/^\d{13}$/);

  const spec = join(workspace, 'shoes.spec.ts');
  await run('node', [CLI, 'export', dir, '-o', spec]);
  const code = readFileSync(spec, 'utf8');
  expect(code).toContain([
    `await page.getByRole('link', { name: 'Shoes' }).click();`,
    `  await expect(page).toHaveURL(url => url.origin + url.pathname === BASE_URL + '/search.html' && url.searchParams.get('q') === 'shoes');`,
  ].join('\n'));
  expect(code).not.toContain(ts);
  // The words before the request number and time, which change on every run.
  expect(code).toContain([
    `await page.getByRole('button', { name: 'Subscribe' }).click();`,
    `  await expect(page.getByRole('status')).toContainText('Subscribed ada@example.com to shoes news. Request');`,
  ].join('\n'));

  // Run it as a project of its own would, three times: each run gets a new timestamp, request number and time.
  const project = mkdtempSync(join(tmpdir(), 'export-assertions-'));
  try {
    symlinkSync(join(process.cwd(), 'node_modules'), join(project, 'node_modules'));
    copyFileSync(spec, join(project, 'shoes.spec.ts'));
    writeFileSync(join(project, 'playwright.config.mjs'), `export default { use: { launchOptions: { executablePath: '/usr/bin/chromium' } } };\n`);
    for (const attempt of [1, 2, 3]) {
      const result = await run('npx', ['playwright', 'test', '--reporter=line'], { cwd: project })
        .catch(error => error as { stdout: string; stderr: string; code: number });
      expect('code' in result ? `${result.stdout}\n${result.stderr}` : '', `run ${attempt} passes`).toBe('');
      expect(result.stdout).toContain('1 passed');
    }
  } finally {
    rmSync(project, { recursive: true, force: true });
  }
});
