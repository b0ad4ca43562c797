import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { Command } from 'commander';
import { addCoreOptions, coreConfigFrom, httpConfigFrom, type CliOptions } from './cli-options';
import { InspectorCore } from './core';
import { startHttpServer } from './http-server';
import { createMcpServer } from './mcp/server';
import { VERSION } from './version';

export const DEFAULT_SERVE_PORT = 9400;
const log = (message: string) => process.stderr.write(`${message}\n`);

/** Closes everything once, on the first of SIGINT, SIGTERM or the end of stdin. */
function closeOnExit(close: () => Promise<void>, extraTriggers: NodeJS.EventEmitter[] = []) {
  let closing = false;
  const shutdown = () => {
    if (closing) return;
    closing = true;
    const forced = setTimeout(() => process.exit(0), 5_000);
    forced.unref();
    close().finally(() => process.exit(0));
  };
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);
  for (const trigger of extraTriggers) trigger.on('close', shutdown);
}

async function runMcp(options: CliOptions) {
  const core = new InspectorCore(coreConfigFrom(options));
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

async function runServe(options: CliOptions & { port: number }) {
  const core = new InspectorCore(coreConfigFrom(options));
  const uiDir = join(dirname(fileURLToPath(import.meta.url)), '../renderer');
  const http = await startHttpServer(core, httpConfigFrom(options), uiDir);
  log(`Agent Inspector (web mode) at ${http.url}/`);
  log(`MCP endpoint: ${http.url}/mcp (legacy SSE: ${http.url}/sse)`);
  log(`Browser: ${core.browser.describe()}`);
  closeOnExit(async () => {
    await http.close();
    await core.close();
  });
}

export function buildProgram(): Command {
  const program = new Command('agent-inspector')
    .description('Inspector for AI agent browser sessions: a Playwright-MCP-compatible server on a controlled Chromium.')
    .version(VERSION, '-v, --version')
    .showHelpAfterError('(add --help for usage)');
  addCoreOptions(program.command('mcp').description('run the MCP server (stdio by default; --port for Streamable HTTP /mcp and SSE /sse)'))
    .action(runMcp);
  addCoreOptions(program.command('serve').description('run the inspector in web mode: UI, MCP (/mcp, /sse) on one loopback port'), DEFAULT_SERVE_PORT)
    .action(runServe);
  return program;
}

buildProgram().parseAsync(process.argv).catch(error => {
  log(`agent-inspector: ${error instanceof Error ? error.message : error}`);
  process.exit(1);
});
