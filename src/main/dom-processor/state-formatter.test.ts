import { expect, test } from '@playwright/test';
import { buildTree } from './dom-processor';
import type { RawElement } from './raw';
import { StateFormatterService } from './state-formatter';

// Flags: 1 visible, 2 interactive, 4 top, 8 in viewport.
const SHOWN = 1 | 4 | 8;
const INDEXED = SHOWN | 2;

/** A sign-up form: a heading, labelled fields, a clickable card holding a link, hidden and off-screen text. */
const PAGE: RawElement = [
  'html[1]',
  SHOWN,
  0,
  [
    [
      'body[1]',
      SHOWN,
      0,
      [
        ['h1[1]', SHOWN, 0, ['Sign up']],
        ['label[1]', SHOWN, { for: 'email' }, ['Email']],
        [
          'input[1]',
          INDEXED,
          { id: 'email', type: 'email', name: 'email', placeholder: 'you@example.com', class: 'field' },
          0,
          { h: 0, r: 'textbox', n: 'Email' },
        ],
        ['input[2]', INDEXED, { type: 'checkbox', name: 'terms', checked: '' }, 0, { h: 1, r: 'checkbox', n: 'Terms' }],
        [
          'div[1]',
          INDEXED,
          { class: 'card', role: 'button', 'aria-label': 'Pro plan' },
          [
            ['span[1]', SHOWN, 0, ['Pro plan']],
            ' $12 / month ',
            [
              'a[1]',
              INDEXED,
              { href: '/details', title: 'Plan "Pro" details' },
              ['Details'],
              { h: 3, r: 'link', n: 'Details' },
            ],
            [3, 'per seat'],
          ],
          { h: 2, r: 'button', n: 'Pro plan' },
        ],
        ['p[1]', 1 | 4, 0, ['Far below the fold']],
        ['p[2]', 0, 0, ['Hidden note']],
        ['button[1]', INDEXED, { type: 'submit' }, ['Save'], { h: 4, r: 'button', n: 'Save' }],
      ],
    ],
  ],
];

test('clickable-elements text: indices, whitelisted attributes, text up to the next indexed element, indentation', () => {
  const { domTree } = buildTree(PAGE);
  expect(new StateFormatterService().formatDomForLLM(domTree)).toBe(
    [
      'Sign up',
      'Email',
      '[0]<input type="email" name="email" placeholder="you@example.com" />',
      '[1]<input type="checkbox" checked name="terms" />',
      '[2]<div role="button" aria-label="Pro plan">Pro plan $12 / month per seat</div>',
      '\t[3]<a title="Plan &quot;Pro&quot; details">Details</a>',
      '[4]<button type="submit">Save</button>',
    ].join('\n'),
  );
});

test('the attribute whitelist is configurable; values equal to the text are left out', () => {
  const { domTree } = buildTree(PAGE);
  const text = new StateFormatterService().formatDomForLLM(domTree, ['id', 'class', 'aria-label', 'href']);
  expect(text).toContain('[0]<input id="email" class="field" />');
  // aria-label "Pro plan" is not the aggregated text, so it stays; a link's href shows when asked for.
  expect(text).toContain('[2]<div class="card" aria-label="Pro plan">Pro plan $12 / month per seat</div>');
  expect(text).toContain('\t[3]<a href="/details">Details</a>');
  expect(new StateFormatterService().formatDomForLLM(domTree, [])).toContain('[4]<button>Save</button>');
});

test('the tree links both ways and maps indices to nodes', () => {
  const { domTree, selectorMap } = buildTree(PAGE);
  expect(Object.keys(selectorMap)).toEqual(['0', '1', '2', '3', '4']);
  const link = selectorMap[3];
  expect(link).toMatchObject({ tagName: 'a', xpath: '/html[1]/body[1]/div[1]/a[1]', name: 'Details', role: 'link' });
  expect(link.parent).toBe(selectorMap[2]);
  const perSeat = selectorMap[2].children[3];
  expect(perSeat).toMatchObject({
    tagName: '#text',
    xpath: '/html[1]/body[1]/div[1]/text()[3]',
    text: 'per seat',
    isVisible: true,
    isInViewport: true,
  });
  expect(domTree.children[0].children[5]).toMatchObject({ isVisible: true, isInViewport: false });
});

test('the LLM prompt payload carries the URL, tabs, formatted DOM and the current action', () => {
  const formatter = new StateFormatterService();
  const tabs = [{ pageIndex: 0, url: 'https://example.com/', title: 'Example', current: true }];
  expect(
    formatter.createLlmPromptPayload('[0]<button>Save</button>', 'https://example.com/', 'Click Save', tabs, 'Example'),
  ).toEqual({
    url: 'https://example.com/',
    title: 'Example',
    tabs,
    dom: '[0]<button>Save</button>',
    action: 'Click Save',
  });
});
