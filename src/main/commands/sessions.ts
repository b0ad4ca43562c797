import { existsSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import { loadAppearedTexts } from '../sessions/assertions';
import { analyzeLocators, recordedTestIdAttribute } from '../locators/analysis';
import { readChoices, withChoice, writeChoices, type SavedChoices } from '../locators/choices';
import { formatReport } from '../locators/report';
import { exportSpec, loadAriaCheckpoints } from '../sessions/export';
import type { RecordedSession } from '../sessions/session-reader';
import { listSessions, openSession } from '../sessions/session-reader';
import { findSession, type SessionChoice } from './find-session';
import { log } from './process';

export interface ExportCliOptions extends SessionChoice {
  output?: string;
  title?: string;
  ariaCheckpoints?: boolean;
  force?: boolean;
  /** Print the locator report (Markdown) to stdout: instead of the spec without --output, besides it with. */
  report?: boolean;
  testIdAttribute?: string;
  /** `<step>[.<target>]=<n>`: locate that step's target by the report's candidate n from now on (saved with the session). */
  choose?: string[];
}

/** Writes the @playwright/test spec of a recorded session to a file (its folders made as needed) or stdout. */
export async function runExport(target: string | undefined, options: ExportCliOptions) {
  const output = options.output && resolve(options.output);
  // Refused before any work: a spec someone edited is not silently replaced.
  if (output && existsSync(output) && !options.force)
    throw new Error(`${options.output} exists; add --force to replace it.`);
  const found = await findSession(target, options);
  try {
    const session = await openSession(found.dir);
    for (const warning of session.warnings) log(`warning: ${warning}`);
    const ariaCheckpoints = options.ariaCheckpoints ? await loadAriaCheckpoints(session) : undefined;
    const appeared = await loadAppearedTexts(session.steps, step => session.ariaSnapshot(step));
    const { saved, report, testIdAttribute } = await locatorChoices(session, options);
    const spec = exportSpec(session, {
      title: options.title,
      ariaCheckpoints,
      appeared,
      locatorChoices: saved.choices,
      testIdAttribute,
    });
    if (report) process.stdout.write(formatReport(report));
    if (!output) {
      if (!report) process.stdout.write(spec);
      return;
    }
    await mkdir(dirname(output), { recursive: true });
    await writeFile(output, spec);
    log(
      `Wrote ${options.output} (${session.steps.length} recorded calls). Run it with: npx playwright test ${options.output}`,
    );
  } finally {
    await found.release();
  }
}

/**
 * The session's saved locator picks, with the --choose ones added (and saved: the UI and later exports use them), and
 * the locator report when one is wanted or the picks need checking against it.
 */
async function locatorChoices(session: RecordedSession, options: ExportCliOptions) {
  let saved: SavedChoices = await readChoices(session.dir);
  const testIdAttribute = options.testIdAttribute ?? saved.testIdAttribute;
  if (!options.report && !options.choose?.length)
    return { saved, testIdAttribute: testIdAttribute ?? recordedTestIdAttribute(session.steps) };
  let report = await analyzeLocators(session, { choices: saved.choices, testIdAttribute });
  if (options.choose?.length) {
    let choices = saved.choices;
    for (const choose of options.choose) {
      const match = choose.match(/^(\d+)(?:\.(\d+))?=(\d+)$/);
      if (!match)
        throw new Error(`--choose ${choose}: expected <step>[.<target>]=<candidate number>, e.g. 4=1 (see --report).`);
      const [seq, target, number] = [Number(match[1]), Number(match[2] ?? 1) - 1, Number(match[3])];
      const candidates = report.targets.find(t => t.seq === seq && t.target === target)?.candidates;
      const code = candidates?.[number - 1]?.code;
      if (candidates && !code)
        throw new Error(`--choose ${choose}: step ${seq} has candidates 1 to ${candidates.length}.`);
      choices = withChoice(choices, report, { seq, target, code: code ?? '' });
    }
    saved = { ...(testIdAttribute && { testIdAttribute }), choices };
    await writeChoices(session.dir, saved);
    report = await analyzeLocators(session, { choices, testIdAttribute });
  }
  return { saved, report: options.report ? report : undefined, testIdAttribute: report.testIdAttribute };
}

/** `agent-inspector sessions [dir]`: one line per recorded session, newest first. */
export async function runSessions(root: string) {
  const sessions = await listSessions(resolve(root));
  if (!sessions.length) log(`No recorded sessions in ${root}.`);
  for (const session of sessions) {
    const state = session.complete ? 'complete' : 'interrupted or live';
    process.stdout.write(
      `${session.dir}\t${new Date(session.meta.startedAt).toISOString()}\t${session.steps} calls\t${state}\t${session.url ?? ''}\n`,
    );
  }
}
