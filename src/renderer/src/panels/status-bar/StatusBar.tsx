import { CopyButton } from '../../components/CopyButton';
import { useStore } from '../../store';

export function StatusBar() {
  const status = useStore(state => state.status);
  const connected = useStore(state => state.connected);
  const setBrowser = useStore(state => state.setBrowser);
  const agents = status?.agents ?? [];
  const browser = status?.browser;
  return (
    <footer className="status-bar" data-testid="status-bar">
      <span className={`dot ${connected ? 'ok' : 'bad'}`} aria-hidden="true" />
      {!connected ? <span data-testid="disconnected">Reconnecting to the inspector…</span> : null}
      <span data-testid="status-agents" title={agents.map(a => `${a.clientName ?? 'unnamed client'} (${a.transport})`).join('\n')}>
        {agents.length === 0 ? 'No agent connected' : `${agents.length} agent${agents.length === 1 ? '' : 's'} connected`}
      </span>
      <span className="sep" />
      {status?.mcpUrl ? (
        <span className="status-mcp">
          MCP <code data-testid="mcp-url">{status.mcpUrl}</code>
          <CopyButton text={status.mcpUrl} />
        </span>
      ) : null}
      <span className="sep" />
      {browser ? (
        <span className="status-browser" title={browser.description}>
          Browser: <span data-testid="browser-state">{browser.state}</span>
          <button type="button" onClick={() => void setBrowser(browser.state === 'stopped')} disabled={browser.state === 'starting'}>
            {browser.state === 'stopped' ? 'Start' : 'Stop'}
          </button>
        </span>
      ) : null}
      <span className="grow" />
      {status?.sessionDir ? <span className="muted" title={status.sessionDir}>recording</span> : null}
      {status ? <span className="muted">v{status.version} · {status.mode === 'electron' ? 'desktop' : 'web mode'}</span> : null}
    </footer>
  );
}
