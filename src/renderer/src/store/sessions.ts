import { inspector } from '../bridge/inspector';
import { attempt } from './attempt';
import { NO_FILTER } from './search';
import { emptyTree } from './tree';
import type { SessionsSlice, Slice } from './types';

export const sessionsSlice: Slice<SessionsSlice> = (set, get) => ({
  sessions: [],
  async refreshStatus() {
    const status = await attempt(get, inspector.invoke('status', {}));
    if (status) set({ status });
  },
  async refreshSessions() {
    const fetched = await attempt(get, inspector.invoke('listSessions', {}));
    if (!fetched) return;
    // Events keep coming while the list is on its way: a session that started meanwhile is not in it yet, and one
    // that made steps meanwhile is listed with fewer. What the events told us is kept.
    const shown = new Map(get().sessions.map(session => [session.id, session]));
    const listed = new Set(fetched.map(session => session.id));
    const startedMeanwhile = get().sessions.filter(session => session.live && !listed.has(session.id));
    set({
      sessions: [
        ...startedMeanwhile,
        ...fetched.map(session => ({ ...session, steps: Math.max(session.steps, shown.get(session.id)?.steps ?? 0) })),
      ],
    });
  },
  async openSession(id) {
    set({
      openSessionId: id,
      opened: undefined,
      selectedSeq: undefined,
      detail: undefined,
      follow: true,
      timelineFilter: NO_FILTER,
      ...emptyTree(),
    });
    if (!id) return;
    const opened = await attempt(get, inspector.invoke('openSession', { sessionId: id }));
    if (!opened || get().openSessionId !== id) return;
    set({ opened });
    for (const warning of opened.warnings) get().toast(warning, 'info');
    // The last step is where the session stands: for a live one, where the agent is now.
    const last = opened.steps.at(-1);
    if (last) get().selectStep(last.seq);
  },
  async runDemo() {
    const started = await attempt(get, inspector.invoke('runDemo', {}));
    if (started) await get().openSession(started.sessionId);
  },
  async setBrowser(running) {
    const status = await attempt(get, inspector.invoke(running ? 'startBrowser' : 'stopBrowser', {}));
    if (status) set({ status });
  },
});
