import { useEffect } from 'react';
import { ErrorBoundary } from './components/ErrorBoundary';
import { Toasts } from './components/Toasts';
import { AriaTreePanel } from './panels/aria-tree/AriaTreePanel';
import { CompareView } from './panels/compare/CompareView';
import { CompareWithMenu } from './panels/compare/CompareWithMenu';
import { ConnectPanel } from './panels/connect/ConnectPanel';
import { BreakpointsPanel } from './panels/debugger/BreakpointsPanel';
import { DebugBar } from './panels/debugger/DebugBar';
import { HeldCallPanel } from './panels/debugger/HeldCallPanel';
import { DetailPanel } from './panels/detail/DetailPanel';
import { ForkBar } from './panels/fork/ForkBar';
import { AgentLane } from './panels/model/AgentLane';
import { PageViewPanel } from './panels/page-view/PageViewPanel';
import { DownloadRun, RunsPage } from './panels/report/RunsPage';
import { ReplayBar } from './panels/replay/ReplayBar';
import { DropZone } from './panels/transfer/DropZone';
import { ExportPreview } from './panels/transfer/ExportPreview';
import { SessionFileMenu } from './panels/transfer/SessionFileMenu';
import { SessionsPanel } from './panels/sessions/SessionsPanel';
import { StatusBar } from './panels/status-bar/StatusBar';
import { TimelinePanel } from './panels/timeline/TimelinePanel';
import { TokenChart } from './panels/token-chart/TokenChart';
import { useStore } from './store';

function Header() {
  const opened = useStore(state => state.opened);
  const openSessionId = useStore(state => state.openSessionId);
  const openSession = useStore(state => state.openSession);
  const runDemo = useStore(state => state.runDemo);
  const theme = useStore(state => state.theme);
  const toggleTheme = useStore(state => state.toggleTheme);
  const demoRunning = useStore(state => state.status?.demo.state === 'running');
  const readOnly = useStore(state => state.readOnly);
  const report = useStore(state => state.report);
  const session = opened?.session;
  return (
    <header className="app-header">
      <h1>Agent Inspector</h1>
      {session ? (
        <span className="header-session" data-testid="open-session">
          {session.clientName ?? session.transport} · {new Date(session.startedAt).toLocaleString()}
        </span>
      ) : null}
      <span className="grow" />
      {report ? (
        <>
          {openSessionId ? <DownloadRun sessionId={openSessionId} /> : null}
          {openSessionId ? (
            <button type="button" onClick={() => void openSession(undefined)}>
              All runs
            </button>
          ) : null}
          <span
            className="read-only-badge"
            data-testid="report-badge"
            title={`A static report written ${new Date(report.createdAt).toLocaleString()} by ${report.writer}: the recorded runs, read-only.`}
          >
            Report
          </span>
        </>
      ) : (
        <>
          <CompareWithMenu />
          {openSessionId ? (
            <button type="button" onClick={() => void openSession(undefined)}>
              Connect an agent
            </button>
          ) : null}
        </>
      )}
      {report ? null : readOnly ? (
        <span
          className="read-only-badge"
          data-testid="read-only"
          title="Signed in with a read-only link: you can watch sessions and export them, not act on a browser."
        >
          Read-only
        </span>
      ) : (
        <>
          <button type="button" onClick={() => void runDemo()} disabled={demoRunning}>
            {demoRunning ? 'Demo running…' : 'Run demo'}
          </button>
          <SessionFileMenu />
        </>
      )}
      <button
        type="button"
        aria-label={`Switch to ${theme === 'dark' ? 'light' : 'dark'} theme`}
        data-testid="theme-toggle"
        onClick={toggleTheme}
      >
        {theme === 'dark' ? '☀' : '☾'}
      </button>
    </header>
  );
}

export function App() {
  const theme = useStore(state => state.theme);
  const openSessionId = useStore(state => state.openSessionId);
  const detailExpanded = useStore(state => state.detailExpanded);
  // A running session is debugged, not replayed: its debug bar takes the replay bar's place until it ends.
  const liveRunning = useStore(state => !!state.opened?.session.live && state.opened.session.running);
  // An agent waiting for a person to annotate its page: the page view takes the whole workspace.
  const annotating = useStore(state => !!(state.openSessionId && state.debug[state.openSessionId]?.annotation));
  // A static report shows recordings: nothing in it drives a browser, so those panels are not there at all.
  const report = useStore(state => !!state.report);
  useEffect(() => {
    document.documentElement.dataset.theme = theme;
  }, [theme]);
  return (
    <div className="app">
      <Header />
      <div className="app-body">
        <aside className="sidebar">
          <SessionsPanel />
          {openSessionId && !report && !liveRunning ? <ReplayBar /> : null}
          {openSessionId && liveRunning ? <DebugBar /> : null}
          {openSessionId && !report ? <ForkBar /> : null}
          {openSessionId ? <TokenChart /> : null}
          {openSessionId ? <AgentLane /> : null}
          <TimelinePanel />
          {report ? null : <BreakpointsPanel />}
        </aside>
        <main className="workspace">
          {openSessionId && !report ? <HeldCallPanel /> : null}
          {openSessionId ? (
            <div className={`panels${annotating ? ' annotating' : detailExpanded ? ' detail-expanded' : ''}`}>
              <PageViewPanel />
              <AriaTreePanel />
              <DetailPanel />
            </div>
          ) : (
            <ErrorBoundary name={report ? 'Runs' : 'Connect'}>{report ? <RunsPage /> : <ConnectPanel />}</ErrorBoundary>
          )}
        </main>
      </div>
      <StatusBar />
      <Toasts />
      <ExportPreview />
      <CompareView />
      <DropZone />
    </div>
  );
}
