import { useEffect, useState } from 'react';
import type { StepImage } from '../../../../shared/bridge';
import { inspector } from '../../bridge/inspector';
import { useStore } from '../../store';
import './debugger.css';

/** How often the page is shot again while the session is paused: a person acting in it sees their steps land. */
const REFRESH_MS = 1_000;

/**
 * The live page as it is now (the bridge's pageNow): fetched when shown and after each new step, and every second
 * while the session is paused or holds a call. One request at a time: a slow screenshot never piles up.
 */
function usePageNow(sessionId: string, steps: number, paused: boolean) {
  const [image, setImage] = useState<StepImage | null>();
  const [takenAt, setTakenAt] = useState<number>();
  useEffect(() => {
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const shoot = async () => {
      const shot = await inspector.invoke('pageNow', { sessionId }).catch(() => null);
      if (stopped) return;
      setImage(shot);
      setTakenAt(Date.now());
      if (paused) timer = setTimeout(() => void shoot(), REFRESH_MS);
    };
    void shoot();
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [sessionId, steps, paused]);
  return { image, takenAt };
}

export function PageNowView({ sessionId }: { sessionId: string }) {
  const steps = useStore(state => state.opened?.steps.length ?? 0);
  const paused = useStore(state => !!state.debug[sessionId]?.paused);
  const { image, takenAt } = usePageNow(sessionId, steps, paused);
  if (image === undefined) return <p className="empty">Taking a picture of the page…</p>;
  if (image === null)
    return (
      <p className="empty" data-testid="page-now-none">
        No page to show: the session has not opened one yet, its browser is closed, or (proxy mode) the browser is not
        ours.
      </p>
    );
  return (
    <div className="page-view">
      <div className="page-frame">
        <img
          src={`data:${image.mimeType};base64,${image.base64}`}
          alt="The page as it is now"
          data-testid="page-now"
          data-shot="now"
        />
      </div>
      <p className="muted page-caption">
        The page as it is now{paused ? ', refreshed every second while the session is paused' : ''}
        {takenAt ? ` · ${new Date(takenAt).toLocaleTimeString()}` : ''}
      </p>
    </div>
  );
}
