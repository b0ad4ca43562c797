import { resolve } from 'node:path';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import type { CliOptions } from '../cli-options';
import { coreConfigFrom, httpConfigFrom, peerNotices } from '../cli-config';
import { debugConfigFrom, describeDebugConfig, wantsDebugger, type DebugCliOptions } from '../debug-options';
import type { CoreConfig } from '../config';
import { InspectorCore } from '../core';
import { startHttpServer } from '../http-server';
import { createMcpServer } from '../mcp/server';
import { splitCommand } from '../proxy/split-command';
import { printAccess, reachableUrl } from './access-notice';
import { startInspector, type RunningInspector } from './inspector-ui';
import { closeOnExit, keepServingThroughBugs, log } from './process';

/** What a command built on `mcp` adds (`fork`): to the configuration, and to the core once it exists. */
export interface McpExtension {
  configure?(config: CoreConfig): CoreConfig;
  attach?(core: InspectorCore): void;
}

/**
 * `agent-inspector mcp`: stdio, or Streamable HTTP and SSE with --port. With --ui (or a pause flag) the inspector UI is
 * served too — on the --port server, or over stdio on a loopback port of its own — and a person can pause sessions.
 */
export async function runMcp(options: CliOptions & DebugCliOptions, extension: McpExtension = {}, uiDir?: string) {
  keepServingThroughBugs();
  // Over stdio the one client keeps its browser profile on disk, as with Playwright MCP (unless --isolated).
  const base = withHttpLifecycle(coreConfigFrom(options, { persistentByDefault: options.port === undefined }), options);
  const ui = uiDir && wantsDebugger(options) ? uiDir : undefined;
  // With a UI someone looks at the steps: each page step gets its screenshot, as in serve.
  const watched = ui ? { ...base, stepScreenshots: true, debug: debugConfigFrom(options) } : base;
  const config = extension.configure?.(watched) ?? watched;
  for (const notice of peerNotices(options)) log(`agent-inspector: ${notice}`);
  // A malformed upstream command (an unclosed quote) is an error at once, not on each session's first call.
  if (config.upstream) splitCommand(config.upstream);
  const core = new InspectorCore(config);
  extension.attach?.(core);
  if (core.config.sessionDir) log(`Recording sessions into ${resolve(core.config.sessionDir)}`);
  const pausing = describeDebugConfig(core.config.debug);
  if (pausing) log(pausing);
  if (options.port === undefined) {
    // The UI of a stdio server listens on loopback only, on its own port.
    const inspector = ui
      ? await startInspector(
          core,
          httpConfigFrom({ ...options, host: '127.0.0.1', port: typeof options.ui === 'number' ? options.ui : 0 }),
          { uiDir: ui },
        )
      : undefined;
    if (inspector) log(`Agent Inspector UI at ${inspector.http.url}/ (pause, step and continue this session there)`);
    const server = createMcpServer(core, 'stdio', {
      // Over stdio this process serves one client: without its upstream there is nothing to serve, so say why and exit.
      onStartFailed: error => {
        log(`agent-inspector: ${error.message}`);
        void core.close().finally(() => process.exit(1));
      },
    });
    await server.connect(new StdioServerTransport());
    closeOnExit(
      async () => {
        await inspector?.close();
        await core.close();
      },
      [process.stdin],
      [process.stdout],
    );
    return;
  }
  const httpConfig = httpConfigFrom({ ...options, port: options.port });
  const inspector: RunningInspector | undefined = ui
    ? await startInspector(core, httpConfig, { uiDir: ui })
    : undefined;
  const http = inspector?.http ?? (await startHttpServer(core, httpConfig));
  // @playwright/mcp's banner: scripts and harnesses written for it wait for "Listening on <url>" and read the URL there.
  const url = reachableUrl(http);
  const clientConfig = JSON.stringify({ mcpServers: { 'agent-inspector': { url: `${url}/mcp` } } }, undefined, 2);
  log(
    `Listening on ${url}\nPut this in your client config:\n${clientConfig}\nFor legacy SSE transport support, you can use the /sse endpoint instead.`,
  );
  if (inspector) log(`Agent Inspector UI at ${http.url}/`);
  printAccess(http, !!inspector);
  log(
    core.config.upstream
      ? `Proxying (one process per session): ${core.config.upstream}`
      : `Browser: ${core.browser.describe()}`,
  );
  closeOnExit(async () => {
    await (inspector ?? http).close();
    await core.close();
  });
}

/**
 * The browser's life over HTTP, as Playwright MCP's: it closes with its last client, and a persistent profile
 * (--user-data-dir) is held by one client at a time unless --shared-browser-context lets the clients share its context.
 */
function withHttpLifecycle(config: CoreConfig, options: CliOptions): CoreConfig {
  if (options.port === undefined) return config;
  const exclusiveProfile = !!config.browser.userDataDir && !options.sharedBrowserContext;
  return { ...config, browser: { ...config.browser, exclusiveProfile, closeWithLastSession: true } };
}
