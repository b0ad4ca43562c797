import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Call, CaseTable } from '../harness';

const open = (page: string): Call => ({ tool: 'browser_navigate', args: { url: `{url}/${page}` }, setup: true });
const getConfig: Call = { tool: 'browser_get_config' };

/** Config files the cases name, written once per worker outside both servers' workspaces (read at start). */
const dir = mkdtempSync(join(tmpdir(), 'ai-conformance-config-'));
function file(name: string, text: string): string {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
}
const ini = (name: string, lines: string[]) => ['--config', file(`${name}.ini`, `${lines.join('\n')}\n`)];
const json = (name: string, config: object) => ['--config', file(`${name}.json`, JSON.stringify(config, null, 2))];

/** The command line of the browser, read where Chromium shows it: which of these switches it was started with. */
const launchedWith = (...switches: string[]): Call => ({
  tool: 'browser_run_code_unsafe',
  args: {
    code: `async (page) => { await page.goto('chrome://version'); const line = await page.locator('#command_line').textContent(); return ${JSON.stringify(switches)}.map(s => line.includes(s)); }`,
  },
});
const UNSAFE = { AGENT_INSPECTOR_ALLOW_UNSAFE_CODE: '1' };

/** The `--config` file (JSON and INI), its merge with the environment and the command line, and the legacy flags. */
export const config: CaseTable = {
  group: 'config',
  cases: [
    {
      name: 'INI: viewport',
      flags: ini('viewport', ['browser.contextOptions.viewport = 640x480']),
      calls: [open('form.html'), { tool: 'browser_evaluate', args: { function: '() => [innerWidth, innerHeight]' } }],
    },
    {
      name: 'INI: timeouts and console level',
      flags: ini('timeouts', [
        'capabilities = config',
        'console.level = error',
        'timeouts.action = 12345',
        'timeouts.navigation = 54321',
        'timeouts.idle = 6789',
      ]),
      calls: [getConfig],
    },
    {
      name: 'INI: launch options',
      flags: ini('launch', [
        'capabilities = config',
        'browser.launchOptions.headless = true',
        'browser.isolated = true',
        'browser.launchOptions.slowMo = 1',
      ]),
      calls: [getConfig],
    },
    {
      name: 'INI: context options',
      flags: ini('context', [
        'capabilities = config',
        'browser.contextOptions.userAgent = TestAgent/1.0',
        'browser.contextOptions.locale = fr-FR',
        'browser.contextOptions.timezoneId = Europe/Paris',
      ]),
      calls: [getConfig],
    },
    {
      name: 'INI: server and network',
      flags: ini('server', [
        'capabilities = config',
        'server.host = localhost',
        'network.allowedOrigins = https://example.com',
        'network.blockedOrigins[] = https://a.example',
        'network.blockedOrigins[] = https://b.example',
      ]),
      calls: [getConfig],
    },
    {
      name: 'INI: booleans, comments and untyped keys',
      flags: ini('booleans', [
        '; written by hand',
        'capabilities = config',
        'sharedBrowserContext = true',
        'browser.contextOptions.bypassCSP = true',
        'browser.contextOptions.javaScriptEnabled = false',
        'browser.contextOptions.strictSelectors = 1',
        'browser.launchOptions.args = --disable-features=A,B',
        'outputDir = out # the folder',
        'custom.flag = true',
        'custom.count = 3',
      ]),
      calls: [getConfig],
    },
    {
      name: 'browser_get_config: file, environment and command line merged',
      flags: [
        ...json('merged', {
          capabilities: ['config'],
          timeouts: { action: 10000, navigation: 30000 },
          browser: { contextOptions: { viewport: { width: 800, height: 600 } } },
        }),
        '--console-level',
        'warning',
      ],
      env: { PLAYWRIGHT_MCP_TIMEOUT_NAVIGATION: '45000' },
      calls: [getConfig],
    },
    {
      name: "--proxy-server over the file's contextOptions.proxy",
      flags: [
        ...json('proxy', {
          capabilities: ['config'],
          browser: { contextOptions: { proxy: { server: 'http://127.0.0.1:9' } } },
        }),
        '--proxy-server',
        'http://127.0.0.1:8',
        '--proxy-bypass',
        '.example.com',
      ],
      calls: [getConfig],
    },
    {
      name: 'legacy --vision',
      flags: ['--vision'],
      calls: [open('caps.html'), { tool: 'browser_mouse_move_xy', args: { x: 10, y: 10 } }],
    },
    {
      name: 'legacy --vision with --caps',
      flags: ['--caps', 'pdf', '--vision'],
      calls: [
        open('caps.html'),
        { tool: 'browser_mouse_move_xy', args: { x: 10, y: 10 } },
        { tool: 'browser_pdf_save', args: { filename: 'page.pdf' } },
      ],
    },
    { name: 'error: a tool of a capability not enabled', calls: [open('caps.html'), { tool: 'browser_pdf_save' }] },
    { name: 'error: browser_get_config without the config capability', calls: [getConfig] },
    {
      name: 'persistent profile: extensions not disabled',
      flags: ['--user-data-dir', '{root}/profile'],
      oursEnv: UNSAFE,
      calls: [launchedWith('--disable-extensions', '--hide-scrollbars')],
    },
    {
      name: "persistent profile: the file's ignoreDefaultArgs added to its own",
      flags: [
        ...json('ignore-args', { browser: { launchOptions: { ignoreDefaultArgs: ['--hide-scrollbars'] } } }),
        '--user-data-dir',
        '{root}/profile',
      ],
      oursEnv: UNSAFE,
      calls: [launchedWith('--disable-extensions', '--hide-scrollbars')],
    },
  ],
};
