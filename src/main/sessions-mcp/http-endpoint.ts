import type { IncomingMessage, ServerResponse } from 'node:http';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { SESSIONS_MCP_PATH } from './path';
import type { Recordings } from './recordings';
import { sessionsMcpServer } from './server';

/**
 * The sessions MCP server over Streamable HTTP at /sessions/mcp, stateless: each request gets a server of its own (the
 * tools keep no state between calls; the recordings are read through the bridge, whose caches persist). Any token the
 * HTTP server accepted may use it, a viewer's too: nothing here acts.
 */
export function sessionsMcpOverHttp(recordings: Recordings) {
  return async (req: IncomingMessage, res: ServerResponse, url: URL): Promise<boolean> => {
    if (url.pathname !== SESSIONS_MCP_PATH) return false;
    if (req.method !== 'POST') {
      res
        .writeHead(405, { allow: 'POST', 'content-type': 'text/plain' })
        .end(`${SESSIONS_MCP_PATH} is stateless MCP over Streamable HTTP: POST only.\n`);
      return true;
    }
    const server = sessionsMcpServer(recordings);
    const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
    res.on('close', () => {
      void transport.close();
      void server.close();
    });
    await server.connect(transport);
    await transport.handleRequest(req, res);
    return true;
  };
}
