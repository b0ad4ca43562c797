import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { CallToolRequestSchema, ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import type { Workspace } from '../browser/context';
import type { InspectorCore } from '../core';
import { VERSION } from '../version';

/**
 * An MCP server for one client connection, backed by a new McpSession. Built on the SDK's low-level Server so that
 * validation errors become tool results naming the field, as agents expect, rather than protocol errors.
 */
export function createMcpServer(core: InspectorCore, transport: string): Server {
  const server = new Server(
    { name: 'agent-inspector', title: 'Agent Inspector', version: VERSION },
    { capabilities: { tools: {} } },
  );

  const workspace = async (): Promise<Workspace> => {
    let root = process.cwd();
    if (server.getClientCapabilities()?.roots) {
      try {
        const { roots } = await server.listRoots(undefined, { timeout: 5_000 });
        const first = roots.find(r => r.uri.startsWith('file:'));
        if (first) root = fileURLToPath(first.uri);
      } catch {
        // A client that declares roots but does not answer keeps the working directory.
      }
    }
    return { root, outputDir: resolve(root, core.config.outputDir) };
  };

  let session: ReturnType<InspectorCore['createSession']> | undefined;
  const ensureSession = () => (session ??= core.createSession(transport, workspace, server.getClientVersion()?.name));

  server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools: ensureSession().listTools() }));
  server.setRequestHandler(CallToolRequestSchema, async request =>
    ensureSession().callTool(request.params.name, (request.params.arguments ?? {}) as Record<string, unknown>));
  server.oninitialized = () => void ensureSession();
  server.onclose = () => {
    if (session) void core.closeSession(session);
  };
  return server;
}
