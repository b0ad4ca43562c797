import type { CaseTable } from '../harness';

const go = (page: string) => ({ tool: 'browser_navigate', args: { url: `{url}/${page}` } });
const setup = (page: string) => ({ ...go(page), setup: true });
const list = { tool: 'browser_tabs', args: { action: 'list' } };
/** Chromium's own page that crashes its renderer. */
const crash = { tool: 'browser_navigate', args: { url: 'chrome://crash' } };
/** How long a renderer crash takes to reach the server as the page's event, with room to spare. */
const CRASH_EVENT = 1_000;
/** How long Chromium takes to show its error page after a navigation failed, with room to spare. */
// 500 ms was not always enough with two suites beside each other on two cores.
const ERROR_PAGE = 1_500;

/** browser_navigate, browser_navigate_back, browser_snapshot, browser_tabs: the page and tab sections. */
export const navigation: CaseTable = {
  group: 'navigation',
  cases: [
    ...[
      'form.html',
      'details.html',
      'semantic.html',
      'frames.html',
      'catalog.html',
      'interactions.html',
      'search.html',
      'plans.html',
    ].map(page => ({ name: `navigate to ${page}`, calls: [go(page)] })),
    { name: 'navigate to a 404 page shows its status', calls: [go('missing.html')] },
    {
      name: 'navigate to a data: URL',
      calls: [{ tool: 'browser_navigate', args: { url: 'data:text/html,<title>Inline</title><h1>Inline page</h1>' } }],
    },
    {
      name: 'navigate to an untitled data: URL',
      calls: [{ tool: 'browser_navigate', args: { url: 'data:text/html,<p>No title</p>' } }],
    },
    { name: 'navigate to a redirect', calls: [{ tool: 'browser_navigate', args: { url: '{url}/go/search?q=shoes' } }] },
    { name: 'navigate to a JSON API', calls: [{ tool: 'browser_navigate', args: { url: '{url}/api/data?item=3' } }] },
    { name: 'navigate to a hash on the same page', calls: [setup('form.html'), go('form.html#status')] },
    {
      name: 'error: navigate to an unreachable port',
      calls: [{ tool: 'browser_navigate', args: { url: 'http://127.0.0.1:9/' } }],
    },
    { name: 'error: navigate to a malformed URL', calls: [{ tool: 'browser_navigate', args: { url: 'not a url' } }] },
    { name: 'error: navigate without url', calls: [{ tool: 'browser_navigate', args: {} }] },
    { name: 'navigate back', calls: [setup('form.html'), setup('details.html'), { tool: 'browser_navigate_back' }] },
    { name: 'navigate back with no history', calls: [setup('form.html'), { tool: 'browser_navigate_back' }] },
    { name: 'navigate back before any page', calls: [{ tool: 'browser_navigate_back' }] },
    ...[
      'form.html',
      'details.html',
      'semantic.html',
      'frames.html',
      'catalog.html',
      'duplicates.html',
      'colors.html',
      'dialogs.html',
    ].map(page => ({ name: `snapshot of ${page}`, calls: [setup(page), { tool: 'browser_snapshot' }] })),
    { name: 'snapshot before any page', calls: [{ tool: 'browser_snapshot' }] },
    {
      name: 'snapshot of an element',
      calls: [setup('form.html'), { tool: 'browser_snapshot', args: { target: /textbox "Email"/ } }],
    },
    {
      name: 'snapshot with depth 1',
      calls: [setup('semantic.html'), { tool: 'browser_snapshot', args: { depth: 1 } }],
    },
    { name: 'snapshot with depth 3', calls: [setup('form.html'), { tool: 'browser_snapshot', args: { depth: 3 } }] },
    { name: 'snapshot with boxes', calls: [setup('form.html'), { tool: 'browser_snapshot', args: { boxes: true } }] },
    {
      name: 'snapshot to a file',
      calls: [setup('form.html'), { tool: 'browser_snapshot', args: { filename: 'snap.md' } }],
    },
    { name: 'tabs: list one', calls: [setup('form.html'), { tool: 'browser_tabs', args: { action: 'list' } }] },
    { name: 'tabs: new', calls: [setup('form.html'), { tool: 'browser_tabs', args: { action: 'new' } }] },
    {
      name: 'tabs: new with a URL',
      calls: [setup('form.html'), { tool: 'browser_tabs', args: { action: 'new', url: '{url}/details.html' } }],
    },
    {
      name: 'tabs: select',
      calls: [
        setup('form.html'),
        { tool: 'browser_tabs', args: { action: 'new', url: '{url}/details.html' }, setup: true },
        { tool: 'browser_tabs', args: { action: 'select', index: 0 } },
      ],
    },
    {
      name: 'tabs: close current',
      calls: [
        setup('form.html'),
        { tool: 'browser_tabs', args: { action: 'new', url: '{url}/details.html' }, setup: true },
        { tool: 'browser_tabs', args: { action: 'close' } },
      ],
    },
    {
      name: 'tabs: close by index',
      calls: [
        setup('form.html'),
        { tool: 'browser_tabs', args: { action: 'new', url: '{url}/details.html' }, setup: true },
        { tool: 'browser_tabs', args: { action: 'close', index: 0 } },
      ],
    },
    {
      name: 'tabs: navigate in a second tab',
      calls: [setup('form.html'), { tool: 'browser_tabs', args: { action: 'new' }, setup: true }, go('details.html')],
    },
    {
      name: 'error: tabs select out of range',
      calls: [setup('form.html'), { tool: 'browser_tabs', args: { action: 'select', index: 5 } }],
    },
    { name: 'error: tabs with an unknown action', calls: [{ tool: 'browser_tabs', args: { action: 'jump' } }] },
    { name: 'tabs: list before any page', calls: [{ tool: 'browser_tabs', args: { action: 'list' } }] },
    {
      name: 'tabs: close the last tab',
      calls: [setup('form.html'), { tool: 'browser_tabs', args: { action: 'close' } }],
    },
    { name: 'error: tabs close before any page', calls: [{ tool: 'browser_tabs', args: { action: 'close' } }] },
    {
      name: 'error: tabs select without an index',
      calls: [setup('form.html'), { tool: 'browser_tabs', args: { action: 'select' } }],
    },
    {
      name: 'error: tabs new on an unreachable URL',
      calls: [
        setup('form.html'),
        { tool: 'browser_tabs', args: { action: 'new', url: 'http://127.0.0.1:9/' } },
        { ...list, pauseBefore: ERROR_PAGE },
      ],
    },
    {
      name: 'tabs: a link opens a tab, then the list',
      calls: [
        setup('tabs.html'),
        { tool: 'browser_click', args: { element: 'link', target: /link "Open form in new tab"/ } },
        list,
        { tool: 'browser_evaluate', args: { function: '() => 1' } },
      ],
    },
    { name: 'error: navigate to a page that crashes', calls: [setup('form.html'), crash] },
    {
      name: 'tabs: a crashed tab is reset by the next call',
      calls: [setup('form.html'), { ...crash, setup: true }, { ...list, pauseBefore: CRASH_EVENT }, go('details.html')],
    },
    {
      name: 'navigate after a crash',
      calls: [setup('form.html'), { ...crash, setup: true }, { ...go('details.html'), pauseBefore: CRASH_EVENT }],
    },
    {
      name: 'snapshot after a crash shows the blank page',
      calls: [setup('form.html'), { ...crash, setup: true }, { tool: 'browser_snapshot', pauseBefore: CRASH_EVENT }],
    },
    {
      name: 'tabs: a crashed tab in the background is marked',
      calls: [
        setup('form.html'),
        { tool: 'browser_tabs', args: { action: 'new', url: 'chrome://crash' }, setup: true },
        { tool: 'browser_tabs', args: { action: 'select', index: 0 }, pauseBefore: CRASH_EVENT },
        list,
      ],
    },
    {
      name: 'error: tabs select a crashed tab',
      calls: [
        setup('form.html'),
        { tool: 'browser_tabs', args: { action: 'new', url: 'chrome://crash' }, setup: true },
        { tool: 'browser_tabs', args: { action: 'select', index: 1 }, pauseBefore: CRASH_EVENT },
        { tool: 'browser_snapshot' },
        list,
      ],
    },
    { name: 'close the browser', calls: [setup('form.html'), { tool: 'browser_close' }] },
    {
      name: 'close, then navigate again',
      calls: [setup('form.html'), { tool: 'browser_close', setup: true }, go('details.html')],
    },
    { name: 'resize', calls: [setup('form.html'), { tool: 'browser_resize', args: { width: 800, height: 600 } }] },
    { name: 'error: resize without height', calls: [{ tool: 'browser_resize', args: { width: 800 } }] },
    { name: 'unknown tool', calls: [{ tool: 'browser_teleport' }] },
  ],
};
