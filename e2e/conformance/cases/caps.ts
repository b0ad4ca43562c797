import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Case, CaseTable } from '../harness';

/** A storage state file outside both servers' workspaces: neither may read it. */
const outsideState = join(mkdtempSync(join(tmpdir(), 'ai-conformance-caps-')), 'state.json');
writeFileSync(outsideState, JSON.stringify({ cookies: [], origins: [] }));

/** One flag set for every capability case: they share one pair of servers. */
const CAPS = ['--caps', 'storage,network,testing,vision,pdf,config,devtools'];
const open = (page: string) => ({ tool: 'browser_navigate', args: { url: `{url}/${page}` }, setup: true });
const setCookie = { tool: 'browser_cookie_set', args: { name: 'flavour', value: 'oat' }, setup: true };
const setLocal = { tool: 'browser_localstorage_set', args: { key: 'theme', value: 'dark' }, setup: true };

const cases: Omit<Case, 'flags'>[] = [
  // storage
  {
    name: 'cookies: set',
    calls: [open('caps.html'), { tool: 'browser_cookie_set', args: { name: 'flavour', value: 'oat' } }],
  },
  { name: 'cookies: list', calls: [open('caps.html'), setCookie, { tool: 'browser_cookie_list' }] },
  { name: 'cookies: list when there are none', calls: [open('caps.html'), { tool: 'browser_cookie_list' }] },
  {
    name: 'cookies: get',
    calls: [open('caps.html'), setCookie, { tool: 'browser_cookie_get', args: { name: 'flavour' } }],
  },
  {
    name: 'cookies: get a missing one',
    calls: [open('caps.html'), { tool: 'browser_cookie_get', args: { name: 'nothing' } }],
  },
  {
    name: 'cookies: delete',
    calls: [open('caps.html'), setCookie, { tool: 'browser_cookie_delete', args: { name: 'flavour' } }],
  },
  { name: 'cookies: clear', calls: [open('caps.html'), setCookie, { tool: 'browser_cookie_clear' }] },
  {
    name: 'local storage: set',
    calls: [open('caps.html'), { tool: 'browser_localstorage_set', args: { key: 'theme', value: 'dark' } }],
  },
  {
    name: 'local storage: get',
    calls: [open('caps.html'), setLocal, { tool: 'browser_localstorage_get', args: { key: 'theme' } }],
  },
  {
    name: 'local storage: get a missing key',
    calls: [open('caps.html'), { tool: 'browser_localstorage_get', args: { key: 'nothing' } }],
  },
  { name: 'local storage: list', calls: [open('caps.html'), setLocal, { tool: 'browser_localstorage_list' }] },
  {
    name: 'local storage: delete',
    calls: [open('caps.html'), setLocal, { tool: 'browser_localstorage_delete', args: { key: 'theme' } }],
  },
  { name: 'local storage: clear', calls: [open('caps.html'), setLocal, { tool: 'browser_localstorage_clear' }] },
  {
    name: 'session storage: set and list',
    calls: [
      open('caps.html'),
      { tool: 'browser_sessionstorage_set', args: { key: 'step', value: '2' }, setup: true },
      { tool: 'browser_sessionstorage_list' },
    ],
  },
  {
    name: 'session storage: get',
    calls: [
      open('caps.html'),
      { tool: 'browser_sessionstorage_set', args: { key: 'step', value: '2' }, setup: true },
      { tool: 'browser_sessionstorage_get', args: { key: 'step' } },
    ],
  },
  {
    name: 'storage state to a file',
    calls: [open('caps.html'), setCookie, { tool: 'browser_storage_state', args: { filename: 'state.json' } }],
  },
  {
    name: 'storage state saved and set again',
    calls: [
      open('caps.html'),
      setCookie,
      { tool: 'browser_storage_state', args: { filename: 'state.json' }, setup: true },
      { tool: 'browser_set_storage_state', args: { filename: 'state.json' } },
    ],
  },
  {
    name: 'error: set storage state from a file outside the roots',
    calls: [open('caps.html'), { tool: 'browser_set_storage_state', args: { filename: outsideState } }],
  },
  {
    name: 'error: set storage state from a missing file',
    calls: [open('caps.html'), { tool: 'browser_set_storage_state', args: { filename: 'missing.json' } }],
  },
  // network
  {
    name: 'route: mock a response',
    calls: [
      open('caps.html'),
      { tool: 'browser_route', args: { pattern: '**/api/fruit', body: 'Mango', contentType: 'text/plain' } },
    ],
  },
  {
    name: 'route: list routes',
    calls: [
      open('caps.html'),
      { tool: 'browser_route', args: { pattern: '**/api/fruit', body: 'Mango' }, setup: true },
      { tool: 'browser_route_list' },
    ],
  },
  { name: 'route: list when there are none', calls: [open('caps.html'), { tool: 'browser_route_list' }] },
  {
    name: 'route: a mocked response reaches the page',
    calls: [
      open('caps.html'),
      { tool: 'browser_route', args: { pattern: '**/api/fruit', body: 'Mango' }, setup: true },
      { tool: 'browser_click', args: { element: 'Load fruit', target: /button "Load fruit"/ } },
    ],
  },
  {
    name: 'route: unroute',
    calls: [
      open('caps.html'),
      { tool: 'browser_route', args: { pattern: '**/api/fruit', body: 'Mango' }, setup: true },
      { tool: 'browser_unroute', args: { pattern: '**/api/fruit' } },
    ],
  },
  {
    name: 'network: go offline',
    calls: [open('caps.html'), { tool: 'browser_network_state_set', args: { state: 'offline' } }],
  },
  {
    name: 'network: offline then a request fails',
    calls: [
      open('caps.html'),
      { tool: 'browser_network_state_set', args: { state: 'offline' }, setup: true },
      { tool: 'browser_click', args: { element: 'Load fruit', target: /button "Load fruit"/ } },
    ],
  },
  {
    name: 'network: back online',
    calls: [
      open('caps.html'),
      { tool: 'browser_network_state_set', args: { state: 'offline' }, setup: true },
      { tool: 'browser_network_state_set', args: { state: 'online' } },
    ],
  },
  // testing
  {
    name: 'verify an element is visible',
    calls: [
      open('caps.html'),
      { tool: 'browser_verify_element_visible', args: { role: 'button', accessibleName: 'Save' } },
    ],
  },
  {
    name: 'error: verify a missing element',
    calls: [
      open('caps.html'),
      { tool: 'browser_verify_element_visible', args: { role: 'button', accessibleName: 'Delete' } },
    ],
  },
  {
    name: 'verify text is visible',
    calls: [open('caps.html'), { tool: 'browser_verify_text_visible', args: { text: 'Capabilities' } }],
  },
  {
    name: 'error: verify missing text',
    calls: [open('caps.html'), { tool: 'browser_verify_text_visible', args: { text: 'Nowhere' } }],
  },
  {
    name: 'verify a list',
    calls: [
      open('caps.html'),
      {
        tool: 'browser_verify_list_visible',
        args: { element: 'Fruits', target: /list "Fruits"/, items: ['Apple', 'Cherry'] },
      },
    ],
  },
  {
    name: 'verify a value',
    calls: [
      open('caps.html'),
      {
        tool: 'browser_verify_value',
        args: { type: 'textbox', element: 'City', target: /textbox "City"/, value: 'Lyon' },
      },
    ],
  },
  {
    name: 'verify a checkbox',
    calls: [
      open('caps.html'),
      {
        tool: 'browser_verify_value',
        args: { type: 'checkbox', element: 'Newsletter', target: /checkbox "Newsletter"/, value: 'true' },
      },
    ],
  },
  {
    name: 'error: verify a wrong value',
    calls: [
      open('caps.html'),
      {
        tool: 'browser_verify_value',
        args: { type: 'textbox', element: 'City', target: /textbox "City"/, value: 'Paris' },
      },
    ],
  },
  {
    name: 'generate a locator',
    calls: [
      open('caps.html'),
      { tool: 'browser_generate_locator', args: { element: 'Save', target: /button "Save"/ } },
    ],
  },
  // vision
  { name: 'mouse: move', calls: [open('caps.html'), { tool: 'browser_mouse_move_xy', args: { x: 350, y: 60 } }] },
  {
    name: 'mouse: click at a point',
    calls: [open('caps.html'), { tool: 'browser_mouse_click_xy', args: { x: 350, y: 60 } }],
  },
  {
    name: 'mouse: double click at a point',
    calls: [open('caps.html'), { tool: 'browser_mouse_click_xy', args: { x: 350, y: 60, clickCount: 2 } }],
  },
  {
    name: 'mouse: drag',
    calls: [
      open('caps.html'),
      { tool: 'browser_mouse_drag_xy', args: { startX: 320, startY: 40, endX: 420, endY: 90 } },
    ],
  },
  {
    name: 'mouse: down and up',
    calls: [
      open('caps.html'),
      { tool: 'browser_mouse_move_xy', args: { x: 350, y: 60 }, setup: true },
      { tool: 'browser_mouse_down' },
      { tool: 'browser_mouse_up' },
    ],
  },
  {
    name: 'mouse: wheel',
    calls: [open('caps.html'), { tool: 'browser_mouse_wheel', args: { deltaX: 0, deltaY: 300 } }],
  },
  // pdf, config, devtools
  { name: 'save as PDF', calls: [open('caps.html'), { tool: 'browser_pdf_save', args: { filename: 'page.pdf' } }] },
  {
    name: 'highlight an element',
    calls: [open('caps.html'), { tool: 'browser_highlight', args: { element: 'Save', target: /button "Save"/ } }],
  },
  {
    name: 'hide highlights',
    calls: [
      open('caps.html'),
      { tool: 'browser_highlight', args: { element: 'Save', target: /button "Save"/ }, setup: true },
      { tool: 'browser_hide_highlight' },
    ],
  },
  { name: 'start tracing', calls: [open('caps.html'), { tool: 'browser_start_tracing' }] },
  {
    name: 'stop tracing',
    calls: [
      open('caps.html'),
      { tool: 'browser_start_tracing', setup: true },
      { tool: 'browser_click', args: { element: 'Save', target: /button "Save"/ } },
      { tool: 'browser_stop_tracing' },
    ],
  },
];

/** The tools of @playwright/mcp's --caps groups. */
export const capabilities: CaseTable = { group: 'capabilities', cases: cases.map(c => ({ ...c, flags: CAPS })) };
