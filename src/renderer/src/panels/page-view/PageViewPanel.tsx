import { useEffect, useState } from 'react';
import type { StepImage } from '../../../../shared/bridge';
import { Panel } from '../../components/Panel';
import { imageSrc } from '../../components/image-src';
import { useStore } from '../../store';
import { AnnotationMode } from '../debugger/AnnotationMode';
import { PageNowView } from '../debugger/PageNowView';
import { useShotKeys } from './useShotKeys';

/** Tools whose screenshot is the one the agent asked for (any size, any element): boxes do not map onto it. */
const AGENT_SCREENSHOTS = new Set(['browser_take_screenshot']);

type Box = { x: number; y: number; width: number; height: number };

/**
 * The page before and after the selected step. Targets were measured before the step acted, so their boxes and the
 * action point (where Playwright clicks or types: the box's centre) are drawn on the Before image. A live session's
 * page can also be seen as it is now (shown by itself while a call is held), and an agent's request for a person's
 * annotations turns the view into annotation mode.
 */
export function PageViewPanel() {
  const detail = useStore(state => state.detail);
  const sessionId = useStore(state => state.opened?.session.id);
  const chosen = useStore(state => state.pageShot);
  const setPageShot = useStore(state => state.setPageShot);
  const mark = useStore(state => state.negotiationMark);
  const [size, setSize] = useState<{ width: number; height: number }>();
  const liveId = useStore(state =>
    state.opened?.session.live && state.opened.session.running ? state.opened.session.id : undefined,
  );
  const debug = useStore(state => (liveId ? state.debug[liveId] : undefined));

  const step = detail?.step;
  const own =
    detail && !AGENT_SCREENSHOTS.has(detail.step.tool) ? (detail.step.targets ?? []).filter(target => target.box) : [];
  // A browser_interact call targets nothing itself: the Negotiation tab marks the element its planned action chose.
  const boxes =
    own.length || !step || mark?.seq !== step.seq || mark.sessionId !== sessionId
      ? own
      : [{ box: mark.box, locator: mark.label }];
  const now = !!liveId && (chosen === 'now' || (!chosen && !!debug?.held));
  const stepShot = chosen === 'now' ? undefined : chosen;
  const shot = now ? 'now' : !detail?.before ? 'after' : (stepShot ?? (boxes.length ? 'before' : 'after'));
  const image: StepImage | undefined =
    shot === 'before' ? detail?.before : shot === 'after' ? detail?.screenshot : undefined;
  const src = image && imageSrc(image);
  useEffect(() => setSize(undefined), [src]);
  useShotKeys(detail ? setPageShot : undefined);

  const annotation = liveId ? debug?.annotation : undefined;
  const toggles = annotation ? (
    <span className="badge badge-warn">annotation mode</span>
  ) : detail || liveId ? (
    <span className="shot-toggles" role="group" aria-label="Screenshot">
      {step?.navigated && shot !== 'now' ? (
        <span className="badge badge-warn" data-testid="navigated-badge" title="The step changed the page's document">
          navigated
        </span>
      ) : null}
      {(['before', 'after'] as const).map(which => (
        <button
          key={which}
          type="button"
          aria-pressed={shot === which}
          aria-keyshortcuts={which[0]}
          disabled={!detail || (which === 'before' && !detail.before)}
          title={
            which === 'before'
              ? detail?.before
                ? 'The page before the step acted (b)'
                : 'This step did not act on the page'
              : 'The page after the step (a)'
          }
          onClick={() => setPageShot(which)}
        >
          {which === 'before' ? 'Before' : 'After'}
        </button>
      ))}
      {liveId ? (
        <button
          type="button"
          aria-pressed={shot === 'now'}
          title="The live page as it is now (refreshed while the session is paused)"
          onClick={() => setPageShot('now')}
        >
          Now
        </button>
      ) : null}
      {step?.url ? (
        <span className="muted page-url" title={step.url}>
          {step.url}
        </span>
      ) : null}
    </span>
  ) : null;

  return (
    <Panel title="Page" className="page-panel" testId="page-panel" actions={toggles}>
      {liveId && annotation ? (
        <AnnotationMode key={annotation.requestId} sessionId={liveId} request={annotation} />
      ) : now && liveId ? (
        <PageNowView sessionId={liveId} />
      ) : !detail ? (
        <p className="empty">Select a step to see the page before and after it.</p>
      ) : !src ? (
        <p className="empty">
          No {shot} screenshot for this step{step?.tool ? ` (${step.tool})` : ''}.
        </p>
      ) : (
        <div className="page-view">
          <div className="page-frame">
            <img
              src={src}
              alt={`The page ${shot} step ${step!.seq}`}
              data-testid="page-screenshot"
              data-shot={shot}
              onLoad={event =>
                setSize({ width: event.currentTarget.naturalWidth, height: event.currentTarget.naturalHeight })
              }
            />
            {size && (shot === 'before' || !detail.before)
              ? boxes.map((target, index) => (
                  <TargetBox
                    key={index}
                    box={target.box!}
                    label={target.locator}
                    size={size}
                    point={shot === 'before'}
                  />
                ))
              : null}
          </div>
          {shot === 'before' && step?.navigated ? (
            <p className="muted page-caption">The step navigated: After shows the new page.</p>
          ) : null}
        </div>
      )}
    </Panel>
  );
}

function TargetBox({
  box,
  label,
  size,
  point,
}: {
  box: Box;
  label: string;
  size: { width: number; height: number };
  point: boolean;
}) {
  const percent = (value: number, of: number) => `${(value / of) * 100}%`;
  return (
    <>
      <div
        className="target-box"
        data-testid="target-box"
        title={label}
        style={{
          left: percent(box.x, size.width),
          top: percent(box.y, size.height),
          width: percent(box.width, size.width),
          height: percent(box.height, size.height),
        }}
      />
      {point ? (
        <div
          className="action-point"
          data-testid="action-point"
          title={`Where the action happened: ${label}`}
          style={{
            left: percent(box.x + box.width / 2, size.width),
            top: percent(box.y + box.height / 2, size.height),
          }}
        />
      ) : null}
    </>
  );
}
