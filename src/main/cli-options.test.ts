import { expect, test } from '@playwright/test';
import { coreConfigFrom } from './cli-options';

test('flags become the core config, with defaults for what is not given', () => {
  const config = coreConfigFrom({ host: '127.0.0.1', headless: true, allowedOrigins: ['a.example'], timeoutAction: 1000, browserArg: ['--lang=fr'] });
  expect(config.browser).toMatchObject({ headless: true, args: ['--lang=fr'], contextOptions: {}, launchOptions: {}, sharedContext: false });
  expect(config.browser.userDataDir).toBeUndefined();
  expect(config.allowedOrigins).toEqual(['a.example']);
  expect(config.timeouts).toEqual({ action: 1000, navigation: 60_000, settle: 5_000 });
  expect(config.outputDir).toBe('.playwright-mcp');
  expect(coreConfigFrom({ host: '127.0.0.1' }).browser.headless).toBeUndefined();
});

test('contradictory attach flags are refused', () => {
  expect(() => coreConfigFrom({ host: '127.0.0.1', cdpEndpoint: 'http://a', wsEndpoint: 'ws://b' })).toThrow('--cdp-endpoint and --ws-endpoint are alternatives');
});

test('activity capture is on unless --no-activity', () => {
  expect(coreConfigFrom({ host: '127.0.0.1' }).activity).toBe(true);
  expect(coreConfigFrom({ host: '127.0.0.1', activity: false }).activity).toBe(false);
});
