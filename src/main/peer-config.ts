import { dirname, resolve } from 'node:path';
import type { BrowserContextOptions } from 'playwright';
import type { CliOptions } from './cli-options';
import type { BrowserConfig } from './config';

/** A configuration in @playwright/mcp's shape (its config.d.ts), or one of its sections: what browser_get_config answers. */
export type PeerConfig = Record<string, unknown>;

const section = (value: unknown): PeerConfig => (value && typeof value === 'object' ? (value as PeerConfig) : {});

/** What the flags resolve to here, which the view reports as they are: the browser this server runs. */
export interface Resolved {
  browser: BrowserConfig;
  headless: boolean;
  chromiumSandbox: boolean;
  /** The context options a --device or --mobile flag names. */
  device: BrowserContextOptions;
  /** What the --secrets file holds. */
  secrets?: Record<string, string>;
}

const defined = (value: unknown): PeerConfig =>
  Object.fromEntries(Object.entries(section(value)).filter(([, v]) => v !== undefined));

/**
 * One layer over another, as the peer merges its defaults, config file, environment and command line: a value left
 * undefined keeps the one below, and the browser's launch and context options and the sections merge key by key.
 */
function merge(base: PeerConfig, over: PeerConfig): PeerConfig {
  const [below, above] = [section(base.browser), section(over.browser)];
  const browser = {
    ...defined(below),
    ...defined(above),
    browserName: above.browserName ?? below.browserName,
    isolated: above.isolated ?? below.isolated,
    launchOptions: { ...defined(below.launchOptions), ...defined(above.launchOptions) },
    contextOptions: { ...defined(below.contextOptions), ...defined(above.contextOptions) },
  };
  const merged: PeerConfig = { ...defined(base), ...defined(over), browser };
  for (const key of ['console', 'network', 'server', 'snapshot', 'timeouts'])
    merged[key] = { ...defined(base[key]), ...defined(over[key]) };
  return merged;
}

/** The settings one source (the command line, or the environment) gave, in the peer's keys. */
function layerOf(options: CliOptions, resolved: Resolved, from: (name: keyof CliOptions) => boolean): PeerConfig {
  const value = <K extends keyof CliOptions>(name: K): CliOptions[K] | undefined =>
    from(name) ? options[name] : undefined;
  const channel = resolved.browser.launchOptions?.channel;
  const launchOptions: PeerConfig = {
    channel: value('browser') && channel,
    executablePath: value('executablePath'),
    headless: value('headless'),
  };
  if (value('sandbox') !== undefined) launchOptions.chromiumSandbox = value('sandbox');
  const contextOptions: PeerConfig = value('device') || value('mobile') ? { ...resolved.device } : {};
  if (value('proxyServer')) {
    const proxy = { server: options.proxyServer, ...(options.proxyBypass && { bypass: options.proxyBypass }) };
    launchOptions.proxy = proxy;
    contextOptions.proxy = proxy;
  }
  if (value('storageState')) contextOptions.storageState = options.storageState;
  if (value('userAgent')) contextOptions.userAgent = options.userAgent;
  if (value('viewportSize')) contextOptions.viewport = options.viewportSize;
  if (value('ignoreHttpsErrors')) contextOptions.ignoreHTTPSErrors = true;
  if (value('blockServiceWorkers')) contextOptions.serviceWorkers = 'block';
  if (value('grantPermissions')) contextOptions.permissions = options.grantPermissions;
  const browser: PeerConfig = {
    browserName: value('browser') && 'chromium',
    isolated: value('isolated'),
    userDataDir: value('userDataDir'),
    launchOptions,
    contextOptions,
    cdpEndpoint: value('cdpEndpoint'),
    cdpHeaders: value('cdpHeader'),
    cdpTimeout: value('cdpTimeout'),
    initPage: value('initPage')?.map(path => resolve(path)),
    initScript: value('initScript')?.map(path => resolve(path)),
    remoteEndpoint: value('endpoint') ?? value('wsEndpoint'),
  };
  if (value('remoteHeader')) browser.remoteHeaders = options.remoteHeader;
  const layer: PeerConfig = {
    browser,
    extension: value('extension'),
    server: { port: value('port'), host: value('host'), allowedHosts: value('allowedHosts') },
    capabilities: value('caps'),
    console: { level: value('consoleLevel') },
    network: { allowedOrigins: value('allowedOrigins'), blockedOrigins: value('blockedOrigins') },
    allowUnrestrictedFileAccess: value('allowUnrestrictedFileAccess'),
    codegen: value('codegen'),
    saveSession: value('saveSession'),
    secrets: value('secrets') && masked(resolved.secrets),
    sharedBrowserContext: value('sharedBrowserContext'),
    snapshot:
      value('snapshotMode') || value('snapshotBoxes') !== undefined
        ? { mode: value('snapshotMode'), boxes: value('snapshotBoxes') }
        : undefined,
    outputDir: value('outputDir'),
    outputMaxSize: value('outputMaxSize'),
    imageResponses: value('imageResponses'),
    filePaths: value('filePaths'),
    testIdAttribute: value('testIdAttribute'),
    timeouts: {
      action: value('timeoutAction'),
      idle: value('idleTimeout'),
      navigation: value('timeoutNavigation'),
      settle: value('timeoutSettle'),
    },
  };
  if (value('webmcp') === false) layer.webmcp = false;
  return layer;
}

/** Secret values stay out of an answer: each is named, as the responses mask it. */
const masked = (secrets: Record<string, string> | undefined) =>
  secrets && Object.fromEntries(Object.keys(secrets).map(name => [name, `<secret>${name}</secret>`]));

/** The config file as the peer reads it: its init pages and scripts relative to the file's folder, its secrets masked. */
function fileLayer(options: CliOptions): PeerConfig {
  const file: PeerConfig = structuredClone(options.fileConfig ?? {});
  const dir = options.config ? dirname(resolve(options.config)) : process.cwd();
  const browser = section(file.browser);
  for (const key of ['initPage', 'initScript']) {
    const paths = browser[key];
    if (Array.isArray(paths)) browser[key] = paths.map(path => resolve(dir, String(path)));
  }
  if (file.secrets) file.secrets = masked(section(file.secrets) as Record<string, string>);
  return file;
}

/**
 * The configuration in @playwright/mcp's shape, merged as it merges it: its defaults, then the config file, then the
 * environment, then the command line; then what the browser runs with where nothing said (headless, the sandbox, the
 * viewport, the arguments). Where this server differs (it runs Chromium, not the `chrome` channel; --timeout-settle is
 * a cap), the view says what this server does.
 */
export function peerConfigView(
  options: CliOptions,
  resolved: Resolved,
  defaults: { codegen: string; timeouts: { action: number; navigation: number; settle?: number } },
): PeerConfig {
  const sources = options.optionSources ?? {};
  let view: PeerConfig = {
    browser: { launchOptions: {}, contextOptions: {} },
    codegen: defaults.codegen,
    timeouts: {
      action: defaults.timeouts.action,
      navigation: defaults.timeouts.navigation,
      settle: defaults.timeouts.settle,
    },
  };
  view = merge(view, fileLayer(options));
  view = merge(
    view,
    layerOf(options, resolved, name => sources[name] === 'env'),
  );
  view = merge(
    view,
    layerOf(options, resolved, name => sources[name] === 'cli'),
  );
  // merge() made these objects anew: they are the view's own to complete.
  const browser = section(view.browser);
  const launchOptions = section(browser.launchOptions);
  const contextOptions = section(browser.contextOptions);
  launchOptions.chromiumSandbox ??= resolved.chromiumSandbox;
  contextOptions.viewport ??= { width: 1280, height: 720 };
  const args = [
    ...(Array.isArray(launchOptions.args) ? launchOptions.args.map(String) : []),
    ...(options.browserArg ?? []),
  ];
  if (!args.some(arg => arg.includes('--disable-blink-features')))
    args.push('--disable-blink-features=AutomationControlled');
  launchOptions.args = args;
  view.browser = { ...browser, browserName: browser.browserName ?? 'chromium' };
  launchOptions.headless ??= resolved.headless;
  return { ...view, configFile: options.config };
}
