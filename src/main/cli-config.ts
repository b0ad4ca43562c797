// The CoreConfig and HttpConfig the parsed flags make: checks across flags, the browser's launch and context options.
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { InvalidArgumentError } from 'commander';
import type { BrowserContextOptions, LaunchOptions } from 'playwright';
import { devices } from './playwright/runtime';
import { defaultCoreConfig, type BrowserConfig, type CoreConfig, type HttpConfig, type PlannerConfig } from './config';
import { LANGUAGES, type Language } from './codegen/action';
import { responseMaxSizeFrom, sessionOverridesFrom } from './config-file';
import { defaultSandbox, hasDisplay } from './browser/launch-defaults';
import { env, type CliOptions } from './cli-options';
import { peerConfigView } from './peer-config';
import { loadSecrets } from './secrets';
import { otlpExportFrom } from './tracing/export-config';

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
