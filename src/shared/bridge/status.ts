// The core's state as the UI shows it (the `status` command and event): server, agents, browser, demo.

export type BrowserState = 'stopped' | 'starting' | 'running';

export interface InspectorStatus {
  version: string;
  mode: 'electron' | 'web';
  /** Where agents connect (Streamable HTTP); empty until the HTTP server listens. */
  mcpUrl: string;
  /**
   * Whether MCP clients must send the server's token (the UI shows it in the snippets, never the token), and a sign-in
   * link that only watches (the server's --viewer-token), for the "Share read-only link" button.
   */
  access: { tokenRequired: boolean; viewerUrl?: string };
  /** Sessions of agents connected now (the demo and other in-process sessions are not agents). */
  agents: { sessionId: string; clientName?: string; transport: string }[];
  browser: { state: BrowserState; description: string };
  /** The folder sessions are recorded into, when recording. */
  sessionDir?: string;
  demo: { state: 'idle' | 'running' | 'done' | 'failed'; sessionId?: string; error?: string };
}
