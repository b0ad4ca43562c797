/** Where `serve`, the app and `sessions-mcp --port` offer the sessions MCP server (a file of its own: servers name it without loading it). */
export const SESSIONS_MCP_PATH = '/sessions/mcp';
