import { useEffect, useState } from 'react';
import { Panel } from '../../components/Panel';
import { useStore } from '../../store';

/** Tools whose screenshot is the one the agent asked for (any size, any element): boxes do not map onto it. */
const AGENT_SCREENSHOTS = new Set(['browser_take_screenshot']);

export function PageViewPanel() {
  const detail = useStore(state => state.detail);
  const sessionId = useStore(state => state.opened?.session.id);
  const [size, setSize] = useState<{ width: number; height: number }>();
  const screenshot = detail?.screenshot;
  const src = screenshot && `data:${screenshot.mimeType};base64,${screenshot.base64}`;
  useEffect(() => setSize(undefined), [src]);

  const step = detail?.step;
  const mark = useStore(state => state.negotiationMark);
  const own = detail && !AGENT_SCREENSHOTS.has(detail.step.tool) ? (detail.step.targets ?? []).filter(target => target.box) : [];
  // A browser_interact call targets nothing itself: the Negotiation tab marks the element its planned action chose.
  const boxes = own.length || !step || mark?.seq !== step.seq || mark.sessionId !== sessionId ? own : [{ box: mark.box, locator: mark.label }];
  return (
    <Panel title="Page" className="page-panel" testId="page-panel" actions={step?.url ? <span className="muted page-url" title={step.url}>{step.url}</span> : null}>
      {!detail ? <p className="empty">Select a step to see the page after it.</p>
        : !src ? <p className="empty">No screenshot for this step{step?.tool ? ` (${step.tool})` : ''}.</p>
        : (
          <div className="page-view">
            <div className="page-frame">
              <img
                src={src}
                alt={`The page after step ${step!.seq}`}
                data-testid="page-screenshot"
                onLoad={event => setSize({ width: event.currentTarget.naturalWidth, height: event.currentTarget.naturalHeight })}
              />
              {size ? boxes.map((target, index) => {
                const box = target.box!;
                return (
                  <div
                    key={index}
                    className="target-box"
                    data-testid="target-box"
                    title={target.locator}
                    style={{
                      left: `${(box.x / size.width) * 100}%`,
                      top: `${(box.y / size.height) * 100}%`,
                      width: `${(box.width / size.width) * 100}%`,
                      height: `${(box.height / size.height) * 100}%`,
                    }}
                  />
                );
              }) : null}
            </div>
          </div>
        )}
    </Panel>
  );
}
