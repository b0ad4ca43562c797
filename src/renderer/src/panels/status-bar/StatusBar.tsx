import { CopyButton } from '../../components/CopyButton';
import { mcpUrlOf, viewerUrlOf } from '../../components/server-urls';
import { useStore } from '../../store';

export function StatusBar() {
  const status = useStore(state => state.status);
  const connected = useStore(state => state.connected);
  const setBrowser = useStore(state => state.setBrowser);
  const readOnly = useStore(state => state.readOnly);
  const mcpUrl = mcpUrlOf(status);
  const viewerUrl = viewerUrlOf(status);
  const agents = status?.agents ?? [];
  const browser = status?.browser;
  const report = useStore(state => state.report);
  if (report) {
    return (
      <footer className="status-bar" data-testid="status-bar">
        <span data-testid="report-status">
          Static report · {report.list.length} run{report.list.length === 1 ? '' : 's'} · written{' '}
          {new Date(report.createdAt).toLocaleString()}
        </span>
        <span className="grow" />
        <span className="muted">{report.writer}</span>
      </footer>
    );
  }
  return (
    <footer className="status-bar" data-testid="status-bar">
      <span className={`dot ${connected ? 'ok' : 'bad'}`} aria-hidden="true" />
      {!connected ? <span data-testid="disconnected">Reconnecting to the inspector…</span> : null}
      <span
        data-testid="status-agents"
        title={agents.map(a => `${a.clientName ?? 'unnamed client'} (${a.transport})`).join('\n')}
      >
        {agents.length === 0
          ? 'No agent connected'
          : `${agents.length} agent${agents.length === 1 ? '' : 's'} connected`}
      </span>
      <span className="sep" />
      {mcpUrl && !readOnly ? (
        <span className="status-mcp">
          MCP <code data-testid="mcp-url">{mcpUrl}</code>
          <CopyButton text={mcpUrl} />
        </span>
      ) : null}
      {viewerUrl && !readOnly ? (
        <span
          className="status-share"
          title="A link that lets a teammate watch live and recorded sessions, without acting"
        >
          Share read-only link
          <CopyButton text={viewerUrl} />
        </span>
      ) : null}
      <span className="sep" />
      {browser ? (
        <span className="status-browser" title={browser.description}>
          Browser: <span data-testid="browser-state">{browser.state}</span>
          {readOnly ? null : (
            <button
              type="button"
              onClick={() => void setBrowser(browser.state === 'stopped')}
              disabled={browser.state === 'starting'}
            >
              {browser.state === 'stopped' ? 'Start' : 'Stop'}
            </button>
          )}
        </span>
      ) : null}
      <span className="grow" />
      {status?.sessionDir ? (
        <span className="muted" title={status.sessionDir}>
          recording
        </span>
      ) : null}
      {status ? (
        <span className="muted">
          v{status.version} · {status.mode === 'electron' ? 'desktop' : 'web mode'}
        </span>
      ) : null}
    </footer>
  );
}
