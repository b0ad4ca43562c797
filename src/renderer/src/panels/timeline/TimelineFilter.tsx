import { useEffect, useMemo, useState } from 'react';
import { useStore } from '../../store';
import { filterActive, NO_FILTER } from '../../store/search';

/** Typing pauses this long before the text is searched. */
const DEBOUNCE_MS = 250;

/** Narrows the timeline by tool, outcome and text (searched over the session's steps by the core). */
export function TimelineFilterBar({ shown }: { shown: number }) {
  const steps = useStore(state => state.opened?.steps);
  const filter = useStore(state => state.timelineFilter);
  const setFilter = useStore(state => state.setTimelineFilter);
  const tools = useMemo(() => [...new Set((steps ?? []).map(step => step.tool))].sort(), [steps]);
  const [text, setText] = useState(filter.text);

  // The store's text changes without typing when the filter is cleared or another session opens.
  useEffect(() => setText(filter.text), [filter.text]);
  useEffect(() => {
    if (text === filter.text) return;
    const timer = setTimeout(() => setFilter({ text }), DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text, filter.text, setFilter]);

  const active = filterActive(filter);
  return (
    <div className="timeline-filter" data-testid="timeline-filter">
      <select
        aria-label="Filter by tool"
        value={filter.tool}
        onChange={event => setFilter({ tool: event.target.value })}
      >
        <option value="">All tools</option>
        {tools.map(tool => (
          <option key={tool} value={tool}>
            {tool.replace(/^browser_/, '')}
          </option>
        ))}
      </select>
      <select
        aria-label="Filter by outcome"
        value={filter.outcome}
        onChange={event => setFilter({ outcome: event.target.value as typeof filter.outcome })}
      >
        <option value="all">All outcomes</option>
        <option value="ok">OK</option>
        <option value="error">Failed</option>
      </select>
      <input
        type="search"
        aria-label="Filter steps"
        placeholder="Text in args, response, logs"
        value={text}
        onChange={event => setText(event.target.value)}
        onKeyDown={event => {
          if (event.key === 'Enter') setFilter({ text });
          if (event.key === 'Escape') setFilter(NO_FILTER);
        }}
      />
      {active ? (
        <>
          <span className="timeline-filter-count" data-testid="timeline-filter-count">
            {shown} of {steps?.length ?? 0}
          </span>
          <button type="button" className="link" onClick={() => setFilter(NO_FILTER)}>
            Clear
          </button>
        </>
      ) : null}
    </div>
  );
}
