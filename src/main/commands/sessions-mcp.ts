import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { BridgeHost } from '../bridge/bridge-host';
import type { CliOptions } from '../cli-options';
import { httpConfigFrom } from '../cli-config';
import { defaultCoreConfig } from '../config';
import { InspectorCore } from '../core';
import { startHttpServer } from '../http-server';
import { sessionsMcpOverHttp } from '../sessions-mcp/http-endpoint';
import { SESSIONS_MCP_PATH } from '../sessions-mcp/path';
import { Recordings, type Read } from '../sessions-mcp/recordings';
import { sessionsMcpServer } from '../sessions-mcp/server';
import { printAccess, reachableUrl } from './access-notice';
import { closeOnExit, keepServingThroughBugs, log } from './process';

/** The recordings a bridge knows, as the sessions MCP tools read them: every command a viewer may use, no other. */
export function recordingsOf(bridge: BridgeHost, sessionDir: string | undefined): Recordings {
  const read: Read = async (command, input) => {
    const reply = await bridge.invoke(command, input);
    if (!reply.ok) throw new Error(reply.error);
    return reply.result as never;
  };
  return new Recordings(read, sessionDir);
}

export type SessionsMcpOptions = Pick<
  CliOptions,
  'host' | 'allowedHosts' | 'token' | 'viewerToken' | 'requireToken'
> & { sessionDir?: string; port?: number };

/**
 * `agent-inspector sessions-mcp`: the recordings under --session-dir as MCP tools and resources for a debugging agent,
 * over stdio, or over Streamable HTTP at /sessions/mcp with --port (the same tokens and host checks as `serve`). It
 * never starts a browser: the core is there for the bridge's readers only.
 */
export async function runSessionsMcp(options: SessionsMcpOptions) {
  if (!options.sessionDir)
    throw new Error(
      'sessions-mcp reads recordings: say where with --session-dir DIR (or AGENT_INSPECTOR_SESSION_DIR), the folder the inspector records into.',
    );
  const sessionDir = resolve(options.sessionDir);
  if (!existsSync(sessionDir)) throw new Error(`--session-dir ${options.sessionDir}: no such folder.`);
  keepServingThroughBugs();
  const core = new InspectorCore({ ...defaultCoreConfig({ tokenCount: false }), sessionDir });
  const bridge = new BridgeHost(core, { mode: 'web', demoWorkspace: { root: sessionDir, outputDir: sessionDir } });
  const recordings = recordingsOf(bridge, sessionDir);
  const close = async () => {
    bridge.close();
    await core.close();
  };
  if (options.port === undefined) {
    await sessionsMcpServer(recordings).connect(new StdioServerTransport());
    log(`Agent Inspector sessions MCP over stdio: the recordings in ${sessionDir}, read-only.`);
    closeOnExit(close, [process.stdin], [process.stdout]);
    return;
  }
  const http = await startHttpServer(
    core,
    httpConfigFrom({ ...options, host: options.host ?? '127.0.0.1', port: options.port } as CliOptions & {
      port: number;
    }),
    {
      recordingsOnly: true,
      api: sessionsMcpOverHttp(recordings),
    },
  );
  log(
    `Agent Inspector sessions MCP at ${reachableUrl(http)}${SESSIONS_MCP_PATH}: the recordings in ${sessionDir}, read-only.`,
  );
  printAccess(http, false);
  closeOnExit(async () => {
    await http.close();
    await close();
  });
}
