import { expect, test } from '@playwright/test';
import { parseIniConfig } from './config-ini';

test("INI keys take the JSON form's types: booleans, numbers, sizes, one list item per line", () => {
  expect(
    parseIniConfig(
      [
        'saveSession = true',
        'browser.contextOptions.javaScriptEnabled = false',
        'browser.contextOptions.strictSelectors = 1',
        'browser.contextOptions.viewport = 640x480',
        'browser.launchOptions.slowMo = 50',
        'browser.launchOptions.args = --disable-features=A,B',
        'network.allowedOrigins = https://example.com',
        'network.blockedOrigins[] = https://a.example',
        'network.blockedOrigins[] = https://b.example',
        'server.host = localhost',
      ].join('\n'),
    ),
  ).toEqual({
    saveSession: true,
    browser: {
      contextOptions: { javaScriptEnabled: false, strictSelectors: true, viewport: { width: 640, height: 480 } },
      launchOptions: { slowMo: 50, args: ['--disable-features=A,B'] },
    },
    network: { allowedOrigins: ['https://example.com'], blockedOrigins: ['https://a.example', 'https://b.example'] },
    server: { host: 'localhost' },
  });
});

test('INI comments, quotes, bare keys, untyped keys and sections', () => {
  expect(
    parseIniConfig(
      [
        '; a comment',
        '# another',
        'outputDir = out # the folder',
        'codegen = "none"',
        "testIdAttribute = 'data-qa'",
        'custom.note = a\\;b',
        'custom.flag = true',
        'custom.count = 3',
        'extension',
        '[timeouts]',
        'action = 1234',
        '[browser.contextOptions]',
        'locale = fr-FR',
        'offline = true',
      ].join('\r\n'),
    ),
  ).toEqual({
    outputDir: 'out',
    codegen: 'none',
    testIdAttribute: 'data-qa',
    custom: { note: 'a;b', flag: true, count: 3 },
    extension: true,
    timeouts: { action: 1234 },
    browser: { contextOptions: { locale: 'fr-FR', offline: true } },
  });
  expect(() => parseIniConfig('browser.contextOptions.viewport = wide')).toThrow('expected WIDTHxHEIGHT');
});
