import { readlinkSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { Browser, BrowserContext, BrowserContextOptions, LaunchOptions } from 'playwright';
import { chromium } from '../playwright/runtime';
import type { BrowserConfig } from '../config';
import { findChromium } from './discovery';
import { defaultSandbox, defaultUserDataDir, hasDisplay } from './launch-defaults';

/** Flags a root or locked-down Linux needs, and that keep a closed network from flooding refused connections. */
const CHROMIUM_ARGS = [
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/**
 * navigator.webdriver stays false, as with Playwright MCP: sites that turn automated browsers away serve an agent the
 * page a user sees. Left to the user when their own args already set the blink features.
 */
const automationHidden = (args: string[]) =>
  args.some(arg => arg.startsWith('--disable-blink-features')) ? [] : ['--disable-blink-features=AutomationControlled'];

/** A headless browser this process launched closes after an hour without a tool call, as Playwright MCP's does. */
const DEFAULT_IDLE_TIMEOUT = 60 * 60 * 1000;

/** Chromium's profile lock: a symlink naming host-pid of the browser that holds the profile (POSIX). */
function profileHolder(userDataDir: string): number | undefined {
  try {
    const pid = Number(readlinkSync(join(userDataDir, 'SingletonLock')).split('-').pop());
    if (!Number.isInteger(pid)) return undefined;
    process.kill(pid, 0);
    return pid;
  } catch {
    return undefined;
  }
}

/** How long a session waits for another to let go of an exclusive profile before it is refused (the peer's 5 tries). */
const PROFILE_WAIT = 5_000;

/** The message Playwright MCP gives when another browser holds the profile, so users recognise it. */
export const profileInUse = (userDataDir: string) =>
  `Browser is already in use for ${userDataDir}, use --isolated to run multiple instances of the same browser`;

/**
 * The one controlled Chromium of this process: launched (or attached to) lazily, shared by every MCP session through
 * its own isolated BrowserContext (or, with a persistent profile or --shared-browser-context, through one context they
 * share), and launched again on the next use after it closed, crashed or sat idle.
 */
export class BrowserSource {
  private browser?: Promise<Browser>;
  /** The browser once it is up, for the inspector's status; undefined while launching and after it closed. */
  private launched?: Browser;
  /** The context every session uses when they share one; a persistent profile's is the browser's only context. */
  private shared?: Promise<BrowserContext>;
  /** How many sessions hold the shared context: it closes with the last one. */
  private holders = 0;
  /** How many contexts of their own sessions hold (when they do not share one), counted from the moment they ask. */
  private owned = 0;
  /** Settles once the browser the last session closed is gone (with a persistent profile, its lock too). */
  private released: Promise<void> = Promise.resolve();
  private idleTimer?: NodeJS.Timeout;
  /** Tool calls running on any session. */
  private calls = 0;
  /** The persistent profile's folder, once known: --user-data-dir, or the first session's workspace root's own. */
  private profile?: string;

  constructor(private readonly config: BrowserConfig) {}

  get headless(): boolean {
    return this.config.headless ?? !hasDisplay();
  }

  /**
   * How long a session may sit without a tool call before its pages are let go, in ms (0: never): --idle-timeout, else
   * an hour for a headless browser this process launched, as Playwright MCP.
   */
  get idleTimeout(): number {
    const attached = !!(this.config.cdpEndpoint || this.config.wsEndpoint);
    return this.config.idleTimeout ?? (this.headless && !attached ? DEFAULT_IDLE_TIMEOUT : 0);
  }

  /**
   * A tool call starts: the browser does not close under it. Call the returned function when it is done; once no call
   * runs, the browser closes after the idle timeout (--idle-timeout) unless another call comes.
   */
  callStarted(): () => void {
    clearTimeout(this.idleTimer);
    this.calls++;
    let done = false;
    return () => {
      if (done) return;
      done = true;
      if (--this.calls === 0) this.startIdleCount();
    };
  }

  private startIdleCount() {
    const timeout = this.idleTimeout;
    if (!timeout || this.state === 'stopped') return;
    this.idleTimer = setTimeout(() => void this.close(), timeout);
    this.idleTimer.unref();
  }

  /** One line for the startup banner; a missing Chromium is reported here and again on the first tool call. */
  describe(): string {
    if (this.config.cdpEndpoint) return `CDP ${this.config.cdpEndpoint}`;
    if (this.config.wsEndpoint) return `Playwright server ${this.config.wsEndpoint}`;
    try {
      return `${findChromium(this.config.executablePath)}${this.headless ? ' (headless)' : ''}`;
    } catch (error) {
      const lines = (error as Error).message.split('\n');
      // The first line says what is missing, the last how to get it.
      return `not available: ${lines[0].replace(/ Tried:$/, '')} ${lines.at(-1)}`;
    }
  }

  get state(): 'stopped' | 'starting' | 'running' {
    return this.launched?.isConnected() ? 'running' : this.browser ? 'starting' : 'stopped';
  }

  /** Launches (or attaches to) the browser now rather than on the first tool call. */
  async start(): Promise<void> {
    await this.connected();
  }

  /**
   * A browser context for one session: its own (with the session's `options` over the server's, e.g. a fork's storage
   * state), or the shared one. Give it back with releaseContext. `workspaceRoot` places a profile kept per root.
   */
  async newContext(options?: BrowserContextOptions, workspaceRoot?: string): Promise<BrowserContext> {
    if (!this.config.sharedContext) {
      // Counted before the browser is asked, so the last session leaving meanwhile does not close it under this one.
      this.owned++;
      try {
        return await this.prepare(await (await this.connected()).newContext({ ...this.contextOptions(), ...options }));
      } catch (error) {
        this.owned--;
        throw error;
      }
    }
    await this.hold(workspaceRoot);
    try {
      await this.released;
      return await this.sharedContext(workspaceRoot);
    } catch (error) {
      this.holders--;
      throw error;
    }
  }

  /**
   * Counts one more session on the shared context, before it is launched, so a session arriving meanwhile counts it. An
   * exclusive profile's holder gets a few seconds to let go first, as Playwright MCP waits for the profile's lock: a
   * client that reconnects gets its profile back rather than an error.
   */
  private async hold(workspaceRoot?: string) {
    const deadline = Date.now() + PROFILE_WAIT;
    while (this.config.exclusiveProfile && this.holders > 0) {
      if (Date.now() >= deadline) throw new Error(profileInUse(this.profileDir(workspaceRoot)!));
      await new Promise(resolve => setTimeout(resolve, 100));
    }
    this.holders++;
  }

  private sharedContext(workspaceRoot?: string): Promise<BrowserContext> {
    if (!this.shared) {
      const pending = this.profileDir(workspaceRoot)
        ? this.connected().then(browser => browser.contexts()[0])
        : this.connected().then(async browser => this.prepare(await browser.newContext(this.contextOptions())));
      this.shared = pending;
      pending.then(
        context =>
          context.on('close', () => {
            if (this.shared === pending) this.shared = undefined;
          }),
        () => {
          if (this.shared === pending) this.shared = undefined;
        },
      );
    }
    return this.shared;
  }

  /**
   * A session is done with its context: its own closes; the shared one (and its tabs) when no session holds it. A
   * persistent profile's context is its browser: both close, as Playwright MCP closes a client's browser when it
   * leaves; so does the browser of the last session with `closeWithLastSession`.
   */
  async releaseContext(context: BrowserContext): Promise<void> {
    if (this.config.sharedContext) {
      this.holders = Math.max(0, this.holders - 1);
      // The other sessions keep every tab, the leaving one's too: they share them, as in Playwright MCP's shared context.
      if (this.holders > 0) return;
      this.shared = undefined;
    } else {
      this.owned = Math.max(0, this.owned - 1);
    }
    if (this.profile || (this.config.closeWithLastSession && this.owned === 0 && this.holders === 0)) {
      // The next session launches once this browser is gone: until then Chromium's lock still holds a profile.
      this.released = this.close();
      return this.released;
    }
    await context.close().catch(() => {});
  }

  private contextOptions() {
    return { viewport: { width: 1280, height: 720 }, ...this.config.contextOptions, acceptDownloads: true };
  }

  /** What every context gets once, however many sessions share it: the --init-script files. */
  private async prepare(context: BrowserContext): Promise<BrowserContext> {
    for (const path of this.config.initScripts ?? []) await context.addInitScript({ path });
    return context;
  }

  private connected(): Promise<Browser> {
    if (!this.browser) {
      const pending = this.open();
      this.browser = pending;
      pending.then(
        browser => {
          if (this.browser === pending) this.launched = browser;
          browser.on('disconnected', () => {
            // The browser crashed or was closed from outside: its contexts are gone, and nobody gives them back.
            if (this.browser === pending) {
              this.browser = undefined;
              this.holders = 0;
              this.owned = 0;
            }
            if (this.launched === browser) this.launched = undefined;
          });
        },
        () => {
          if (this.browser === pending) this.browser = undefined;
        },
      );
    }
    return this.browser;
  }

  /**
   * The persistent profile's folder (undefined: in memory). Per root, the first session's root decides it for the
   * process: over stdio, the one client's.
   */
  private profileDir(workspaceRoot = process.cwd()): string | undefined {
    const { userDataDir, profilePerRoot, launchOptions } = this.config;
    this.profile ??=
      userDataDir ?? (profilePerRoot ? defaultUserDataDir(workspaceRoot, launchOptions?.channel) : undefined);
    return this.profile;
  }

  private async open(): Promise<Browser> {
    const { cdpEndpoint, wsEndpoint } = this.config;
    const userDataDir = this.profileDir();
    if (cdpEndpoint)
      return chromium.connectOverCDP(cdpEndpoint, {
        timeout: this.config.cdpTimeout ?? 30_000,
        headers: this.config.cdpHeaders,
      });
    if (wsEndpoint) return chromium.connect(wsEndpoint, { timeout: 30_000, headers: this.config.wsHeaders });
    if (!userDataDir) return chromium.launch(this.launchOptions());
    await mkdir(userDataDir, { recursive: true });
    if (profileHolder(userDataDir)) throw new Error(profileInUse(userDataDir));
    try {
      // A profile of one's own keeps its extensions, as with Playwright MCP: --disable-extensions is left out.
      const ignored = this.config.launchOptions?.ignoreDefaultArgs;
      const ignoreDefaultArgs =
        ignored === true ? true : ['--disable-extensions', ...(Array.isArray(ignored) ? ignored : [])];
      const context = await chromium.launchPersistentContext(userDataDir, {
        ...this.launchOptions(),
        ...this.contextOptions(),
        ignoreDefaultArgs,
      });
      await this.prepare(context);
      return context.browser()!;
    } catch (error) {
      if (/ProcessSingleton|exitCode=21/.test((error as Error).message)) throw new Error(profileInUse(userDataDir));
      throw error;
    }
  }

  private launchOptions(): LaunchOptions {
    const { launchOptions = {} } = this.config;
    return {
      ...launchOptions,
      // A channel (--browser chrome) is found by Playwright; otherwise the Chromium discovery picks one.
      executablePath: launchOptions.channel
        ? this.config.executablePath
        : findChromium(this.config.executablePath ?? launchOptions.executablePath),
      headless: this.headless,
      chromiumSandbox: defaultSandbox(launchOptions),
      args: [...CHROMIUM_ARGS, ...automationHidden(this.config.args), ...this.config.args],
      timeout: launchOptions.timeout ?? 30_000,
    };
  }

  async close(): Promise<void> {
    clearTimeout(this.idleTimer);
    const pending = this.browser;
    this.browser = undefined;
    this.launched = undefined;
    this.shared = undefined;
    this.holders = 0;
    this.owned = 0;
    const browser = await pending?.catch(() => undefined);
    await browser?.close().catch(() => {});
  }
}
