import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Case, CaseTable } from '../harness';

/** The --secrets file, outside both servers' workspaces; a dash in the name as the peer's own test has it. */
const secrets = join(mkdtempSync(join(tmpdir(), 'ai-conformance-codegen-')), 'secrets.env');
writeFileSync(secrets, 'X-PASSWORD=pa55word\n');

const open = (page: string) => ({ tool: 'browser_navigate', args: { url: `{url}/${page}` }, setup: true });
const go = (page: string) => ({ tool: 'browser_navigate', args: { url: `{url}/${page}` } });
const NAME = /textbox "Full name"/;
const TERMS = /checkbox "I accept the terms"/;

/** What each language writes: actions in it, and a line with no action equivalent (TypeScript in every language). */
const calls: Omit<Case, 'flags'>[] = [
  { name: 'navigate', calls: [go('form.html')] },
  {
    name: 'click, with button and modifiers',
    calls: [
      open('form.html'),
      {
        tool: 'browser_click',
        args: {
          element: 'submit',
          target: /button "Create account"/,
          button: 'right',
          modifiers: ['Shift', 'Control'],
        },
      },
    ],
  },
  {
    name: 'double click',
    calls: [open('form.html'), { tool: 'browser_click', args: { element: 'terms', target: TERMS, doubleClick: true } }],
  },
  { name: 'hover', calls: [open('form.html'), { tool: 'browser_hover', args: { element: 'terms', target: TERMS } }] },
  {
    name: 'type and submit',
    calls: [
      open('form.html'),
      { tool: 'browser_type', args: { element: 'name', target: NAME, text: `it's "Ada"`, submit: true } },
    ],
  },
  {
    name: 'type slowly (stays TypeScript)',
    calls: [
      open('form.html'),
      { tool: 'browser_type', args: { element: 'name', target: NAME, text: 'Ada', slowly: true } },
    ],
  },
  {
    name: 'select an option',
    calls: [
      open('form.html'),
      { tool: 'browser_select_option', args: { element: 'country', target: /combobox "Country"/, values: ['France'] } },
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
            { element: 'name', target: NAME, name: 'Full name', type: 'textbox', value: 'Ada' },
            { element: 'terms', target: TERMS, name: 'terms', type: 'checkbox', value: 'true' },
            { element: 'pro', target: /radio "Pro"/, name: 'plan', type: 'radio', value: 'true' },
            { element: 'country', target: /combobox "Country"/, name: 'Country', type: 'combobox', value: 'Japan' },
          ],
        },
      },
    ],
  },
  {
    name: 'a secret typed by its name',
    calls: [open('form.html'), { tool: 'browser_type', args: { element: 'name', target: NAME, text: 'X-PASSWORD' } }],
  },
  { name: 'a secret inside a URL', calls: [go('login-get.html?user=dana&pass=pa55word')] },
  {
    name: 'press a key (stays TypeScript)',
    calls: [open('form.html'), { tool: 'browser_press_key', args: { key: 'Escape' } }],
  },
  {
    name: 'verify an element',
    calls: [
      open('form.html'),
      { tool: 'browser_verify_element_visible', args: { role: 'button', accessibleName: 'Create account' } },
    ],
  },
  {
    name: 'verify text',
    calls: [open('form.html'), { tool: 'browser_verify_text_visible', args: { text: 'Sign up' } }],
  },
  {
    name: 'verify an empty value',
    calls: [
      open('form.html'),
      { tool: 'browser_verify_value', args: { type: 'textbox', element: 'name', target: NAME, value: '' } },
    ],
  },
  {
    name: 'verify a checkbox',
    calls: [
      open('form.html'),
      { tool: 'browser_verify_value', args: { type: 'checkbox', element: 'terms', target: TERMS, value: 'false' } },
    ],
  },
];

/** `--codegen` in each language the peer writes: every case once per language, the flags shared by a pair of servers. */
export const codegen: CaseTable = {
  group: 'codegen',
  cases: ['python', 'java', 'csharp'].flatMap(language =>
    calls.map(({ name, ...rest }) => ({
      ...rest,
      name: `${language}: ${name}`,
      flags: ['--codegen', language, '--caps', 'testing', '--secrets', secrets],
    })),
  ),
};
