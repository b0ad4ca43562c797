import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { BrowserContext, Route } from 'playwright';
import { ActivityCollector } from '../activity/collector';
import type { CoreConfig } from '../config';
import { DomState } from '../dom-state/dom-state';
import { captureHumanSteps, type HumanStepHooks } from '../human/capture';
import { redactSecrets } from '../secrets';
import type { BrowserSource } from './browser-source';
import { loadInitPage } from './init-page';
import { BROWSER_STATE_DIR, OutputBudget } from './output-budget';
import { StepPhases } from './step-phases';
import { Tab } from './tab';
import { displayPath } from './workspace-paths';

/** Where a session's files go: paths are shown to the agent relative to the workspace root. */
export interface Workspace {
  root: string;
  outputDir: string;
  /** Show written files by absolute path rather than relative to the root (--file-paths absolute). */
  absolutePaths?: boolean;
  /** Files may be written anywhere, not only inside the root and the output folder (--allow-unrestricted-file-access). */
  unrestricted?: boolean;
}

/**
 * The browser side of one MCP session: its own isolated BrowserContext on the shared Chromium, its tabs, its network
 * rules and its trace. Recreated on the next call after the browser closed or crashed.
 */
export class Context {
  tabs: Tab[] = [];
  private current?: Tab;
  /** Each page's run of the --init-page modules: a tool waits for it before using the page. */
  private readonly initPages = new WeakMap<import('playwright').Page, Promise<void>>();
  private browserContext?: Promise<BrowserContext>;
  /** Browser State files for this session, unless --no-dom-state. */
  readonly domState?: DomState;
  /** What the pages log and request, for each step's event, unless --no-activity. */
  readonly activity?: ActivityCollector;
  /**
   * name → value of everything redacted in this session: the --secrets file, plus each value the agent typed into a
   * sensitive field (see mcp/sensitive-field.ts). Grows during the session; every redaction reads this one object.
   */
  readonly secrets: Record<string, string>;
  /** --output-max-size: what every file written into the output folder goes through. */
  readonly outputBudget: OutputBudget;
  /** Where the running call's time goes (its step records them). */
  readonly phases = new StepPhases();
  /** The code of each step a person did by hand since browser_start_recording, while such a recording runs. */
  private recorded?: string[];

  constructor(
    readonly config: CoreConfig,
    private readonly source: BrowserSource,
    readonly sessionId: string,
    readonly workspace: Workspace,
    /** Sessions that may run side by side (HTTP) get their own browser-state/<session>/ folder. */
    sharedWorkspace: boolean,
    /** Where what a person does by hand in these pages goes (human takeover); without it, nothing is captured. */
    private readonly humanSteps?: HumanStepHooks,
  ) {
    this.secrets = { ...config.secrets };
    this.outputBudget = new OutputBudget(workspace.outputDir, config.outputMaxSize, config.sessionDir);
    if (config.filePaths === 'absolute' || config.allowUnrestrictedFileAccess) {
      this.workspace = {
        ...workspace,
        absolutePaths: config.filePaths === 'absolute',
        unrestricted: config.allowUnrestrictedFileAccess,
      };
    }
    if (config.domState) {
      const dir = join(workspace.outputDir, BROWSER_STATE_DIR, ...(sharedWorkspace ? [sessionId] : []));
      this.domState = new DomState(dir, text => redactSecrets(this.secrets, text));
    }
    if (config.activity) this.activity = new ActivityCollector(this.secrets);
  }

  get currentTab(): Tab | undefined {
    return this.current;
  }

  currentTabOrDie(): Tab {
    if (!this.current) throw new Error('No open page. Navigate to a URL first (browser_navigate).');
    return this.current;
  }

  async ensureTab(): Promise<Tab> {
    if (this.current?.crashed) {
      // As @playwright/mcp: the crashed page is closed and a blank one takes its place, whose console log says why.
      await this.current.page.close().catch(() => {});
      const tab = await this.newTab();
      tab.logNote('Page crashed and was reset to about:blank.');
      return tab;
    }
    if (this.current) return this.current;
    const context = await this.ensureBrowserContext();
    const page = context.pages()[0] ?? (await context.newPage());
    const tab = this.tabFor(page);
    await this.initPages.get(page);
    return tab;
  }

  async newTab(): Promise<Tab> {
    const context = await this.ensureBrowserContext();
    const page = await context.newPage();
    const tab = this.tabFor(page);
    await this.initPages.get(page);
    this.current = tab;
    return tab;
  }

  async selectTab(index: number): Promise<Tab> {
    const tab = this.tabs[index];
    // @playwright/mcp's words.
    if (!tab) throw new Error(`Tab ${index} not found`);
    // First, as the peer: a crashed page cannot come to the front ("Target crashed") and stays unselected.
    await tab.page.bringToFront();
    this.current = tab;
    return tab;
  }

  async closeTab(index?: number): Promise<void> {
    const tab = index === undefined ? this.current : this.tabs[index];
    // @playwright/mcp's words, also with no tab open ("Tab undefined not found").
    if (!tab) throw new Error(`Tab ${index} not found`);
    await tab.page.close();
  }

  /** Closes this session's pages and context; the next tool call starts afresh. */
  async closeBrowserContext(): Promise<void> {
    // The Browser State folder is whole once the browser is gone.
    await this.domState?.flush();
    const pending = this.browserContext;
    this.browserContext = undefined;
    this.tabs = [];
    this.current = undefined;
    const context = await pending?.catch(() => undefined);
    if (!context) return;
    if (this.config.saveTrace) {
      await mkdir(this.config.saveTrace, { recursive: true });
      await context.tracing.stop({ path: join(this.config.saveTrace, `trace-${this.sessionId}.zip`) }).catch(() => {});
    }
    await this.source.releaseContext(context);
  }

  private tabFor(page: import('playwright').Page): Tab {
    const existing = this.tabs.find(tab => tab.page === page);
    if (existing) return existing;
    const initPages = this.config.browser.initPages ?? [];
    if (initPages.length) this.initPages.set(page, this.runInitPages(page, initPages));
    const tab = new Tab(
      page,
      this.workspace.outputDir,
      closed => {
        const index = this.tabs.indexOf(closed);
        this.tabs = this.tabs.filter(t => t !== closed);
        if (this.current === closed) this.current = this.tabs[Math.min(index, this.tabs.length - 1)];
      },
      {
        settleMs: this.config.timeouts.settle,
        consoleLevel: this.config.consoleLevel,
        showPath: file => displayPath(this.workspace, file),
        redact: text => redactSecrets(this.secrets, text),
        snapshotBoxes: this.config.snapshotBoxes,
        // Where step screenshots are taken, someone looks at the steps (a recording, a UI): their targets are shown too.
        targetDetails: this.config.stepScreenshots,
        phases: this.phases,
      },
    );
    this.tabs.push(tab);
    this.current ??= tab;
    return tab;
  }

  private async runInitPages(page: import('playwright').Page, files: string[]): Promise<void> {
    for (const file of files) await (await loadInitPage(file))({ page });
  }

  /** Cookies and local storage of the session's browser context; undefined before it exists or after it closed. */
  async storageState(): Promise<unknown> {
    const context = await this.browserContext?.catch(() => undefined);
    return context?.storageState().catch(() => undefined);
  }

  private ensureBrowserContext(): Promise<BrowserContext> {
    if (!this.browserContext) {
      const pending = this.createBrowserContext();
      this.browserContext = pending;
      pending.catch(() => {
        if (this.browserContext === pending) this.browserContext = undefined;
      });
    }
    return this.browserContext;
  }

  private async createBrowserContext(): Promise<BrowserContext> {
    const context = await this.source.newContext(this.config.browser.contextOptions, this.workspace.root);
    context.setDefaultTimeout(this.config.timeouts.action);
    context.setDefaultNavigationTimeout(this.config.timeouts.navigation);
    this.activity?.attach(context);
    // A crashed or killed browser closes the context: forget it so the next call starts a new one.
    context.on('close', () => {
      if (!this.browserContext) return;
      this.browserContext = undefined;
      this.tabs = [];
      this.current = undefined;
    });
    // Pages opened by the site (target=_blank, window.open) become tabs too.
    context.on('page', page => this.tabFor(page));
    await this.applyNetworkRules(context);
    const hooks = this.humanSteps;
    if (this.config.humanSteps && hooks) {
      await captureHumanSteps(context, this.secrets, {
        agentActing: () => hooks.agentActing(),
        publish: step => {
          this.recorded?.push(step.code);
          return hooks.publish(step);
        },
      });
    }
    // A shared context may be traced already, by the session that opened it.
    if (this.config.saveTrace)
      await context.tracing.start({ screenshots: true, snapshots: true, title: this.sessionId }).catch(() => {});
    return context;
  }

  private async applyNetworkRules(context: BrowserContext): Promise<void> {
    const { allowedOrigins, blockedOrigins } = this.config;
    if (!allowedOrigins.length && !blockedOrigins.length) return;
    const isAllowed = originMatcher(allowedOrigins);
    const isBlocked = originMatcher(blockedOrigins);
    await context.route('**', (route: Route) => {
      const url = new URL(route.request().url());
      if (!/^https?:$/.test(url.protocol)) return route.continue();
      const refused = isBlocked(url) || (allowedOrigins.length > 0 && !isAllowed(url));
      return refused ? route.abort('blockedbyclient') : route.continue();
    });
  }

  /** Starts collecting the code of what a person does by hand (browser_start_recording); false when nothing is captured. */
  startRecording(): boolean {
    if (!this.config.humanSteps || !this.humanSteps) return false;
    this.recorded = [];
    return true;
  }

  /** The code recorded since startRecording, in order; undefined when no recording runs. */
  stopRecording(): string[] | undefined {
    const recorded = this.recorded;
    this.recorded = undefined;
    return recorded;
  }

  async dispose(): Promise<void> {
    await this.closeBrowserContext();
  }
}

/**
 * Matches URLs against origin rules: `https://example.com` matches that exact origin, `http://localhost:*` that scheme
 * and host on any port (as Playwright MCP), a bare `example.com` or `localhost:3000` that host on either scheme.
 */
export function originMatcher(rules: string[]): (url: URL) => boolean {
  const full = rules.filter(r => r.includes('://'));
  const anyPort = new Set(full.filter(r => r.endsWith(':*')).map(r => new URL(r.slice(0, -2)).origin));
  const origins = new Set(full.filter(r => !r.endsWith(':*')).map(r => new URL(r).origin));
  const hosts = new Set(rules.filter(r => !r.includes('://')).map(r => r.toLowerCase()));
  return url =>
    origins.has(url.origin) ||
    anyPort.has(`${url.protocol}//${url.hostname}`) ||
    hosts.has(url.host) ||
    hosts.has(url.hostname);
}
