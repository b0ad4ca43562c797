import type { SearchHit, SearchResults, StepSummary } from '../../../shared/bridge';
import { inspector } from '../bridge/inspector';
import { attempt } from './attempt';
import type { Slice, Store } from './types';

/** While the core is still indexing recorded sessions, a search is run again this often, so results fill in. */
const REFRESH_WHILE_INDEXING_MS = 1_000;
/** The timeline's text filter asks for every matching step of the session (the bridge's upper bound). */
const FILTER_LIMIT = 5_000;

export interface TimelineFilter {
  /** '' : every tool. */
  tool: string;
  outcome: 'all' | 'ok' | 'error';
  text: string;
  /** The seqs whose text matched `text` (undefined until its first search answered). */
  matched?: ReadonlySet<number>;
}

export interface SearchSlice {
  /** "Search sessions" in the sessions panel: the query, and the results of the last search run for it. */
  searchQuery: string;
  searchResults?: SearchResults;
  setSearchQuery(query: string): void;
  runSearch(): Promise<void>;
  clearSearch(): void;
  /** Opens the hit's session (unless open) and selects its step. */
  openHit(hit: SearchHit): Promise<void>;
  timelineFilter: TimelineFilter;
  setTimelineFilter(change: Partial<Omit<TimelineFilter, 'matched'>>): void;
  /** Matches the text filter again (new steps arrived in the open session). */
  refilter(): Promise<void>;
}

export const NO_FILTER: TimelineFilter = { tool: '', outcome: 'all', text: '' };

export const filterActive = (filter: TimelineFilter) =>
  filter.tool !== '' || filter.outcome !== 'all' || filter.text.trim() !== '';

/** The open session's steps the timeline filter lets through (all of them when it is off). */
export function shownSteps(state: Pick<Store, 'opened' | 'timelineFilter'>): StepSummary[] {
  const steps = state.opened?.steps ?? [];
  const { tool, outcome, text, matched } = state.timelineFilter;
  if (!filterActive(state.timelineFilter)) return steps;
  return steps.filter(
    step =>
      (tool === '' || step.tool === tool) &&
      (outcome === 'all' || step.outcome === outcome) &&
      (text.trim() === '' || !!matched?.has(step.seq)),
  );
}

export const searchSlice: Slice<SearchSlice> = (set, get) => {
  let rerun: ReturnType<typeof setTimeout> | undefined;

  return {
    searchQuery: '',
    setSearchQuery(query) {
      set({ searchQuery: query });
      if (!query.trim()) set({ searchResults: undefined });
    },
    async runSearch() {
      clearTimeout(rerun);
      const query = get().searchQuery.trim();
      if (!query) return set({ searchResults: undefined });
      const results = await attempt(get, inspector.invoke('searchSessions', { query }));
      // Only the latest query's answer is shown: typing on sends several.
      if (!results || get().searchQuery.trim() !== query) return;
      set({ searchResults: results });
      if (results.indexing) rerun = setTimeout(() => void get().runSearch(), REFRESH_WHILE_INDEXING_MS);
    },
    clearSearch() {
      clearTimeout(rerun);
      set({ searchQuery: '', searchResults: undefined });
    },
    async openHit(hit) {
      if (get().openSessionId !== hit.sessionId || !get().opened) await get().openSession(hit.sessionId);
      if (get().openSessionId !== hit.sessionId) return;
      if (!shownSteps(get()).some(step => step.seq === hit.seq)) set({ timelineFilter: NO_FILTER });
      get().selectStep(hit.seq);
    },
    timelineFilter: NO_FILTER,
    setTimelineFilter(change) {
      const filter = { ...get().timelineFilter, ...change };
      // The previous text's matches stay until the new ones arrive, so the list does not flash empty as one types.
      set({ timelineFilter: filter.text.trim() ? filter : { ...filter, matched: undefined } });
      if (change.text !== undefined) void get().refilter();
    },
    async refilter() {
      const sessionId = get().openSessionId;
      const text = get().timelineFilter.text.trim();
      if (!sessionId || !/[\p{L}\p{N}]/u.test(text)) return;
      const results = await attempt(
        get,
        inspector.invoke('searchSessions', { query: text, sessionId, limit: FILTER_LIMIT }),
      );
      const current = get().timelineFilter;
      if (!results || get().openSessionId !== sessionId || current.text.trim() !== text) return;
      set({ timelineFilter: { ...current, matched: new Set(results.hits.map(hit => hit.seq)) } });
    },
  };
};
