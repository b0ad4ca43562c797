import { expect, test } from '@playwright/test';
import { buildTree } from '../dom-processor/dom-processor';
import { ActionTranslatorService, type ActionBridge } from './action-translator';
import { BridgeError } from './playwright-bridge';

const { selectorMap } = buildTree([
  'html[1]',
  15,
  0,
  [
    [
      'body[1]',
      15,
      0,
      [
        ['button[1]', 15, 0, ['Save'], { h: 0, r: 'button', n: 'Save' }],
        ['input[1]', 15, 0, 0, { h: 1, r: 'textbox', n: 'Email' }],
      ],
    ],
  ],
]);
const SAVE_XPATH = 'xpath=/html[1]/body[1]/button[1]';
const SAVE_CSS = 'css=html:nth-of-type(1) > body:nth-of-type(1) > button:nth-of-type(1)';

/** A bridge whose selectors match as `matches` says and whose click does what `click` does. */
function fakeBridge(
  matches: Record<string, number>,
  click: (selector: string) => Promise<unknown> = async () => ({ tool: 'browser_click', code: '' }),
) {
  const clicked: string[] = [];
  const bridge = {
    count: async (selector: string) => matches[selector] ?? 0,
    click: async (selector: string) => {
      clicked.push(selector);
      return click(selector);
    },
  } as unknown as ActionBridge;
  return { bridge, clicked };
}

test('an index that is not in the selector map', async () => {
  const { bridge } = fakeBridge({});
  expect(await new ActionTranslatorService(bridge).executeAction({ action: 'click', index: 7 }, selectorMap)).toEqual({
    success: false,
    error: {
      kind: 'index-not-found',
      message: 'Element index 7 is not in the selector map of the current page (indices 0–1).',
    },
  });
  expect(await new ActionTranslatorService(bridge).executeAction({ action: 'click', index: 0 }, {})).toMatchObject({
    error: { message: expect.stringContaining('(none)') },
  });
});

test('XPath first, CSS when the XPath no longer matches exactly one element, detached when neither does', async () => {
  const byXpath = fakeBridge({ [SAVE_XPATH]: 1, [SAVE_CSS]: 1 });
  expect(
    await new ActionTranslatorService(byXpath.bridge).executeAction({ action: 'click', index: 0 }, selectorMap),
  ).toMatchObject({ success: true, selector: SAVE_XPATH });
  const byCss = fakeBridge({ [SAVE_XPATH]: 2, [SAVE_CSS]: 1 });
  expect(
    await new ActionTranslatorService(byCss.bridge).executeAction({ action: 'click', index: 0 }, selectorMap),
  ).toMatchObject({ success: true, selector: SAVE_CSS });
  const gone = fakeBridge({});
  expect(
    await new ActionTranslatorService(gone.bridge).executeAction({ action: 'click', index: 0 }, selectorMap),
  ).toEqual({
    success: false,
    error: {
      kind: 'element-detached',
      message: expect.stringMatching(/^Element \[0\] button "Save" is no longer on the page/),
    },
  });
  expect(gone.clicked).toEqual([]);
});

test('tool failures become results: timeouts, elements gone between lookup and action, anything else', async () => {
  const failing = (message: string) =>
    fakeBridge({ [SAVE_XPATH]: 1 }, async () => {
      throw new BridgeError('browser_click', message);
    }).bridge;
  const run = (message: string) =>
    new ActionTranslatorService(failing(message)).executeAction({ action: 'click', index: 0 }, selectorMap);
  expect(await run('locator.click: Timeout 5000ms exceeded.')).toEqual({
    success: false,
    error: { kind: 'timeout', message: 'locator.click: Timeout 5000ms exceeded.' },
  });
  expect(await run('"xpath=/html[1]/body[1]/button[1]" does not match any elements.')).toMatchObject({
    error: { kind: 'element-detached' },
  });
  expect(await run('Tool "browser_click" does not handle the modal state.')).toMatchObject({
    error: { kind: 'tool-error' },
  });
  const crashing = {
    count: async () => 1,
    click: async () => {
      throw new TypeError('boom');
    },
  } as unknown as ActionBridge;
  expect(await new ActionTranslatorService(crashing).executeAction({ action: 'click', index: 0 }, selectorMap)).toEqual(
    { success: false, error: { kind: 'tool-error', message: 'boom' } },
  );
});

test('done touches nothing', async () => {
  const { bridge } = fakeBridge({});
  expect(
    await new ActionTranslatorService(bridge).executeAction({ action: 'done', summary: 'Verified' }, selectorMap),
  ).toEqual({ success: true });
});
