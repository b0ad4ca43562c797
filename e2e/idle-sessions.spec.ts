import { join } from 'node:path';
import { expect, test } from './support/fixtures';
import { connectHttp, connectPeer, startHttpServer, tabTitles } from './support/mcp';

/** What browser_tabs lists once a session's pages were let go and its next call opened a fresh one. */
const FRESH_PAGE = '- 0: (current) [](about:blank)';

test('an HTTP session idle for --idle-timeout gives its pages back while a busy one keeps its own; its next call starts on a fresh page, as with @playwright/mcp', async ({
  site,
  workspace,
}) => {
  test.setTimeout(120_000);
  const server = await startHttpServer(['--isolated', '--idle-timeout', '2000']);
  // The peer's count starts when a call starts: a timeout shorter than a slow call closes its browser under it.
  const peer = await connectPeer(join(workspace, 'peer'), ['--idle-timeout', '5000']);
  try {
    const [idle, busy] = await Promise.all([connectHttp(server.url), connectHttp(server.url)]);
    await idle.call('browser_navigate', { url: `${site.url}/form.html` });
    await busy.call('browser_navigate', { url: `${site.url}/interactions.html` });
    // One call that lasts well past the idle session's timeout: no browser closes while a call runs.
    expect((await busy.call('browser_wait_for', { time: 5 })).isError).toBe(false);
    expect(tabTitles(await busy.call('browser_tabs', { action: 'list' }))).toEqual(['Interactions']);

    const released = await idle.call('browser_tabs', { action: 'list' });
    expect(released.text).toContain(FRESH_PAGE);
    const navigated = await idle.call('browser_navigate', { url: `${site.url}/form.html` });
    expect(navigated.parsed.page?.title).toBe('Sign up');

    // The peer closes an idle client's browser; its next call relaunches it, on a fresh page too.
    await peer.call('browser_navigate', { url: `${site.url}/form.html` });
    await new Promise(resolve => setTimeout(resolve, 8_000));
    expect((await peer.call('browser_tabs', { action: 'list' })).text).toContain(FRESH_PAGE);
    await Promise.all([idle.close(), busy.close()]);
  } finally {
    await Promise.all([peer.close(), server.stop()]);
  }
});
