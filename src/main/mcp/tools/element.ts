import { z } from 'zod';
import { jsLiteral } from '../../../shared/js-literal';
import { readablePath } from '../files';
import { defineTool, elementField, targetField } from '../tool';

const MODIFIERS = ['Alt', 'Control', 'ControlOrMeta', 'Meta', 'Shift'] as const;

const click = defineTool({
  name: 'browser_click',
  title: 'Click',
  description: 'Perform click on a web page',
  schema: z.strictObject({
    element: elementField,
    target: targetField,
    doubleClick: z.boolean().optional().describe('Whether to perform a double click instead of a single click'),
    button: z.enum(['left', 'right', 'middle']).optional().describe('Button to click, defaults to left'),
    modifiers: z.array(z.enum(MODIFIERS)).optional().describe('Modifier keys to press'),
  }),
  scope: 'page',
  readOnly: false,
  async handler({ args, tab, response }) {
    const { locator, code } = await tab.locator(args.target);
    const options = { button: args.button, modifiers: args.modifiers };
    const method = args.doubleClick ? 'dblclick' : 'click';
    // As @playwright/mcp writes it: each modifier once, in order.
    const modifiers = MODIFIERS.filter(modifier => args.modifiers?.includes(modifier));
    response.addAction({
      name: 'click',
      locator: code,
      button: args.button,
      modifiers,
      clickCount: args.doubleClick ? 2 : 1,
    });
    await tab.runAction(() => locator[method](options), { snapshotAfter: true });
    response.includeSnapshot();
  },
});

const drag = defineTool({
  name: 'browser_drag',
  title: 'Drag mouse',
  description: 'Perform drag and drop between two elements',
  schema: z.strictObject({
    startElement: z
      .string()
      .optional()
      .describe('Human-readable source element description used to obtain the permission to interact with the element'),
    startTarget: targetField,
    endElement: z
      .string()
      .optional()
      .describe('Human-readable target element description used to obtain the permission to interact with the element'),
    endTarget: targetField,
  }),
  scope: 'page',
  readOnly: false,
  async handler({ args, tab, response }) {
    const start = await tab.locator(args.startTarget);
    const end = await tab.locator(args.endTarget);
    response.addCode(`await ${start.code}.dragTo(${end.code});`);
    await tab.runAction(() => start.locator.dragTo(end.locator), { snapshotAfter: true });
    response.includeSnapshot();
  },
});

const hover = defineTool({
  name: 'browser_hover',
  title: 'Hover mouse',
  description: 'Hover over element on page',
  schema: z.strictObject({ element: elementField, target: targetField }),
  scope: 'page',
  readOnly: true,
  changesPage: true,
  async handler({ args, tab, response }) {
    const { locator, code } = await tab.locator(args.target);
    response.addAction({ name: 'hover', locator: code });
    await tab.runAction(() => locator.hover(), { snapshotAfter: true });
    response.includeSnapshot();
  },
});

const selectOption = defineTool({
  name: 'browser_select_option',
  title: 'Select option',
  description: 'Select an option in a dropdown',
  schema: z.strictObject({
    element: elementField,
    target: targetField,
    values: z
      .array(z.string())
      .describe('Array of values to select in the dropdown. This can be a single value or multiple values.'),
  }),
  scope: 'page',
  readOnly: false,
  async handler({ args, tab, response }) {
    const { locator, code } = await tab.locator(args.target);
    response.addAction({ name: 'select', locator: code, options: args.values });
    // As @playwright/mcp: a selection waits only for what its change handler started at once (a navigation, a fetch
    // for the next field's options), not for a quiet window.
    await tab.runAction(() => locator.selectOption(args.values), { waitForLater: false, snapshotAfter: true });
    response.includeSnapshot();
  },
});

const drop = defineTool({
  name: 'browser_drop',
  title: 'Drop files or data onto an element',
  description: 'Drop files or MIME-typed data onto an element, as if dragged from outside the page',
  schema: z.strictObject({
    element: elementField,
    target: targetField,
    paths: z.array(z.string()).optional().describe('Absolute paths to files to drop onto the element.'),
    data: z
      .record(z.string(), z.string())
      .optional()
      .describe(
        'Data to drop, as a map of MIME type to string value (e.g. {"text/plain": "hello", "text/uri-list": "https://example.com"}).',
      ),
  }),
  scope: 'page',
  readOnly: false,
  async handler({ args, tab, context, response }) {
    // @playwright/mcp's words.
    if (!args.paths?.length && !args.data) throw new Error('At least one of "paths" or "data" must be provided.');
    const { locator, code } = await tab.locator(args.target);
    // As for browser_file_upload: relative names against the workspace root, nothing outside it and the output folder.
    const files = args.paths?.length
      ? await Promise.all(args.paths.map(path => readablePath(context.workspace, path)))
      : undefined;
    // The peer's payload: one file as a string, keys in alphabetical order.
    const payload = { data: args.data, files: files?.length === 1 ? files[0] : files };
    response.addCode(`await ${code}.drop(${jsLiteral(payload)});`);
    await tab.runAction(() => locator.drop(payload), { snapshotAfter: true });
    response.includeSnapshot();
  },
});

export default [click, drag, hover, selectOption, drop];
