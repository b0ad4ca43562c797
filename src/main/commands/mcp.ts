import { resolve } from 'node:path';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { coreConfigFrom, httpConfigFrom, type CliOptions } from '../cli-options';
import { InspectorCore } from '../core';
import { startHttpServer } from '../http-server';
import { createMcpServer } from '../mcp/server';
import { closeOnExit, log } from './process';

/** `agent-inspector mcp`: stdio, or Streamable HTTP and SSE with --port. */
export async function runMcp(options: CliOptions) {
  const core = new InspectorCore(coreConfigFrom(options));
  if (core.config.sessionDir) log(`Recording sessions into ${resolve(core.config.sessionDir)}`);
  if (options.port === undefined) {
    const server = createMcpServer(core, 'stdio');
    await server.connect(new StdioServerTransport());
    closeOnExit(() => core.close(), [process.stdin]);
    return;
  }
  const http = await startHttpServer(core, httpConfigFrom({ ...options, port: options.port }));
  log(`Agent Inspector MCP server listening on ${http.url}/mcp (legacy SSE: ${http.url}/sse)`);
  log(`Browser: ${core.browser.describe()}`);
  closeOnExit(async () => {
    await http.close();
    await core.close();
  });
}
