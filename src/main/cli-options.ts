import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { Command, InvalidArgumentError, Option } from 'commander';
import type { BrowserContextOptions, LaunchOptions } from 'playwright';
import { devices } from './playwright/runtime';
import { peerSnapshotMode, SNAPSHOT_MODES, type SnapshotMode } from '../shared/snapshot-modes';
import {
  CAPABILITIES,
  defaultCoreConfig,
  type BrowserConfig,
  type Capability,
  type CoreConfig,
  type HttpConfig,
  type PlannerConfig,
} from './config';
import { LANGUAGES, type Language } from './codegen/action';
import { responseMaxSizeFrom, sessionOverridesFrom, type PeerConfigFile } from './config-file';
import { milliseconds } from './peer-options';
import { defaultSandbox, hasDisplay } from './browser/launch-defaults';
import { peerConfigView } from './peer-config';
import { loadSecrets } from './secrets';
import { otlpExportFrom } from './tracing/export-config';

/** Raw option values as commander hands them over (every flag also reads an AGENT_INSPECTOR_* variable). */
export interface CliOptions {
  executablePath?: string;
  headless?: boolean;
  cdpEndpoint?: string;
  wsEndpoint?: string;
  browserArg?: string[];
  viewportSize?: { width: number; height: number };
  allowFileAccess?: boolean;
  allowUnsafeCode?: boolean;
  allowedOrigins?: string[];
  blockedOrigins?: string[];
  secrets?: string;
  saveTrace?: string;
  outputDir?: string;
  snapshotMode?: SnapshotMode;
  maxChangeLines?: number;
  snapshotBoxes?: boolean;
  outputMaxSize?: number;
  responseMaxSize?: number;
  domState?: boolean;
  tokenCount?: boolean;
  activity?: boolean;
  timeoutAction?: number;
  timeoutNavigation?: number;
  sessionDir?: string;
  upstream?: string;
  humanSteps?: boolean;
  testIdAttribute?: string;
  plannerEndpoint?: string;
  llmBaseUrl?: string;
  llmModel?: string;
  llmTimeout?: number;
  maxRounds?: number;
  otlpEndpoint?: string;
  port?: number;
  host: string;
  allowedHosts?: string[];
  requireToken?: boolean;
  token?: string;
  viewerToken?: string | true;
  caps?: Capability[];
  // Flags shared with Playwright MCP (peer-options.ts).
  /** The `--config` file (or PLAYWRIGHT_MCP_CONFIG) and the file as read, set by applyPeerSources. */
  config?: string;
  fileConfig?: PeerConfigFile;
  /** Where each setting given on the command line or in the environment came from (`cli`, `env`). */
  optionSources?: Record<string, string>;
  vision?: boolean;
  webmcp?: boolean;
  isolated?: boolean;
  userDataDir?: string;
  storageState?: string;
  initPage?: string[];
  initScript?: string[];
  device?: string;
  mobile?: boolean;
  userAgent?: string;
  proxyServer?: string;
  proxyBypass?: string;
  ignoreHttpsErrors?: boolean;
  grantPermissions?: string[];
  blockServiceWorkers?: boolean;
  browser?: string;
  sandbox?: boolean;
  cdpHeader?: Record<string, string>;
  remoteHeader?: Record<string, string>;
  cdpTimeout?: number;
  endpoint?: string;
  extension?: boolean;
  codegen?: 'typescript' | 'python' | 'java' | 'csharp' | 'none';
  consoleLevel?: 'error' | 'warning' | 'info' | 'debug';
  filePaths?: 'relative' | 'absolute';
  imageResponses?: 'allow' | 'omit' | 'only';
  saveSession?: boolean;
  idleTimeout?: number;
  sharedBrowserContext?: boolean;
  timeoutSettle?: number;
  allowUnrestrictedFileAccess?: boolean;
}

const list = (value: string) =>
  value
    .split(/[;,]/)
    .map(s => s.trim())
    .filter(Boolean);

const positiveInt = (flag: string) => (value: string) => {
  const n = Number(value);
  if (!Number.isInteger(n) || n <= 0)
    throw new InvalidArgumentError(`${flag} expects a positive whole number of milliseconds, got "${value}".`);
  return n;
};

/** Host names, repeatable, each value possibly a comma (or semicolon) separated list. */
const hostList = (value: string, previous: string[] = []) => [...previous, ...list(value)];

const count = (flag: string) => (value: string) => {
  const n = Number(value);
  if (!Number.isInteger(n) || n <= 0)
    throw new InvalidArgumentError(`${flag} expects a positive whole number, got "${value}".`);
  return n;
};

const snapshotMode = (value: string): SnapshotMode => {
  const mode = peerSnapshotMode(value);
  if (!(SNAPSHOT_MODES as string[]).includes(mode))
    throw new InvalidArgumentError(`expected one of ${SNAPSHOT_MODES.join(', ')} or full, got "${value}".`);
  return mode as SnapshotMode;
};

const httpUrl = (value: string) => {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new InvalidArgumentError(`expected an http(s) URL, got "${value}".`);
  }
  if (!/^https?:$/.test(url.protocol)) throw new InvalidArgumentError(`expected an http(s) URL, got "${value}".`);
  return value;
};

export const port = (value: string) => {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0 || n > 65535)
    throw new InvalidArgumentError(`expected a port number from 0 to 65535, got "${value}".`);
  return n;
};

const viewport = (value: string) => {
  const m = value.match(/^(\d+)\s*[x,]\s*(\d+)$/);
  if (!m) throw new InvalidArgumentError(`expected WIDTHxHEIGHT such as 1280x720, got "${value}".`);
  return { width: Number(m[1]), height: Number(m[2]) };
};

/** An HTML attribute name, e.g. data-qa: what getByTestId reads. */
export const attributeName = (value: string) => {
  if (!/^[A-Za-z_][\w.:-]*$/.test(value))
    throw new InvalidArgumentError(`expected an HTML attribute name such as data-qa, got "${value}".`);
  return value;
};

/**
 * `--caps vision,pdf`; `tracing` is the peer's alias of `devtools`. A name the peer would ignore is ignored with a
 * warning rather than refused, so a command line written for @playwright/mcp starts here too.
 */
const caps = (value: string): Capability[] =>
  list(value).flatMap(name => {
    if (name === 'tracing') return ['devtools' as const];
    if ((CAPABILITIES as readonly string[]).includes(name)) return [name as Capability];
    process.stderr.write(`--caps: ignoring unknown capability "${name}" (known: ${CAPABILITIES.join(', ')}).\n`);
    return [];
  });

const env = (name: string) => `AGENT_INSPECTOR_${name}`;

/** The browser, policy, planner and HTTP flags shared by the commands, so all drive the browser the same way. */
export function addCoreOptions(command: Command): Command {
  return command
    .addOption(new Option('--executable-path <path>', 'Chromium binary to launch').env(env('CHROMIUM')))
    .addOption(
      new Option('--headless', 'run the browser headless (default: headless only when there is no display)').env(
        env('HEADLESS'),
      ),
    )
    .addOption(
      new Option('--cdp-endpoint <url>', 'attach to a running Chromium over CDP instead of launching one').env(
        env('CDP_ENDPOINT'),
      ),
    )
    .addOption(
      new Option('--ws-endpoint <url>', 'attach to a Playwright browser server (npx playwright run-server)').env(
        env('WS_ENDPOINT'),
      ),
    )
    .addOption(new Option('--browser-arg <arg...>', 'extra Chromium command-line argument (repeatable)'))
    .addOption(
      new Option('--viewport-size <WxH>', 'viewport size, e.g. 1280x720').argParser(viewport).env(env('VIEWPORT_SIZE')),
    )
    .addOption(
      new Option('--caps <caps>', `additional tool groups to offer, comma-separated: ${CAPABILITIES.join(', ')}`)
        .argParser(caps)
        .env('PLAYWRIGHT_MCP_CAPS'),
    )
    .addOption(new Option('--allow-file-access', 'allow navigating to file: URLs').env(env('ALLOW_FILE_ACCESS')))
    .addOption(
      new Option('--allow-unsafe-code', 'offer browser_run_code_unsafe: agents may run code in this process').env(
        env('ALLOW_UNSAFE_CODE'),
      ),
    )
    .addOption(
      new Option('--allowed-origins <origins>', 'only these origins are reachable (; or , separated)')
        .argParser(list)
        .env(env('ALLOWED_ORIGINS')),
    )
    .addOption(
      new Option('--blocked-origins <origins>', 'these origins are blocked (; or , separated)')
        .argParser(list)
        .env(env('BLOCKED_ORIGINS')),
    )
    .addOption(
      new Option('--secrets <file>', 'dotenv file of secrets: redacted in all output, typed by name').env(
        env('SECRETS'),
      ),
    )
    .addOption(
      new Option('--save-trace <dir>', 'save a Playwright trace per session into this folder').env(env('SAVE_TRACE')),
    )
    .addOption(
      new Option('--output-dir <dir>', 'folder for screenshots, downloads and snapshot files').env(env('OUTPUT_DIR')),
    )
    .addOption(
      new Option(
        '--snapshot-mode <mode>',
        "what an action's response carries of the page: diff (a file link and the changes; default), inline (the whole snapshot in the response), file or full (a file link, as @playwright/mcp's full), none",
      )
        .argParser(snapshotMode)
        .env(env('SNAPSHOT_MODE')),
    )
    .addOption(
      new Option(
        '--max-change-lines <n>',
        'most lines of page changes in a diff-mode response before an outline replaces them (default 60)',
      )
        .argParser(count('--max-change-lines'))
        .env(env('MAX_CHANGE_LINES')),
    )
    .addOption(
      new Option('--snapshot-boxes', "include each element's [box=x,y,width,height] in snapshots").env(
        env('SNAPSHOT_BOXES'),
      ),
    )
    .addOption(
      new Option(
        '--output-max-size <bytes>',
        'threshold for evicting old output files: past it, the oldest files in the output folder are deleted before a write',
      )
        .argParser(count('--output-max-size'))
        .env(env('OUTPUT_MAX_SIZE')),
    )
    .addOption(
      new Option(
        '--response-max-size <bytes>',
        'cap each text response at this many bytes; the rest is written to a file and linked',
      )
        .argParser(count('--response-max-size'))
        .env(env('RESPONSE_MAX_SIZE')),
    )
    .addOption(
      new Option('--no-dom-state', 'do not write Browser State files (dom.html, accessibility-tree.yaml, diffs/)').env(
        env('NO_DOM_STATE'),
      ),
    )
    .addOption(
      new Option(
        '--no-token-count',
        "do not count the tokens of each response (the timeline's and chart's token figures)",
      ).env(env('NO_TOKEN_COUNT')),
    )
    .addOption(
      new Option(
        '--no-activity',
        'do not record console messages, page errors and network requests with each step',
      ).env(env('NO_ACTIVITY')),
    )
    .addOption(
      new Option('--timeout-action <ms>', 'action timeout')
        .argParser(milliseconds('--timeout-action'))
        .env(env('TIMEOUT_ACTION')),
    )
    .addOption(
      new Option('--timeout-navigation <ms>', 'navigation timeout')
        .argParser(milliseconds('--timeout-navigation'))
        .env(env('TIMEOUT_NAVIGATION')),
    )
    .addOption(
      new Option(
        '--session-dir <dir>',
        'record each session (events, snapshots, DOM states, screenshots) into a folder here',
      ).env(env('SESSION_DIR')),
    )
    .addOption(
      new Option('--no-human-steps', 'do not record clicks and typing done by hand in the controlled browser').env(
        env('NO_HUMAN_STEPS'),
      ),
    )
    .addOption(
      new Option(
        '--test-id-attribute <attr>',
        'the attribute getByTestId reads in generated code (default data-testid)',
      )
        .argParser(attributeName)
        .env(env('TEST_ID_ATTRIBUTE')),
    )
    .addOption(
      new Option(
        '--planner-endpoint <url>',
        'send negotiation rounds to this backend (POST /api/agent/interact) instead of planning in-process',
      )
        .argParser(httpUrl)
        .env(env('PLANNER_ENDPOINT')),
    )
    .addOption(
      new Option(
        '--llm-base-url <url>',
        `plan with an OpenAI-compatible chat-completions API at this base URL (key from ${env('LLM_API_KEY')})`,
      )
        .argParser(httpUrl)
        .env(env('LLM_BASE_URL')),
    )
    .addOption(new Option('--llm-model <name>', 'model for --llm-base-url').env(env('LLM_MODEL')))
    .addOption(
      new Option('--llm-timeout <ms>', 'timeout of one model request')
        .argParser(positiveInt('--llm-timeout'))
        .env(env('LLM_TIMEOUT')),
    )
    .addOption(
      new Option(
        '--otlp-endpoint <url>',
        'export a span per tool call to this OpenTelemetry collector (OTLP/HTTP base URL; or the OTEL_EXPORTER_OTLP_* variables)',
      ),
    )
    .addOption(
      new Option('--max-rounds <n>', 'negotiation rounds per step before giving up (default 4)')
        .argParser(count('--max-rounds'))
        .env(env('MAX_ROUNDS')),
    );
}

/** Where `mcp --port` and `serve` listen. */
export function addHttpOptions(command: Command, defaultPort?: number): Command {
  return command
    .addOption(
      new Option(
        '--port <port>',
        defaultPort === undefined
          ? 'serve MCP over HTTP on this port (0: any free port) instead of stdio'
          : 'HTTP port (0: any free port)',
      )
        .argParser(port)
        .env(env('PORT'))
        .default(defaultPort),
    )
    .addOption(
      new Option('--host <host>', 'interface to bind; anything but loopback exposes the browser to the network')
        .env(env('HOST'))
        .default('127.0.0.1'),
    )
    .addOption(
      new Option(
        '--allowed-hosts <hosts...>',
        'extra Host/Origin names accepted besides loopback (comma separated; * accepts any)',
      )
        .argParser(hostList)
        .env(env('ALLOWED_HOSTS')),
    )
    .addOption(
      new Option(
        '--token <token>',
        'the token clients must send (Authorization: Bearer, or the printed URL); default: a random one whenever the server is reachable beyond loopback',
      )
        .argParser(token)
        .env(env('TOKEN')),
    )
    .addOption(
      new Option(
        '--viewer-token [token]',
        'also accept a read-only token (generated when none is given): watch sessions, no tool calls or code',
      )
        .argParser(token)
        .env(env('VIEWER_TOKEN')),
    )
    .option('--require-token', 'require the token on loopback too');
}

/** Tokens travel in URLs and headers: printable, no spaces, long enough not to be guessed. */
function token(value: string): string {
  if (!/^[A-Za-z0-9._~+/=-]{16,512}$/.test(value))
    throw new InvalidArgumentError('a token is 16 to 512 characters of letters, digits and . _ ~ + / = -');
  return value;
}

function plannerConfigFrom(options: CliOptions, defaults: PlannerConfig): PlannerConfig {
  if (options.llmBaseUrl && !options.llmModel)
    throw new InvalidArgumentError('--llm-base-url needs --llm-model (or AGENT_INSPECTOR_LLM_MODEL).');
  if (options.llmBaseUrl && options.plannerEndpoint)
    throw new InvalidArgumentError('--planner-endpoint and --llm-base-url are alternatives; give one.');
  return {
    ...defaults,
    endpoint: options.plannerEndpoint,
    llm: options.llmBaseUrl
      ? {
          baseUrl: options.llmBaseUrl,
          model: options.llmModel!,
          apiKey: process.env[env('LLM_API_KEY')] || undefined,
          timeoutMs: options.llmTimeout ?? 60_000,
        }
      : undefined,
    maxRounds: options.maxRounds ?? defaults.maxRounds,
  };
}

/** Chrome channels the peer's --browser names; `chromium` is the default browser here. */
const CHANNELS = [
  'chrome',
  'chrome-beta',
  'chrome-dev',
  'chrome-canary',
  'msedge',
  'msedge-beta',
  'msedge-dev',
  'msedge-canary',
];

/** The device a --device or --mobile flag names, as context options. */
function deviceOptions(options: CliOptions): BrowserContextOptions {
  if (options.mobile && options.device)
    throw new InvalidArgumentError('Cannot use --mobile together with --device, pick one.');
  const name = options.mobile ? 'Pixel 10' : options.device;
  if (!name) return {};
  // The peer's words, which scripts written for it may look for.
  if (options.cdpEndpoint) throw new InvalidArgumentError('Device emulation is not supported with cdpEndpoint.');
  const descriptor = devices[name];
  if (!descriptor)
    throw new InvalidArgumentError(
      `Unknown device "${name}": use a Playwright device name such as "iPhone 15" or "Pixel 7".`,
    );
  const { defaultBrowserType: _browserType, ...contextOptions } = descriptor;
  return contextOptions;
}

/**
 * The browser part of the config. A persistent profile is the default for `persistentByDefault` (stdio `mcp`, one
 * client, as Playwright MCP) unless --isolated or an attached browser; --user-data-dir makes it persistent anywhere.
 */
function browserConfigFrom(options: CliOptions, persistentByDefault: boolean): BrowserConfig {
  const file = options.fileConfig?.browser ?? {};
  if (options.isolated && options.userDataDir)
    throw new InvalidArgumentError(
      '--isolated and --user-data-dir are alternatives: an isolated profile is kept in memory.',
    );
  // The flag's proxy is every context's too, as the peer sets it: over a contextOptions.proxy of the file.
  const proxy = options.proxyServer
    ? { server: options.proxyServer, ...(options.proxyBypass && { bypass: options.proxyBypass }) }
    : undefined;
  const channel = options.browser && CHANNELS.includes(options.browser) ? options.browser : undefined;
  const fileLaunch = (file.launchOptions ?? {}) as LaunchOptions;
  const launchOptions: LaunchOptions = {
    ...fileLaunch,
    ...(channel && { channel }),
    ...(proxy && { proxy }),
    ...(options.sandbox !== undefined && { chromiumSandbox: options.sandbox }),
  };
  const contextOptions: BrowserContextOptions = {
    ...(file.contextOptions as BrowserContextOptions | undefined),
    ...deviceOptions(options),
    ...(proxy && { proxy }),
    ...(options.viewportSize && { viewport: options.viewportSize }),
    ...(options.userAgent && { userAgent: options.userAgent }),
    ...(options.storageState && { storageState: options.storageState }),
    ...(options.ignoreHttpsErrors && { ignoreHTTPSErrors: true }),
    ...(options.blockServiceWorkers && { serviceWorkers: 'block' as const }),
    ...(options.grantPermissions && { permissions: options.grantPermissions }),
  };
  const wsEndpoint = options.wsEndpoint ?? options.endpoint;
  const attached = !!(options.cdpEndpoint || wsEndpoint);
  const profilePerRoot = !options.userDataDir && persistentByDefault && !options.isolated && !attached;
  for (const script of options.initScript ?? [])
    if (!existsSync(script)) throw new InvalidArgumentError(`Init script file does not exist: ${script}`);
  for (const page of options.initPage ?? [])
    if (!existsSync(page)) throw new InvalidArgumentError(`Init page file does not exist: ${page}`);
  return {
    executablePath: options.executablePath,
    headless: options.headless,
    cdpEndpoint: options.cdpEndpoint,
    wsEndpoint,
    args: [...(fileLaunch.args ?? []), ...(options.browserArg ?? [])],
    launchOptions,
    contextOptions,
    userDataDir: options.userDataDir,
    profilePerRoot,
    cdpHeaders: options.cdpHeader,
    cdpTimeout: options.cdpTimeout,
    wsHeaders: options.remoteHeader,
    initScripts: (options.initScript ?? []).map(p => resolve(p)),
    initPages: (options.initPage ?? []).map(p => resolve(p)),
    idleTimeout: options.idleTimeout,
    sharedContext: !!options.sharedBrowserContext || !!options.userDataDir || profilePerRoot,
  };
}

/** What the peer's flags ask for that this server does otherwise: said once at startup, never an exit. */
export function peerNotices(options: CliOptions): string[] {
  const notices: string[] = [];
  if (options.extension)
    notices.push(
      '--extension: the Playwright Extension bridge is not available here; this server launches its own Chromium (or use --cdp-endpoint to attach to a running one).',
    );
  if (options.browser && !CHANNELS.includes(options.browser) && options.browser !== 'chromium')
    notices.push(`--browser ${options.browser}: only Chromium-based browsers are supported here; using Chromium.`);
  // The peer's words for its legacy flag.
  if (options.vision) notices.push('The --vision option is deprecated, use --caps=vision instead');
  return notices;
}

/** The language of generated code without --codegen: the one a Playwright language binding names (PW_LANG_NAME), as the peer. */
function defaultCodegen(): Language {
  const binding = process.env.PW_LANG_NAME;
  return binding === 'python' || binding === 'java' || binding === 'csharp' ? binding : 'typescript';
}

/** --codegen as given on the command line, in a variable or in the config file (whose value no parser checked). */
function codegenFrom(codegen: string | undefined): Language | 'none' {
  if (codegen === undefined) return defaultCodegen();
  if (codegen === 'none' || (LANGUAGES as readonly string[]).includes(codegen)) return codegen as Language | 'none';
  throw new InvalidArgumentError(`codegen: "${codegen}" is not one of ${[...LANGUAGES, 'none'].join(', ')}.`);
}

/**
 * The core config from the flags (already merged with their variables and the --config file by applyPeerSources).
 * `persistentByDefault`: keep the browser profile on disk unless --isolated (stdio `mcp`).
 */
export function coreConfigFrom(options: CliOptions, { persistentByDefault = false } = {}): CoreConfig {
  if (options.cdpEndpoint && (options.wsEndpoint || options.endpoint))
    throw new InvalidArgumentError('--cdp-endpoint and --ws-endpoint are alternatives; give one.');
  const defaults = defaultCoreConfig();
  const outputDir = options.outputDir ?? defaults.outputDir;
  const sessionDir = options.sessionDir ?? (options.saveSession ? outputDir : undefined);
  const browser = browserConfigFrom(options, persistentByDefault);
  const fileSecrets = options.secrets ? loadSecrets(options.secrets) : undefined;
  const resolved = {
    browser,
    headless: browser.headless ?? !hasDisplay(),
    chromiumSandbox: defaultSandbox(browser.launchOptions),
    device: deviceOptions(options),
    secrets: fileSecrets,
  };
  return defaultCoreConfig({
    browser,
    peerConfig: peerConfigView(options, resolved, { codegen: defaultCodegen(), timeouts: defaults.timeouts }),
    caps: [...new Set(options.caps ?? [])],
    allowFileAccess: !!options.allowFileAccess || !!options.allowUnrestrictedFileAccess,
    allowUnrestrictedFileAccess: !!options.allowUnrestrictedFileAccess,
    allowUnsafeCode: !!options.allowUnsafeCode,
    allowedOrigins: options.allowedOrigins ?? [],
    blockedOrigins: options.blockedOrigins ?? [],
    secrets: { ...options.fileConfig?.secrets, ...fileSecrets },
    saveTrace: options.saveTrace,
    outputDir,
    snapshotMode: options.snapshotMode ?? defaults.snapshotMode,
    maxChangeLines: options.maxChangeLines ?? defaults.maxChangeLines,
    snapshotBoxes: !!options.snapshotBoxes,
    outputMaxSize: options.outputMaxSize,
    responseMaxSize: options.responseMaxSize ?? responseMaxSizeFrom(options.fileConfig),
    sessionOverrides: sessionOverridesFrom(options.fileConfig?.sessions),
    domState: options.domState !== false,
    tokenCount: options.tokenCount !== false,
    activity: options.activity !== false,
    timeouts: {
      action: options.timeoutAction ?? defaults.timeouts.action,
      navigation: options.timeoutNavigation ?? defaults.timeouts.navigation,
      settle: options.timeoutSettle ?? defaults.timeouts.settle,
    },
    codegen: codegenFrom(options.codegen),
    consoleLevel: options.consoleLevel ?? defaults.consoleLevel,
    filePaths: options.filePaths ?? defaults.filePaths,
    imageResponses: options.imageResponses ?? defaults.imageResponses,
    planner: plannerConfigFrom(options, defaults.planner),
    otlpExport: otlpExportFrom(options.otlpEndpoint),
    sessionDir,
    saveSession: !!options.saveSession,
    upstream: options.upstream,
    humanSteps: options.humanSteps !== false,
    testIdAttribute: options.testIdAttribute ?? defaults.testIdAttribute,
    // A recording is looked at later in the inspector; `serve` turns them on as well.
    stepScreenshots: !!sessionDir,
  });
}

export function httpConfigFrom(options: CliOptions & { port: number }): HttpConfig {
  return {
    host: options.host,
    port: options.port,
    allowedHosts: options.allowedHosts ?? [],
    requireToken: options.requireToken,
    token: options.token,
    viewerToken: options.viewerToken,
  };
}
