import type { CaseTable, Transport } from '../harness';

/** Each server's own profile folder, in its workspace root. */
const persistent = ['--user-data-dir', '{root}/profile'];
const open = { tool: 'browser_navigate', args: { url: '{url}/form.html' }, setup: true };

const secondClient = (transport: Transport) => ({
  name: `error: a second client while the first holds the persistent profile (${transport})`,
  transport,
  flags: persistent,
  calls: [open, { tool: 'browser_navigate', args: { url: '{url}/form.html' }, second: true }],
});

/** MCP over HTTP (`--port`): what a client gets where several share one server. */
export const httpSessions: CaseTable = {
  group: 'http sessions',
  cases: [secondClient('http'), secondClient('sse')],
};
