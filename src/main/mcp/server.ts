import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { CallToolRequestSchema, ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import type { Workspace } from '../browser/context';
import { VERSION } from '../version';
import type { CallRequest, SessionHost, ToolHost } from './tool-host';
import { readTraceContext } from '../tracing/trace-context';

export interface McpServerOptions {
  /** The session could not get ready (a proxy's upstream did not start). Without it the first call reports it. */
  onStartFailed?: (error: Error) => void;
}

/**
 * An MCP server for one client connection, backed by a new session (see InspectorCore.createSession). Built on the
 * SDK's low-level Server so that validation errors become tool results naming the field, as agents expect, rather
 * than protocol errors.
 */
export function createMcpServer(core: SessionHost, transport: string, options: McpServerOptions = {}): Server {
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

  let session: ToolHost | undefined;
  const ensureSession = () => (session ??= core.createSession(transport, workspace, server.getClientVersion()?.name));

  server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools: await ensureSession().listTools() }));
  server.setRequestHandler(CallToolRequestSchema, async (request, extra) => {
    const token = request.params._meta?.progressToken;
    let progress = 0;
    // A call held for a person keeps the client from timing out with progress, when the client asked for it.
    const trace = readTraceContext(request.params._meta);
    const call: CallRequest = {
      signal: extra.signal,
      requestId: extra.requestId,
      ...((trace.context || trace.invalid.length) && { trace }),
      ...(token !== undefined && {
        progress: (message: string) =>
          void extra
            .sendNotification({
              method: 'notifications/progress',
              params: { progressToken: token, progress: ++progress, message },
            })
            .catch(() => {}),
      }),
    };
    return ensureSession().callTool(
      request.params.name,
      (request.params.arguments ?? {}) as Record<string, unknown>,
      undefined,
      call,
    );
  });
  server.oninitialized = () => {
    const started = ensureSession().start?.();
    started?.catch((error: Error) => options.onStartFailed?.(error));
  };
  server.onclose = () => {
    if (session) void core.closeSession(session);
  };
  return server;
}
