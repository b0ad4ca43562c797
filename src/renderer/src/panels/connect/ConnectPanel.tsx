import { CopyButton } from '../../components/CopyButton';
import { mcpUrlOf } from '../../components/server-urls';
import { useStore } from '../../store';

/** Where the token goes in a client's configuration: the user pastes the one the server printed at start. */
const AUTHORIZATION = 'Bearer <the token printed at start>';

function snippets(url: string, tokenRequired: boolean) {
  const headers = tokenRequired ? { headers: { Authorization: AUTHORIZATION } } : {};
  return [
    {
      name: 'Claude Code',
      text: `claude mcp add --transport http agent-inspector ${url}${tokenRequired ? ` --header "Authorization: ${AUTHORIZATION}"` : ''}`,
    },
    {
      name: 'VS Code (.vscode/mcp.json)',
      text: JSON.stringify({ servers: { 'agent-inspector': { type: 'http', url, ...headers } } }, null, 2),
    },
    {
      name: 'Cursor (~/.cursor/mcp.json)',
      text: JSON.stringify({ mcpServers: { 'agent-inspector': { url, ...headers } } }, null, 2),
    },
    {
      name: 'Clients with only the older SSE transport',
      text: `${url.replace(/\/mcp$/, '/sse')}${tokenRequired ? `  (header Authorization: ${AUTHORIZATION})` : ''}`,
    },
  ];
}

/** First run: how to connect an agent, with the live URL, and a demo that fills every panel without one. */
export function ConnectPanel() {
  const status = useStore(state => state.status);
  const runDemo = useStore(state => state.runDemo);
  const demo = status?.demo;
  const url = mcpUrlOf(status);
  const readOnly = useStore(state => state.readOnly);
  if (readOnly) {
    return (
      <div className="connect" data-testid="connect-panel">
        <h2>Watching read-only</h2>
        <p>
          You opened a read-only link. Sessions appear on the left as agents work; open one to follow its steps, aria
          tree, DOM diffs and code, or export it. Calling tools, replaying and running code need the full token.
        </p>
      </div>
    );
  }
  return (
    <div className="connect" data-testid="connect-panel">
      <h2>Connect an agent</h2>
      <p>
        Point any MCP client at the inspector. It drives a controlled Chromium for the agent and shows each tool call
        here as it happens: timeline, aria tree, page and generated Playwright code.
      </p>
      {url ? (
        <div className="snippets">
          {snippets(url, !!status?.access.tokenRequired).map(snippet => (
            <div key={snippet.name} className="snippet">
              <div className="snippet-head">
                <span>{snippet.name}</span>
                <CopyButton text={snippet.text} />
              </div>
              <pre data-testid="snippet">{snippet.text}</pre>
            </div>
          ))}
        </div>
      ) : (
        <p className="muted">Waiting for the MCP endpoint…</p>
      )}
      <h2>Or watch a demo</h2>
      <p>
        A built-in scenario signs in to a bundled demo site and adds a task, planned by the built-in planner — no
        network, no model, about twenty seconds.
      </p>
      <button
        type="button"
        className="primary"
        data-testid="run-demo"
        disabled={demo?.state === 'running'}
        onClick={() => void runDemo()}
      >
        {demo?.state === 'running' ? 'Demo running…' : 'Run demo'}
      </button>
      {demo?.state === 'failed' ? (
        <p className="problem" role="alert">
          The demo failed: {demo.error}
        </p>
      ) : null}
    </div>
  );
}
