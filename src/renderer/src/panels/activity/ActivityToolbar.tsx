import type { ReactNode } from 'react';
import { ACTIVITY_LIMITS } from '../../../../shared/activity';
import { useStore } from '../../store';

/** The toggle shared by both tabs, the tab's own filter box, and whatever else the tab adds. */
export function ActivityToolbar({
  filter,
  onFilter,
  filterLabel,
  children,
}: {
  filter: string;
  onFilter(filter: string): void;
  filterLabel: string;
  children?: ReactNode;
}) {
  const upTo = useStore(state => state.activityUpTo);
  const setUpTo = useStore(state => state.setActivityUpTo);
  // A report holds each step's own entries (all of them up to every step would grow with the square of its length).
  const report = useStore(state => !!state.report);
  return (
    <div className="activity-toolbar">
      <input
        type="search"
        aria-label={filterLabel}
        placeholder={`${filterLabel}…`}
        value={filter}
        onChange={event => onFilter(event.target.value)}
      />
      {report ? null : (
        <label>
          <input type="checkbox" checked={upTo} onChange={event => setUpTo(event.target.checked)} /> All up to this step
        </label>
      )}
      {children}
    </div>
  );
}

/** A note that entries were not kept (beyond the per-step bound), with how many. */
export function DroppedNote({ count, what }: { count: number; what: string }) {
  if (!count) return null;
  return (
    <p className="activity-dropped" data-testid="activity-dropped">
      {count.toLocaleString('en-US')} more {what} not kept (at most {ACTIVITY_LIMITS.perStep.toLocaleString('en-US')}{' '}
      per step are recorded).
    </p>
  );
}

/** Where an entry sits when the view spans several steps, and whether it came before its step started. */
export function StepMarks({ seq, between, showSeq }: { seq: number; between?: true; showSeq: boolean }) {
  return (
    <>
      {showSeq && (
        <span className="activity-seq" title={`Step ${seq}`}>
          #{seq}
        </span>
      )}
      {between && (
        <span className="activity-between" title={`Happened after the previous step ended, before step ${seq} started`}>
          between steps
        </span>
      )}
    </>
  );
}
