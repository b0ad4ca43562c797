import { z } from 'zod';
import { jsString } from '../../../shared/js-literal';
import { focusIsSensitive, startFieldFacts, textToType } from '../sensitive-field';
import { defineTool, elementField, targetField } from '../tool';

const type = defineTool({
  name: 'browser_type',
  title: 'Type text',
  description: 'Type text into editable element',
  schema: z.strictObject({
    element: elementField,
    target: targetField,
    text: z.string().describe('Text to type into the element'),
    submit: z.boolean().optional().describe('Whether to submit entered text (press Enter after)'),
    slowly: z
      .boolean()
      .optional()
      .describe(
        'Whether to type one character at a time. Useful for triggering key handlers in the page. By default entire text is filled in at once.',
      ),
  }),
  scope: 'page',
  readOnly: false,
  async handler({ args, tab, context, response }) {
    const facts = startFieldFacts(tab.uncheckedLocator(args.target));
    const { locator, code } = await tab.locator(args.target);
    const text = await textToType(context.secrets, facts, args.text);
    const method = args.slowly ? 'pressSequentially' : 'fill';
    if (args.slowly) response.addPressSequentially(code, text.written);
    else response.addAction({ name: 'fill', locator: code, text: text.written });
    if (args.submit) response.addAction({ name: 'press', locator: code, key: 'Enter' });
    // As in @playwright/mcp: filling changes one value, so only a submit (which may navigate) or typing key by key
    // (whose handlers may change the page: suggestions, validation) waits for later work and earns a snapshot — on a
    // large page the snapshot costs far more than the typing.
    const withPage = !!(args.submit || args.slowly);
    await tab.runAction(
      async () => {
        await locator[method](text.value);
        if (args.submit) await locator.press('Enter');
      },
      { waitForLater: withPage, snapshotAfter: withPage },
    );
    if (withPage) response.includeSnapshot();
  },
});

const KEY_INTO_SECRET_FIELD =
  'The focused field takes a secret: keys pressed one at a time are recorded as pressed, in clear. ' +
  'Type a secret whole with browser_type or browser_fill_form, which mask it in the recording.';

const pressKey = defineTool({
  name: 'browser_press_key',
  title: 'Press a key',
  description: 'Press a key on the keyboard',
  schema: z.strictObject({
    key: z.string().describe('Name of the key to press or a character to generate, such as `ArrowLeft` or `a`'),
  }),
  scope: 'page',
  readOnly: false,
  async handler({ args, tab, response }) {
    // One key is one character of a value: masking it alone would either hide nothing (each key in clear on its own
    // step) or make the recording unreplayable. Secrets are typed whole (browser_type, browser_fill_form): say so.
    if ([...args.key].length === 1 && (await focusIsSensitive(tab.page))) response.addResult(KEY_INTO_SECRET_FIELD);
    response.addCode(`// Press ${args.key}`);
    response.addCode(`await page.keyboard.press(${jsString(args.key)});`);
    // As @playwright/mcp: only Enter (which may submit) waits for what it started and answers with the page; another
    // key changes what the next action's snapshot shows.
    const enter = args.key === 'Enter';
    await tab.runAction(() => tab.page.keyboard.press(args.key), { waitForLater: enter, snapshotAfter: enter });
    if (enter) response.includeSnapshot();
  },
});

export default [type, pressKey];
