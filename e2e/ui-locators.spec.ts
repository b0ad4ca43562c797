import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expectSpecPasses } from './support/exported-spec';
import { expect, test } from './support/fixtures';
import { connectHttp, startHttpServer, type HttpServerProcess } from './support/mcp';
import { openInspector, snap, stepRow } from './support/ui';

let dir: string;
const servers: HttpServerProcess[] = [];

test.beforeEach(() => {
  // Outside test-results/, which a concurrent run may clear.
  dir = mkdtempSync(join(tmpdir(), 'ui-locators-'));
});
test.afterEach(async () => {
  await Promise.all(servers.splice(0).map(server => server.stop()));
  rmSync(dir, { recursive: true, force: true });
});

test('Locators tab on a page with duplicate buttons shows the ambiguity; picking the test id changes the exported spec, which passes', async ({
  site,
}, testInfo) => {
  test.setTimeout(120_000);
  const sessions = join(dir, 'sessions');
  const server = await startHttpServer(['--session-dir', sessions], 'serve');
  servers.push(server);
  const agent = await connectHttp(server.url);
  const page = await agent.call('browser_navigate', { url: `${site.url}/duplicates.html` });
  const secondDelete = [...(page.parsed.snapshot?.yaml ?? '').matchAll(/button "Delete" \[ref=(e\d+)\]/g)][1][1];
  await agent.call('browser_click', { element: 'second Delete button', target: secondDelete });
  await agent.close();

  const { browser, page: ui, errors } = await openInspector(server.url);
  try {
    await ui.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url });
    await ui.getByTestId('session-item').first().click();
    await stepRow(ui, 2).click();
    await ui.getByTestId('tab-locators').click();
    const target = ui.getByTestId('locator-target');
    await expect(target.getByTestId('locator-warning')).toHaveText(
      '⚠ The recorded locator is positional (.nth(1)); test id page.locator(\'[data-qa="delete-2"]\') is unique.',
    );
    const candidates = target.getByTestId('locator-candidate');
    await expect(
      candidates
        .filter({ hasText: "page.getByRole('button', { name: 'Delete' })" })
        .first()
        .getByTestId('locator-count'),
    ).toHaveText('2');
    const testId = candidates.filter({ hasText: `page.locator('[data-qa="delete-2"]')` });
    await expect(testId.getByTestId('locator-count')).toHaveText('1');
    await expect(testId).toContainText('recommended');
    await expect(candidates.filter({ hasText: '.nth(1)' })).toContainText('export uses');
    await expect(target.getByTestId('locator-reason')).toHaveText('Test id is unique.');
    // The timeline marks the step once the report is known.
    await expect(stepRow(ui, 2).getByTestId('step-locator-warning')).toBeVisible();
    await expect(stepRow(ui, 1).getByTestId('step-locator-warning')).toHaveCount(0);
    await snap(ui, 'detail-panel', 'locators-before', testInfo);

    // The radio follows the saved pick: it turns on when the bridge has answered, not on the click itself.
    await testId.getByRole('radio').click();
    await expect(testId.getByRole('radio')).toBeChecked();
    await expect(testId).toContainText('your choice');
    await expect(target.getByTestId('locator-warning')).toHaveCount(0);
    await expect(stepRow(ui, 2).getByTestId('step-locator-warning')).toHaveCount(0);
    await snap(ui, 'detail-panel', 'locators-chosen', testInfo);
    await ui.screenshot({ path: testInfo.outputPath('locators-window.png') });
    const folder = join(sessions, readdirSync(sessions)[0]);
    expect(JSON.parse(readFileSync(join(folder, 'locators.json'), 'utf8')).choices).toEqual([
      { seq: 2, target: 0, code: `page.locator('[data-qa="delete-2"]')` },
    ]);

    await ui.getByTestId('export').click();
    const preview = ui.getByTestId('export-preview');
    await preview.getByRole('button', { name: 'Copy' }).click();
    const spec = await ui.evaluate(() => navigator.clipboard.readText());
    expect(spec).toContain(`await page.locator('[data-qa="delete-2"]').click();`);
    expect(spec).not.toContain('.nth(1)');

    await expectSpecPasses(spec);
    expect(errors).toEqual([]);
  } finally {
    await browser.close();
  }
});
