import { McpServer, ResourceTemplate } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { VERSION } from '../version';
import type { Recordings } from './recordings';
import { toResult, type SessionsTool } from './tool';
import compareTools from './tools/compare';
import codeTools from './tools/code';
import sessionTools from './tools/sessions';
import stepTools, { stepAnswer } from './tools/step';

export const SESSIONS_TOOLS: SessionsTool[] = [...sessionTools, ...stepTools, ...compareTools, ...codeTools];

/** Step resources listed at most: a client lists them to offer them, and a folder of long runs holds hundreds of thousands. */
const LISTED_STEPS = 2_000;

const INSTRUCTIONS =
  'Read-only access to Agent Inspector recordings of AI agents driving a browser. Start with inspector_list_sessions, then inspector_run_outline or inspector_what_went_wrong for a session, then inspector_step for the steps that matter.';

/**
 * The sessions MCP server (`agent-inspector sessions-mcp`, and /sessions/mcp of `serve` and the app): the recordings as
 * tools and resources for a debugging agent. Transport-free: the caller connects it (stdio, or one per HTTP request).
 */
export function sessionsMcpServer(recordings: Recordings): McpServer {
  const server = new McpServer(
    { name: 'agent-inspector-sessions', title: 'Agent Inspector recordings', version: VERSION },
    { instructions: INSTRUCTIONS },
  );
  for (const tool of SESSIONS_TOOLS) {
    server.registerTool(
      tool.name,
      {
        title: tool.title,
        description: tool.description,
        inputSchema: tool.schema,
        annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
      },
      async (args: unknown): Promise<CallToolResult> => {
        try {
          return toResult(await tool.answer(args as never, recordings));
        } catch (error) {
          return {
            isError: true,
            content: [{ type: 'text', text: error instanceof Error ? error.message : String(error) }],
          };
        }
      },
    );
  }

  server.registerResource(
    'session',
    new ResourceTemplate('inspector://session/{id}', {
      list: async () => ({
        resources: (await recordings.list()).map(info => ({
          uri: `inspector://session/${info.id}`,
          name: `${info.clientName ?? info.transport} · ${new Date(info.startedAt).toISOString()} · ${info.steps} steps`,
          mimeType: 'text/markdown',
        })),
      }),
    }),
    { title: 'A recorded session: its outline', mimeType: 'text/markdown' },
    async (uri, { id }) => {
      const outline = SESSIONS_TOOLS.find(tool => tool.name === 'inspector_run_outline')!;
      return {
        contents: [
          {
            uri: uri.href,
            mimeType: 'text/markdown',
            text: (await outline.answer({ session: String(id) }, recordings)).text,
          },
        ],
      };
    },
  );

  server.registerResource(
    'step',
    new ResourceTemplate('inspector://session/{id}/step/{n}', {
      list: async () => {
        const resources = [];
        for (const info of await recordings.list()) {
          if (resources.length + info.steps > LISTED_STEPS) break;
          for (let n = 1; n <= info.steps; n++)
            resources.push({
              uri: `inspector://session/${info.id}/step/${n}`,
              name: `step ${n} of ${info.id.slice(0, 8)}`,
              mimeType: 'text/markdown',
            });
        }
        return { resources };
      },
    }),
    { title: 'One step of a recorded session: arguments, response, console, network', mimeType: 'text/markdown' },
    async (uri, { id, n }) => {
      const step = Number(n);
      if (!Number.isInteger(step) || step < 1) throw new Error(`${uri.href}: the step must be a whole number from 1.`);
      return {
        contents: [
          {
            uri: uri.href,
            mimeType: 'text/markdown',
            text: (await stepAnswer(recordings, { session: String(id), step })).text,
          },
        ],
      };
    },
  );
  return server;
}
