import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { findChromium } from '../browser/discovery';
import type { CliOptions } from '../cli-options';
import { coreConfigFrom, httpConfigFrom, peerNotices } from '../cli-config';
import { debugConfigFrom, describeDebugConfig, type DebugCliOptions } from '../debug-options';
import { InspectorCore } from '../core';
import { printAccess } from './access-notice';
import { startInspector } from './inspector-ui';
import { closeOnExit, keepServingThroughBugs, log } from './process';

/** `agent-inspector serve`: web mode — the UI, its bridge, MCP, the planner and the demo site on one loopback port. */
export async function runServe(
  options: CliOptions & DebugCliOptions & { port: number; open?: boolean },
  uiDir: string,
  resourcesDir: string,
) {
  keepServingThroughBugs();
  // Someone is looking at the UI: each page step gets its screenshot for the timeline and the page view, and a person
  // can pause the sessions.
  const core = new InspectorCore({
    ...coreConfigFrom(options),
    stepScreenshots: true,
    debug: debugConfigFrom(options),
  });
  for (const notice of peerNotices(options)) log(`agent-inspector: ${notice}`);
  const inspector = await startInspector(core, httpConfigFrom(options), { uiDir, demoDir: join(resourcesDir, 'demo') });
  const { http } = inspector;
  log(`Agent Inspector (web mode) at ${http.url}/`);
  log(`MCP endpoint: ${http.url}/mcp (legacy SSE: ${http.url}/sse)`);
  printAccess(http, true);
  log(`Browser: ${core.browser.describe()}`);
  const pausing = describeDebugConfig(core.config.debug);
  if (pausing) log(pausing);
  if (options.open) openAppWindow(`${http.url}/`, options.executablePath);
  closeOnExit(async () => {
    await inspector.close();
    await core.close();
  });
}

/** Opens the UI in a Chromium `--app` window of its own profile; says why and keeps serving when it cannot. */
export function openAppWindow(url: string, executablePath: string | undefined) {
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
  const child = spawn(
    chromium,
    [
      `--app=${url}`,
      `--user-data-dir=${profile}`,
      '--no-first-run',
      '--disable-background-networking',
      '--disable-sync',
      ...(process.getuid?.() === 0 ? ['--no-sandbox'] : []),
    ],
    { stdio: 'ignore', detached: true },
  );
  child.on('error', error => log(`--open: could not start ${chromium} (${error.message}); open ${url} in a browser.`));
  child.unref();
}
