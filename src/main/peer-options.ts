import { dirname, resolve } from 'node:path';
import { Command, InvalidArgumentError, Option } from 'commander';
import { loadConfigFile, valueAt, type PeerConfigFile } from './config-file';
import { CAPABILITIES, type Capability } from './config';

/*
 * The flags of Playwright MCP (`npx @playwright/mcp --help`), so `agent-inspector mcp` is a drop-in for it: the same
 * names and meanings, the same PLAYWRIGHT_MCP_* variables and the same `--config` file keys. Precedence is the peer's:
 * command line, then environment, then config file, then defaults.
 */

/** Each value is one more item; each may also hold several, comma separated (as the peer's variables do). */
const commaItems = (value: string, previous: string[] = []) => [
  ...previous,
  ...value
    .split(',')
    .map(s => s.trim())
    .filter(Boolean),
];
/** Each value is one more path (a path may hold a comma). */
const items = (value: string, previous: string[] = []) => [...previous, value];

/** `Name: value` headers, repeatable; a name without a colon gets an empty value. */
const headers = (value: string, previous: Record<string, string> = {}) => {
  const colon = value.indexOf(':');
  return colon < 0
    ? { ...previous, [value.trim()]: '' }
    : { ...previous, [value.slice(0, colon).trim()]: value.slice(colon + 1).trim() };
};

/** Milliseconds; 0 means "no timeout" as in Playwright. */
export const milliseconds = (flag: string) => (value: string) => {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0)
    throw new InvalidArgumentError(`${flag} expects a whole number of milliseconds, got "${value}".`);
  return n;
};

/** The peer's flags that the shared core and HTTP options (cli-options.ts) do not already define. */
export function addPeerOptions(command: Command): Command {
  return command
    .addOption(new Option('--config <path>', 'Playwright MCP configuration file (JSON, or INI with dotted keys)'))
    .addOption(new Option('--isolated', 'keep the browser profile in memory, do not save it to disk'))
    .addOption(
      new Option(
        '--user-data-dir <path>',
        'browser profile folder, kept between runs (default for stdio: one per workspace, in the cache folder)',
      ),
    )
    .addOption(
      new Option(
        '--storage-state <path>',
        'storage state file (cookies, local storage) to start each browser context with',
      ),
    )
    .addOption(
      new Option(
        '--init-page <path...>',
        'TypeScript or JavaScript module whose default export runs on each new page: ({ page }) => …',
      ).argParser(items),
    )
    .addOption(
      new Option(
        '--init-script <path...>',
        'JavaScript file evaluated in every page before its own scripts (repeatable)',
      ).argParser(items),
    )
    .addOption(new Option('--device <device>', 'Playwright device to emulate, e.g. "iPhone 15"'))
    .addOption(new Option('--mobile', 'emulate a generic mobile device (Pixel 10); not with --device'))
    .addOption(new Option('--user-agent <ua string>', 'user agent string'))
    .addOption(
      new Option('--proxy-server <proxy>', 'proxy server, e.g. "http://myproxy:3128" or "socks5://myproxy:8080"'),
    )
    .addOption(new Option('--proxy-bypass <bypass>', 'comma-separated domains that bypass the proxy'))
    .addOption(new Option('--ignore-https-errors', 'ignore HTTPS certificate errors'))
    .addOption(
      new Option(
        '--grant-permissions <permissions...>',
        'permissions granted to the browser context, e.g. geolocation, clipboard-read',
      ).argParser(commaItems),
    )
    .addOption(new Option('--block-service-workers', 'block service workers'))
    .addOption(
      new Option(
        '--browser <browser>',
        'Chrome channel to use: chrome, msedge (and their -beta/-dev/-canary); firefox and webkit are refused with a message',
      ),
    )
    .addOption(new Option('--sandbox', 'enable the Chromium sandbox'))
    .addOption(new Option('--no-sandbox', 'disable the Chromium sandbox'))
    .addOption(
      new Option(
        '--cdp-header <headers...>',
        'header sent with the --cdp-endpoint connect request, "Name: value" (repeatable)',
      ).argParser(headers),
    )
    .addOption(
      new Option(
        '--cdp-timeout <timeout>',
        'timeout of connecting to --cdp-endpoint in ms (default 30000, 0: none)',
      ).argParser(milliseconds('--cdp-timeout')),
    )
    .addOption(new Option('--endpoint <endpoint>', 'Playwright browser endpoint to connect to (as --ws-endpoint)'))
    .addOption(
      new Option(
        '--extension',
        'not available here (the Playwright Extension bridge): accepted, and a message says so',
      ),
    )
    .addOption(new Option('--profile-dir-name <name>', 'profile for --extension; accepted and unused here'))
    .addOption(
      new Option('--remote-header <headers...>', 'header sent when connecting to --endpoint')
        .argParser(headers)
        .hideHelp(),
    )
    .addOption(new Option('--no-webmcp', 'WebMCP page tools are not offered here; accepted'))
    .addOption(
      new Option(
        '--codegen <lang>',
        'language of the generated code the agent reads: typescript, python, java or csharp (default: PW_LANG_NAME, else typescript), or none to leave it out',
      ).choices(['typescript', 'python', 'java', 'csharp', 'none']),
    )
    .addOption(
      new Option(
        '--console-level <level>',
        'console messages returned: error, warning, info or debug (each includes the more severe ones)',
      ).choices(['error', 'warning', 'info', 'debug']),
    )
    .addOption(
      new Option(
        '--file-paths <mode>',
        'how file paths show in results: relative (to the workspace root) or absolute',
      ).choices(['relative', 'absolute']),
    )
    .addOption(
      new Option(
        '--image-responses <mode>',
        'send images to the client: allow, omit, or only (the images without the text)',
      ).choices(['allow', 'omit', 'only']),
    )
    .addOption(
      new Option(
        '--save-session',
        'write the session log into the output directory (session-<time>/session.md, as Playwright MCP) and record the session there (as --session-dir <output-dir>)',
      ),
    )
    .addOption(
      new Option(
        '--idle-timeout <timeout>',
        'close the browser after this many ms without a tool call; the next call relaunches it (default 1 hour headless, never headed; 0: never)',
      ).argParser(milliseconds('--idle-timeout')),
    )
    .addOption(new Option('--shared-browser-context', 'all HTTP clients share one browser context'))
    .addOption(
      new Option(
        '--timeout-settle <timeout>',
        'wait after each action until the page has settled, at most this many ms (default 5000)',
      ).argParser(milliseconds('--timeout-settle')),
    )
    .addOption(
      new Option('--allow-unrestricted-file-access', 'allow file:// URLs and files outside the workspace root'),
    )
    .addOption(new Option('--vision', 'legacy: as --caps=vision').hideHelp())
    .addHelpText(
      'after',
      '\nFlags shared with Playwright MCP also read its PLAYWRIGHT_MCP_* variables (e.g. PLAYWRIGHT_MCP_VIEWPORT_SIZE) and its --config file keys.',
    );
}

/** Where a flag's value may also come from: its PLAYWRIGHT_MCP_* variable and its key in the config file. */
interface PeerSetting {
  /** The variable's name after PLAYWRIGHT_MCP_. */
  env: string;
  /** Dotted key in the config file. */
  key?: string;
  /** Turns the config file's value into the flag's value; `dir` is the config file's folder. */
  fromConfig?: (value: unknown, dir: string) => unknown;
}

/** The config file's `capabilities`, as --caps reads them: `tracing` is devtools, names the peer ignores are left out. */
const capabilitiesFrom = (names: string[]): Capability[] =>
  names
    .map(name => (name === 'tracing' ? 'devtools' : name))
    .filter((name): name is Capability => (CAPABILITIES as readonly string[]).includes(name));

const pathsFrom = (value: unknown, dir: string) => (value as string[]).map(p => resolve(dir, p));

/** Option attribute → its variable and config key, for every flag of the peer this server takes. */
const PEER_SETTINGS: Record<string, PeerSetting> = {
  allowedHosts: { env: 'ALLOWED_HOSTS', key: 'server.allowedHosts' },
  allowedOrigins: { env: 'ALLOWED_ORIGINS', key: 'network.allowedOrigins' },
  allowUnrestrictedFileAccess: { env: 'ALLOW_UNRESTRICTED_FILE_ACCESS', key: 'allowUnrestrictedFileAccess' },
  blockedOrigins: { env: 'BLOCKED_ORIGINS', key: 'network.blockedOrigins' },
  blockServiceWorkers: {
    env: 'BLOCK_SERVICE_WORKERS',
    key: 'browser.contextOptions.serviceWorkers',
    fromConfig: value => value === 'block',
  },
  browser: { env: 'BROWSER', key: 'browser.launchOptions.channel' },
  caps: { env: 'CAPS', key: 'capabilities', fromConfig: value => capabilitiesFrom(value as string[]) },
  cdpEndpoint: { env: 'CDP_ENDPOINT', key: 'browser.cdpEndpoint' },
  cdpHeader: { env: 'CDP_HEADERS', key: 'browser.cdpHeaders' },
  cdpTimeout: { env: 'CDP_TIMEOUT', key: 'browser.cdpTimeout' },
  codegen: { env: 'CODEGEN', key: 'codegen' },
  consoleLevel: { env: 'CONSOLE_LEVEL', key: 'console.level' },
  device: { env: 'DEVICE' },
  endpoint: {
    env: 'ENDPOINT',
    key: 'browser.remoteEndpoint',
    fromConfig: value => (typeof value === 'string' ? value : (value as { endpoint: string }).endpoint),
  },
  executablePath: { env: 'EXECUTABLE_PATH', key: 'browser.launchOptions.executablePath' },
  extension: { env: 'EXTENSION', key: 'extension' },
  filePaths: { env: 'FILE_PATHS', key: 'filePaths' },
  grantPermissions: { env: 'GRANT_PERMISSIONS', key: 'browser.contextOptions.permissions' },
  headless: { env: 'HEADLESS', key: 'browser.launchOptions.headless' },
  host: { env: 'HOST', key: 'server.host' },
  idleTimeout: { env: 'IDLE_TIMEOUT', key: 'timeouts.idle' },
  ignoreHttpsErrors: { env: 'IGNORE_HTTPS_ERRORS', key: 'browser.contextOptions.ignoreHTTPSErrors' },
  imageResponses: { env: 'IMAGE_RESPONSES', key: 'imageResponses' },
  initPage: { env: 'INIT_PAGE', key: 'browser.initPage', fromConfig: pathsFrom },
  initScript: { env: 'INIT_SCRIPT', key: 'browser.initScript', fromConfig: pathsFrom },
  isolated: { env: 'ISOLATED', key: 'browser.isolated' },
  mobile: { env: 'MOBILE' },
  outputDir: { env: 'OUTPUT_DIR', key: 'outputDir' },
  outputMaxSize: { env: 'OUTPUT_MAX_SIZE', key: 'outputMaxSize' },
  port: { env: 'PORT', key: 'server.port' },
  profileDirName: { env: 'PROFILE_DIR_NAME' },
  // The file's launchOptions.proxy applies as it is (coreConfigFrom); the flags also set the contexts' proxy, over the file's.
  proxyBypass: { env: 'PROXY_BYPASS' },
  proxyServer: { env: 'PROXY_SERVER' },
  remoteHeader: { env: 'REMOTE_HEADERS' },
  sandbox: { env: 'SANDBOX', key: 'browser.launchOptions.chromiumSandbox' },
  saveSession: { env: 'SAVE_SESSION', key: 'saveSession' },
  secrets: { env: 'SECRETS_FILE' },
  snapshotBoxes: { env: 'SNAPSHOT_BOXES', key: 'snapshot.boxes' },
  snapshotMode: { env: 'SNAPSHOT_MODE', key: 'snapshot.mode' },
  sharedBrowserContext: { env: 'SHARED_BROWSER_CONTEXT', key: 'sharedBrowserContext' },
  storageState: { env: 'STORAGE_STATE', key: 'browser.contextOptions.storageState' },
  testIdAttribute: { env: 'TEST_ID_ATTRIBUTE', key: 'testIdAttribute' },
  timeoutAction: { env: 'TIMEOUT_ACTION', key: 'timeouts.action' },
  timeoutNavigation: { env: 'TIMEOUT_NAVIGATION', key: 'timeouts.navigation' },
  timeoutSettle: { env: 'TIMEOUT_SETTLE', key: 'timeouts.settle' },
  userAgent: { env: 'USER_AGENT', key: 'browser.contextOptions.userAgent' },
  userDataDir: { env: 'USER_DATA_DIR', key: 'browser.userDataDir' },
  viewportSize: { env: 'VIEWPORT_SIZE', key: 'browser.contextOptions.viewport' },
  webmcp: { env: 'WEBMCP', key: 'webmcp' },
};

/** The attribute names of the flags that read a PLAYWRIGHT_MCP_* variable (for tests and docs). */
export const PEER_ENV = Object.fromEntries(
  Object.entries(PEER_SETTINGS).map(([name, { env }]) => [name, `PLAYWRIGHT_MCP_${env}`]),
);

/** The peer's reading of a boolean variable: true/1 and false/0; anything else is as if unset. */
function envBoolean(value: string): boolean | undefined {
  if (value === 'true' || value === '1') return true;
  if (value === 'false' || value === '0') return false;
  return undefined;
}

/**
 * Fills each flag not given on the command line (nor by its AGENT_INSPECTOR_* variable) from its PLAYWRIGHT_MCP_*
 * variable, else from the `--config` file. The file itself is kept as option `fileConfig`: its launch and context
 * options and secrets apply under the flags (see coreConfigFrom).
 */
export function applyPeerSources(command: Command, env: NodeJS.ProcessEnv = process.env): void {
  const given = (name: string) => {
    const source = command.getOptionValueSource(name);
    return source === 'cli' || source === 'env';
  };
  // The peer's legacy --vision is --caps=vision on the command line: added to the caps given there, over the others.
  if (command.getOptionValue('vision')) {
    const caps = command.getOptionValueSource('caps') === 'cli' ? (command.getOptionValue('caps') as Capability[]) : [];
    command.setOptionValueWithSource('caps', [...caps, 'vision'], 'cli');
  }
  const options = command.options.filter(option => PEER_SETTINGS[option.attributeName()]);
  for (const option of options) {
    const name = option.attributeName();
    const raw = env[PEER_ENV[name]]?.trim();
    if (given(name) || !raw) continue;
    let value: unknown;
    if (option.isBoolean()) value = option.negate ? (envBoolean(raw) === false ? false : undefined) : envBoolean(raw);
    else if (option.argChoices && !option.argChoices.includes(raw))
      throw new InvalidArgumentError(`${PEER_ENV[name]}: "${raw}" is not one of ${option.argChoices.join(', ')}.`);
    else value = option.parseArg ? option.parseArg(raw, undefined) : raw;
    if (value !== undefined) command.setOptionValueWithSource(name, value, 'env');
  }
  // Which setting came from where, for browser_get_config's merge (peer-config.ts), before the file fills the rest in.
  const sources = Object.fromEntries(
    command.options
      .map(option => option.attributeName())
      .filter(given)
      .map(name => [name, command.getOptionValueSource(name)]),
  );
  command.setOptionValueWithSource('optionSources', sources, 'default');
  const file = command.getOptionValue('config') ?? env.PLAYWRIGHT_MCP_CONFIG?.trim();
  if (!file) return;
  command.setOptionValueWithSource('config', file, command.getOptionValueSource('config') ?? 'env');
  const config = loadConfigFile(file);
  const dir = dirname(resolve(file));
  command.setOptionValueWithSource('fileConfig', config, 'config');
  for (const option of options) {
    const name = option.attributeName();
    const { key, fromConfig } = PEER_SETTINGS[name];
    const source = command.getOptionValueSource(name);
    if (!key || given(name) || source === 'env') continue;
    const value = valueAt(config, key);
    if (value !== undefined)
      command.setOptionValueWithSource(name, fromConfig ? fromConfig(value, dir) : value, 'config');
  }
}

export type { PeerConfigFile };
