import { InvalidArgumentError, Option, type Command } from 'commander';
import { defaultDebugConfig, type DebugConfig } from './config';
import { parseCondition } from '../shared/debugger';

/** The live debugger's flags (see src/main/debugger). */
export interface DebugCliOptions {
  pauseOnStart?: boolean;
  pauseOn?: string[];
  pauseTimeout?: number;
  /** `mcp` only: also serve the inspector UI (`true`), on this port over stdio (a number). */
  ui?: boolean | number;
}

/** Repeatable; the variable holds one condition per line. A malformed one is refused with the accepted forms. */
const conditions = (value: string, previous: string[] = []) => {
  const added = value
    .split('\n')
    .map(line => line.trim())
    .filter(Boolean);
  for (const condition of added) {
    try {
      parseCondition(condition);
    } catch (error) {
      throw new InvalidArgumentError((error as Error).message);
    }
  }
  return [...previous, ...added];
};

const timeout = (value: string) => {
  const n = Number(value);
  if (!Number.isInteger(n) || n <= 0)
    throw new InvalidArgumentError(`--pause-timeout expects a positive whole number of milliseconds, got "${value}".`);
  return n;
};

const uiPort = (value: string) => {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0 || n > 65535)
    throw new InvalidArgumentError(`--ui expects a port number from 0 to 65535, got "${value}".`);
  return n;
};

export function addDebugOptions(command: Command, { ui = false } = {}): Command {
  command
    .addOption(
      new Option(
        '--pause-on-start',
        'hold the first tool call of every new session until a person continues it in the inspector',
      ).env('AGENT_INSPECTOR_PAUSE_ON_START'),
    )
    .addOption(
      new Option(
        '--pause-on <condition>',
        'pause a session where this breakpoint hits (repeatable): tool:<name>[,<name>…], target:<text>, url:<glob>, error, console-error, text:<string>',
      )
        .argParser(conditions)
        .env('AGENT_INSPECTOR_PAUSE_ON'),
    )
    .addOption(
      new Option(
        '--pause-timeout <ms>',
        'how long a held call waits for a person before it runs as sent (default 600000: 10 minutes)',
      )
        .argParser(timeout)
        .env('AGENT_INSPECTOR_PAUSE_TIMEOUT'),
    );
  if (ui) {
    command.addOption(
      new Option(
        '--ui [port]',
        'also serve the inspector UI: on the --port server, or over stdio on this loopback port (default: any free one); the pause flags turn it on',
      )
        .argParser(uiPort)
        .env('AGENT_INSPECTOR_UI'),
    );
  }
  return command;
}

/** Whether the flags ask for a person to act on running sessions: `mcp` then serves the UI too. */
export const wantsDebugger = (options: DebugCliOptions) =>
  (options.ui !== undefined && options.ui !== false) || !!options.pauseOnStart || !!options.pauseOn?.length;

export function debugConfigFrom(options: DebugCliOptions): DebugConfig {
  const defaults = defaultDebugConfig();
  return {
    pauseOnStart: !!options.pauseOnStart,
    pauseTimeoutMs: options.pauseTimeout ?? defaults.pauseTimeoutMs,
    pauseOn: options.pauseOn ?? [],
  };
}

/** The desktop app has no command line: the same settings from the flags' environment variables. */
export function debugConfigFromEnv(env: NodeJS.ProcessEnv = process.env): DebugConfig {
  const on = (value: string | undefined) => !!value && !/^(0|false|no|off)$/i.test(value);
  return debugConfigFrom({
    pauseOnStart: on(env.AGENT_INSPECTOR_PAUSE_ON_START),
    ...(env.AGENT_INSPECTOR_PAUSE_ON && { pauseOn: conditions(env.AGENT_INSPECTOR_PAUSE_ON) }),
    ...(env.AGENT_INSPECTOR_PAUSE_TIMEOUT && { pauseTimeout: timeout(env.AGENT_INSPECTOR_PAUSE_TIMEOUT) }),
  });
}

/** One line at start when the flags ask for pauses, so a person knows calls will wait for them. */
export function describeDebugConfig(config: DebugConfig | undefined): string | undefined {
  if (!config || (!config.pauseOnStart && !config.pauseOn.length)) return undefined;
  const what = [
    config.pauseOnStart ? "each session's first call" : '',
    config.pauseOn.length ? `breakpoints ${config.pauseOn.join(', ')}` : '',
  ]
    .filter(Boolean)
    .join(' and ');
  return `Pausing on ${what}: continue held calls in the inspector UI (they run as sent after ${Math.round(config.pauseTimeoutMs / 1000)} s).`;
}
