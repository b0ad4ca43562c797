import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { CaseTable } from '../harness';

const open = (page: string) => ({ tool: 'browser_navigate', args: { url: `{url}/${page}` }, setup: true });
const go = (page: string) => ({ tool: 'browser_navigate', args: { url: `{url}/${page}` } });
const evaluate = (fn: string) => ({ tool: 'browser_evaluate', args: { function: fn } });

/** Files the flags name, written once per worker outside both servers' workspaces. */
const files = mkdtempSync(join(tmpdir(), 'ai-conformance-flags-'));
const initScript = join(files, 'init.js');
writeFileSync(initScript, 'window.__initialized = "by init script";\n');
const storageState = join(files, 'state.json');
writeFileSync(
  storageState,
  JSON.stringify({
    cookies: [],
    origins: [{ origin: 'http://127.0.0.1', localStorage: [{ name: 'seeded', value: 'yes' }] }],
  }),
);
/** Video recording on, as the peer's config file turns it on: this machine has no ffmpeg, so the browser cannot start. */
const videoConfig = join(files, 'video.json');
writeFileSync(
  videoConfig,
  JSON.stringify({
    browser: { contextOptions: { recordVideo: { dir: join(files, 'videos'), size: { width: 800, height: 600 } } } },
  }),
);

/** The flags of `npx @playwright/mcp --help` that change what the tools answer. */
export const flags: CaseTable = {
  group: 'flags',
  cases: [
    { name: '--snapshot-mode file: navigate', flags: ['--snapshot-mode', 'file'], calls: [go('form.html')] },
    {
      name: '--snapshot-mode file: click',
      flags: ['--snapshot-mode', 'file'],
      calls: [
        open('form.html'),
        { tool: 'browser_click', args: { element: 'terms', target: /checkbox "I accept the terms"/ } },
      ],
    },
    { name: '--snapshot-mode full: navigate', flags: ['--snapshot-mode', 'full'], calls: [go('form.html')] },
    {
      name: '--snapshot-mode full: click',
      flags: ['--snapshot-mode', 'full'],
      calls: [
        open('form.html'),
        { tool: 'browser_click', args: { element: 'terms', target: /checkbox "I accept the terms"/ } },
      ],
    },
    { name: '--snapshot-mode none: navigate', flags: ['--snapshot-mode', 'none'], calls: [go('form.html')] },
    {
      name: '--viewport-size',
      flags: ['--viewport-size', '800x600'],
      calls: [open('form.html'), evaluate('() => [innerWidth, innerHeight]')],
    },
    {
      name: '--user-agent',
      flags: ['--user-agent', 'ConformanceBot/1.0'],
      calls: [open('form.html'), evaluate('() => navigator.userAgent')],
    },
    {
      name: '--device',
      flags: ['--device', 'Pixel 7'],
      calls: [open('form.html'), evaluate('() => [innerWidth, navigator.maxTouchPoints > 0]')],
    },
    {
      name: '--codegen none: click',
      flags: ['--codegen', 'none'],
      calls: [
        open('form.html'),
        { tool: 'browser_click', args: { element: 'terms', target: /checkbox "I accept the terms"/ } },
      ],
    },
    { name: '--codegen none: navigate', flags: ['--codegen', 'none'], calls: [go('form.html')] },
    {
      name: '--console-level error',
      flags: ['--console-level', 'error'],
      calls: [open('details.html'), { tool: 'browser_click', args: { element: 'Log', target: /button "Log"/ } }],
    },
    {
      name: '--image-responses omit',
      flags: ['--image-responses', 'omit'],
      calls: [open('form.html'), { tool: 'browser_take_screenshot', args: { type: 'png' } }],
    },
    {
      name: '--init-script',
      flags: ['--init-script', initScript],
      calls: [open('form.html'), evaluate('() => window.__initialized')],
    },
    {
      name: '--storage-state',
      flags: ['--storage-state', storageState],
      calls: [open('form.html'), evaluate('() => localStorage.getItem("seeded")')],
    },
    {
      name: '--blocked-origins',
      flags: ['--blocked-origins', 'http://127.0.0.1:9'],
      calls: [{ tool: 'browser_navigate', args: { url: 'http://127.0.0.1:9/' } }],
    },
    {
      name: '--timeout-action: a wait that cannot end',
      flags: ['--timeout-action', '1000'],
      calls: [open('form.html'), { tool: 'browser_wait_for', args: { text: 'never on this page' } }],
    },
    {
      name: '--save-session writes the session log',
      flags: ['--save-session'],
      compareFiles: /session-\d+\/session\.md$/,
      calls: [
        go('form.html'),
        { tool: 'browser_click', args: { element: 'terms', target: /checkbox "I accept the terms"/ } },
        { tool: 'browser_type', args: { element: 'name', target: /textbox "Full name"/, text: 'Ada' } },
      ],
    },
    { name: 'error: video recording without ffmpeg', flags: ['--config', videoConfig], calls: [go('form.html')] },
    {
      name: '--test-id-attribute',
      flags: ['--test-id-attribute', 'data-testid', '--caps', 'testing'],
      calls: [
        open('form.html'),
        { tool: 'browser_generate_locator', args: { element: 'name', target: /textbox "Full name"/ } },
      ],
    },
  ],
};
