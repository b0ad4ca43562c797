import { useEffect, useState } from 'react';
import { useStore } from '../../store';

/** The current time, ticking every `everyMs` while `active`: live counters of held time and time left. */
export function useNow(active: boolean, everyMs = 1_000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!active) return;
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(timer);
  }, [active, everyMs]);
  return now;
}

/**
 * The open session's debugger state, when it is a live session still running (only those can be paused), and
 * whether this UI may act on it (a read-only link watches only).
 */
export function useOpenDebug() {
  const sessionId = useStore(state =>
    state.opened?.session.live && state.opened.session.running ? state.opened.session.id : undefined,
  );
  const debug = useStore(state => (sessionId ? state.debug[sessionId] : undefined));
  const readOnly = useStore(state => state.readOnly);
  return { sessionId, debug, readOnly };
}

export const READ_ONLY_WHY = 'Read-only link: acting on held calls needs the full token.';

/** A modal dialog is open: the debugger's function keys leave its fields alone. */
export const dialogOpen = () => !!document.querySelector('[aria-modal="true"]');
