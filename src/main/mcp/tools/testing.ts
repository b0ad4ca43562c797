import type { Locator, Page } from 'playwright';
import { z } from 'zod';
import { defineTool, elementField, targetField } from '../tool';

// The `testing` capability: assertions that pass or fail now and generate the `expect` a test would make, and the
// locator a test would use. Failed checks answer as @playwright/mcp does, with the finding alone as the error.

type AriaRole = Parameters<Page['getByRole']>[0];

/** The first frame's match of `find`, as the best-practice locator of its element, or undefined when none has one. */
async function firstMatch(
  page: Page,
  find: (frame: ReturnType<Page['mainFrame']>) => Locator,
): Promise<Locator | undefined> {
  for (const frame of page.frames()) {
    const locator = find(frame);
    if ((await locator.count()) > 0) return locator.normalize();
  }
  return undefined;
}

const verifyElementVisible = defineTool({
  name: 'browser_verify_element_visible',
  title: 'Verify element visible',
  description: 'Verify element is visible on the page',
  schema: z.strictObject({
    role: z
      .string()
      .describe('ROLE of the element. Can be found in the snapshot like this: `- {ROLE} "Accessible Name":`'),
    accessibleName: z
      .string()
      .describe('ACCESSIBLE_NAME of the element. Can be found in the snapshot like this: `- role "{ACCESSIBLE_NAME}"`'),
  }),
  scope: 'page',
  readOnly: true,
  capability: 'testing',
  async handler({ args, tab, response }) {
    const found = await firstMatch(tab.page, frame =>
      frame.getByRole(args.role as AriaRole, { name: args.accessibleName }),
    );
    if (!found)
      return response.addError(
        `Element with role "${args.role}" and accessible name "${args.accessibleName}" not found`,
      );
    response.addAction({ name: 'assertVisible', locator: `page.${found}` });
    response.addResult('Done');
  },
});

const verifyTextVisible = defineTool({
  name: 'browser_verify_text_visible',
  title: 'Verify text visible',
  description: 'Verify text is visible on the page. Prefer browser_verify_element_visible if possible.',
  schema: z.strictObject({
    text: z
      .string()
      .describe(
        'TEXT to verify. Can be found in the snapshot like this: `- role "Accessible Name": {TEXT}` or like this: `- text: {TEXT}`',
      ),
  }),
  scope: 'page',
  readOnly: true,
  capability: 'testing',
  async handler({ args, tab, response }) {
    const found = await firstMatch(tab.page, frame => frame.getByText(args.text).filter({ visible: true }));
    if (!found) return response.addError('Text not found');
    response.addAction({ name: 'assertVisible', locator: `page.${found}` });
    response.addResult('Done');
  },
});

const verifyListVisible = defineTool({
  name: 'browser_verify_list_visible',
  title: 'Verify list visible',
  description: 'Verify list is visible on the page',
  schema: z.strictObject({
    element: z.string().describe('Human-readable list description'),
    target: z.string().describe('Exact target element reference that points to the list'),
    items: z.array(z.string()).describe('Items to verify'),
  }),
  scope: 'page',
  readOnly: true,
  capability: 'testing',
  async handler({ args, tab, context, response }) {
    const { locator } = await tab.locator(args.target);
    const texts: string[] = [];
    for (const item of args.items) {
      const itemLocator = locator.getByText(item);
      if ((await itemLocator.count()) === 0) return response.addError(`Item "${item}" not found`);
      texts.push((await itemLocator.textContent({ timeout: context.config.timeouts.action })) ?? '');
    }
    // The list as an aria template, so the exported test checks the items the agent saw, in their order.
    const ariaSnapshot = ['- list:', ...texts.map(text => `  - listitem: ${JSON.stringify(text)}`)].join('\n');
    response.addAction({ name: 'assertSnapshot', locator: `page.locator('body')`, ariaSnapshot });
    response.addResult('Done');
  },
});

const verifyValue = defineTool({
  name: 'browser_verify_value',
  title: 'Verify value',
  description: 'Verify element value',
  schema: z.strictObject({
    type: z.enum(['textbox', 'checkbox', 'radio', 'combobox', 'slider']).describe('Type of the element'),
    element: z.string().describe('Human-readable element description'),
    target: z.string().describe('Exact target element reference from the page snapshot'),
    value: z.string().describe('Value to verify. For checkbox, use "true" or "false".'),
  }),
  scope: 'page',
  readOnly: true,
  capability: 'testing',
  async handler({ args, tab, context, response }) {
    const { locator, code } = await tab.locator(args.target);
    const timeout = { timeout: context.config.timeouts.action };
    if (args.type === 'checkbox' || args.type === 'radio') {
      const checked = await locator.isChecked(timeout);
      if (checked !== (args.value === 'true'))
        return response.addError(`Expected value "${args.value}", but got "${checked}"`);
      response.addAction({ name: 'assertChecked', locator: code, checked });
    } else {
      const value = await locator.inputValue(timeout);
      if (value !== args.value) return response.addError(`Expected value "${args.value}", but got "${value}"`);
      response.addAction({ name: 'assertValue', locator: code, value });
    }
    response.addResult('Done');
  },
});

const generateLocator = defineTool({
  name: 'browser_generate_locator',
  title: 'Create locator for element',
  description: 'Generate locator for the given element to use in tests',
  schema: z.strictObject({ element: elementField, target: targetField }),
  scope: 'page',
  readOnly: true,
  capability: 'testing',
  async handler({ args, tab, response }) {
    const { code } = await tab.locator(args.target);
    response.addResult(code.replace(/^page\./, ''));
  },
});

export default [verifyElementVisible, verifyTextVisible, verifyListVisible, verifyValue, generateLocator];
