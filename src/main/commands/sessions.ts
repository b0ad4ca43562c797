import { writeFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { exportSpec, loadAriaCheckpoints } from '../sessions/export';
import { listSessions, openSession } from '../sessions/session-reader';
import { log } from './process';

/** Writes the @playwright/test spec of a recorded session to a file or stdout. */
export async function runExport(dir: string, options: { output?: string; title?: string; ariaCheckpoints?: boolean }) {
  const session = await openSession(resolve(dir));
  for (const warning of session.warnings) log(`warning: ${warning}`);
  const ariaCheckpoints = options.ariaCheckpoints ? await loadAriaCheckpoints(session) : undefined;
  const spec = exportSpec(session, { title: options.title, ariaCheckpoints });
  if (!options.output) {
    process.stdout.write(spec);
    return;
  }
  await writeFile(options.output, spec);
  log(`Wrote ${options.output} (${session.steps.length} recorded calls). Run it with: npx playwright test ${options.output}`);
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
