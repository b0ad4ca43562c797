const mcpUrl = `${location.protocol === 'file:' ? 'http://127.0.0.1:9400' : location.origin}/mcp`;

/** Placeholder until the inspector UI lands: says what runs and how an agent connects. */
export function App() {
  return (
    <main style={{ fontFamily: 'system-ui, sans-serif', padding: 32, maxWidth: 720 }}>
      <h1>Agent Inspector</h1>
      <p>The automation core is running. Point an MCP client at:</p>
      <pre data-testid="mcp-url" style={{ background: '#f3f3f3', padding: 12 }}>{mcpUrl}</pre>
      <p>For example, with Claude Code:</p>
      <pre style={{ background: '#f3f3f3', padding: 12 }}>claude mcp add --transport http agent-inspector {mcpUrl}</pre>
    </main>
  );
}
