import type { SessionInfo } from '../../../../shared/bridge';
import { Panel } from '../../components/Panel';
import { useStore } from '../../store';
import { SessionDebugBadge } from '../debugger/SessionDebugBadge';
import { SearchResultsList, SessionSearchBox } from './SessionSearch';
import { sessionTree } from './session-tree';

const time = (ms: number) =>
  new Date(ms).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit', second: '2-digit' });
const day = (ms: number) => new Date(ms).toLocaleDateString([], { month: 'short', day: 'numeric' });

function badge(session: SessionInfo): { text: string; kind: string } {
  if (session.live) return session.running ? { text: 'live', kind: 'live' } : { text: 'ended', kind: 'ended' };
  return session.running ? { text: 'interrupted', kind: 'warn' } : { text: 'recorded', kind: 'ended' };
}

function host(url?: string) {
  if (!url) return '';
  try {
    return new URL(url).host || url;
  } catch {
    return url;
  }
}

export function SessionsPanel() {
  const sessions = useStore(state => state.sessions);
  const openId = useStore(state => state.openSessionId);
  const readOnly = useStore(state => state.readOnly);
  const open = useStore(state => state.openSession);
  const searching = useStore(state => state.searchResults !== undefined);
  return (
    <Panel title="Sessions" className="sessions-panel" testId="sessions-panel">
      <SessionSearchBox />
      {searching ? (
        <SearchResultsList />
      ) : sessions.length === 0 ? (
        <p className="empty">
          {readOnly
            ? 'No sessions yet: they appear here as agents work.'
            : 'No sessions yet. Connect an agent or run the demo.'}
        </p>
      ) : (
        <ul className="session-list">
          {sessionTree(sessions).map(({ session, depth }) => {
            const { text, kind } = badge(session);
            return (
              <li
                key={session.id}
                className={depth ? 'session-fork' : undefined}
                style={depth ? { paddingLeft: `${Math.min(depth, 4) * 14}px` } : undefined}
              >
                <button
                  type="button"
                  data-testid="session-item"
                  data-session-id={session.id}
                  className={`session-item${session.id === openId ? ' selected' : ''}`}
                  aria-current={session.id === openId}
                  onClick={() => void open(session.id)}
                >
                  <span className="session-title">
                    {session.clientName ?? session.transport}
                    <span className={`badge badge-${kind}`}>{text}</span>
                    <SessionDebugBadge sessionId={session.id} />
                    {session.recordingFailed && (
                      <span
                        className="badge badge-error"
                        data-testid="recording-failed-badge"
                        title={`Recording stopped after step ${session.recordingFailed.lastSeq}: ${session.recordingFailed.reason}`}
                      >
                        not recorded
                      </span>
                    )}
                  </span>
                  {session.forkOf && (
                    <span className="session-fork-of" data-testid="session-fork-of">
                      ↳ fork of step {session.forkOf.step}
                      {depth ? '' : ` of ${session.forkOf.session.slice(0, 8)}`}
                    </span>
                  )}
                  <span className="session-meta">
                    {day(session.startedAt)} {time(session.startedAt)} · {session.steps} step
                    {session.steps === 1 ? '' : 's'}
                    {session.url ? ` · ${host(session.url)}` : ''}
                  </span>
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </Panel>
  );
}
