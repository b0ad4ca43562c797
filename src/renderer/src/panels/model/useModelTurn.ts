import { useEffect, useState } from 'react';
import type { ModelTurn } from '../../../../shared/spans';
import { inspector } from '../../bridge/inspector';
import { useStore } from '../../store';

/** Turns fetched whole, by session and span id: going back and forth between steps asks again for none of them. */
const cache = new Map<string, ModelTurn>();
const CACHED = 64;

/** A model turn whole (its messages can be long: the lane holds summaries only), fetched when a step shows it. */
export function useModelTurn(sessionId: string | undefined, spanId: string | undefined): ModelTurn | undefined {
  const toast = useStore(state => state.toast);
  const key = sessionId && spanId ? `${sessionId}:${spanId}` : undefined;
  const [fetched, setFetched] = useState<{ key: string; turn: ModelTurn }>();
  useEffect(() => {
    if (!key || cache.has(key)) return;
    let current = true;
    inspector.invoke('modelTurn', { sessionId: sessionId!, spanId: spanId! }).then(
      turn => {
        cache.set(key, turn);
        if (cache.size > CACHED) cache.delete(cache.keys().next().value!);
        if (current) setFetched({ key, turn });
      },
      error => current && toast(error instanceof Error ? error.message : String(error)),
    );
    return () => {
      current = false;
    };
  }, [key, sessionId, spanId, toast]);
  if (!key) return undefined;
  return cache.get(key) ?? (fetched?.key === key ? fetched.turn : undefined);
}
