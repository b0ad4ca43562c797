import { useEffect } from 'react';
import type { StepActivityView } from '../../../../shared/bridge';
import { useStore } from '../../store';
import { activityKey } from '../../store/activity';

/** The selected step's console and network entries (or all up to it), fetched when the selection changes. */
export function useStepActivity(): { seq?: number; upTo: boolean; view?: StepActivityView } {
  const key = useStore(activityKey);
  const seq = useStore(state => state.selectedSeq);
  const upTo = useStore(state => state.activityUpTo);
  const activity = useStore(state => state.activity);
  const loadActivity = useStore(state => state.loadActivity);
  useEffect(() => loadActivity(), [key, loadActivity]);
  return { seq, upTo, view: activity && activity.key === key ? activity.view : undefined };
}

/** The entries whose text contains every word of the filter, case-insensitively. */
export function matchesFilter(filter: string, ...texts: (string | number | undefined)[]): boolean {
  const words = filter.toLowerCase().split(/\s+/).filter(Boolean);
  if (!words.length) return true;
  const haystack = texts
    .filter(text => text !== undefined)
    .join(' ')
    .toLowerCase();
  return words.every(word => haystack.includes(word));
}
