// The floor of bench:real: Playwright alone, doing the least each tool needs, on the same Chromium as the servers.
//
// It answers the same tool calls as an MCP server (so bench:real times it with the same code, interleaved with the
// servers), each with the minimum a tool's answer needs and no wait for the page to settle:
//   browser_navigate  page.goto(url, { waitUntil: 'domcontentloaded' }) + page.ariaSnapshot({ mode: 'ai' })
//   browser_snapshot  page.ariaSnapshot({ mode: 'ai' })
//   browser_click     the element by the ref of the floor's last snapshot (aria-ref=eN): click + the snapshot
//   browser_type      fill on the field (plain type answers without a snapshot on both servers); slowly:
//                     pressSequentially + the snapshot; submit: fill, press Enter + the snapshot
//   browser_fill_form fill on each field (no snapshot on either server)
//   browser_select_option  selectOption + the snapshot
//   browser_press_key keyboard.press (Enter: + the snapshot, as the servers answer it)
// The browser is launched as the servers launch theirs: headless, the flags our server adds (a superset of the
// peer's), no sandbox as root; one fresh BrowserContext (as --isolated) with the servers' viewport and timeouts. With
// `allowedOrigin`, every other http(s) request is aborted at the route, as --allowed-origins does on both servers; with
// `proxy`, requests other than loopback go through it, as --proxy-server with --proxy-bypass 127.0.0.1.
import { chromium } from 'playwright';
import { CHROMIUM } from './support.js';

/** What src/main/browser/browser-source.ts passes (CHROMIUM_ARGS, then the automation flag the peer passes too). */
export const FLOOR_ARGS = [
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-blink-features=AutomationControlled',
];
/** As Tab.takeSnapshot: large pages under load can take seconds. */
const SNAPSHOT_TIMEOUT = 30_000;

/**
 * Launches the floor's browser and returns a server-like state for bench/support.js (`client.callTool`, samples,
 * bytes, logLines), named 'floor'. `client.close()` closes the browser.
 */
export async function connectFloor({ allowedOrigin, proxy, navigationTimeout, actionTimeout }) {
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    chromiumSandbox: process.getuid?.() !== 0,
    args: FLOOR_ARGS,
    ...(proxy && { proxy: { server: proxy, bypass: '127.0.0.1' } }),
  });
  const context = await browser.newContext({ viewport: { width: 1280, height: 720 }, acceptDownloads: true });
  context.setDefaultTimeout(actionTimeout);
  context.setDefaultNavigationTimeout(navigationTimeout);
  if (allowedOrigin) {
    await context.route('**', route => {
      const url = new URL(route.request().url());
      const allowed = !/^https?:$/.test(url.protocol) || url.origin === allowedOrigin;
      return allowed ? route.continue() : route.abort('blockedbyclient');
    });
  }
  const page = await context.newPage();
  const snapshot = () => page.ariaSnapshot({ mode: 'ai', timeout: SNAPSHOT_TIMEOUT });
  const tools = {
    browser_navigate: async ({ url }) => {
      await page.goto(url, { waitUntil: 'domcontentloaded' });
      return snapshot();
    },
    browser_snapshot: snapshot,
    browser_click: async ({ target }) => {
      await page.locator(`aria-ref=${target}`).click();
      return snapshot();
    },
    browser_type: async ({ target, text, slowly, submit }) => {
      const field = page.locator(`aria-ref=${target}`);
      if (slowly) await field.pressSequentially(text);
      else await field.fill(text);
      if (submit) await field.press('Enter');
      return slowly || submit ? snapshot() : '';
    },
    browser_fill_form: async ({ fields }) => {
      for (const field of fields) await page.locator(`aria-ref=${field.target}`).fill(field.value);
      return '';
    },
    browser_select_option: async ({ target, values }) => {
      await page.locator(`aria-ref=${target}`).selectOption(values);
      return snapshot();
    },
    browser_press_key: async ({ key }) => {
      await page.keyboard.press(key);
      return key === 'Enter' ? snapshot() : '';
    },
  };
  const client = {
    async callTool({ name, arguments: args }) {
      if (!tools[name]) throw new Error(`the floor has no ${name}`);
      return { content: [{ type: 'text', text: await tools[name](args) }] };
    },
    close: () => browser.close(),
  };
  return { name: 'floor', client, stderrTail: () => '', logLines: [], samples: {}, bytes: {} };
}
