import { useState } from 'react';
import type { ConsoleActivity } from '../../../../shared/activity';
import { ActivityToolbar, DroppedNote, StepMarks } from '../activity/ActivityToolbar';
import { clock } from '../activity/format';
import { matchesFilter, useStepActivity } from '../activity/useStepActivity';

const LEVEL_LABELS: Record<ConsoleActivity['level'], string> = {
  error: 'Error',
  warning: 'Warning',
  info: 'Info',
  debug: 'Debug',
};

/**
 * What the page logged during the selected step (or up to it): console messages and uncaught errors, errors
 * highlighted. Everything is shown as text; nothing a page logged is ever rendered as markup.
 */
export function ConsoleView() {
  const { seq, upTo, view } = useStepActivity();
  const [filter, setFilter] = useState('');
  if (seq === undefined) return <p className="empty">Select a step to see what the page logged.</p>;
  const entries =
    view?.console.filter(entry => matchesFilter(filter, entry.text, entry.location, entry.level, entry.kind)) ?? [];
  const errors = view?.console.filter(entry => entry.level === 'error').length ?? 0;
  return (
    <div className="activity console-view" data-testid="console-view">
      <ActivityToolbar filter={filter} onFilter={setFilter} filterLabel="Filter console">
        {view && (
          <span className="activity-counts muted" data-testid="console-counts">
            {view.console.length} {view.console.length === 1 ? 'message' : 'messages'}
            {errors > 0 && (
              <span className="console-error-count">
                {' '}
                · {errors} {errors === 1 ? 'error' : 'errors'}
              </span>
            )}
          </span>
        )}
      </ActivityToolbar>
      {!view ? (
        <p className="empty">Loading…</p>
      ) : view.note && !view.console.length ? (
        <p className="empty" data-testid="activity-note">
          {view.note}
        </p>
      ) : !view.console.length ? (
        <p className="empty" data-testid="console-empty">
          {upTo
            ? `Nothing was logged up to step ${seq}.`
            : `Nothing was logged during step ${seq}, nor between it and the previous step.`}
        </p>
      ) : !entries.length ? (
        <p className="empty">No message matches “{filter}”.</p>
      ) : (
        <ol className="console-list" aria-label="Console messages">
          {entries.map((entry, index) => (
            <ConsoleRow key={index} entry={entry} showSeq={upTo} />
          ))}
        </ol>
      )}
      {view?.note && view.console.length > 0 && (
        <p className="activity-note" data-testid="activity-note">
          {view.note}
        </p>
      )}
      {view && <DroppedNote count={view.dropped.console} what="console messages were" />}
    </div>
  );
}

function ConsoleRow({ entry, showSeq }: { entry: ConsoleActivity; showSeq: boolean }) {
  return (
    <li
      className={`console-row console-${entry.level}`}
      data-testid="console-entry"
      data-level={entry.level}
      data-kind={entry.kind}
      data-seq={entry.seq}
    >
      <span className="console-level">{entry.kind === 'pageerror' ? 'Uncaught' : LEVEL_LABELS[entry.level]}</span>
      <span className="console-text">{entry.text}</span>
      <span className="console-meta">
        <StepMarks seq={entry.seq} between={entry.between} showSeq={showSeq} />
        {entry.location && (
          <span className="console-location" title={entry.location}>
            {shortLocation(entry.location)}
          </span>
        )}
        <time className="muted" dateTime={new Date(entry.time).toISOString()}>
          {clock(entry.time)}
        </time>
      </span>
    </li>
  );
}

/** `app.js:12` for `http://host/static/app.js:12`: the full location is in the title. */
function shortLocation(location: string): string {
  const file =
    location
      .replace(/^[a-z]+:\/\/[^/]+/, '')
      .split('/')
      .pop() ?? location;
  return file || location;
}
