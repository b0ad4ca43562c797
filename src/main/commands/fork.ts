import { dirname } from 'node:path';
import type { CliOptions } from '../cli-options';
import { withFork } from '../config';
import { formatRestore, restore } from '../fork/restore';
import { restorePoint, type RestoreMethod } from '../fork/restore-point';
import { McpSession } from '../mcp/session';
import { openSession } from '../sessions/session-reader';
import { findSession } from './find-session';
import { runMcp } from './mcp';
import { log } from './process';

export interface ForkCliOptions extends CliOptions {
  at: string;
  method?: RestoreMethod | 'auto';
}

/** The recording, where the fork starts in it and where the fork is recorded; a bad input is reported and undefined. */
async function forkPoint(target: string, at: number, options: ForkCliOptions) {
  try {
    const found = await findSession(target, { sessionDir: options.sessionDir });
    // A .zip is unpacked to a scratch folder that goes away: its fork needs a folder of its own to be recorded in.
    if (/\.zip$/i.test(target) && !options.sessionDir) {
      await found.release();
      return fail('a fork of a .zip is recorded under --session-dir: give one.');
    }
    const recording = await openSession(found.dir);
    return {
      recording,
      point: restorePoint(recording, at, options.method ?? 'auto'),
      sessionDir: options.sessionDir ?? dirname(found.dir),
    };
  } catch (error) {
    return fail(error instanceof Error ? error.message : String(error));
  }
}

/**
 * `agent-inspector fork SESSION --at N`: an MCP server (stdio, or HTTP with --port) whose every session starts from the
 * state after step N of a recorded session, and is recorded as its continuation (`forkOf`), by default beside it.
 * (--method is one of its choices: the command line checks it.)
 */
export async function runFork(target: string, options: ForkCliOptions, uiDir?: string) {
  const at = Number(options.at);
  if (!Number.isInteger(at) || at < 1) return fail(`--at must be a step number (1 or more), not "${options.at}".`);
  const fork = await forkPoint(target, at, options);
  if (!fork) return;
  const { recording, point, sessionDir } = fork;
  const parent = recording.meta.id;
  log(
    `Forking session ${parent} after step ${at} (${point.method === 'state' ? 'restoring its storage state and URL' : 'replaying its steps'}); recording into ${sessionDir}.`,
  );
  await runMcp(
    {
      ...options,
      sessionDir,
      // A fork starts from the recording, never from a profile on disk (unless one is asked for).
      isolated: options.userDataDir ? options.isolated : true,
    },
    {
      // Every session is a fork: its browser context starts with the cookies and local storage as they were after the step.
      configure: config =>
        withFork(config, { origin: { session: parent, step: at }, storageState: point.storageState }),
      attach: core =>
        core.bus.subscribe(event => {
          if (event.type !== 'session-started') return;
          const session = core.session(event.sessionId);
          if (!(session instanceof McpSession)) return;
          void restore(session, recording, point, core.config.secrets).then(report => {
            for (const line of formatRestore(report)) log(`fork ${event.sessionId.slice(0, 8)}: ${line}`);
          });
        }),
    },
    uiDir,
  );
}

function fail(message: string): undefined {
  log(`agent-inspector fork: ${message}`);
  process.exitCode = 2;
  return undefined;
}
