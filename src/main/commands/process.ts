export const log = (message: string) => process.stderr.write(`${message}\n`);

/**
 * Closes everything once, on the first of SIGINT, SIGTERM, a `close` of one of `extraTriggers` (the end of stdin) or
 * an error of one of `outputs` (stdout of a stdio server: EPIPE once its client has gone, which is no bug).
 */
export function closeOnExit(
  close: () => Promise<void>,
  extraTriggers: NodeJS.EventEmitter[] = [],
  outputs: NodeJS.EventEmitter[] = [],
) {
  let closing = false;
  const shutdown = () => {
    if (closing) return;
    closing = true;
    const forced = setTimeout(() => process.exit(0), 5_000);
    forced.unref();
    close()
      .catch(error => console.error(`Closing failed: ${error instanceof Error ? error.message : error}`))
      .finally(() => process.exit(0));
  };
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);
  for (const trigger of extraTriggers) trigger.on('close', shutdown);
  for (const output of outputs) output.on('error', shutdown);
}

/** The line a server logs for an error nothing handled: recognizable, so a test or a log search can look for it. */
const UNHANDLED_PREFIX = 'agent-inspector: BUG, unhandled';

/**
 * For the long-running servers (mcp, serve): an error no code path handled is a bug, logged with its stack, but it
 * must not end every other client's session with it. One-shot commands keep Node's default of failing.
 */
export function keepServingThroughBugs() {
  const report = (kind: string) => (error: unknown) => {
    // What the agent's browser_run_code_unsafe left unhandled fails that call (mcp/tools/evaluate.ts): not ours.
    if (error && typeof error === 'object' && Symbol.for('agent-inspector.agent-code-error') in error) return;
    log(`${UNHANDLED_PREFIX} ${kind} (still serving): ${error instanceof Error ? error.stack : String(error)}`);
  };
  process.on('unhandledRejection', report('rejection'));
  process.on('uncaughtException', report('exception'));
}
