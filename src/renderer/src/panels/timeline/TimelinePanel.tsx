import { useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useMemo, useRef, type KeyboardEvent } from 'react';
import type { StepSummary } from '../../../../shared/bridge';
import { stepTarget } from '../../../../shared/step-text';
import { Panel } from '../../components/Panel';
import { useStore } from '../../store';
import { shownSteps } from '../../store/search';
import { DebugBadges } from '../debugger/DebugBadges';
import { PendingRow } from '../debugger/PendingRow';
import { LocatorBadge } from '../locators/LocatorBadge';
import { ReplayBadge } from '../replay/ReplayBadge';
import { compactTokens, describeStepTokens } from '../token-chart/format';
import { Thumbnail } from './Thumbnail';
import { TimelineFilterBar } from './TimelineFilter';

const ROW_HEIGHT = 58;
const PAGE = 10;

export const duration = (ms: number) => (ms < 1_000 ? `${ms} ms` : `${(ms / 1_000).toFixed(1)} s`);

function StepRow({
  step,
  sessionId,
  selected,
  onSelect,
}: {
  step: StepSummary;
  sessionId: string;
  selected: boolean;
  onSelect(): void;
}) {
  const failed = step.outcome === 'error';
  return (
    <div
      id={`step-${step.seq}`}
      role="option"
      aria-selected={selected}
      data-testid="timeline-step"
      data-seq={step.seq}
      className={`step-row${selected ? ' selected' : ''}${failed ? ' failed' : ''}`}
      onClick={onSelect}
      title={step.error ?? step.url}
    >
      <Thumbnail sessionId={sessionId} seq={step.seq} present={step.hasScreenshot} />
      <div className="step-text">
        <div className="step-line">
          <span className="step-seq">{step.seq}</span>
          <span className="step-tool">{step.tool.replace(/^browser_/, '')}</span>
          {step.actor === 'human' ? <span className="badge badge-warn">by hand</span> : null}
          {step.via ? <span className="badge badge-ended">via {step.via.replace(/^browser_/, '')}</span> : null}
          <ReplayBadge seq={step.seq} />
          <DebugBadges debug={step.debug} />
          <PageProblems activity={step.activity} />
          <LocatorBadge seq={step.seq} />
          <span className={`step-status ${failed ? 'error' : 'ok'}`} aria-label={failed ? 'failed' : 'ok'}>
            {failed ? '✕' : '✓'}
          </span>
        </div>
        <div className="step-line">
          <span className="step-target" data-testid="step-target">
            {stepTarget(step)}
          </span>
          {step.tokens ? (
            <span className="step-tokens" data-testid="step-tokens" title={describeStepTokens(step.tokens)}>
              {compactTokens(step.tokens.total.tokens)} tok
            </span>
          ) : null}
          <span className="step-duration">{duration(step.endedAt - step.startedAt)}</span>
        </div>
      </div>
    </div>
  );
}

/** Console errors and failed requests recorded with a step: worth a look in the Console and Network tabs. */
function PageProblems({ activity }: { activity: StepSummary['activity'] }) {
  if (!activity || (!activity.errors && !activity.failed)) return null;
  const parts = [
    activity.errors ? `${activity.errors} console error${activity.errors === 1 ? '' : 's'}` : '',
    activity.failed ? `${activity.failed} failed request${activity.failed === 1 ? '' : 's'}` : '',
  ].filter(Boolean);
  return (
    <span
      className="badge badge-error"
      data-testid="step-page-problems"
      title={`The page during this step: ${parts.join(', ')}`}
    >
      {activity.errors + activity.failed} ⚠
    </span>
  );
}

export function TimelinePanel() {
  const opened = useStore(state => state.opened);
  const selectedSeq = useStore(state => state.selectedSeq);
  const follow = useStore(state => state.follow);
  const selectStep = useStore(state => state.selectStep);
  const moveSelection = useStore(state => state.moveSelection);
  const timelineFilter = useStore(state => state.timelineFilter);
  const pending = useStore(state => !!(state.openSessionId && state.debug[state.openSessionId]?.held));
  const scrollRef = useRef<HTMLDivElement>(null);
  const steps = useMemo(() => shownSteps({ opened, timelineFilter }), [opened, timelineFilter]);
  const total = opened?.steps.length ?? 0;
  const virtualizer = useVirtualizer({
    count: steps.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 6,
  });
  const selectedIndex = steps.findIndex(step => step.seq === selectedSeq);

  useEffect(() => {
    if (selectedIndex >= 0) virtualizer.scrollToIndex(selectedIndex, { align: 'auto' });
  }, [selectedIndex, virtualizer]);

  const onKeyDown = (event: KeyboardEvent) => {
    const moves: Record<string, number> = {
      ArrowUp: -1,
      ArrowDown: 1,
      PageUp: -PAGE,
      PageDown: PAGE,
      Home: -Infinity,
      End: Infinity,
    };
    const delta = moves[event.key];
    if (delta === undefined) return;
    event.preventDefault();
    moveSelection(Number.isFinite(delta) ? delta : delta > 0 ? steps.length : -steps.length);
  };

  const title = opened ? `Timeline · ${total} call${total === 1 ? '' : 's'}` : 'Timeline';
  return (
    <Panel
      title={title}
      className="timeline-panel"
      testId="timeline-panel"
      actions={
        opened?.session.live && opened.session.running ? (
          <span
            className={`badge ${follow ? 'badge-live' : 'badge-ended'}`}
            title="The newest call is selected as it arrives"
          >
            {follow ? 'following' : 'paused'}
          </span>
        ) : null
      }
    >
      {opened && total > 0 ? <TimelineFilterBar shown={steps.length} /> : null}
      {!opened ? (
        <p className="empty">Open a session to see its tool calls.</p>
      ) : total === 0 ? (
        pending ? null : (
          <p className="empty">No tool calls yet: they appear here as the agent makes them.</p>
        )
      ) : steps.length === 0 ? (
        <p className="empty" data-testid="timeline-filter-empty">
          No step matches the filter.
        </p>
      ) : (
        <div
          ref={scrollRef}
          className="virtual-scroll"
          role="listbox"
          tabIndex={0}
          aria-label="Tool calls"
          aria-activedescendant={selectedSeq === undefined ? undefined : `step-${selectedSeq}`}
          data-testid="timeline"
          onKeyDown={onKeyDown}
          // With a held call after it, the list is no taller than its rows: the pending row follows the last step.
          style={pending ? { flex: `0 1 ${virtualizer.getTotalSize()}px` } : undefined}
        >
          <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
            {virtualizer.getVirtualItems().map(item => {
              const step = steps[item.index];
              return (
                <div
                  key={step.seq}
                  style={{
                    position: 'absolute',
                    top: 0,
                    left: 0,
                    right: 0,
                    height: ROW_HEIGHT,
                    transform: `translateY(${item.start}px)`,
                  }}
                >
                  <StepRow
                    step={step}
                    sessionId={opened.session.id}
                    selected={step.seq === selectedSeq}
                    onSelect={() => selectStep(step.seq)}
                  />
                </div>
              );
            })}
          </div>
        </div>
      )}
      {/* The held call is not a step yet: after the list, outside its virtualization, always in view. */}
      <PendingRow />
    </Panel>
  );
}
