import { expect, test } from '@playwright/test';
import { buildTree } from './dom-processor';
import { cssPath, selectorsFor } from './selectors';

const INDEXED = 15;

test('CSS paths follow the xpath steps; svg steps by local name', () => {
  expect(cssPath('/html[1]/body[1]/div[2]/button[1]')).toBe(
    'html:nth-of-type(1) > body:nth-of-type(1) > div:nth-of-type(2) > button:nth-of-type(1)',
  );
  expect(cssPath("/html[1]/body[1]/*[local-name()='svg'][2]")).toBe(
    'html:nth-of-type(1) > body:nth-of-type(1) > svg:nth-of-type(2)',
  );
  expect(() => cssPath('/html[1]/body[1]/text()[1]')).toThrow(/only elements/);
});

test('selectors chain through frames (both) and into shadow roots (CSS only)', () => {
  const { selectorMap } = buildTree([
    'html[1]',
    INDEXED,
    0,
    [
      [
        'body[1]',
        INDEXED,
        0,
        [
          [
            'iframe[1]',
            INDEXED,
            0,
            [
              [
                'html[1]',
                INDEXED,
                0,
                [
                  [
                    'body[1]',
                    INDEXED,
                    0,
                    [
                      ['button[1]', INDEXED, 0, 0, { h: 0 }],
                      [
                        'x-card[1]',
                        INDEXED,
                        0,
                        [['div[1]', INDEXED, 0, [['button[1]', INDEXED, 0, 0, { h: 1 }]], { rt: 'shadow' }]],
                        { sh: 1 },
                      ],
                    ],
                  ],
                ],
                { rt: 'frame' },
              ],
            ],
            { f: 'same-origin' },
          ],
        ],
      ],
    ],
  ]);
  expect(selectorsFor(selectorMap[0])).toEqual({
    xpath: 'xpath=/html[1]/body[1]/iframe[1] >> internal:control=enter-frame >> xpath=/html[1]/body[1]/button[1]',
    css: 'css=html:nth-of-type(1) > body:nth-of-type(1) > iframe:nth-of-type(1) >> internal:control=enter-frame >> css=html:nth-of-type(1) > body:nth-of-type(1) > button:nth-of-type(1)',
  });
  expect(selectorMap[1].xpath).toBe('/div[1]/button[1]');
  expect(selectorsFor(selectorMap[1])).toEqual({
    css: 'css=html:nth-of-type(1) > body:nth-of-type(1) > iframe:nth-of-type(1) >> internal:control=enter-frame >> css=html:nth-of-type(1) > body:nth-of-type(1) > x-card:nth-of-type(1) >> css=:scope > div:nth-of-type(1) > button:nth-of-type(1)',
  });
});
