import { coreConfigFrom, httpConfigFrom, type CliOptions } from '../cli-options';
import { InspectorCore } from '../core';
import { startHttpServer } from '../http-server';
import { closeOnExit, log } from './process';

/** `agent-inspector serve`: web mode — the UI, MCP and the planner on one loopback port. */
export async function runServe(options: CliOptions & { port: number }, uiDir: string) {
  const core = new InspectorCore(coreConfigFrom(options));
  const http = await startHttpServer(core, httpConfigFrom(options), uiDir);
  log(`Agent Inspector (web mode) at ${http.url}/`);
  log(`MCP endpoint: ${http.url}/mcp (legacy SSE: ${http.url}/sse)`);
  log(`Browser: ${core.browser.describe()}`);
  closeOnExit(async () => {
    await http.close();
    await core.close();
  });
}
