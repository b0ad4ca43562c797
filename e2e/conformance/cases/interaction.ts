import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { CaseTable } from '../harness';

const open = (page: string) => ({ tool: 'browser_navigate', args: { url: `{url}/${page}` }, setup: true });
/** Gives form.html's submit button and terms checkbox ids and attributes that look like refs. */
const refLikeIds = {
  tool: 'browser_evaluate',
  args: {
    function:
      '() => { const b = document.querySelector("button"); b.id = "e12"; b.dataset.x = "e5"; document.querySelector("input[name=terms]").id = "f1e3"; }',
  },
  setup: true,
};
const click = (line: RegExp, extra: Record<string, unknown> = {}) => ({
  tool: 'browser_click',
  args: { element: 'element', target: line, ...extra },
});
/** A file outside both servers' workspaces: uploading or dropping it is refused. */
const outside = join(mkdtempSync(join(tmpdir(), 'ai-conformance-outside-')), 'outside.txt');
writeFileSync(outside, 'not for the page\n');
const attachments = { 'a.txt': 'first\n', 'b.txt': 'second\n' };
/**
 * An inline form whose name field logs each input, whose title field renames the page, and whose checkbox starts
 * checked. A plain fill answers before the peer has written what the page logged meanwhile (its link comes with the
 * next answer, or not): only the typing that waits between keys is compared on the logging field.
 */
const LOGGING_FORM =
  'data:text/html,<title>Logging form</title><label>Name <input oninput="console.log(`name=${this.value}`)"></label>' +
  '<label>Title <input oninput="document.title = this.value"></label>' +
  '<label>Age <input type=range min=18 max=100></label><label><input type=checkbox checked> News</label>';
const chooser = { ...click(/button "Attachment"/), setup: true };
const drop = (extra: Record<string, unknown>) => ({
  tool: 'browser_drop',
  args: { element: 'drop zone', target: /region "Drop zone"/, ...extra },
});

/** The element tools: click, hover, drag, type, keys, select, forms and dialogs. */
export const interaction: CaseTable = {
  group: 'interaction',
  cases: [
    { name: 'click a submit button', calls: [open('form.html'), click(/button "Create account"/)] },
    { name: 'click a checkbox', calls: [open('form.html'), click(/checkbox "I accept the terms"/)] },
    { name: 'click a radio button', calls: [open('form.html'), click(/radio "Pro"/)] },
    { name: 'double click', calls: [open('form.html'), click(/checkbox "I accept the terms"/, { doubleClick: true })] },
    { name: 'right click', calls: [open('form.html'), click(/button "Create account"/, { button: 'right' })] },
    {
      name: 'click with a modifier',
      calls: [open('form.html'), click(/checkbox "I accept the terms"/, { modifiers: ['Shift'] })],
    },
    { name: 'middle click', calls: [open('form.html'), click(/button "Create account"/, { button: 'middle' })] },
    {
      name: 'left click said explicitly',
      calls: [open('form.html'), click(/button "Create account"/, { button: 'left', modifiers: [] })],
    },
    {
      name: 'right double click with modifiers',
      calls: [
        open('form.html'),
        click(/button "Create account"/, { button: 'right', doubleClick: true, modifiers: ['Shift', 'Alt'] }),
      ],
    },
    {
      name: 'click with Control and Meta',
      calls: [open('form.html'), click(/checkbox "I accept the terms"/, { modifiers: ['Meta', 'Control'] })],
    },
    {
      name: 'click a selector with a ref-like id',
      calls: [open('form.html'), refLikeIds, { tool: 'browser_click', args: { element: 'submit', target: '#e12' } }],
    },
    {
      name: 'click a selector with a ref-like attribute',
      calls: [
        open('form.html'),
        refLikeIds,
        { tool: 'browser_click', args: { element: 'submit', target: '[data-x="e5"]', button: 'middle' } },
      ],
    },
    {
      name: 'double click a selector with a frame-ref-like id',
      calls: [
        open('form.html'),
        refLikeIds,
        { tool: 'browser_click', args: { element: 'terms', target: '#f1e3', doubleClick: true, modifiers: ['Shift'] } },
      ],
    },
    {
      name: 'click an aria-ref selector',
      calls: [
        open('form.html'),
        { tool: 'browser_snapshot', setup: true },
        { tool: 'browser_click', args: { element: 'submit', target: 'aria-ref=e21' } },
      ],
    },
    {
      name: 'error: click a selector that matches nothing',
      calls: [open('form.html'), { tool: 'browser_click', args: { element: 'ghost', target: '#e999' } }],
    },
    { name: 'click a link to another page', calls: [open('form.html'), click(/link "Dialogs page"/)] },
    { name: 'click a link that redirects', calls: [open('catalog.html'), click(/link "Shoes"/)] },
    { name: 'click that logs to the console', calls: [open('details.html'), click(/button "Log"/)] },
    { name: 'click that opens an alert', calls: [open('dialogs.html'), click(/button "Show alert"/)] },
    {
      name: 'error: click an unknown ref',
      calls: [open('form.html'), { tool: 'browser_click', args: { element: 'ghost', target: 'e999' } }],
    },
    {
      name: 'error: click without a target',
      calls: [open('form.html'), { tool: 'browser_click', args: { element: 'ghost' } }],
    },
    {
      name: 'click by selector',
      calls: [open('form.html'), { tool: 'browser_click', args: { element: 'terms', target: 'input[name=terms]' } }],
    },
    {
      name: 'click a locator expression',
      calls: [
        open('form.html'),
        {
          tool: 'browser_click',
          args: { element: 'terms', target: "getByRole('checkbox', { name: 'I accept the terms' })" },
        },
      ],
    },
    {
      name: 'type into a test id locator',
      calls: [
        open('form.html'),
        { tool: 'browser_type', args: { element: 'name', target: "getByTestId('full-name')", text: 'Ada' } },
      ],
    },
    {
      name: 'error: a locator expression that does not parse',
      calls: [open('form.html'), { tool: 'browser_click', args: { element: 'terms', target: "getByRole('checkbox'" } }],
    },
    {
      name: 'hover',
      calls: [
        open('interactions.html'),
        { tool: 'browser_hover', args: { element: 'Hover me', target: /button "Hover me"/ } },
      ],
    },
    {
      name: 'drag and drop',
      calls: [
        open('interactions.html'),
        {
          tool: 'browser_drag',
          args: {
            startElement: 'card',
            startTarget: /button "Draggable card"/,
            endElement: 'column',
            endTarget: /region "Done column"/,
          },
        },
      ],
    },
    {
      name: 'type into a field',
      calls: [
        open('form.html'),
        { tool: 'browser_type', args: { element: 'name', target: /textbox "Full name"/, text: 'Ada Lovelace' } },
      ],
    },
    {
      name: 'type and submit',
      calls: [
        open('search.html'),
        { tool: 'browser_type', args: { element: 'email', target: /textbox "Email"/, text: 'a@b.co', submit: true } },
      ],
    },
    {
      name: 'type slowly',
      calls: [
        open('form.html'),
        { tool: 'browser_type', args: { element: 'name', target: /textbox "Full name"/, text: 'Ada', slowly: true } },
      ],
    },
    {
      name: 'type into a textarea',
      calls: [
        open('form.html'),
        { tool: 'browser_type', args: { element: 'notes', target: /textbox "Notes"/, text: 'line one' } },
      ],
    },
    {
      name: 'error: type into a button',
      calls: [
        open('form.html'),
        { tool: 'browser_type', args: { element: 'button', target: /button "Create account"/, text: 'x' } },
      ],
    },
    { name: 'press Tab', calls: [open('form.html'), { tool: 'browser_press_key', args: { key: 'Tab' } }] },
    {
      name: 'press Enter in a form',
      calls: [
        open('search.html'),
        { tool: 'browser_click', args: { element: 'email', target: /textbox "Email"/ }, setup: true },
        { tool: 'browser_press_key', args: { key: 'Enter' } },
      ],
    },
    { name: 'press ArrowDown', calls: [open('form.html'), { tool: 'browser_press_key', args: { key: 'ArrowDown' } }] },
    {
      name: 'press a key combination',
      calls: [open('form.html'), { tool: 'browser_press_key', args: { key: 'Control+a' } }],
    },
    {
      name: 'select an option',
      calls: [
        open('form.html'),
        {
          tool: 'browser_select_option',
          args: { element: 'country', target: /combobox "Country"/, values: ['Japan'] },
        },
      ],
    },
    {
      name: 'select an option by value',
      calls: [
        open('form.html'),
        { tool: 'browser_select_option', args: { element: 'country', target: /combobox "Country"/, values: ['fr'] } },
      ],
    },
    {
      name: 'error: select a missing option',
      calls: [
        open('form.html'),
        { tool: 'browser_select_option', args: { element: 'country', target: /combobox "Country"/, values: ['Mars'] } },
      ],
    },
    {
      name: 'fill a form',
      calls: [
        open('form.html'),
        {
          tool: 'browser_fill_form',
          args: {
            fields: [
              { name: 'Full name', type: 'textbox', target: /textbox "Full name"/, value: 'Ada' },
              { name: 'Terms', type: 'checkbox', target: /checkbox "I accept the terms"/, value: 'true' },
              { name: 'Country', type: 'combobox', target: /combobox "Country"/, value: 'France' },
              { name: 'Pro', type: 'radio', target: /radio "Pro"/, value: 'true' },
            ],
          },
        },
      ],
    },
    {
      name: 'fill a form: uncheck, a slider, a field that renames the page',
      calls: [
        { tool: 'browser_navigate', args: { url: LOGGING_FORM }, setup: true },
        {
          tool: 'browser_fill_form',
          args: {
            fields: [
              { name: 'Title', type: 'textbox', target: /textbox "Title"/, value: 'Renamed' },
              { name: 'Age', type: 'slider', target: /slider "Age"/, value: '42' },
              { name: 'News', type: 'checkbox', target: /checkbox "News"/, value: 'false' },
            ],
          },
        },
      ],
    },
    {
      name: 'fill a checkbox with a value other than true',
      calls: [
        open('form.html'),
        {
          tool: 'browser_fill_form',
          args: {
            fields: [{ name: 'Terms', type: 'checkbox', target: /checkbox "I accept the terms"/, value: 'yes' }],
          },
        },
      ],
    },
    {
      name: 'type into a field that renames the page',
      calls: [
        { tool: 'browser_navigate', args: { url: LOGGING_FORM }, setup: true },
        { tool: 'browser_type', args: { element: 'title', target: /textbox "Title"/, text: 'Renamed' } },
      ],
    },
    {
      name: 'type slowly into a field that logs',
      calls: [
        { tool: 'browser_navigate', args: { url: LOGGING_FORM }, setup: true },
        { tool: 'browser_type', args: { element: 'name', target: /textbox "Name"/, text: 'Ada', slowly: true } },
      ],
    },
    {
      name: 'error: fill a form with no fields',
      calls: [open('form.html'), { tool: 'browser_fill_form', args: { fields: 'none' } }],
    },
    {
      name: 'accept an alert',
      calls: [
        open('dialogs.html'),
        { ...click(/button "Show alert"/), setup: true },
        { tool: 'browser_handle_dialog', args: { accept: true } },
      ],
    },
    {
      name: 'dismiss a confirm',
      calls: [
        open('dialogs.html'),
        { ...click(/button "Show confirm"/), setup: true },
        { tool: 'browser_handle_dialog', args: { accept: false } },
      ],
    },
    {
      name: 'answer a prompt',
      calls: [
        open('dialogs.html'),
        { ...click(/button "Show prompt"/), setup: true },
        { tool: 'browser_handle_dialog', args: { accept: true, promptText: 'Grace' } },
      ],
    },
    {
      name: 'error: handle a dialog when none is open',
      calls: [open('dialogs.html'), { tool: 'browser_handle_dialog', args: { accept: true } }],
    },
    {
      name: 'error: another tool while a dialog is open',
      calls: [open('dialogs.html'), { ...click(/button "Show alert"/), setup: true }, { tool: 'browser_snapshot' }],
    },
    {
      name: 'error: file upload without a chooser',
      calls: [open('upload.html'), { tool: 'browser_file_upload', args: { paths: [] } }],
    },
    { name: 'click a file input opens a chooser', calls: [open('upload.html'), click(/button "Attachment"/)] },
    {
      name: 'cancel a file chooser',
      calls: [
        open('upload.html'),
        { ...click(/button "Attachment"/), setup: true },
        { tool: 'browser_file_upload', args: {} },
      ],
    },
    {
      name: 'upload files named relative to the workspace',
      files: attachments,
      calls: [open('upload.html'), chooser, { tool: 'browser_file_upload', args: { paths: ['a.txt', 'b.txt'] } }],
    },
    {
      name: 'error: upload a file outside the workspace',
      calls: [open('upload.html'), chooser, { tool: 'browser_file_upload', args: { paths: [outside] } }],
    },
    {
      name: 'error: upload a missing file keeps the chooser',
      calls: [open('upload.html'), chooser, { tool: 'browser_file_upload', args: { paths: ['missing.txt'] } }],
    },
    { name: 'error: drop without paths or data', calls: [open('upload.html'), drop({})] },
    {
      name: 'drop a file named relative to the workspace',
      files: attachments,
      calls: [open('upload.html'), drop({ paths: ['a.txt'] })],
    },
    {
      name: 'drop files and data',
      files: attachments,
      calls: [open('upload.html'), drop({ paths: ['a.txt', 'b.txt'], data: { 'text/plain': 'hello' } })],
    },
    { name: 'error: drop a file outside the workspace', calls: [open('upload.html'), drop({ paths: [outside] })] },
  ],
};
