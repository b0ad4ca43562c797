import { z } from 'zod';
import { defineTool } from '../tool';

/** The longest text without a scheme taken for an address (browsers cap URLs near 2 MB; hosts and paths are short). */
const MAX_BARE_URL = 8_192;

/** A URL as quoted in an error: an inline document can be megabytes. */
const quoted = (url: string) =>
  url.length > 200 ? `${url.slice(0, 200)}… (${url.length.toLocaleString('en-US')} characters)` : url;

/**
 * As @playwright/mcp: any scheme the browser takes (http(s), about:, data:, chrome:…), file: only when the server
 * allows it. What does not parse as a URL gets a scheme (http:// when it starts with `localhost`, https:// otherwise)
 * and is navigated to as typed, so Chromium names what is wrong with it.
 */
export function checkNavigationUrl(url: string, allowFileAccess: boolean): string {
  if (!URL.canParse(url)) {
    // No address is this long: it is not sent to the browser, whose error would quote it whole.
    if (url.length > MAX_BARE_URL)
      throw new Error(`Invalid URL "${quoted(url)}": expected an absolute URL such as https://example.com.`);
    const prefixed = `${url.startsWith('localhost') ? 'http' : 'https'}://${url}`;
    return URL.canParse(prefixed) ? checkNavigationUrl(prefixed, allowFileAccess) : prefixed;
  }
  const parsed = new URL(url);
  if (parsed.protocol !== 'file:') return url;
  if (allowFileAccess) return parsed.href;
  throw new Error(
    `Access to "file:" protocol is blocked. Attempted URL: "${quoted(url)}" (start the server with --allow-file-access to allow it)`,
  );
}

const navigate = defineTool({
  name: 'browser_navigate',
  title: 'Navigate to a URL',
  description: 'Navigate to a URL',
  schema: z.strictObject({ url: z.string().describe('The URL to navigate to') }),
  scope: 'page',
  readOnly: false,
  async handler({ args, tab, context, response }) {
    const url = checkNavigationUrl(args.url, context.config.allowFileAccess);
    tab.clearCollected();
    await tab.runAction(() => tab.page.goto(url, { waitUntil: 'domcontentloaded' }));
    // Only a navigation that happened is code to replay, as @playwright/mcp generates it.
    response.addAction({ name: 'navigate', url });
    response.includeSnapshot();
  },
});

const navigateBack = defineTool({
  name: 'browser_navigate_back',
  title: 'Go back',
  description: 'Go back to the previous page in the history',
  schema: z.strictObject({}),
  scope: 'page',
  readOnly: true,
  changesPage: true,
  async handler({ tab, response }) {
    response.addCode('await page.goBack();');
    await tab.runAction(() => tab.page.goBack({ waitUntil: 'domcontentloaded' }));
    response.includeSnapshot();
  },
});

export default [navigate, navigateBack];
