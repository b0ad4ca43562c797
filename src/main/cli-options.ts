// The CLI's option table: every flag the commands share, with its help text and AGENT_INSPECTOR_* variable.
import { Command, Option } from 'commander';
import type { SnapshotMode } from '../shared/snapshot-modes';
import { CAPABILITIES, type Capability } from './config';
import type { PeerConfigFile } from './config-file';
import { milliseconds } from './peer-options';
import {
  attributeName,
  caps,
  count,
  hostList,
  httpUrl,
  list,
  port,
  positiveInt,
  snapshotMode,
  token,
  viewport,
} from './cli-arg-parsers';

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

export const env = (name: string) => `AGENT_INSPECTOR_${name}`;

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
