import { z } from 'zod';
import { defineTool } from '../tool';

const getConfig = defineTool({
  name: 'browser_get_config',
  title: 'Get config',
  description: 'Get the final resolved config after merging CLI options, environment variables and config file.',
  schema: z.strictObject({}),
  scope: 'session',
  readOnly: true,
  capability: 'config',
  // In @playwright/mcp's shape (peer-config.ts), so what an agent or a script reads of it means the same on both.
  async handler({ context, response }) {
    response.addResult(JSON.stringify(context.config.peerConfig ?? {}, null, 2));
  },
});

export default [getConfig];
