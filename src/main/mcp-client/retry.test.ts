import { expect, test } from '@playwright/test';
import { BrowserError, CommandTimeoutError, ConnectionError, ElementNotFoundError, ToolError } from './errors';
import { backoffDelay, backoffDelays, DEFAULT_RETRY_POLICY, withRetry, type RetryEvent } from './retry';

test('default backoff: 3 retries after 2, 4 and 8 seconds', () => {
  expect(DEFAULT_RETRY_POLICY).toEqual({ retries: 3, baseDelay: 2000 });
  expect(backoffDelays(DEFAULT_RETRY_POLICY)).toEqual([2000, 4000, 8000]);
  expect(backoffDelays({ retries: 4, baseDelay: 10 })).toEqual([10, 20, 40, 80]);
  expect(backoffDelay({ retries: 0, baseDelay: 500 }, 3)).toBe(2000);
  expect(backoffDelays({ retries: 0, baseDelay: 500 })).toEqual([]);
});

/** Runs withRetry over an attempt that throws `errors` in turn, then succeeds; records attempts and retry events. */
async function run(errors: Error[], retries = 3) {
  const events: RetryEvent[] = [];
  let attempts = 0;
  const started = Date.now();
  const outcome = await withRetry(
    async () => {
      const error = errors[attempts++];
      if (error) throw error;
      return 'done';
    },
    { operation: 'click', policy: { retries, baseDelay: 10 }, onRetry: event => events.push(event) },
  ).catch((error: Error) => error);
  return { outcome, attempts, events, elapsed: Date.now() - started };
}

test('connection, timeout and browser errors are retried with growing delays', async () => {
  const { outcome, attempts, events, elapsed } = await run([
    new ConnectionError('gone'),
    new CommandTimeoutError('slow'),
    new BrowserError('closed'),
  ]);
  expect(outcome).toBe('done');
  expect(attempts).toBe(4);
  expect(events.map(e => [e.retry, e.retries, e.delay, e.error.kind, e.operation])).toEqual([
    [1, 3, 10, 'connection', 'click'],
    [2, 3, 20, 'timeout', 'click'],
    [3, 3, 40, 'browser', 'click'],
  ]);
  expect(elapsed).toBeGreaterThanOrEqual(70);
});

test('element-not-found and tool errors are never retried', async () => {
  for (const error of [new ElementNotFoundError('#x'), new ToolError('Invalid arguments')]) {
    const { outcome, attempts, events } = await run([error]);
    expect(outcome).toBe(error);
    expect(attempts).toBe(1);
    expect(events).toEqual([]);
  }
});

test('gives up after the configured retries with the last error', async () => {
  const last = new CommandTimeoutError('third');
  const { outcome, attempts, events } = await run(
    [new CommandTimeoutError('first'), new CommandTimeoutError('second'), last],
    2,
  );
  expect(outcome).toBe(last);
  expect(attempts).toBe(3);
  expect(events).toHaveLength(2);
});

test('errors that are not client errors (bugs, bad arguments) are thrown as they are, without retrying', async () => {
  const bug = new TypeError('x is not a function');
  const { outcome, attempts } = await run([bug]);
  expect(outcome).toBe(bug);
  expect(attempts).toBe(1);
});

test('an abort stops the wait and throws the last error', async () => {
  const controller = new AbortController();
  const started = Date.now();
  const error = await withRetry(
    async () => {
      throw new ConnectionError('down');
    },
    {
      operation: 'connect',
      policy: { retries: 3, baseDelay: 5_000 },
      signal: controller.signal,
      onRetry: () => setTimeout(() => controller.abort(), 20),
    },
  ).catch((e: Error) => e);
  expect(error).toBeInstanceOf(ConnectionError);
  expect(Date.now() - started).toBeLessThan(2_000);
});
