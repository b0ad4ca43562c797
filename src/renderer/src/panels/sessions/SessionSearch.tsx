import { useEffect, useRef, type KeyboardEvent } from 'react';
import type { SearchHit } from '../../../../shared/bridge';
import { useStore } from '../../store';
import { Highlighted } from './Highlighted';

/** Typing pauses this long before the search runs (Enter runs it at once). */
const DEBOUNCE_MS = 250;

const when = (ms: number) =>
  new Date(ms).toLocaleString([], { month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit' });

/** The "Search sessions" box: finds text across every session's steps; choosing a hit opens its session at that step. */
export function SessionSearchBox() {
  const query = useStore(state => state.searchQuery);
  const setQuery = useStore(state => state.setSearchQuery);
  const runSearch = useStore(state => state.runSearch);
  const clearSearch = useStore(state => state.clearSearch);
  const input = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (!query.trim()) return;
    const timer = setTimeout(() => void runSearch(), DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [query, runSearch]);

  useEffect(() => {
    const onKey = (event: globalThis.KeyboardEvent) => {
      if ((event.ctrlKey || event.metaKey) && event.shiftKey && event.key.toLowerCase() === 'f') {
        event.preventDefault();
        input.current?.focus();
        input.current?.select();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') void runSearch();
    else if (event.key === 'Escape') clearSearch();
    else if (event.key === 'ArrowDown') {
      event.preventDefault();
      document.querySelector<HTMLElement>('.search-hit')?.focus();
    }
  };

  return (
    <div className="search-box">
      <input
        ref={input}
        type="search"
        aria-label="Search sessions"
        placeholder="Search sessions (Ctrl+Shift+F)"
        value={query}
        onChange={event => setQuery(event.target.value)}
        onKeyDown={onKeyDown}
        data-testid="search-sessions"
      />
    </div>
  );
}

function HitItem({ hit, query, onOpen }: { hit: SearchHit; query: string; onOpen(): void }) {
  return (
    <li>
      <button
        type="button"
        className="search-hit"
        data-testid="search-hit"
        data-session-id={hit.sessionId}
        data-seq={hit.seq}
        onClick={onOpen}
      >
        <span className="search-hit-head">
          <span className="search-hit-session">
            {hit.session.label} · {when(hit.session.startedAt)}
          </span>
          <span className="search-hit-step">
            #{hit.seq} {hit.tool.replace(/^browser_/, '')}
          </span>
        </span>
        <span className="search-hit-excerpt">
          <span className="search-hit-field">{hit.field}</span>
          <Highlighted text={hit.excerpt} query={query} />
        </span>
      </button>
    </li>
  );
}

/** The last search's hits, in place of the session list while a search is shown; arrow keys move among them. */
export function SearchResultsList() {
  const results = useStore(state => state.searchResults);
  const query = useStore(state => state.searchQuery);
  const openHit = useStore(state => state.openHit);
  if (!results) return null;

  const onKeyDown = (event: KeyboardEvent<HTMLUListElement>) => {
    const hits = [...event.currentTarget.querySelectorAll<HTMLElement>('.search-hit')];
    const at = hits.indexOf(document.activeElement as HTMLElement);
    const moves: Record<string, number> = { ArrowDown: 1, ArrowUp: -1, Home: -Infinity, End: Infinity };
    const delta = moves[event.key];
    const box = document.querySelector<HTMLElement>('[data-testid=search-sessions]');
    if (event.key === 'Escape') {
      useStore.getState().clearSearch();
      box?.focus();
    }
    if (delta === undefined) return;
    event.preventDefault();
    if (at === 0 && delta === -1) return box?.focus();
    hits[
      Math.max(
        0,
        Math.min(hits.length - 1, at + (Number.isFinite(delta) ? delta : delta > 0 ? hits.length : -hits.length)),
      )
    ]?.focus();
  };

  const { hits, more, indexing, indexed } = results;
  return (
    <div className="search-results" data-testid="search-results">
      <p className="search-note" data-testid="search-note">
        {hits.length === 0 ? 'No steps match.' : `${hits.length}${more ? '+' : ''} step${hits.length === 1 ? '' : 's'}`}
        {indexing ? ` · indexing… (${indexed.toLocaleString()} steps so far)` : ''}
      </p>
      <ul className="search-hit-list" aria-label="Search results" onKeyDown={onKeyDown}>
        {hits.map(hit => (
          <HitItem key={`${hit.sessionId}:${hit.seq}`} hit={hit} query={query} onOpen={() => void openHit(hit)} />
        ))}
      </ul>
      {more ? <p className="search-note">More steps match: add words to narrow the search.</p> : null}
    </div>
  );
}
