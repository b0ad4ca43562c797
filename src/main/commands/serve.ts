import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { findChromium } from '../browser/discovery';
import { BridgeHost } from '../bridge/bridge-host';
import { BridgeWebSocket } from '../bridge/ws-transport';
import { coreConfigFrom, httpConfigFrom, peerNotices, type CliOptions } from '../cli-options';
import { InspectorCore } from '../core';
import { startHttpServer } from '../http-server';
import { BRIDGE_PATH } from '../../shared/bridge-wire';
import { isExposed } from '../access/access-policy';
import { printAccess, reachableUrl } from './access-notice';
import { closeOnExit, keepServingThroughBugs, log } from './process';

/** `agent-inspector serve`: web mode — the UI, its bridge, MCP, the planner and the demo site on one loopback port. */
export async function runServe(options: CliOptions & { port: number; open?: boolean }, uiDir: string, resourcesDir: string) {
  keepServingThroughBugs();
  // Someone is looking at the UI: each page step gets its screenshot for the timeline and the page view.
  const core = new InspectorCore({ ...coreConfigFrom(options), stepScreenshots: true });
  for (const notice of peerNotices(options)) log(`agent-inspector: ${notice}`);
  const cwd = process.cwd();
  const httpConfig = httpConfigFrom(options);
  const exposed = isExposed(httpConfig);
  const bridge = new BridgeHost(core, { mode: 'web', demoWorkspace: { root: cwd, outputDir: resolve(cwd, core.config.outputDir) }, exposed });
  const socket = new BridgeWebSocket(bridge);
  const http = await startHttpServer(core, httpConfig, {
    uiDir,
    demoDir: join(resourcesDir, 'demo'),
    upgrades: { [BRIDGE_PATH]: socket.handleUpgrade },
  });
  bridge.setServerUrl(http.url, {
    tokenRequired: http.access.required,
    viewerUrl: http.access.viewerToken ? http.access.signInUrl(`${reachableUrl(http)}/`, 'viewer') : undefined,
  });
  log(`Agent Inspector (web mode) at ${http.url}/`);
  log(`MCP endpoint: ${http.url}/mcp (legacy SSE: ${http.url}/sse)`);
  printAccess(http, true);
  log(`Browser: ${core.browser.describe()}`);
  if (options.open) openAppWindow(`${http.url}/`, options.executablePath);
  closeOnExit(async () => {
    bridge.close();
    socket.close();
    await http.close();
    await core.close();
  });
}

/** Opens the UI in a Chromium `--app` window of its own profile; says why and keeps serving when it cannot. */
function openAppWindow(url: string, executablePath: string | undefined) {
  if (process.platform === 'linux' && !process.env.DISPLAY && !process.env.WAYLAND_DISPLAY) {
    log(`--open: no display here; open ${url} in a browser.`);
    return;
  }
  let chromium: string;
  try {
    chromium = findChromium(executablePath);
  } catch {
    log(`--open: no Chromium found; open ${url} in a browser.`);
    return;
  }
  const profile = mkdtempSync(join(tmpdir(), 'agent-inspector-ui-'));
  const child = spawn(chromium, [
    `--app=${url}`, `--user-data-dir=${profile}`, '--no-first-run', '--disable-background-networking', '--disable-sync',
    ...(process.getuid?.() === 0 ? ['--no-sandbox'] : []),
  ], { stdio: 'ignore', detached: true });
  child.on('error', error => log(`--open: could not start ${chromium} (${error.message}); open ${url} in a browser.`));
  child.unref();
}
