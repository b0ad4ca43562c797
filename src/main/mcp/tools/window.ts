import { z } from 'zod';
import { jsLiteral } from '../../../shared/js-literal';
import { NO_OPEN_TABS } from '../response';
import { defineTool } from '../tool';
import { checkNavigationUrl } from './navigation';

const resize = defineTool({
  name: 'browser_resize',
  title: 'Resize browser window',
  description: 'Resize the browser window',
  schema: z.strictObject({
    width: z.number().positive().describe('Width of the browser window'),
    height: z.number().positive().describe('Height of the browser window'),
  }),
  scope: 'page',
  readOnly: false,
  async handler({ args, tab, response }) {
    const size = { width: args.width, height: args.height };
    response.addCode(`await page.setViewportSize(${jsLiteral(size)});`);
    // As @playwright/mcp: the code only; the next action's snapshot shows the page at its new size.
    await tab.runAction(() => tab.page.setViewportSize(size));
  },
});

const close = defineTool({
  name: 'browser_close',
  title: 'Close browser',
  description: 'Close the page',
  schema: z.strictObject({}),
  scope: 'session',
  readOnly: false,
  async handler({ context, response }) {
    await context.closeBrowserContext();
    // @playwright/mcp's words and code; the next tool call opens a new browser session.
    response.addCode('await page.close()');
    response.addResult(NO_OPEN_TABS);
  },
});

const tabs = defineTool({
  name: 'browser_tabs',
  title: 'Manage tabs',
  description: 'List, create, close, or select a browser tab.',
  schema: z.strictObject({
    action: z.enum(['list', 'new', 'close', 'select']).describe('Operation to perform'),
    // Any number, as the peer: one out of range is "Tab N not found".
    index: z
      .number()
      .optional()
      .describe('Tab index, used for close/select. If omitted for close, current tab is closed.'),
    url: z.string().optional().describe('URL to navigate to in the new tab, used for new.'),
  }),
  scope: 'session',
  readOnly: false,
  async handler({ args, context, response }) {
    switch (args.action) {
      case 'list':
        await context.ensureTab();
        break;
      case 'new': {
        const tab = await context.newTab();
        if (args.url) {
          const url = checkNavigationUrl(args.url, context.config.allowFileAccess);
          await tab.runAction(() => tab.page.goto(url, { waitUntil: 'domcontentloaded' }));
          response.addAction({ name: 'navigate', url });
          response.includeSnapshot();
        }
        break;
      }
      case 'close':
        await context.closeTab(args.index);
        break;
      case 'select':
        if (args.index === undefined) throw new Error('Tab index is required');
        await context.selectTab(args.index);
        break;
    }
    // As @playwright/mcp: the tabs are the result; only a new tab opened on a URL comes with the page and snapshot.
    response.addResult(await response.tabsText());
  },
});

export default [resize, close, tabs];
