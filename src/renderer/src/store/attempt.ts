import type { Store } from './types';

/** Runs a bridge call; a failure becomes a toast (and undefined), so no panel is left with an unhandled rejection. */
export async function attempt<T>(get: () => Store, call: Promise<T>): Promise<T | undefined> {
  try {
    return await call;
  } catch (error) {
    get().toast(error instanceof Error ? error.message : String(error));
    return undefined;
  }
}
