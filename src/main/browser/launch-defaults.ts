import { createHash } from 'node:crypto';
import { homedir } from 'node:os';
import { join } from 'node:path';
import type { LaunchOptions } from 'playwright';

/*
 * What the browser is launched with where no setting says: read by the launch (browser-source.ts) and reported by
 * browser_get_config (peer-config.ts), without loading Playwright.
 */

export const hasDisplay = () => process.platform !== 'linux' || !!process.env.DISPLAY || !!process.env.WAYLAND_DISPLAY;

/** Chromium refuses to start as root with its sandbox on; --sandbox / --no-sandbox decide otherwise. */
export const defaultSandbox = (launchOptions: LaunchOptions = {}) =>
  launchOptions.chromiumSandbox ?? (process.getuid?.() !== 0 && process.env.AGENT_INSPECTOR_NO_SANDBOX !== '1');

/**
 * Where a persistent profile lives when no --user-data-dir is given: one per workspace root (the client's first MCP
 * root, else the working directory) and browser channel, in the user's cache folder, as Playwright MCP keeps its own.
 * PWMCP_PROFILES_DIR_FOR_TEST is the folder the peer's own test suite points it to: a suite written for it finds
 * ours there too.
 */
export function defaultUserDataDir(workspaceRoot: string, channel = 'chromium'): string {
  const cache =
    process.env.XDG_CACHE_HOME ||
    (process.platform === 'darwin'
      ? join(homedir(), 'Library', 'Caches')
      : process.platform === 'win32'
        ? (process.env.LOCALAPPDATA ?? join(homedir(), 'AppData', 'Local'))
        : join(homedir(), '.cache'));
  const dir = process.env.PWMCP_PROFILES_DIR_FOR_TEST || join(cache, 'agent-inspector');
  const hash = createHash('sha256').update(workspaceRoot).digest('hex').slice(0, 7);
  return join(dir, `mcp-${channel}-${hash}`);
}
