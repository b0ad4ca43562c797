import type { CallToolResult, Tool } from '@modelcontextprotocol/sdk/types.js';
import type { Workspace } from '../browser/context';
import type { CoreConfig } from '../config';

/** What an MCP server needs from the session behind it: our own tools (McpSession), or a proxied server's. */
export interface ToolHost {
  readonly id: string;
  listTools(): Tool[] | Promise<Tool[]>;
  callTool(name: string, args: Record<string, unknown>): Promise<CallToolResult>;
  /** Gets ready for the first call (a proxy starts its upstream); rejects when it cannot. */
  start?(): Promise<void>;
  /** Waits for its running call and releases what it holds; the core publishes the session's end after it. */
  close(): Promise<void>;
}

/**
 * What the MCP layer needs from the core (InspectorCore implements it): sessions made and closed for each client
 * connection. The MCP layer sees only this, so it never imports the core that imports it.
 */
export interface SessionHost {
  readonly config: Pick<CoreConfig, 'outputDir'>;
  createSession(transport: string, workspace: () => Promise<Workspace>, clientName?: string): ToolHost;
  closeSession(session: ToolHost): Promise<void>;
}
