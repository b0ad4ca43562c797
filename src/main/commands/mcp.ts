import { resolve } from 'node:path';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { coreConfigFrom, httpConfigFrom, peerNotices, type CliOptions } from '../cli-options';
import type { CoreConfig } from '../config';
import { InspectorCore } from '../core';
import { startHttpServer } from '../http-server';
import { createMcpServer } from '../mcp/server';
import { splitCommand } from '../proxy/split-command';
import { printAccess } from './access-notice';
import { closeOnExit, keepServingThroughBugs, log } from './process';

/** What a command built on `mcp` adds (`fork`): to the configuration, and to the core once it exists. */
export interface McpExtension {
  configure?(config: CoreConfig): CoreConfig;
  attach?(core: InspectorCore): void;
}

/** `agent-inspector mcp`: stdio, or Streamable HTTP and SSE with --port. */
export async function runMcp(options: CliOptions, extension: McpExtension = {}) {
  keepServingThroughBugs();
  // Over stdio the one client keeps its browser profile on disk, as with Playwright MCP (unless --isolated).
  const base = coreConfigFrom(options, { persistentByDefault: options.port === undefined });
  const config = extension.configure?.(base) ?? base;
  for (const notice of peerNotices(options)) log(`agent-inspector: ${notice}`);
  // A malformed upstream command (an unclosed quote) is an error at once, not on each session's first call.
  if (config.upstream) splitCommand(config.upstream);
  const core = new InspectorCore(config);
  extension.attach?.(core);
  if (core.config.sessionDir) log(`Recording sessions into ${resolve(core.config.sessionDir)}`);
  if (options.port === undefined) {
    const server = createMcpServer(core, 'stdio', {
      // Over stdio this process serves one client: without its upstream there is nothing to serve, so say why and exit.
      onStartFailed: error => {
        log(`agent-inspector: ${error.message}`);
        void core.close().finally(() => process.exit(1));
      },
    });
    await server.connect(new StdioServerTransport());
    closeOnExit(() => core.close(), [process.stdin], [process.stdout]);
    return;
  }
  const http = await startHttpServer(core, httpConfigFrom({ ...options, port: options.port }));
  log(`Agent Inspector MCP server listening on ${http.url}/mcp (legacy SSE: ${http.url}/sse)`);
  printAccess(http, false);
  log(core.config.upstream ? `Proxying (one process per session): ${core.config.upstream}` : `Browser: ${core.browser.describe()}`);
  closeOnExit(async () => {
    await http.close();
    await core.close();
  });
}
