import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { Command } from 'commander';
import { addCoreOptions, addHttpOptions, type CliOptions } from './cli-options';
import { coreConfigFrom, peerNotices } from './cli-config';
import { configForClient } from './config';
import { addPeerOptions, applyPeerSources, PEER_ENV } from './peer-options';

/** `agent-inspector mcp` as cli.ts builds it (without its action), parsed as the shell would hand it over. */
function parseMcp(args: string[], env: NodeJS.ProcessEnv = {}): CliOptions {
  const command = addPeerOptions(addHttpOptions(addCoreOptions(new Command('mcp')))).exitOverride();
  command.parse(args, { from: 'user' });
  applyPeerSources(command, env);
  return command.opts() as CliOptions;
}

test('every flag of `npx @playwright/mcp --help` is a flag of ours', () => {
  const help = execFileSync(process.execPath, ['node_modules/@playwright/mcp/cli.js', '--help'], { encoding: 'utf8' });
  const peerFlags = [...help.matchAll(/^\s+(?:-\w, )?(--[a-z][a-z-]*)/gm)]
    .map(m => m[1])
    .filter(flag => flag !== '--help');
  expect(peerFlags.length).toBeGreaterThan(40);
  const command = addPeerOptions(addHttpOptions(addCoreOptions(new Command('mcp'))));
  const ours = new Set(command.options.map(option => option.long));
  ours.add('--version');
  const missing = peerFlags.filter(flag => !ours.has(flag));
  expect(missing).toEqual([]);
});

test('PLAYWRIGHT_MCP_* variables set the same settings as the flags', () => {
  const env = {
    PLAYWRIGHT_MCP_VIEWPORT_SIZE: '800x600',
    PLAYWRIGHT_MCP_USER_AGENT: 'Agent/1',
    PLAYWRIGHT_MCP_ISOLATED: 'true',
    PLAYWRIGHT_MCP_IGNORE_HTTPS_ERRORS: '1',
    PLAYWRIGHT_MCP_GRANT_PERMISSIONS: 'geolocation,clipboard-read',
    PLAYWRIGHT_MCP_TIMEOUT_ACTION: '1234',
    PLAYWRIGHT_MCP_CODEGEN: 'none',
    PLAYWRIGHT_MCP_CONSOLE_LEVEL: 'error',
    PLAYWRIGHT_MCP_ALLOWED_ORIGINS: 'http://localhost:*;https://a.example',
    PLAYWRIGHT_MCP_CDP_HEADERS: 'Authorization: Bearer x',
  };
  const fromEnv = coreConfigFrom(parseMcp([], env), { persistentByDefault: true });
  const fromFlags = coreConfigFrom(
    parseMcp([
      '--viewport-size',
      '800x600',
      '--user-agent',
      'Agent/1',
      '--isolated',
      '--ignore-https-errors',
      '--grant-permissions',
      'geolocation,clipboard-read',
      '--timeout-action',
      '1234',
      '--codegen',
      'none',
      '--console-level',
      'error',
      '--allowed-origins',
      'http://localhost:*;https://a.example',
      '--cdp-header',
      'Authorization: Bearer x',
    ]),
    { persistentByDefault: true },
  );
  expect(fromEnv).toEqual(fromFlags);
  expect(fromEnv.browser.contextOptions).toMatchObject({
    viewport: { width: 800, height: 600 },
    userAgent: 'Agent/1',
    ignoreHTTPSErrors: true,
    permissions: ['geolocation', 'clipboard-read'],
  });
  expect(fromEnv.browser.userDataDir).toBeUndefined();
  expect(fromEnv.browser.cdpHeaders).toEqual({ Authorization: 'Bearer x' });
  expect(fromEnv).toMatchObject({
    codegen: 'none',
    consoleLevel: 'error',
    allowedOrigins: ['http://localhost:*', 'https://a.example'],
    timeouts: { action: 1234 },
  });
  expect(Object.values(PEER_ENV)).toContain('PLAYWRIGHT_MCP_SECRETS_FILE');
});

test('a config file sets what the flags set, JSON and INI alike; the command line and the environment win over it', () => {
  const json = test.info().outputPath('config.json');
  const ini = test.info().outputPath('config.ini');
  writeFileSync(
    json,
    JSON.stringify({
      browser: {
        isolated: true,
        contextOptions: { viewport: { width: 640, height: 480 }, userAgent: 'FromFile', locale: 'fr-FR' },
        launchOptions: { headless: true },
      },
      network: { blockedOrigins: ['https://ads.example'] },
      timeouts: { action: 2000, navigation: 9000 },
      codegen: 'none',
      console: { level: 'warning' },
      secrets: { TOKEN: 's3cret' },
    }),
  );
  writeFileSync(
    ini,
    [
      '; the same settings in the INI form',
      'codegen = none',
      'browser.isolated = true',
      'browser.contextOptions.viewport = 640x480',
      'browser.contextOptions.userAgent = FromFile',
      'browser.contextOptions.locale = fr-FR',
      'browser.launchOptions.headless = true',
      'network.blockedOrigins[] = https://ads.example',
      'secrets.TOKEN = s3cret',
      '[timeouts]',
      'action = 2000',
      'navigation = 9000',
      '[console]',
      'level = warning',
    ].join('\n'),
  );
  const fromJson = coreConfigFrom(parseMcp(['--config', json]));
  expect(fromJson.browser.contextOptions).toMatchObject({
    viewport: { width: 640, height: 480 },
    userAgent: 'FromFile',
    locale: 'fr-FR',
  });
  expect(fromJson).toMatchObject({
    codegen: 'none',
    consoleLevel: 'warning',
    blockedOrigins: ['https://ads.example'],
    timeouts: { action: 2000, navigation: 9000 },
    secrets: { TOKEN: 's3cret' },
  });
  expect(fromJson.browser.headless).toBe(true);
  const fromIni = coreConfigFrom(parseMcp([], { PLAYWRIGHT_MCP_CONFIG: ini }));
  expect(fromIni).toEqual({ ...fromJson, peerConfig: { ...fromJson.peerConfig, configFile: ini } });

  const overridden = coreConfigFrom(
    parseMcp(['--config', json, '--user-agent', 'FromFlag'], { PLAYWRIGHT_MCP_TIMEOUT_ACTION: '3000' }),
  );
  expect(overridden.browser.contextOptions?.userAgent).toBe('FromFlag');
  expect(overridden.timeouts.action).toBe(3000);
  expect(overridden.timeouts.navigation).toBe(9000);
});

test('contradictory or unknown browser settings are refused with the reason', () => {
  expect(() => coreConfigFrom(parseMcp(['--mobile', '--device', 'iPhone 15']))).toThrow(
    'Cannot use --mobile together with --device',
  );
  expect(() => coreConfigFrom(parseMcp(['--device', 'Nokia 3310']))).toThrow('Unknown device "Nokia 3310"');
  expect(() => coreConfigFrom(parseMcp(['--isolated', '--user-data-dir', '/tmp/x']))).toThrow(
    '--isolated and --user-data-dir are alternatives',
  );
  expect(() => coreConfigFrom(parseMcp(['--init-script', '/nonexistent/init.js']))).toThrow(
    'Init script file does not exist: /nonexistent/init.js',
  );
  expect(coreConfigFrom(parseMcp(['--mobile'])).browser.contextOptions).toMatchObject({
    isMobile: true,
    hasTouch: true,
  });
});

test("the snapshot, output, test id and caps settings come from the peer's variables and config keys too", () => {
  const saved = process.env.AGENT_INSPECTOR_SNAPSHOT_MODE;
  // playwright.config.ts sets our own variable for the e2e servers; it would win over the peer's.
  delete process.env.AGENT_INSPECTOR_SNAPSHOT_MODE;
  try {
    const file = test.info().outputPath('snapshot.json');
    writeFileSync(
      file,
      JSON.stringify({
        snapshot: { mode: 'none', boxes: true },
        outputMaxSize: 4096,
        responseMaxSize: 700,
        testIdAttribute: 'data-qa',
        capabilities: ['tracing', 'storage', 'verify'],
      }),
    );
    const fromFile = coreConfigFrom(parseMcp(['--config', file]));
    expect(fromFile).toMatchObject({
      snapshotMode: 'none',
      snapshotBoxes: true,
      outputMaxSize: 4096,
      responseMaxSize: 700,
      testIdAttribute: 'data-qa',
      caps: ['devtools', 'storage'],
    });
    const fromEnv = coreConfigFrom(
      parseMcp([], {
        PLAYWRIGHT_MCP_SNAPSHOT_MODE: 'full',
        PLAYWRIGHT_MCP_SNAPSHOT_BOXES: 'true',
        PLAYWRIGHT_MCP_OUTPUT_MAX_SIZE: '2048',
        PLAYWRIGHT_MCP_TEST_ID_ATTRIBUTE: 'data-test',
      }),
    );
    // The peer's `full` links the snapshot in a file: our `file`.
    expect(fromEnv).toMatchObject({
      snapshotMode: 'file',
      snapshotBoxes: true,
      outputMaxSize: 2048,
      testIdAttribute: 'data-test',
    });
  } finally {
    if (saved !== undefined) process.env.AGENT_INSPECTOR_SNAPSHOT_MODE = saved;
  }
});

test("the config file's sessions section overrides the response settings for one MCP client, JSON and INI alike; a wrong key is named", () => {
  const json = test.info().outputPath('sessions.json');
  const ini = test.info().outputPath('sessions.ini');
  writeFileSync(
    json,
    JSON.stringify({
      sessions: {
        'claude-code': { snapshot: { mode: 'full', boxes: true }, maxChangeLines: 120 },
        cursor: { responseMaxSize: 8000 },
      },
    }),
  );
  writeFileSync(
    ini,
    '[sessions.claude-code]\nsnapshot.mode = full\nsnapshot.boxes = true\nmaxChangeLines = 120\n[sessions.cursor]\nresponseMaxSize = 8000\n',
  );
  for (const file of [json, ini]) {
    const config = coreConfigFrom(parseMcp(['--config', file, '--snapshot-mode', 'none']));
    expect(configForClient(config, 'claude-code')).toMatchObject({
      snapshotMode: 'file',
      snapshotBoxes: true,
      maxChangeLines: 120,
    });
    expect(configForClient(config, 'cursor')).toMatchObject({ snapshotMode: 'none', responseMaxSize: 8000 });
    expect(configForClient(config, 'another')).toBe(config);
    expect(configForClient(config, undefined)).toBe(config);
  }
  const bad = test.info().outputPath('bad.json');
  writeFileSync(bad, JSON.stringify({ sessions: { 'claude-code': { snapshot: { mode: 'yaml' } } } }));
  expect(() => coreConfigFrom(parseMcp(['--config', bad]))).toThrow(/sessions\.claude-code\.snapshot\.mode/);
  writeFileSync(bad, JSON.stringify({ sessions: { cursor: { maxChangeLine: 3 } } }));
  expect(() => coreConfigFrom(parseMcp(['--config', bad]))).toThrow(/sessions\.cursor.*maxChangeLine/);
  // The eviction threshold is the whole output folder's, not one client's response setting.
  writeFileSync(bad, JSON.stringify({ sessions: { cursor: { outputMaxSize: 8000 } } }));
  expect(() => coreConfigFrom(parseMcp(['--config', bad]))).toThrow(/sessions\.cursor.*outputMaxSize/);
  writeFileSync(bad, JSON.stringify({ responseMaxSize: 'big' }));
  expect(() => coreConfigFrom(parseMcp(['--config', bad]))).toThrow(/responseMaxSize/);
});

test("browser_get_config's view: defaults, file, environment, command line, merged and ordered as the peer prints them", () => {
  const file = test.info().outputPath('merged.json');
  writeFileSync(
    file,
    JSON.stringify({
      capabilities: ['config'],
      timeouts: { action: 10000, navigation: 30000 },
      browser: { contextOptions: { viewport: { width: 800, height: 600 } } },
    }),
  );
  // playwright.config.ts sets our own snapshot variable for the e2e servers: given in the environment, the view shows it.
  const saved = process.env.AGENT_INSPECTOR_SNAPSHOT_MODE;
  delete process.env.AGENT_INSPECTOR_SNAPSHOT_MODE;
  let peerConfig;
  try {
    peerConfig = coreConfigFrom(
      parseMcp(
        ['--config', file, '--isolated', '--headless', '--no-sandbox', '--executable-path', '/usr/bin/chromium'],
        { PLAYWRIGHT_MCP_TIMEOUT_NAVIGATION: '45000' },
      ),
    ).peerConfig;
  } finally {
    if (saved !== undefined) process.env.AGENT_INSPECTOR_SNAPSHOT_MODE = saved;
  }
  // The peer's answer to the same command line (its channel, expect and settle defaults aside: see README).
  expect(JSON.stringify(peerConfig)).toBe(
    JSON.stringify({
      browser: {
        launchOptions: {
          executablePath: '/usr/bin/chromium',
          headless: true,
          chromiumSandbox: false,
          args: ['--disable-blink-features=AutomationControlled'],
        },
        contextOptions: { viewport: { width: 800, height: 600 } },
        isolated: true,
        browserName: 'chromium',
      },
      codegen: 'typescript',
      timeouts: { action: 10000, navigation: 45000, settle: 5000 },
      capabilities: ['config'],
      console: {},
      network: {},
      server: {},
      snapshot: {},
      configFile: file,
    }),
  );
});

test("--proxy-server is every context's proxy, over the file's contextOptions.proxy; the file's launch proxy stays under the flag", () => {
  const file = test.info().outputPath('proxy.json');
  writeFileSync(
    file,
    JSON.stringify({
      browser: {
        launchOptions: { proxy: { server: 'http://file-launch:1' } },
        contextOptions: { proxy: { server: 'http://file-context:2' } },
      },
    }),
  );
  const fromFile = coreConfigFrom(parseMcp(['--config', file]));
  expect(fromFile.browser.launchOptions?.proxy).toEqual({ server: 'http://file-launch:1' });
  expect(fromFile.browser.contextOptions?.proxy).toEqual({ server: 'http://file-context:2' });
  const flagged = coreConfigFrom(
    parseMcp(['--config', file, '--proxy-server', 'http://flag:3', '--proxy-bypass', '.example.com']),
  );
  expect(flagged.browser.launchOptions?.proxy).toEqual({ server: 'http://flag:3', bypass: '.example.com' });
  expect(flagged.browser.contextOptions?.proxy).toEqual({ server: 'http://flag:3', bypass: '.example.com' });
});

test('--vision is --caps=vision on the command line: added to --caps, over the variable and the file', () => {
  expect(coreConfigFrom(parseMcp(['--vision'])).caps).toEqual(['vision']);
  expect(coreConfigFrom(parseMcp(['--caps', 'pdf', '--vision'])).caps).toEqual(['pdf', 'vision']);
  expect(coreConfigFrom(parseMcp(['--vision'], { PLAYWRIGHT_MCP_CAPS: 'storage' })).caps).toEqual(['vision']);
  expect(peerNotices(parseMcp(['--vision']))).toContain('The --vision option is deprecated, use --caps=vision instead');
});

test('over stdio the profile is kept per workspace root unless --isolated, --user-data-dir or an attached browser says otherwise', () => {
  const stdio = (args: string[]) => coreConfigFrom(parseMcp(args), { persistentByDefault: true }).browser;
  expect(stdio([])).toMatchObject({ profilePerRoot: true, sharedContext: true });
  expect(stdio(['--isolated'])).toMatchObject({ profilePerRoot: false, sharedContext: false });
  expect(stdio(['--user-data-dir', '/tmp/profile'])).toMatchObject({
    profilePerRoot: false,
    userDataDir: '/tmp/profile',
    sharedContext: true,
  });
  expect(stdio(['--cdp-endpoint', 'http://127.0.0.1:9222'])).toMatchObject({ profilePerRoot: false });
  expect(coreConfigFrom(parseMcp([])).browser.profilePerRoot).toBe(false);
});
