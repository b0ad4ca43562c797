import type { CaseTable } from '../harness';

const open = (page: string) => ({ tool: 'browser_navigate', args: { url: `{url}/${page}` }, setup: true });
const run = (code: string) => ({ tool: 'browser_run_code_unsafe', args: { code } });
/** browser_run_code_unsafe: the peer offers it always, ours only when allowed. */
const UNSAFE = { AGENT_INSPECTOR_ALLOW_UNSAFE_CODE: '1' };
const loadData = { tool: 'browser_click', args: { element: 'Load data', target: /button "Load data"/ }, setup: true };

/** The tools that read the page or wait on it: evaluate, find, wait, console, network, screenshots, media. */
export const pageTools: CaseTable = {
  group: 'page tools',
  cases: [
    {
      name: 'evaluate a function',
      calls: [open('form.html'), { tool: 'browser_evaluate', args: { function: '() => document.title' } }],
    },
    {
      name: 'evaluate an expression',
      calls: [open('form.html'), { tool: 'browser_evaluate', args: { function: 'document.title' } }],
    },
    {
      name: 'evaluate returning an object',
      calls: [
        open('form.html'),
        { tool: 'browser_evaluate', args: { function: '() => ({ a: 1, b: [true, null], c: "x" })' } },
      ],
    },
    {
      name: 'evaluate returning undefined',
      calls: [open('form.html'), { tool: 'browser_evaluate', args: { function: '() => undefined' } }],
    },
    {
      name: 'evaluate an async function',
      calls: [open('form.html'), { tool: 'browser_evaluate', args: { function: 'async () => 40 + 2' } }],
    },
    {
      name: 'evaluate on an element',
      calls: [
        open('form.html'),
        {
          tool: 'browser_evaluate',
          args: { element: 'email', target: /textbox "Email"/, function: 'element => element.placeholder' },
        },
      ],
    },
    {
      name: 'evaluate that changes the page',
      calls: [
        open('form.html'),
        {
          tool: 'browser_evaluate',
          args: { function: '() => { document.querySelector("h1").textContent = "Changed"; return 1; }' },
        },
      ],
    },
    {
      name: 'error: evaluate that throws',
      calls: [
        open('form.html'),
        { tool: 'browser_evaluate', args: { function: '() => { throw new Error("nope"); }' } },
      ],
    },
    { name: 'error: evaluate without a function', calls: [open('form.html'), { tool: 'browser_evaluate', args: {} }] },
    { name: 'find text', calls: [open('form.html'), { tool: 'browser_find', args: { text: 'Country' } }] },
    { name: 'find a regex', calls: [open('form.html'), { tool: 'browser_find', args: { regex: 'Sign\\s+up' } }] },
    {
      name: 'find nothing',
      calls: [open('form.html'), { tool: 'browser_find', args: { text: 'no such words here' } }],
    },
    { name: 'wait for a time', calls: [open('form.html'), { tool: 'browser_wait_for', args: { time: 0.2 } }] },
    {
      name: 'wait for text to appear',
      calls: [
        open('interactions.html'),
        { tool: 'browser_click', args: { element: 'slow', target: /button "Start slow job"/ }, setup: true },
        { tool: 'browser_wait_for', args: { text: 'Finished loading' } },
      ],
    },
    {
      name: 'wait for text to go',
      calls: [
        open('interactions.html'),
        { tool: 'browser_click', args: { element: 'slow', target: /button "Start slow job"/ }, setup: true },
        { tool: 'browser_wait_for', args: { textGone: 'Loading…' } },
      ],
    },
    {
      name: 'wait for text already there',
      calls: [open('form.html'), { tool: 'browser_wait_for', args: { text: 'Sign up' } }],
    },
    {
      name: 'console messages',
      calls: [open('console.html'), { tool: 'browser_console_messages', args: { level: 'info' } }],
    },
    {
      name: 'console messages, errors only',
      calls: [open('console.html'), { tool: 'browser_console_messages', args: { level: 'error' } }],
    },
    {
      name: 'console messages, debug and up',
      calls: [open('console.html'), { tool: 'browser_console_messages', args: { level: 'debug' } }],
    },
    {
      name: 'console messages with a page error',
      calls: [
        open('details.html'),
        { tool: 'browser_click', args: { element: 'Log', target: /button "Log"/ }, setup: true },
        { tool: 'browser_wait_for', args: { time: 0.2 }, setup: true },
        { tool: 'browser_console_messages', args: { level: 'info' } },
      ],
    },
    {
      name: 'network requests',
      calls: [open('console.html'), loadData, { tool: 'browser_network_requests', args: { static: false } }],
    },
    {
      name: 'network requests with static ones',
      calls: [open('console.html'), loadData, { tool: 'browser_network_requests', args: { static: true } }],
    },
    {
      name: 'network requests filtered',
      calls: [
        open('console.html'),
        loadData,
        { tool: 'browser_network_requests', args: { static: false, filter: 'echo' } },
      ],
    },
    {
      name: 'one network request',
      calls: [open('console.html'), loadData, { tool: 'browser_network_request', args: { index: 1 } }],
    },
    {
      name: 'a network request body',
      calls: [
        open('console.html'),
        loadData,
        { tool: 'browser_network_request', args: { index: 3, part: 'request-body' } },
      ],
    },
    {
      name: 'a network request without a body',
      calls: [
        open('console.html'),
        loadData,
        { tool: 'browser_network_request', args: { index: 2, part: 'request-body' } },
      ],
    },
    {
      name: 'a network response body',
      calls: [
        open('console.html'),
        loadData,
        { tool: 'browser_network_request', args: { index: 2, part: 'response-body' } },
      ],
    },
    {
      name: "a POST request's details",
      calls: [open('console.html'), loadData, { tool: 'browser_network_request', args: { index: 3 } }],
    },
    {
      name: 'error: a network request that does not exist',
      calls: [open('console.html'), { tool: 'browser_network_request', args: { index: 40 } }],
    },
    { name: 'screenshot', calls: [open('form.html'), { tool: 'browser_take_screenshot', args: { type: 'png' } }] },
    {
      name: 'screenshot as jpeg',
      calls: [open('form.html'), { tool: 'browser_take_screenshot', args: { type: 'jpeg' } }],
    },
    {
      name: 'screenshot of the full page',
      calls: [open('form.html'), { tool: 'browser_take_screenshot', args: { type: 'png', fullPage: true } }],
    },
    {
      name: 'screenshot of an element',
      calls: [
        open('form.html'),
        { tool: 'browser_take_screenshot', args: { type: 'png', element: 'heading', target: /heading "Sign up"/ } },
      ],
    },
    {
      name: 'screenshot to a named file',
      calls: [open('form.html'), { tool: 'browser_take_screenshot', args: { type: 'png', filename: 'shot.png' } }],
    },
    {
      name: 'emulate dark mode',
      calls: [open('caps.html'), { tool: 'browser_emulate_media', args: { colorScheme: 'dark' } }],
    },
    {
      name: 'emulate print media',
      calls: [open('caps.html'), { tool: 'browser_emulate_media', args: { media: 'print' } }],
    },
    {
      name: 'error: emulate an unknown scheme',
      calls: [open('caps.html'), { tool: 'browser_emulate_media', args: { colorScheme: 'purple' } }],
    },
    {
      name: 'run code returning a string',
      oursEnv: UNSAFE,
      calls: [open('form.html'), run('async (page) => await page.title()')],
    },
    { name: 'run code returning a number', oursEnv: UNSAFE, calls: [open('form.html'), run('async (page) => 42')] },
    {
      name: 'run code returning an object',
      oursEnv: UNSAFE,
      calls: [open('form.html'), run('async (page) => ({ title: await page.title(), list: [1, null, "x"] })')],
    },
    {
      name: 'run code returning undefined',
      oursEnv: UNSAFE,
      calls: [open('form.html'), run('async (page) => { await page.title(); }')],
    },
    {
      name: 'run code that reads page as a global',
      oursEnv: UNSAFE,
      calls: [open('form.html'), run('async () => await page.title()')],
    },
    {
      name: 'run code that uses fetch and URL',
      oursEnv: UNSAFE,
      calls: [
        open('form.html'),
        run('async (page) => (await (await fetch(new URL("/api/data?item=3", page.url()))).json())'),
      ],
    },
    {
      name: 'run code from a file',
      oursEnv: UNSAFE,
      files: { 'code.js': 'async (page) => await page.title()\n' },
      calls: [open('form.html'), { tool: 'browser_run_code_unsafe', args: { filename: 'code.js' } }],
    },
    {
      name: 'error: run code from a file outside the roots',
      oursEnv: UNSAFE,
      calls: [open('form.html'), { tool: 'browser_run_code_unsafe', args: { filename: '../outside.js' } }],
    },
    {
      name: 'error: run code from a missing file',
      oursEnv: UNSAFE,
      calls: [open('form.html'), { tool: 'browser_run_code_unsafe', args: { filename: 'missing.js' } }],
    },
    {
      name: 'error: run code in a fenced code block',
      oursEnv: UNSAFE,
      calls: [open('form.html'), run('```js\nasync (page) => await page.title()\n```')],
    },
    {
      name: 'error: run code that requires a module',
      oursEnv: UNSAFE,
      calls: [open('form.html'), run('async (page) => require("fs").readdirSync(".")')],
    },
    {
      name: 'error: run code that reads process',
      oursEnv: UNSAFE,
      calls: [open('form.html'), run('async (page) => process.pid')],
    },
    {
      name: 'error: run code that throws',
      oursEnv: UNSAFE,
      calls: [open('form.html'), run('async (page) => { throw new Error("nope"); }')],
    },
    {
      name: 'error: run code that does not parse',
      oursEnv: UNSAFE,
      calls: [open('form.html'), run('async (page => ')],
    },
    {
      name: 'error: run code that is not a function',
      oursEnv: UNSAFE,
      calls: [open('form.html'), run('page.title()')],
    },
  ],
};
