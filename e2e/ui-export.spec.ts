import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright';
import { expectSpecPasses } from './support/exported-spec';
import { craftZip } from './support/crafted-zip';
import { expect, test } from './support/fixtures';
import { connectHttp, refOf, startHttpServer, type HttpServerProcess } from './support/mcp';
import { openInspector, stepRow } from './support/ui';

let dir: string;
const servers: HttpServerProcess[] = [];

test.beforeEach(() => {
  // Outside test-results/, which a concurrent run may clear.
  dir = mkdtempSync(join(tmpdir(), 'ui-export-'));
});
test.afterEach(async () => {
  await Promise.all(servers.splice(0).map(server => server.stop()));
  rmSync(dir, { recursive: true, force: true });
});

async function serve(sessionDir: string) {
  const server = await startHttpServer(['--session-dir', sessionDir], 'serve');
  servers.push(server);
  return server;
}

/** An agent fills the fixture form through `serve --session-dir`; returns the session folder. */
async function recordForm(siteUrl: string, sessionDir: string): Promise<string> {
  const recorder = await serve(sessionDir);
  const agent = await connectHttp(recorder.url);
  const nav = await agent.call('browser_navigate', { url: `${siteUrl}/form.html` });
  const yaml = nav.parsed.snapshot!.yaml;
  await agent.call('browser_type', {
    element: 'Full name',
    target: refOf(yaml, /textbox "Full name"/),
    text: 'Ada Lovelace',
  });
  await agent.call('browser_click', { element: 'terms', target: refOf(yaml, /checkbox "I accept the terms"/) });
  await agent.call('browser_click', { element: 'Create account', target: refOf(yaml, /button "Create account"/) });
  await agent.call('browser_wait_for', { text: 'Saved Ada Lovelace' });
  await agent.close();
  await recorder.stop();
  return join(sessionDir, readdirSync(sessionDir)[0]);
}

/** Drops a file on the inspector window the way a desktop drag does: dragenter, then drop, with the file attached. */
async function dropFile(page: Page, name: string, bytes: Buffer) {
  const dataTransfer = await page.evaluateHandle(
    ({ name, base64 }) => {
      const transfer = new DataTransfer();
      transfer.items.add(
        new File([Uint8Array.from(atob(base64), char => char.charCodeAt(0))], name, { type: 'application/zip' }),
      );
      return transfer;
    },
    { name, base64: bytes.toString('base64') },
  );
  await page.dispatchEvent('body', 'dragenter', { dataTransfer });
  await expect(page.getByTestId('drop-zone')).toBeVisible();
  await page.dispatchEvent('body', 'drop', { dataTransfer });
  await expect(page.getByTestId('drop-zone')).toBeHidden();
}

test('Export spec previews the spec in the editor; the saved file passes under npx playwright test; Copy copies it', async ({
  site,
}, testInfo) => {
  test.setTimeout(120_000);
  const sessions = join(dir, 'sessions');
  await recordForm(site.url, sessions);
  const server = await serve(sessions);
  const { browser, page, errors } = await openInspector(server.url);
  try {
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url });
    await page.getByTestId('session-item').first().click();
    await expect(page.getByTestId('timeline-step')).toHaveCount(5);
    await page.getByTestId('export').click();
    const preview = page.getByTestId('export-preview');
    await expect(preview).toBeVisible();
    await expect(preview.locator('.view-lines')).toContainText(`await page.goto(BASE_URL + '/form.html');`);
    await expect(preview).toContainText(/session-.*\.spec\.ts/);
    await page.screenshot({ path: test.info().outputPath('replay-export-preview.png') });
    await testInfo.attach('export-preview', { body: await page.screenshot(), contentType: 'image/png' });

    await preview.getByRole('button', { name: 'Copy' }).click();
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toContain(`await expect(page.getByTestId('full-name')).toHaveValue('Ada Lovelace');`);
    expect(copied).toContain(`await expect(page.getByRole('status')).toContainText('Saved Ada Lovelace`);

    const download = page.waitForEvent('download');
    await page.getByTestId('export-save').click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^session-.*\.spec\.ts$/);
    const saved = join(dir, 'flow.spec.ts');
    await file.saveAs(saved);
    expect(readFileSync(saved, 'utf8')).toBe(copied);
    await page.keyboard.press('Escape');
    await expect(preview).toBeHidden();

    // The downloaded spec runs for real, against the same site, in a project of its own.
    await expectSpecPasses(readFileSync(saved, 'utf8'));
    expect(errors).toEqual([]);
  } finally {
    await browser.close();
  }
});

test('Export .zip downloads the session folder; the zip reopens by drop and by path, the folder by upload; a zip escaping its folder is refused', async ({
  site,
}, testInfo) => {
  test.setTimeout(120_000);
  const sessions = join(dir, 'sessions');
  const folder = await recordForm(site.url, sessions);
  const server = await serve(sessions);
  const { browser, page, errors } = await openInspector(server.url);
  const archive = join(dir, 'session.zip');
  try {
    await page.getByTestId('session-item').first().click();
    await expect(page.getByTestId('timeline-step')).toHaveCount(5);
    const download = page.waitForEvent('download');
    await page.getByTestId('export-zip').click();
    const file = await download;
    expect(file.suggestedFilename()).toBe(`${readdirSync(sessions)[0]}.zip`);
    await file.saveAs(archive);
  } finally {
    await browser.close();
  }
  expect(execFileSync('unzip', ['-t', archive]).toString()).toContain('No errors detected');
  const listing = execFileSync('unzip', ['-l', archive]).toString();
  expect(listing).toContain('/events.jsonl');
  expect(listing).toContain('/artifacts/');

  // Another inspector, with none of these sessions: the zip dropped on its window opens as the same session.
  const elsewhere = join(dir, 'elsewhere');
  const other = await serve(elsewhere);
  const second = await openInspector(other.url);
  try {
    const { page } = second;
    await expect(page.getByTestId('session-item')).toHaveCount(0);

    // A crafted archive: the session plus a file aimed outside the folder. Refused, and nothing written.
    const evil = craftZip([
      { name: 's/session.json', data: readFileSync(join(folder, 'session.json')) },
      { name: 's/events.jsonl', data: readFileSync(join(folder, 'events.jsonl')) },
      { name: 's/../../evil.txt', data: 'pwned' },
    ]);
    await dropFile(page, 'evil.zip', evil);
    await expect(page.locator('.toast').filter({ hasText: 'escapes the folder' })).toBeVisible();
    expect(existsSync(join(dir, 'evil.txt'))).toBe(false);
    expect(existsSync(join(elsewhere, 'evil.txt'))).toBe(false);
    expect(existsSync(elsewhere) ? readdirSync(elsewhere) : []).toEqual([]);
    // A download cut short: refused by name, nothing unpacked.
    await dropFile(page, 'cut.zip', readFileSync(archive).subarray(0, 2000));
    await expect(page.locator('.toast').filter({ hasText: 'The archive is truncated' })).toBeVisible();
    expect(existsSync(elsewhere) ? readdirSync(elsewhere) : []).toEqual([]);

    await dropFile(page, 'session.zip', readFileSync(archive));
    await expect(page.getByTestId('timeline-step')).toHaveCount(5, { timeout: 15_000 });
    await expect(page.getByTestId('session-item')).toHaveCount(1);
    await expect(stepRow(page, 1).getByTestId('step-thumbnail')).toBeVisible();
    await stepRow(page, 5).click();
    await expect(page.getByTestId('aria-tree')).toContainText('Saved Ada Lovelace');
    // Unpacked beside the recordings, so it is listed after a restart too.
    const unpacked = readdirSync(elsewhere).filter(name => !name.startsWith('.'));
    expect(unpacked).toEqual([readdirSync(sessions)[0]]);
    expect(readFileSync(join(elsewhere, unpacked[0], 'events.jsonl'))).toEqual(
      readFileSync(join(folder, 'events.jsonl')),
    );
    await page.screenshot({ path: test.info().outputPath('replay-imported.png') });
    await testInfo.attach('imported', { body: await page.screenshot(), contentType: 'image/png' });

    // By path: the web mode's Open… takes a folder or a .zip on the inspector's machine.
    await page.getByTestId('open-session-path').click();
    await page.getByTestId('open-path').fill(join(dir, 'nowhere.zip'));
    await page.keyboard.press('Enter');
    await expect(page.locator('.toast').filter({ hasText: 'does not exist' })).toBeVisible();
    await page.getByTestId('open-path').fill(archive);
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('open-path')).toBeHidden();
    expect(
      readdirSync(elsewhere)
        .filter(name => !name.startsWith('.'))
        .sort(),
    ).toEqual([readdirSync(sessions)[0], `${readdirSync(sessions)[0]}-2`]);
    await expect(page.getByTestId('timeline-step')).toHaveCount(5);

    // A session folder picked from this computer is packed in the page and goes through the same checked upload.
    await page.getByTestId('open-session-path').click();
    await page.locator('.app-header').screenshot({ path: test.info().outputPath('replay-open-form.png') });
    await page.getByTestId('upload-folder').setInputFiles(folder);
    await expect(page.getByTestId('open-path')).toBeHidden();
    await expect.poll(() => readdirSync(elsewhere).filter(name => !name.startsWith('.')).length).toBe(3);
    const third = join(elsewhere, `${readdirSync(sessions)[0]}-3`);
    expect(readFileSync(join(third, 'events.jsonl'))).toEqual(readFileSync(join(folder, 'events.jsonl')));
    expect(readdirSync(join(third, 'artifacts')).sort()).toEqual(readdirSync(join(folder, 'artifacts')).sort());
    await expect(page.getByTestId('timeline-step')).toHaveCount(5);
    expect(second.errors).toEqual([]);
  } finally {
    await second.browser.close();
  }
  expect(errors).toEqual([]);
});
