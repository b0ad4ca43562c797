import { existsSync } from 'node:fs';
import { relative, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { writeReport } from '../report/report-writer';
import { listSessions } from '../sessions/session-reader';
import { findSession, type FoundSession } from './find-session';
import { log } from './process';

export interface ReportCliOptions {
  sessionDir?: string;
  latest?: boolean;
  output: string;
  zip: boolean;
}

const mb = (bytes: number) => `${(bytes / 2 ** 20).toFixed(1)} MB`;

/**
 * `agent-inspector report [session…]`: a folder that shows the runs in the inspector's own UI, read-only, from
 * file:// or any static host. Sessions as `export` takes them; none: every session of --session-dir (or the newest
 * with --latest). Exits non-zero only when the report could not be written.
 */
export async function runReport(targets: string[], options: ReportCliOptions, viewerDir: string) {
  if (!existsSync(resolve(viewerDir, 'viewer.js'))) throw new Error(`The report viewer is not built (${viewerDir}): run npm run build.`);
  const found: FoundSession[] = [];
  try {
    if (targets.length) {
      for (const target of targets) found.push(await findSession(target, { sessionDir: options.sessionDir }));
    } else {
      if (!options.sessionDir) throw new Error('Which sessions? Give session folders, .zip files or ids, or --session-dir DIR (every session there, or --latest).');
      const sessions = await listSessions(resolve(options.sessionDir));
      if (!sessions.length) throw new Error(`${options.sessionDir} holds no recorded sessions.`);
      for (const session of options.latest ? sessions.slice(0, 1) : sessions) found.push({ dir: session.dir, release: async () => {} });
    }
    const started = performance.now();
    const result = await writeReport({ sessions: found.map(session => session.dir), output: options.output, zips: options.zip, viewerDir, progress: line => log(`report: ${line}`) });
    const seconds = ((performance.now() - started) / 1_000).toFixed(1);
    const zips = options.zip ? `, session zips ${mb(result.zipBytes)}` : '';
    log(`Wrote ${options.output}/ (${result.runs} run${result.runs === 1 ? '' : 's'}, ${result.steps} steps) in ${seconds} s: data ${mb(result.dataBytes)}${zips}, viewer ${mb(result.viewerBytes)}.`);
    const index = resolve(options.output, 'index.html');
    const shown = relative(process.cwd(), index);
    log(`Open ${shown.startsWith('..') ? index : shown} in a browser, or: agent-inspector show-report ${options.output}`);
  } finally {
    for (const session of found) await session.release();
  }
}
