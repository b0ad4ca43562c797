// The parsers of flag values (commander argParsers): each checks one value and refuses it with InvalidArgumentError.
import { InvalidArgumentError } from 'commander';
import { peerSnapshotMode, SNAPSHOT_MODES, type SnapshotMode } from '../shared/snapshot-modes';
import { CAPABILITIES, type Capability } from './config';

export const list = (value: string) =>
  value
    .split(/[;,]/)
    .map(s => s.trim())
    .filter(Boolean);

export const positiveInt = (flag: string) => (value: string) => {
  const n = Number(value);
  if (!Number.isInteger(n) || n <= 0)
    throw new InvalidArgumentError(`${flag} expects a positive whole number of milliseconds, got "${value}".`);
  return n;
};

/** Host names, repeatable, each value possibly a comma (or semicolon) separated list. */
export const hostList = (value: string, previous: string[] = []) => [...previous, ...list(value)];

export const count = (flag: string) => (value: string) => {
  const n = Number(value);
  if (!Number.isInteger(n) || n <= 0)
    throw new InvalidArgumentError(`${flag} expects a positive whole number, got "${value}".`);
  return n;
};

export const snapshotMode = (value: string): SnapshotMode => {
  const mode = peerSnapshotMode(value);
  if (!(SNAPSHOT_MODES as string[]).includes(mode))
    throw new InvalidArgumentError(`expected one of ${SNAPSHOT_MODES.join(', ')} or full, got "${value}".`);
  return mode as SnapshotMode;
};

export const httpUrl = (value: string) => {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new InvalidArgumentError(`expected an http(s) URL, got "${value}".`);
  }
  if (!/^https?:$/.test(url.protocol)) throw new InvalidArgumentError(`expected an http(s) URL, got "${value}".`);
  return value;
};

export const port = (value: string) => {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0 || n > 65535)
    throw new InvalidArgumentError(`expected a port number from 0 to 65535, got "${value}".`);
  return n;
};

export const viewport = (value: string) => {
  const m = value.match(/^(\d+)\s*[x,]\s*(\d+)$/);
  if (!m) throw new InvalidArgumentError(`expected WIDTHxHEIGHT such as 1280x720, got "${value}".`);
  return { width: Number(m[1]), height: Number(m[2]) };
};

/** An HTML attribute name, e.g. data-qa: what getByTestId reads. */
export const attributeName = (value: string) => {
  if (!/^[A-Za-z_][\w.:-]*$/.test(value))
    throw new InvalidArgumentError(`expected an HTML attribute name such as data-qa, got "${value}".`);
  return value;
};

/**
 * `--caps vision,pdf`; `tracing` is the peer's alias of `devtools`. A name the peer would ignore is ignored with a
 * warning rather than refused, so a command line written for @playwright/mcp starts here too.
 */
export const caps = (value: string): Capability[] =>
  list(value).flatMap(name => {
    if (name === 'tracing') return ['devtools' as const];
    if ((CAPABILITIES as readonly string[]).includes(name)) return [name as Capability];
    process.stderr.write(`--caps: ignoring unknown capability "${name}" (known: ${CAPABILITIES.join(', ')}).\n`);
    return [];
  });

/** Tokens travel in URLs and headers: printable, no spaces, long enough not to be guessed. */
export function token(value: string): string {
  if (!/^[A-Za-z0-9._~+/=-]{16,512}$/.test(value))
    throw new InvalidArgumentError('a token is 16 to 512 characters of letters, digits and . _ ~ + / = -');
  return value;
}
