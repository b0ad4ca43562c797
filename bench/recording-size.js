// Recording size with console/network capture on and off, on a busy real page (see ../shared/real-pages/README.md):
// the same few steps recorded by our server with and without --no-activity, and the session folders measured.
import { existsSync, readdirSync, statSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { call, CHROMIUM, connect, disconnect, OUR_CLI, PAGES_DIR, REF, startRealPages } from './support.js';

/** 1.6 MB of a news portal whose ~140 requests (most to hosts unreachable here) and ~140 console messages make it busy. */
const BUSY_PAGE = 'yahoo-2.html';

const sizeOf = path => {
  const stat = statSync(path);
  return stat.isDirectory()
    ? readdirSync(path).reduce((total, name) => total + sizeOf(join(path, name)), 0)
    : stat.size;
};

/** navigate, let the page carry on loading for a while, snapshot, scroll and snapshot again. */
async function recordSession(name, extraArgs, baseUrl) {
  const server = await connect({
    name,
    args: [
      OUR_CLI,
      'mcp',
      '--headless',
      '--isolated',
      '--executable-path',
      CHROMIUM,
      '--session-dir',
      'sessions',
      ...extraArgs,
    ],
  });
  try {
    await call(server, name, 'browser_navigate', { url: `${baseUrl}/${BUSY_PAGE}` }, [REF]);
    await call(server, name, 'browser_wait_for', { time: 10 });
    await call(server, name, 'browser_snapshot', {}, [REF]);
    await call(server, name, 'browser_press_key', { key: 'End' });
    await call(server, name, 'browser_wait_for', { time: 3 });
    await call(server, name, 'browser_snapshot', {}, [REF]);
    await server.client.close();
    const root = join(server.cwd, 'sessions');
    const dir = join(root, readdirSync(root)[0]);
    const events = statSync(join(dir, 'events.jsonl')).size;
    const activity = (await readFile(join(dir, 'events.jsonl'), 'utf8'))
      .trim()
      .split('\n')
      .map(line => JSON.parse(line))
      .filter(record => record.activity)
      .reduce(
        (sum, record) => ({
          bytes: sum.bytes + Buffer.byteLength(JSON.stringify(record.activity)),
          console: sum.console + record.activity.console.length,
          network: sum.network + record.activity.network.length,
        }),
        { bytes: 0, console: 0, network: 0 },
      );
    return { events, artifacts: sizeOf(join(dir, 'artifacts')), activity };
  } finally {
    await disconnect([server]);
  }
}

const kb = bytes => `${(bytes / 1024).toFixed(1)} KB`;

export async function reportRecordingSizes() {
  if (!existsSync(join(PAGES_DIR, BUSY_PAGE)))
    return console.log(`\nRecording size: skipped, ${PAGES_DIR}/${BUSY_PAGE} is missing.`);
  const site = await startRealPages();
  try {
    console.log(
      `\nRecording size on a busy real page (${BUSY_PAGE}: navigate, wait 10 s, snapshot, End, wait 3 s, snapshot):`,
    );
    const on = await recordSession('capture-on', [], site.url);
    const off = await recordSession('capture-off', ['--no-activity'], site.url);
    for (const [label, size] of [
      ['capture on ', on],
      ['capture off', off],
    ]) {
      console.log(
        `  ${label}: events.jsonl ${kb(size.events)} + artifacts ${kb(size.artifacts)} = ${kb(size.events + size.artifacts)}`,
      );
    }
    console.log(
      `  activity recorded: ${on.activity.console} console entries, ${on.activity.network} request entries, ` +
        `${kb(on.activity.bytes)} of JSON; the recording grew by ${kb(on.events + on.artifacts - off.events - off.artifacts)} ` +
        `(${(((on.events + on.artifacts) / (off.events + off.artifacts) - 1) * 100).toFixed(1)} %)`,
    );
  } finally {
    await site.close();
  }
}
