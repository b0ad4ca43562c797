import { existsSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import { loadAppearedTexts } from '../sessions/assertions';
import { exportSpec, loadAriaCheckpoints } from '../sessions/export';
import { listSessions, openSession } from '../sessions/session-reader';
import { findSession, type SessionChoice } from './find-session';
import { log } from './process';

export interface ExportCliOptions extends SessionChoice {
  output?: string;
  title?: string;
  ariaCheckpoints?: boolean;
  force?: boolean;
}

/** Writes the @playwright/test spec of a recorded session to a file (its folders made as needed) or stdout. */
export async function runExport(target: string | undefined, options: ExportCliOptions) {
  const output = options.output && resolve(options.output);
  // Refused before any work: a spec someone edited is not silently replaced.
  if (output && existsSync(output) && !options.force) throw new Error(`${options.output} exists; add --force to replace it.`);
  const found = await findSession(target, options);
  try {
    const session = await openSession(found.dir);
    for (const warning of session.warnings) log(`warning: ${warning}`);
    const ariaCheckpoints = options.ariaCheckpoints ? await loadAriaCheckpoints(session) : undefined;
    const appeared = await loadAppearedTexts(session.steps, step => session.ariaSnapshot(step));
    const spec = exportSpec(session, { title: options.title, ariaCheckpoints, appeared });
    if (!output) {
      process.stdout.write(spec);
      return;
    }
    await mkdir(dirname(output), { recursive: true });
    await writeFile(output, spec);
    log(`Wrote ${options.output} (${session.steps.length} recorded calls). Run it with: npx playwright test ${options.output}`);
  } finally {
    await found.release();
  }
}

/** `agent-inspector sessions [dir]`: one line per recorded session, newest first. */
export async function runSessions(root: string) {
  const sessions = await listSessions(resolve(root));
  if (!sessions.length) log(`No recorded sessions in ${root}.`);
  for (const session of sessions) {
    const state = session.complete ? 'complete' : 'interrupted or live';
    process.stdout.write(`${session.dir}\t${new Date(session.meta.startedAt).toISOString()}\t${session.steps} calls\t${state}\t${session.url ?? ''}\n`);
  }
}
