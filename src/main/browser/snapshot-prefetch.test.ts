import { expect, test } from '@playwright/test';
import { chromium, type Browser, type Page } from 'playwright';
import { Tab } from './tab';

// The snapshot an action's answer needs, taken ahead while the action's quiet window runs out (Tab.runAction).

let browser: Browser;
let page: Page;

test.beforeAll(async () => {
  browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
});

test.afterAll(() => browser.close());

test.beforeEach(async () => {
  page = await browser.newPage();
});

test.afterEach(() => page.close());

/** A Tab on the page, and how many aria snapshots Playwright took for it (and what each showed). */
function countingTab() {
  const tab = new Tab(page, test.info().outputPath('downloads'), () => {});
  const counts = { taken: 0, shown: [] as string[] };
  const ariaSnapshot = page.ariaSnapshot.bind(page);
  page.ariaSnapshot = options => (counts.taken++, ariaSnapshot(options).then(yaml => (counts.shown.push(yaml), yaml)));
  return { tab, counts };
}

test('a click on a page that then stays still is answered with the snapshot taken during its quiet window', async () => {
  await page.setContent('<button onclick="this.textContent = \'Opened\'">Menu</button>');
  const { tab, counts } = countingTab();
  await tab.runAction(() => page.click('button'), { snapshotAfter: true });
  expect(counts.taken).toBe(1);
  expect(await tab.snapshot()).toContain('button "Opened"');
  expect(counts.taken).toBe(1);
});

test('a change after the snapshot taken ahead makes the answer take its own, which shows it', async () => {
  // The handler changes the page 250 ms later: after the snapshot taken ahead (50 ms in), inside the quiet window.
  await page.setContent(`<button onclick="setTimeout(() => { this.textContent = 'Late'; }, 250)">Menu</button>`);
  const { tab, counts } = countingTab();
  await tab.runAction(() => page.click('button'), { snapshotAfter: true });
  expect(counts.taken).toBe(1);
  expect(await tab.snapshot()).toContain('button "Late"');
  // The answer took its own, unless the machine was so slow that the one taken ahead already saw the change.
  if (counts.shown[0].includes('button "Late"')) expect(counts.taken).toBe(1);
  else expect(counts.taken).toBe(2);
});

test('without snapshotAfter nothing is taken ahead; a call that may act forgets a snapshot still under way', async () => {
  await page.setContent('<button>Still</button>');
  const { tab, counts } = countingTab();
  await tab.runAction(() => page.click('button'));
  expect(counts.taken).toBe(0);
  // A snapshot under way when the page is declared changed is not kept for reuse.
  const counting = page.ariaSnapshot;
  page.ariaSnapshot = options => {
    tab.forgetSnapshot();
    return counting(options);
  };
  await tab.snapshot();
  page.ariaSnapshot = counting;
  await tab.snapshot();
  expect(counts.taken).toBe(2);
  await tab.snapshot();
  expect(counts.taken).toBe(2);
});
