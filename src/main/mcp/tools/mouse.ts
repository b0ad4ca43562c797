import { z } from 'zod';
import { jsOptions } from '../../../shared/js-literal';
import { defineTool } from '../tool';

// The `vision` capability: the mouse at viewport coordinates, for agents that act on screenshots. Each statement is
// preceded by the comment @playwright/mcp writes, so the code reads the same in both.

const buttonField = (verb: string) =>
  z.enum(['left', 'right', 'middle']).optional().describe(`Button to ${verb}, defaults to left`);

const moveXY = defineTool({
  name: 'browser_mouse_move_xy',
  title: 'Move mouse',
  description: 'Move mouse to a given position',
  schema: z.strictObject({ x: z.number().describe('X coordinate'), y: z.number().describe('Y coordinate') }),
  scope: 'page',
  readOnly: false,
  capability: 'vision',
  async handler({ args, tab, response }) {
    response.addCode(`// Move mouse to (${args.x}, ${args.y})`);
    response.addCode(`await page.mouse.move(${args.x}, ${args.y});`);
    await tab.page.mouse.move(args.x, args.y);
  },
});

const clickXY = defineTool({
  name: 'browser_mouse_click_xy',
  title: 'Click',
  description: 'Click mouse button at a given position',
  schema: z.strictObject({
    x: z.number().describe('X coordinate'),
    y: z.number().describe('Y coordinate'),
    button: buttonField('click'),
    clickCount: z.number().optional().describe('Number of clicks, defaults to 1'),
    delay: z
      .number()
      .optional()
      .describe('Time to wait between mouse down and mouse up in milliseconds, defaults to 0'),
  }),
  scope: 'page',
  readOnly: false,
  capability: 'vision',
  async handler({ args, tab, response }) {
    const options = { button: args.button, clickCount: args.clickCount, delay: args.delay };
    const optionsArg = jsOptions(options);
    response.addCode(`// Click mouse at coordinates (${args.x}, ${args.y})`);
    response.addCode(`await page.mouse.click(${args.x}, ${args.y}${optionsArg && `, ${optionsArg}`});`);
    await tab.runAction(() => tab.page.mouse.click(args.x, args.y, options), { snapshotAfter: true });
    response.includeSnapshot();
  },
});

const dragXY = defineTool({
  name: 'browser_mouse_drag_xy',
  title: 'Drag mouse',
  description: 'Drag left mouse button to a given position',
  schema: z.strictObject({
    startX: z.number().describe('Start X coordinate'),
    startY: z.number().describe('Start Y coordinate'),
    endX: z.number().describe('End X coordinate'),
    endY: z.number().describe('End Y coordinate'),
  }),
  scope: 'page',
  readOnly: false,
  capability: 'vision',
  async handler({ args, tab, response }) {
    response.addCode(`// Drag mouse from (${args.startX}, ${args.startY}) to (${args.endX}, ${args.endY})`);
    response.addCode(`await page.mouse.move(${args.startX}, ${args.startY});`);
    response.addCode('await page.mouse.down();');
    response.addCode(`await page.mouse.move(${args.endX}, ${args.endY});`);
    response.addCode('await page.mouse.up();');
    const { mouse } = tab.page;
    await tab.runAction(
      async () => {
        await mouse.move(args.startX, args.startY);
        await mouse.down();
        await mouse.move(args.endX, args.endY);
        await mouse.up();
      },
      { snapshotAfter: true },
    );
    response.includeSnapshot();
  },
});

const down = defineTool({
  name: 'browser_mouse_down',
  title: 'Press mouse down',
  description: 'Press mouse down',
  schema: z.strictObject({ button: buttonField('press') }),
  scope: 'page',
  readOnly: false,
  capability: 'vision',
  async handler({ args, tab, response }) {
    response.addCode('// Press mouse down');
    response.addCode(`await page.mouse.down(${jsOptions({ button: args.button })});`);
    await tab.page.mouse.down({ button: args.button });
  },
});

const up = defineTool({
  name: 'browser_mouse_up',
  title: 'Press mouse up',
  description: 'Press mouse up',
  schema: z.strictObject({ button: buttonField('press') }),
  scope: 'page',
  readOnly: false,
  capability: 'vision',
  async handler({ args, tab, response }) {
    response.addCode('// Press mouse up');
    response.addCode(`await page.mouse.up(${jsOptions({ button: args.button })});`);
    await tab.page.mouse.up({ button: args.button });
  },
});

const wheel = defineTool({
  name: 'browser_mouse_wheel',
  title: 'Scroll mouse wheel',
  description: 'Scroll mouse wheel',
  schema: z.strictObject({
    deltaX: z.number().default(0).describe('X delta'),
    deltaY: z.number().default(0).describe('Y delta'),
  }),
  scope: 'page',
  readOnly: false,
  capability: 'vision',
  async handler({ args, tab, response }) {
    response.addCode('// Scroll mouse wheel');
    response.addCode(`await page.mouse.wheel(${args.deltaX}, ${args.deltaY});`);
    await tab.page.mouse.wheel(args.deltaX, args.deltaY);
  },
});

export default [moveXY, clickXY, dragXY, down, up, wheel];
