export const log = (message: string) => process.stderr.write(`${message}\n`);

/** Closes everything once, on the first of SIGINT, SIGTERM or the end of stdin. */
export function closeOnExit(close: () => Promise<void>, extraTriggers: NodeJS.EventEmitter[] = []) {
  let closing = false;
  const shutdown = () => {
    if (closing) return;
    closing = true;
    const forced = setTimeout(() => process.exit(0), 5_000);
    forced.unref();
    close().finally(() => process.exit(0));
  };
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);
  for (const trigger of extraTriggers) trigger.on('close', shutdown);
}
