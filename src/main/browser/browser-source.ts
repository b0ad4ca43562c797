import type { Browser, BrowserContext, BrowserContextOptions } from 'playwright';
import { chromium } from 'playwright';
import type { BrowserConfig } from '../config';
import { findChromium } from './discovery';

/** Flags a root or locked-down Linux needs, and that keep a closed network from flooding refused connections. */
const CHROMIUM_ARGS = ['--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];

const hasDisplay = () => process.platform !== 'linux' || !!process.env.DISPLAY || !!process.env.WAYLAND_DISPLAY;

/**
 * The one controlled Chromium of this process: launched (or attached to) lazily, shared by every MCP session through
 * its own isolated BrowserContext, and launched again on the next use after it closed or crashed.
 */
export class BrowserSource {
  private browser?: Promise<Browser>;
  /** The browser once it is up, for the inspector's status; undefined while launching and after it closed. */
  private launched?: Browser;

  constructor(private readonly config: BrowserConfig) {}

  get headless(): boolean {
    return this.config.headless ?? !hasDisplay();
  }

  /** One line for the startup banner; a missing Chromium is reported here and again on the first tool call. */
  describe(): string {
    if (this.config.cdpEndpoint) return `CDP ${this.config.cdpEndpoint}`;
    if (this.config.wsEndpoint) return `Playwright server ${this.config.wsEndpoint}`;
    try {
      return `${findChromium(this.config.executablePath)}${this.headless ? ' (headless)' : ''}`;
    } catch (error) {
      return `not available: ${(error as Error).message.split('\n')[0]}`;
    }
  }

  get state(): 'stopped' | 'starting' | 'running' {
    return this.launched?.isConnected() ? 'running' : this.browser ? 'starting' : 'stopped';
  }

  /** Launches (or attaches to) the browser now rather than on the first tool call. */
  async start(): Promise<void> {
    await this.connected();
  }

  async newContext(options: BrowserContextOptions): Promise<BrowserContext> {
    const browser = await this.connected();
    return browser.newContext(options);
  }

  private connected(): Promise<Browser> {
    if (!this.browser) {
      const pending = this.open();
      this.browser = pending;
      pending.then(
        browser => {
          if (this.browser === pending) this.launched = browser;
          browser.on('disconnected', () => {
            if (this.browser === pending) this.browser = undefined;
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

  private async open(): Promise<Browser> {
    const { cdpEndpoint, wsEndpoint } = this.config;
    if (cdpEndpoint) return chromium.connectOverCDP(cdpEndpoint, { timeout: 30_000 });
    if (wsEndpoint) return chromium.connect(wsEndpoint, { timeout: 30_000 });
    const isRoot = process.getuid?.() === 0;
    return chromium.launch({
      executablePath: findChromium(this.config.executablePath),
      headless: this.headless,
      // Chromium refuses to start as root with its sandbox on.
      chromiumSandbox: !isRoot && process.env.AGENT_INSPECTOR_NO_SANDBOX !== '1',
      args: [...CHROMIUM_ARGS, ...this.config.args],
      timeout: 30_000,
    });
  }

  async close(): Promise<void> {
    const pending = this.browser;
    this.browser = undefined;
    this.launched = undefined;
    const browser = await pending?.catch(() => undefined);
    await browser?.close().catch(() => {});
  }
}
