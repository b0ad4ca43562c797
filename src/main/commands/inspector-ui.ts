import { resolve } from 'node:path';
import { BridgeHost } from '../bridge/bridge-host';
import { bridgeOverHttp } from '../bridge/http-transport';
import { BridgeWebSocket } from '../bridge/ws-transport';
import { isExposed } from '../access/access-policy';
import type { HttpConfig } from '../config';
import type { InspectorCore } from '../core';
import { apis, startHttpServer, type RunningHttpServer } from '../http-server';
import { sessionsMcpOverHttp } from '../sessions-mcp/http-endpoint';
import { BRIDGE_PATH } from '../../shared/bridge-wire';
import { reachableUrl } from './access-notice';
import { recordingsOf } from './sessions-mcp';

export interface RunningInspector {
  http: RunningHttpServer;
  bridge: BridgeHost;
  close(): Promise<void>;
}

/**
 * The inspector in web mode on one HTTP server: the UI, its bridge (WebSocket for the UI, POST /api/bridge/… for
 * scripts), MCP, the planner and the recordings over MCP (/sessions/mcp). `serve` adds the demo site; `mcp --ui` serves it beside its stdio client.
 */
export async function startInspector(
  core: InspectorCore,
  httpConfig: HttpConfig,
  content: { uiDir: string; demoDir?: string },
): Promise<RunningInspector> {
  const cwd = process.cwd();
  const bridge = new BridgeHost(core, {
    mode: 'web',
    demoWorkspace: { root: cwd, outputDir: resolve(cwd, core.config.outputDir) },
    exposed: isExposed(httpConfig),
  });
  const socket = new BridgeWebSocket(bridge);
  const http = await startHttpServer(core, httpConfig, {
    ...content,
    upgrades: { [BRIDGE_PATH]: socket.handleUpgrade },
    api: apis(bridgeOverHttp(bridge), sessionsMcpOverHttp(recordingsOf(bridge, core.config.sessionDir))),
  });
  bridge.setServerUrl(http.url, {
    tokenRequired: http.access.required,
    viewerUrl: http.access.viewerToken ? http.access.signInUrl(`${reachableUrl(http)}/`, 'viewer') : undefined,
  });
  return {
    http,
    bridge,
    async close() {
      bridge.close();
      socket.close();
      await http.close();
    },
  };
}
