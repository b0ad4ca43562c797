import type { BridgeEvent, SessionInfo } from '../../../shared/bridge';
import { inspector } from '../bridge/inspector';
import { useStore } from './index';
import { followOsTheme } from './ui';

/** Applies the core's event stream to the store: new sessions and steps appear as they happen. */
function apply(event: BridgeEvent) {
  const state = useStore.getState();
  switch (event.type) {
    case 'status':
      useStore.setState({ status: event.status });
      return;
    case 'connection':
      useStore.setState({ connected: event.connected });
      // Whatever happened while the link was down: read it all again.
      if (event.connected && !state.connected) void load();
      return;
    case 'sessions-changed':
      void state.refreshSessions().then(() => {
        if (event.select) return state.openSession(event.select);
      });
      return;
    case 'session-started': {
      const info: SessionInfo = {
        id: event.sessionId,
        live: true,
        running: true,
        transport: event.transport,
        clientName: event.clientName,
        startedAt: event.time,
        steps: 0,
        ...(event.forkOf && { forkOf: event.forkOf }),
      };
      useStore.setState({ sessions: [info, ...state.sessions.filter(s => s.id !== info.id)] });
      // A new session (an agent connecting, the demo) takes the stage, unless the user watches another running one.
      const current = state.sessions.find(s => s.id === state.openSessionId);
      if (!current?.running) void state.openSession(event.sessionId);
      return;
    }
    case 'session-ended':
      state.forgetDebug(event.sessionId);
      useStore.setState({
        sessions: state.sessions.map(s => (s.id === event.sessionId ? { ...s, running: false } : s)),
        ...(state.opened?.session.id === event.sessionId && {
          opened: { ...state.opened, session: { ...state.opened.session, running: false } },
        }),
      });
      return;
    case 'step': {
      const { step } = event;
      useStore.setState({
        sessions: state.sessions.map(s =>
          s.id === event.sessionId ? { ...s, steps: Math.max(s.steps, step.seq), url: step.url ?? s.url } : s,
        ),
      });
      const opened = state.opened;
      // Steps up to the open session's answer came with it; only later ones are appended.
      if (opened?.session.id !== event.sessionId || (opened.steps.at(-1)?.seq ?? 0) >= step.seq) return;
      useStore.setState({
        opened: { ...opened, steps: [...opened.steps, step], session: { ...opened.session, steps: step.seq } },
      });
      if (state.follow) state.selectStep(step.seq);
      if (state.timelineFilter.text.trim()) void state.refilter();
      return;
    }
    case 'step-tokens': {
      const opened = state.opened;
      if (opened?.session.id !== event.sessionId) return;
      // Counts follow their step closely: search from the newest.
      const index = opened.steps.findLastIndex(step => step.seq === event.seq);
      if (index < 0) return;
      const steps = opened.steps.with(index, { ...opened.steps[index], tokens: event.tokens });
      useStore.setState({ opened: { ...opened, steps } });
      return;
    }
    case 'recording-failed': {
      const recordingFailed = { reason: event.reason, lastSeq: event.lastSeq };
      useStore.setState({
        sessions: state.sessions.map(s => (s.id === event.sessionId ? { ...s, recordingFailed } : s)),
        ...(state.opened?.session.id === event.sessionId && {
          opened: { ...state.opened, session: { ...state.opened.session, recordingFailed } },
        }),
      });
      // Once per session (the core publishes it once): the steps from here on exist only while the app runs.
      state.toast(
        `Recording stopped: ${event.reason} (${event.dir}). The browser keeps working; steps after ${event.lastSeq} are not recorded.`,
      );
      return;
    }
    case 'negotiation-round':
      return;
    case 'agent-turns':
      state.noteAgentSpans(event.sessionId);
      return;
    case 'replay':
      state.applyReplayEvent(event);
      return;
    case 'debug':
    case 'breakpoints':
    case 'call-held':
    case 'call-released':
      state.applyDebugEvent(event);
      return;
  }
}

async function load() {
  const state = useStore.getState();
  await Promise.all([state.refreshStatus(), state.refreshSessions(), state.loadDebug()]);
  if (state.openSessionId) await state.openSession(state.openSessionId);
}

/** Subscribes the store to the bridge and loads the initial state; call once at startup. */
export function startStore() {
  inspector.subscribe(apply);
  followOsTheme(theme => useStore.setState({ theme }));
  window.addEventListener('error', event => useStore.getState().toast(`Unexpected error: ${event.message}`));
  window.addEventListener('unhandledrejection', event =>
    useStore
      .getState()
      .toast(`Unexpected error: ${event.reason instanceof Error ? event.reason.message : String(event.reason)}`),
  );
  void load();
}
