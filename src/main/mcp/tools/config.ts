import { z } from 'zod';
import type { CoreConfig } from '../../config';
import { defineTool } from '../tool';

/** The configuration as an agent may see it: secrets by name only, the model API key left out. */
function shareable(config: CoreConfig) {
  const { llm } = config.planner;
  return {
    ...config,
    secrets: Object.keys(config.secrets),
    planner: { ...config.planner, llm: llm && { ...llm, apiKey: llm.apiKey === undefined ? undefined : '(set)' } },
  };
}

const getConfig = defineTool({
  name: 'browser_get_config',
  title: 'Get config',
  description: 'Get the final resolved config after merging CLI options, environment variables and config file.',
  schema: z.strictObject({}),
  scope: 'session',
  readOnly: true,
  capability: 'config',
  async handler({ context, response }) {
    response.addResult(JSON.stringify(shareable(context.config), null, 2));
  },
});

export default [getConfig];
