import { z } from 'zod';
import { jsString } from '../../browser/codegen';
import { delay } from '../../browser/tab';
import { defineTool } from '../tool';

const MAX_WAIT_SECONDS = 30;

const waitFor = defineTool({
  name: 'browser_wait_for',
  title: 'Wait for',
  description: 'Wait for text to appear or disappear or a specified time to pass',
  schema: z.strictObject({
    time: z.number().min(0).max(MAX_WAIT_SECONDS).optional().describe('The time to wait in seconds, at most 30'),
    text: z.string().optional().describe('The text to wait for'),
    textGone: z.string().optional().describe('The text to wait for to disappear'),
  }),
  scope: 'page',
  readOnly: true,
  async handler({ args, tab, response }) {
    if (args.time === undefined && args.text === undefined && args.textGone === undefined)
      throw new Error('Give at least one of "time", "text" or "textGone".');
    const timeout = MAX_WAIT_SECONDS * 1000;
    if (args.time !== undefined) {
      response.addCode(`await new Promise(f => setTimeout(f, ${args.time * 1000}));`);
      await delay(args.time * 1000);
    }
    if (args.textGone !== undefined) {
      response.addCode(`await page.getByText(${jsString(args.textGone)}).first().waitFor({ state: 'hidden' });`);
      await tab.page.getByText(args.textGone).first().waitFor({ state: 'hidden', timeout });
    }
    if (args.text !== undefined) {
      response.addCode(`await page.getByText(${jsString(args.text)}).first().waitFor({ state: 'visible' });`);
      await tab.page.getByText(args.text).first().waitFor({ state: 'visible', timeout });
    }
    response.addResult(`Waited for ${[args.text, args.textGone && `"${args.textGone}" to disappear`, args.time !== undefined && `${args.time} s`].filter(Boolean).join(', ')}`);
    response.includeSnapshot();
  },
});

export default [waitFor];
