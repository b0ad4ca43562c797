import type { BrowserContextOptions, LaunchOptions } from 'playwright';
import type { Language } from './codegen/action';
import { DEFAULT_TEST_ID_ATTRIBUTE } from '../shared/locators';
import type { SnapshotMode } from '../shared/snapshot-modes';
import type { ForkOrigin } from '../shared/events';

/** Everything the automation core needs to know, resolved once from CLI flags and their environment variables. */
export interface BrowserConfig {
  /** Explicit Chromium binary; otherwise discovered (see browser/discovery.ts). */
  executablePath?: string;
  /** undefined: headless exactly when there is no display. */
  headless?: boolean;
  /** Attach to a running Chromium over CDP instead of launching one. */
  cdpEndpoint?: string;
  /** Attach to a Playwright browser server (`npx playwright run-server`) instead of launching one. */
  wsEndpoint?: string;
  /** Extra Chromium command-line arguments. */
  args: string[];
  /** Launch options under ours: the config file's launchOptions, --proxy-server, --sandbox, --browser (channel). */
  launchOptions?: LaunchOptions;
  /** Options of every browser context: the config file's contextOptions, --device/--mobile, --viewport-size, --user-agent… */
  contextOptions?: BrowserContextOptions;
  /** Keep the profile in this folder across runs (one persistent context, shared by the sessions); else in memory. */
  userDataDir?: string;
  /** Without userDataDir, keep the profile on disk all the same, in a folder of the workspace root's (stdio `mcp`). */
  profilePerRoot?: boolean;
  /** Headers and timeout (ms, 0: none) of the --cdp-endpoint connect request. */
  cdpHeaders?: Record<string, string>;
  cdpTimeout?: number;
  /** Headers of the --ws-endpoint / --endpoint connect request (--remote-header). */
  wsHeaders?: Record<string, string>;
  /** JavaScript files added to every page before its own scripts (--init-script). */
  initScripts?: string[];
  /** Modules whose default export runs with each new page: ({ page }) => … (--init-page). */
  initPages?: string[];
  /** Close the browser after this many ms without a tool call; the next call relaunches it. 0: never. */
  idleTimeout?: number;
  /** All sessions share one browser context (--shared-browser-context; always so with a persistent profile). */
  sharedContext?: boolean;
  /**
   * The persistent profile is held by one session at a time, as each of Playwright MCP's HTTP clients launches its own
   * browser on it: another session's call is refused with the peer's profile-lock error until the holder lets it go.
   */
  exclusiveProfile?: boolean;
  /** The browser closes when its last session lets its context go, as Playwright MCP's closes with its last client. */
  closeWithLastSession?: boolean;
}

/** Which planner answers negotiation requests (seed 003). */
export interface PlannerConfig {
  /** An OpenAI-compatible chat-completions endpoint; without it the built-in deterministic planner answers. */
  llm?: { baseUrl: string; apiKey?: string; model: string; timeoutMs: number };
  /** Send requests to another backend's `POST /api/agent/interact` instead of planning in-process. */
  endpoint?: string;
  /** Negotiation rounds per query before the client gives up (the first, semantic_v3, counts). */
  maxRounds: number;
  /** Largest request body the planner endpoint accepts, in bytes. */
  maxBodyBytes: number;
}

/**
 * The tool groups `--caps` turns on, named as @playwright/mcp names them; the core tools are always on. `tracing` is
 * the peer's older name for `devtools`.
 */
export const CAPABILITIES = ['vision', 'pdf', 'devtools', 'storage', 'network', 'testing', 'config'] as const;
export type Capability = (typeof CAPABILITIES)[number];

/** Where the server's spans go (OTLP/HTTP), resolved from --otlp-endpoint and the OTEL_* variables (tracing/export-config.ts). */
export interface OtlpExportConfig {
  /** The traces URL (`…/v1/traces`). */
  url: string;
  protocol: 'http/protobuf' | 'http/json';
  headers: Record<string, string>;
  serviceName: string;
}

export interface CoreConfig {
  browser: BrowserConfig;
  /** The configuration as @playwright/mcp shows it, from the flags, variables and config file (browser_get_config). */
  peerConfig?: Record<string, unknown>;
  /** The optional tool groups offered besides the core tools (--caps). */
  caps: Capability[];
  allowFileAccess: boolean;
  /** Files may be written outside the workspace root (--allow-unrestricted-file-access; also allows file: URLs). */
  allowUnrestrictedFileAccess?: boolean;
  allowUnsafeCode: boolean;
  /** Only requests to these origins go through (empty: all). */
  allowedOrigins: string[];
  /** Requests to these origins are blocked. */
  blockedOrigins: string[];
  /** name → value, from the --secrets dotenv file. */
  secrets: Record<string, string>;
  /** Folder for one Playwright trace zip per session. */
  saveTrace?: string;
  /** Where screenshots, downloads and snapshot files go; relative paths are resolved against the workspace root. */
  outputDir: string;
  /**
   * What an action's response carries of the page after it: `full` the whole aria snapshot inline; `file` a link to it
   * written under the output folder (what @playwright/mcp does); `none` nothing; `diff` the link plus the changes since
   * the snapshot the agent last received. `browser_snapshot` returns the whole tree inline in every mode.
   */
  snapshotMode: SnapshotMode;
  /** The most lines a `### Page changes` section may take before it gives an outline instead (diff mode). */
  maxChangeLines: number;
  /** Snapshots carry each element's `[box=x,y,w,h]` unless a call says otherwise. */
  snapshotBoxes: boolean;
  /** Bytes the output folder may hold before its oldest files go (browser/output-budget.ts; undefined: no limit). */
  outputMaxSize?: number;
  /** Largest text response in bytes; the rest is written to a file and linked (undefined: no cap). */
  responseMaxSize?: number;
  /**
   * What the config file's `sessions` section sets for the sessions of one MCP client, by the name the client gives
   * in its `initialize` (e.g. one agent wants `full` snapshots, another `diff`): it wins over the server's settings.
   */
  sessionOverrides: Record<string, SessionOverride>;
  /** Write Browser State files (dom.html, accessibility-tree.yaml, diffs/) after each snapshot. */
  domState: boolean;
  /** Record each step's console messages, page errors and network requests with its event (see activity/). */
  activity: boolean;
  /** `settle`: how long an action waits at most for the requests and navigation it triggered (it returns once they are done). */
  timeouts: { action: number; navigation: number; settle?: number };
  /** Generated Playwright code in responses (`none` leaves the Ran Playwright code section out). */
  codegen: Language | 'none';
  /** Console messages reported in a response's Events section: this level and the more severe ones (default info). */
  consoleLevel: 'error' | 'warning' | 'info' | 'debug';
  /** How written files are named in results: relative to the workspace root, or absolute. */
  filePaths: 'relative' | 'absolute';
  /** Images in responses: sent, left out, or sent without the text part. */
  imageResponses: 'allow' | 'omit' | 'only';
  planner: PlannerConfig;
  /** Export a span per tool call to an OpenTelemetry collector (tracing/step-exporter.ts); off when absent. */
  otlpExport?: OtlpExportConfig;
  /** Record every session into a folder under this directory (see sessions/). */
  sessionDir?: string;
  /** --save-session: also write @playwright/mcp's session log, session-<epoch ms>/session.md in the output folder. */
  saveSession?: boolean;
  /** Put the inspector in front of this MCP browser server command (proxy mode): its tools, recorded. */
  upstream?: string;
  /** Every session of this process continues a recorded one from a step (`agent-inspector fork`): named in its metadata. */
  forkOf?: ForkOrigin;
  /** Record what a person does by hand in the controlled browser as steps (human takeover). */
  humanSteps: boolean;
  /** The attribute getByTestId reads (Playwright's selectors.setTestIdAttribute): in generated code and locator candidates. */
  testIdAttribute: string;
  /**
   * Take a JPEG of the viewport after each page tool call (the inspector's timeline and page view), and read each
   * target's box and element facts (its highlight, locator candidates). Off for plain `mcp`, so an agent's call latency
   * does not pay for a UI nobody is looking at.
   */
  stepScreenshots: boolean;
  /**
   * Count what each tool call's response costs the agent's context (tokens by section), in a worker thread after the
   * call was answered. Off (--no-token-count) for benchmarks and lean runs.
   */
  tokenCount: boolean;
  /**
   * The live debugger (src/main/debugger): on where a person can act on a running session (a UI: `serve`, the app,
   * `mcp --ui`). Plain `mcp` runs without it, so an agent's calls pass no stage nobody can act on.
   */
  debug?: DebugConfig;
}

export interface DebugConfig {
  /** Hold the first call of every new session (--pause-on-start). */
  pauseOnStart: boolean;
  /** How long a call stays held before it goes on as it stands (--pause-timeout). */
  pauseTimeoutMs: number;
  /** Breakpoint conditions for every session (--pause-on), in shared/debugger.ts's forms. */
  pauseOn: string[];
}

export const DEFAULT_PAUSE_TIMEOUT_MS = 10 * 60_000;

/** The debugger as a UI starts it when no flag says otherwise. */
export const defaultDebugConfig = (): DebugConfig => ({
  pauseOnStart: false,
  pauseTimeoutMs: DEFAULT_PAUSE_TIMEOUT_MS,
  pauseOn: [],
});

export interface HttpConfig {
  host: string;
  port: number;
  /** Extra Host/Origin host names accepted besides loopback ones (for a deliberate non-loopback bind). */
  allowedHosts: string[];
  /** Require a token on loopback too (it is always required when the server is exposed: see access/). */
  requireToken?: boolean;
  /** The token to require (default: a random one, printed at start). */
  token?: string;
  /** A second, read-only token; `true`: generate one. */
  viewerToken?: string | true;
}

export const DEFAULT_OUTPUT_DIR = '.playwright-mcp';

/** The response settings one MCP client's sessions may have of their own (CoreConfig.sessionOverrides). */
export type SessionOverride = Partial<
  Pick<CoreConfig, 'snapshotMode' | 'maxChangeLines' | 'snapshotBoxes' | 'responseMaxSize'>
>;

/** The settings of a session of the client named `clientName`: the server's, with that client's overrides. */
export function configForClient(config: CoreConfig, clientName: string | undefined): CoreConfig {
  const override = clientName === undefined ? undefined : config.sessionOverrides[clientName];
  return override ? { ...config, ...override } : config;
}

/** Where a fork starts: the session and step it continues, and the storage state its browser context starts with. */
export interface SessionFork {
  origin: ForkOrigin;
  /** A storage state file (cookies, local storage), as recorded after the step. */
  storageState?: string;
}

/** The settings of a session that continues a recorded one (`agent-inspector fork`, the UI's "Fork from here"). */
export function withFork(config: CoreConfig, fork: SessionFork): CoreConfig {
  const { contextOptions } = config.browser;
  return {
    ...config,
    forkOf: fork.origin,
    ...(fork.storageState && {
      browser: { ...config.browser, contextOptions: { ...contextOptions, storageState: fork.storageState } },
    }),
  };
}

export function defaultCoreConfig(overrides: Partial<CoreConfig> = {}): CoreConfig {
  return {
    browser: { args: [] },
    caps: [],
    allowFileAccess: false,
    allowUnsafeCode: false,
    allowedOrigins: [],
    blockedOrigins: [],
    secrets: {},
    outputDir: DEFAULT_OUTPUT_DIR,
    snapshotMode: 'diff',
    maxChangeLines: 60,
    sessionOverrides: {},
    snapshotBoxes: false,
    domState: true,
    activity: true,
    timeouts: { action: 5_000, navigation: 60_000, settle: 5_000 },
    codegen: 'typescript',
    consoleLevel: 'info',
    filePaths: 'relative',
    imageResponses: 'allow',
    planner: { maxRounds: 4, maxBodyBytes: 16 * 1024 * 1024 },
    humanSteps: true,
    testIdAttribute: DEFAULT_TEST_ID_ATTRIBUTE,
    stepScreenshots: false,
    tokenCount: true,
    ...overrides,
  };
}
