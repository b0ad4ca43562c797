import { z } from 'zod';
import { jsString } from '../../../shared/js-literal';
import { delay } from '../../browser/delay';
import { defineTool } from '../tool';

const MAX_WAIT_SECONDS = 30;

const waitFor = defineTool({
  name: 'browser_wait_for',
  title: 'Wait for',
  description: 'Wait for text to appear or disappear or a specified time to pass',
  schema: z.strictObject({
    // Longer waits are cut to the maximum, not refused, as @playwright/mcp does.
    time: z.number().min(0).optional().describe(`The time to wait in seconds, at most ${MAX_WAIT_SECONDS}`),
    text: z.string().optional().describe('The text to wait for'),
    textGone: z.string().optional().describe('The text to wait for to disappear'),
  }),
  scope: 'page',
  readOnly: true,
  async handler({ args, tab, response }) {
    if (!args.time && !args.text && !args.textGone)
      throw new Error('Give at least one of "time", "text" or "textGone".');
    const time = args.time ? Math.min(MAX_WAIT_SECONDS, args.time) : undefined;
    if (time) {
      response.addCode(`await new Promise(f => setTimeout(f, ${time} * 1000));`);
      await delay(time * 1000);
    }
    // Text waits are bounded by the context's action timeout (--timeout-action), like every other action.
    if (args.textGone) {
      response.addCode(`await page.getByText(${jsString(args.textGone)}).first().waitFor({ state: 'hidden' });`);
      await tab.page.getByText(args.textGone).first().waitFor({ state: 'hidden' });
    }
    if (args.text) {
      response.addCode(`await page.getByText(${jsString(args.text)}).first().waitFor({ state: 'visible' });`);
      await tab.page.getByText(args.text).first().waitFor({ state: 'visible' });
    }
    if (args.text || args.textGone) response.addResult(`Waited for ${args.text || args.textGone}`);
    else if (time !== args.time)
      response.addResult(`Waited for ${time} seconds (requested ${args.time}, maximum is ${MAX_WAIT_SECONDS})`);
    else response.addResult(`Waited for ${time} seconds`);
    response.includeSnapshot();
  },
});

export default [waitFor];
