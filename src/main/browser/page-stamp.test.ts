import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from '@playwright/test';
import { chromium, type Page } from 'playwright';
import { Tab } from './tab';

const refOf = (yaml: string, name: string) =>
  yaml
    .split('\n')
    .find(line => line.includes(name))
    ?.match(/\[ref=(e\d+)\]/)?.[1];

/** A Tab on the page, and its snapshot with whether it was taken afresh (Playwright's aria snapshot ran) or reused. */
function countingSnapshots(page: Page) {
  const tab = new Tab(page, test.info().outputPath('downloads'), () => {});
  let taken = 0;
  const ariaSnapshot = page.ariaSnapshot.bind(page);
  page.ariaSnapshot = options => (taken++, ariaSnapshot(options));
  const snapshot = async () => {
    const before = taken;
    const yaml = await tab.snapshot();
    return { yaml, fresh: taken > before };
  };
  return { tab, snapshot };
}

test('a snapshot of an unchanged page is the last one again; any change the tree could show takes a new one', async () => {
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
  try {
    const page = await browser.newPage();
    await page.setContent(`<style>#tip { display: none } #hover-me:hover + #tip { display: block }</style>
      <button id="hover-me">Hover me</button><button id="tip">Tip action</button>
      <label>Name <input id="name"></label><label><input type="checkbox" id="terms"> Terms</label>
      <button id="go" onclick="document.getElementById('out').textContent = 'Went'">Go</button><p id="out">Idle</p>
      <div id="host"></div>
      <script>document.getElementById('host').attachShadow({ mode: 'open' }).innerHTML = '<p>shadow text</p>';</script>`);
    const { tab, snapshot } = countingSnapshots(page);

    const first = await snapshot();
    expect(first.fresh).toBe(true);
    expect(await snapshot()).toEqual({ yaml: first.yaml, fresh: false });

    // Changes that fire no DOM mutation: a value or a checkbox set by a script, focus, hover styles, the viewport.
    await page.evaluate(() => {
      (document.getElementById('name') as HTMLInputElement).value = 'typed by a script';
    });
    expect(await snapshot()).toEqual({ yaml: expect.stringContaining('typed by a script'), fresh: true });
    expect((await snapshot()).fresh).toBe(false);
    await page.evaluate(() => {
      (document.getElementById('terms') as HTMLInputElement).checked = true;
    });
    expect(await snapshot()).toEqual({ yaml: expect.stringMatching(/checkbox "Terms" \[checked\]/), fresh: true });
    await page.evaluate(() => document.getElementById('name')!.focus());
    expect(await snapshot()).toEqual({ yaml: expect.stringMatching(/textbox "Name" \[active\]/), fresh: true });
    await page.hover('#hover-me');
    expect(await snapshot()).toEqual({ yaml: expect.stringContaining('Tip action'), fresh: true });
    expect((await snapshot()).fresh).toBe(false);
    await page.setViewportSize({ width: 700, height: 500 });
    expect((await snapshot()).fresh).toBe(true);
    // Inside an open shadow root, which the document's observer does not see into.
    await page.evaluate(() => {
      document.getElementById('host')!.shadowRoot!.querySelector('p')!.textContent = 'shadow changed';
    });
    expect(await snapshot()).toEqual({ yaml: expect.stringContaining('shadow changed'), fresh: true });

    // A reused snapshot's refs still resolve.
    const reused = await snapshot();
    expect(reused.fresh).toBe(false);
    await page.locator(`aria-ref=${refOf(reused.yaml, 'button "Go"')}`).click();
    expect(await snapshot()).toEqual({ yaml: expect.stringContaining('Went'), fresh: true });

    // Told that something may have changed unseen, it takes a new one.
    tab.forgetSnapshot();
    expect((await snapshot()).fresh).toBe(true);
    // A depth-limited snapshot is never reused, and the whole one after it is taken afresh.
    await tab.snapshot({ depth: 1 });
    expect((await snapshot()).fresh).toBe(true);
  } finally {
    await browser.close();
  }
});

test('frames are watched too: same-process and cross-process ones; a change in either takes a new snapshot', async () => {
  // Two loopback sites: Chromium puts the frame of the other one in its own renderer process.
  const server = createServer((req, res) => {
    const body =
      req.url === '/child'
        ? '<button id="inner">Inner</button>'
        : `<button>Top</button><iframe title="same" srcdoc="<p id=p>same-process text</p>"></iframe>
         <iframe title="other" src="http://localhost:${port()}/child"></iframe>`;
    res.writeHead(200, { 'content-type': 'text/html' }).end(body);
  });
  await new Promise<void>(resolve => server.listen(0, '127.0.0.1', resolve));
  const port = () => (server.address() as AddressInfo).port;
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--no-sandbox', '--site-per-process'],
  });
  try {
    const page = await browser.newPage();
    await page.goto(`http://127.0.0.1:${port()}/`);
    await expect
      .poll(() =>
        page
          .frames()
          .map(frame => frame.url())
          .join(' '),
      )
      .toContain('/child');
    const { snapshot } = countingSnapshots(page);
    const fresh = async () => (await snapshot()).fresh;
    await fresh();
    expect(await fresh()).toBe(false);
    await page
      .frames()
      .find(frame => frame.url() === 'about:srcdoc')!
      .evaluate(() => {
        document.getElementById('p')!.textContent = 'changed';
      });
    expect(await fresh()).toBe(true);
    expect(await fresh()).toBe(false);
    await page
      .frames()
      .find(frame => frame.url().endsWith('/child'))!
      .evaluate(() => {
        document.getElementById('inner')!.textContent = 'Renamed';
      });
    expect(await fresh()).toBe(true);
    expect(await fresh()).toBe(false);
  } finally {
    await browser.close();
    server.close();
  }
});
