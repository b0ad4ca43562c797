import { setTimeout as sleep } from 'node:timers/promises';
import { McpClientError } from './errors';

/** How often and how patiently a failed command or connection attempt is repeated. */
export interface RetryPolicy {
  /** Retries after the first attempt (default 3, so at most 4 attempts). */
  retries: number;
  /** Delay before the first retry in ms, doubled before each next one (default 2000: 2 s, 4 s, 8 s). */
  baseDelay: number;
}

/** 3 retries after 2, 4 and 8 seconds, as seed 004 specifies. */
export const DEFAULT_RETRY_POLICY: Readonly<RetryPolicy> = { retries: 3, baseDelay: 2_000 };

/** The delay before retry number `retry` (1-based): exponential backoff, `baseDelay · 2^(retry-1)`. */
export function backoffDelay(policy: RetryPolicy, retry: number): number {
  return policy.baseDelay * 2 ** (retry - 1);
}

/** Every delay the policy would wait, in order. */
export function backoffDelays(policy: RetryPolicy): number[] {
  return Array.from({ length: policy.retries }, (_, i) => backoffDelay(policy, i + 1));
}

/** Reported before each retry's wait, to the client's `retry` listeners and logger. */
export interface RetryEvent {
  /** The command or `connect`. */
  operation: string;
  /** Which retry this is, 1-based. */
  retry: number;
  retries: number;
  /** How long the client waits before it, in ms. */
  delay: number;
  /** The failure being retried. */
  error: McpClientError;
}

/** What withRetry() retries and whom it tells. */
export interface RetryOptions {
  operation: string;
  policy: RetryPolicy;
  onRetry?: (event: RetryEvent) => void;
  /** Stops retrying (the last error is thrown) once aborted, also in the middle of a wait. */
  signal?: AbortSignal;
}

/**
 * Runs `attempt` until it succeeds, fails with an error that is not retryable, the retries run out or `signal`
 * aborts. Only client errors flagged retryable (connection, timeout, browser) are retried; anything else — a bug, a
 * bad argument — is thrown at once, as it is.
 */
export async function withRetry<T>(attempt: (attemptNumber: number) => Promise<T>, options: RetryOptions): Promise<T> {
  for (let retry = 0; ; retry++) {
    try {
      return await attempt(retry + 1);
    } catch (error) {
      if (
        !(error instanceof McpClientError) ||
        !error.retryable ||
        retry >= options.policy.retries ||
        options.signal?.aborted
      )
        throw error;
      const delay = backoffDelay(options.policy, retry + 1);
      options.onRetry?.({
        operation: options.operation,
        retry: retry + 1,
        retries: options.policy.retries,
        delay,
        error,
      });
      try {
        await sleep(delay, undefined, { signal: options.signal });
      } catch {
        throw error;
      }
    }
  }
}
