import { existsSync } from 'node:fs';
import { relative, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { writeReport } from '../report/report-writer';
import { SINGLE_FILE_WARNING_BYTES } from '../report/single-file';
import { listSessions } from '../sessions/session-reader';
import { findSession, type FoundSession } from './find-session';
import { log } from './process';

export interface ReportCliOptions {
  sessionDir?: string;
  latest?: boolean;
  output: string;
  zip: boolean;
  singleFile?: boolean;
}

/** `report`'s -o default (cli.ts): the folder, or with --single-file the file of that name plus .html. */
export const DEFAULT_OUTPUT = 'agent-inspector-report';

const mb = (bytes: number) => `${(bytes / 2 ** 20).toFixed(1)} MB`;

/**
 * `agent-inspector report [session…]`: a folder that shows the runs in the inspector's own UI, read-only, from
 * file:// or any static host. Sessions as `export` takes them; none: every session of --session-dir (or the newest
 * with --latest). Exits non-zero only when the report could not be written.
 */
export async function runReport(targets: string[], options: ReportCliOptions, viewerDir: string) {
  if (!existsSync(resolve(viewerDir, 'viewer.js')))
    throw new Error(`The report viewer is not built (${viewerDir}): run npm run build.`);
  const found: FoundSession[] = [];
  try {
    if (targets.length) {
      for (const target of targets) found.push(await findSession(target, { sessionDir: options.sessionDir }));
    } else {
      if (!options.sessionDir)
        throw new Error(
          'Which sessions? Give session folders, .zip files or ids, or --session-dir DIR (every session there, or --latest).',
        );
      const sessions = await listSessions(resolve(options.sessionDir));
      if (!sessions.length) throw new Error(`${options.sessionDir} holds no recorded sessions.`);
      for (const session of options.latest ? sessions.slice(0, 1) : sessions)
        found.push({ dir: session.dir, release: async () => {} });
    }
    // A single file is named for what it is unless -o names it.
    const output = options.singleFile && options.output === DEFAULT_OUTPUT ? `${DEFAULT_OUTPUT}.html` : options.output;
    const started = performance.now();
    const result = await writeReport({
      sessions: found.map(session => session.dir),
      output,
      zips: options.zip,
      singleFile: options.singleFile,
      viewerDir,
      progress: line => log(`report: ${line}`),
    });
    const seconds = ((performance.now() - started) / 1_000).toFixed(1);
    const runs = `${result.runs} run${result.runs === 1 ? '' : 's'}, ${result.steps} steps`;
    if (options.singleFile) {
      log(`Wrote ${output} (${runs}) in ${seconds} s: ${mb(result.dataBytes)}, everything inline (no session zips).`);
      if (result.dataBytes > SINGLE_FILE_WARNING_BYTES)
        log(
          `warning: ${output} is over ${mb(SINGLE_FILE_WARNING_BYTES)}: mail and chat tools may refuse it; a report folder (without --single-file) loads each run only when opened.`,
        );
      return;
    }
    const zips = options.zip ? `, session zips ${mb(result.zipBytes)}` : '';
    log(
      `Wrote ${output}/ (${runs}) in ${seconds} s: data ${mb(result.dataBytes)}${zips}, viewer ${mb(result.viewerBytes)}.`,
    );
    const index = resolve(output, 'index.html');
    const shown = relative(process.cwd(), index);
    log(`Open ${shown.startsWith('..') ? index : shown} in a browser, or: agent-inspector show-report ${output}`);
  } finally {
    for (const session of found) await session.release();
  }
}
