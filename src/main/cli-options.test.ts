import { expect, test } from '@playwright/test';
import { Command } from 'commander';
import { addCoreOptions, type CliOptions } from './cli-options';
import { coreConfigFrom } from './cli-config';

test('flags become the core config, with defaults for what is not given', () => {
  const config = coreConfigFrom({
    host: '127.0.0.1',
    headless: true,
    allowedOrigins: ['a.example'],
    timeoutAction: 1000,
    browserArg: ['--lang=fr'],
  });
  expect(config.browser).toMatchObject({
    headless: true,
    args: ['--lang=fr'],
    contextOptions: {},
    launchOptions: {},
    sharedContext: false,
  });
  expect(config.browser.userDataDir).toBeUndefined();
  expect(config.allowedOrigins).toEqual(['a.example']);
  expect(config.timeouts).toEqual({ action: 1000, navigation: 60_000, settle: 5_000 });
  expect(config.outputDir).toBe('.playwright-mcp');
  expect(coreConfigFrom({ host: '127.0.0.1' }).browser.headless).toBeUndefined();
});

test('contradictory attach flags are refused', () => {
  expect(() => coreConfigFrom({ host: '127.0.0.1', cdpEndpoint: 'http://a', wsEndpoint: 'ws://b' })).toThrow(
    '--cdp-endpoint and --ws-endpoint are alternatives',
  );
  // In @playwright/mcp's words.
  expect(() => coreConfigFrom({ host: '127.0.0.1', cdpEndpoint: 'http://a', device: 'Pixel 7' })).toThrow(
    'Device emulation is not supported with cdpEndpoint.',
  );
});

test('activity capture is on unless --no-activity', () => {
  expect(coreConfigFrom({ host: '127.0.0.1' }).activity).toBe(true);
  expect(coreConfigFrom({ host: '127.0.0.1', activity: false }).activity).toBe(false);
});

test('--snapshot-mode: diff by default, inline for the whole tree, full as the peer means it (a file), anything else refused by name', () => {
  const parse = (...args: string[]) =>
    coreConfigFrom({
      ...addCoreOptions(new Command())
        .exitOverride()
        .configureOutput({ writeErr: () => {} })
        .parse(args, { from: 'user' })
        .opts<CliOptions>(),
      host: '127.0.0.1',
    });
  // playwright.config.ts sets inline for the servers the e2e specs start; this reads the flags alone.
  const saved = process.env.AGENT_INSPECTOR_SNAPSHOT_MODE;
  delete process.env.AGENT_INSPECTOR_SNAPSHOT_MODE;
  try {
    expect(parse()).toMatchObject({
      snapshotMode: 'diff',
      maxChangeLines: 60,
      snapshotBoxes: false,
      outputMaxSize: undefined,
      responseMaxSize: undefined,
    });
    expect(parse('--snapshot-mode', 'inline').snapshotMode).toBe('inline');
    expect(parse('--snapshot-mode', 'full').snapshotMode).toBe('file');
    expect(
      parse(
        '--snapshot-mode',
        'none',
        '--max-change-lines',
        '20',
        '--snapshot-boxes',
        '--output-max-size',
        '4096',
        '--response-max-size',
        '700',
      ),
    ).toMatchObject({
      snapshotMode: 'none',
      maxChangeLines: 20,
      snapshotBoxes: true,
      outputMaxSize: 4096,
      responseMaxSize: 700,
    });
    expect(() => parse('--snapshot-mode', 'yaml')).toThrow(
      'expected one of inline, file, none, diff or full, got "yaml"',
    );
    process.env.AGENT_INSPECTOR_RESPONSE_MAX_SIZE = '900';
    expect(parse()).toMatchObject({ outputMaxSize: undefined, responseMaxSize: 900 });
  } finally {
    delete process.env.AGENT_INSPECTOR_RESPONSE_MAX_SIZE;
    if (saved !== undefined) process.env.AGENT_INSPECTOR_SNAPSHOT_MODE = saved;
  }
});

test('--caps (or PLAYWRIGHT_MCP_CAPS) names the tool groups: tracing is devtools, a name the peer ignores is ignored', () => {
  const capsOf = (argv: string[]) => {
    const command = addCoreOptions(new Command()).exitOverride();
    command.parse(argv, { from: 'user' });
    return coreConfigFrom({ ...command.opts<CliOptions>(), host: '127.0.0.1' }).caps;
  };
  expect(capsOf([])).toEqual([]);
  expect(capsOf(['--caps', 'vision, tracing,verify,devtools'])).toEqual(['vision', 'devtools']);
  process.env.PLAYWRIGHT_MCP_CAPS = 'storage,network';
  try {
    expect(capsOf([])).toEqual(['storage', 'network']);
  } finally {
    delete process.env.PLAYWRIGHT_MCP_CAPS;
  }
});
