import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { PAIR_MARK, type ComparedPair, type Comparison } from '../../shared/comparison';
import { compareReplay } from '../compare/replay';
import { CAPABILITIES } from '../config';
import { McpBrowserClient, type ServerSpec } from '../mcp-client';
import {
  describeDrift,
  isFailure,
  LookupCountingClient,
  Replayer,
  type DriftReport,
  type StepOutcome,
} from '../replay';
import { listSessions, openSession } from '../sessions/session-reader';
import { loadSecrets } from '../secrets';
import { formatComparison } from './compare';
import { findSession, type SessionChoice } from './find-session';
import { log } from './process';
import { promptHidden } from './secret-prompt';

export interface ReplayCliOptions extends SessionChoice {
  to?: string;
  server?: string;
  json?: boolean;
  stopOnDrift?: boolean;
  secrets?: string;
  /**
   * Records the replay and prints it compared with the recording, step by step, as `compare` does: on by default on
   * the inspector replay starts itself (`--no-compare` turns it off); a --server's runs are not recorded.
   */
  compare?: boolean;
}

/**
 * `agent-inspector replay <session>`: runs a recorded session again on a fresh browser — by default this inspector's
 * own server, spawned over stdio in a scratch folder — and prints where it drifted, in the words of `compare`. Exit
 * code 0 only when every step replayed without drift (the replay's verdict: a page that only differs between steps
 * the replay does not check is in the comparison, not in the exit code).
 */
export async function runReplay(target: string | undefined, options: ReplayCliOptions) {
  const to = options.to === undefined ? undefined : Number(options.to);
  if (to !== undefined && (!Number.isInteger(to) || to <= 0))
    throw new Error(`--to expects a recorded step number (1 or more), got "${options.to}".`);
  const found = await findSession(target, options);
  try {
    await replayFolder(found.dir, to, options);
  } finally {
    await found.release();
  }
}

async function replayFolder(dir: string, to: number | undefined, options: ReplayCliOptions) {
  const session = await openSession(dir);
  for (const warning of session.warnings) log(`warning: ${warning}`);

  // Our own server keeps its output (Browser State is off, screenshots the session asks for) in a folder of its own,
  // and returns each step's whole snapshot inline: what drift is measured against.
  const scratch = options.server ? undefined : await mkdtemp(join(tmpdir(), 'agent-inspector-replay-'));
  if (options.secrets && options.server)
    throw new Error(
      '--secrets applies to the inspector replay starts itself; give a --server its secrets in its own command line.',
    );
  if (options.compare && options.server)
    throw new Error(
      '--compare records the replay on the inspector replay starts itself; it cannot be used with --server.',
    );
  // The replay is recorded beside its output, to be compared with the recording once it has ended.
  const replayed = scratch && options.compare !== false ? join(scratch, 'replayed') : undefined;
  const secrets = options.secrets ? ['--secrets', resolve(options.secrets)] : [];
  // A value the recording masked comes from this file first, then the environment.
  const fileSecrets = options.secrets ? loadSecrets(resolve(options.secrets)) : {};
  // Values typed at the prompt: in memory for this replay only.
  const entered: Record<string, string> = {};
  // Every tool group on: the recording may hold calls of any of them.
  const caps = ['--caps', CAPABILITIES.join(',')];
  const server: ServerSpec = options.server ?? {
    command: process.execPath,
    args: [
      process.argv[1],
      'mcp',
      '--headless',
      '--isolated',
      '--no-dom-state',
      '--snapshot-mode',
      'inline',
      ...caps,
      ...secrets,
      ...(replayed ? ['--session-dir', replayed] : []),
    ],
    cwd: scratch,
  };
  const total = session.steps.filter(step => to === undefined || step.seq <= to).length;
  let report: DriftReport;
  let comparison: Comparison | undefined;
  try {
    // One retry: a replay should report a flaky step, not hide it behind the client's default 14 s of backoff.
    const client = await McpBrowserClient.connect(server, {
      logger: { warn: log },
      retry: { retries: 1, baseDelay: 1000 },
      failureScreenshots: false,
    });
    const lookups = new LookupCountingClient(client);
    try {
      let started = 0;
      const replayer = new Replayer(session, lookups, {
        stopOnDrift: options.stopOnDrift,
        secret: name => fileSecrets[name] || process.env[name] || entered[name],
        // On a terminal, a value neither gives is asked for once, unechoed; elsewhere the step fails naming it.
        ...(process.stdin.isTTY && { askSecrets: names => askOnTerminal(names, entered) }),
        onStepStart: step => log(`[${++started}/${total}] ${step.seq} ${step.tool}…`),
      });
      report = to === undefined ? await replayer.runAll() : await replayer.runTo(to);
    } finally {
      // The server ends with the connection, writing the replay's recording to its end.
      await client.disconnect();
    }
    if (replayed)
      comparison = await compareReplay(session, await openSession(await onlySession(replayed)), report, lookups);
  } finally {
    if (scratch) await rm(scratch, { recursive: true, force: true });
  }
  if (options.json)
    process.stdout.write(`${JSON.stringify(comparison ? { ...report, comparison } : report, null, 2)}\n`);
  else
    process.stdout.write(
      comparison ? `${formatReport(report, comparison)}\n${formatComparison(comparison)}\n` : formatReport(report),
    );
  process.exitCode = report.summary.clean ? 0 : 1;
}

/** The one session a replay recorded into its folder. */
async function onlySession(root: string): Promise<string> {
  const [summary] = await listSessions(root);
  if (!summary) throw new Error('The replay was not recorded: there is nothing to compare.');
  return summary.dir;
}

async function askOnTerminal(names: string[], entered: Record<string, string>) {
  for (const name of names) {
    if (entered[name] !== undefined) continue;
    entered[name] = await promptHidden(`The recording masked ${name}; its value (not shown, Enter when done): `);
  }
}

/**
 * One line per step (seq, tool, target, duration, status), its drift indented below, then the summary. With the
 * comparison, what differs at a step that drifted is its pair's line (`~ url: … → …`, and the aria diff); only why a
 * step could not run (its target, its call's error) is the replay's own.
 */
export function formatReport(report: DriftReport, comparison?: Comparison): string {
  const pairs = new Map(comparison?.pairs.flatMap(pair => (pair.a ? [[pair.a.seq, pair] as const] : [])));
  const lines = report.steps.flatMap(outcome => [
    stepLine(outcome),
    ...driftLines(outcome, pairs.get(outcome.seq)).map(line => `      ${line}`),
  ]);
  const { summary } = report;
  const counts = `${summary.ok} ok, ${summary.drift} drift, ${summary.failed} failed, ${summary.skipped} skipped${summary.notRun ? `, ${summary.notRun} not run` : ''}`;
  lines.push('', `${summary.steps} steps up to ${report.to}: ${counts} (${(summary.durationMs / 1000).toFixed(1)} s).`);
  if (summary.stopped) lines.push(`Stopped after step ${summary.stopped.seq}: ${summary.stopped.reason}.`);
  lines.push(summary.clean ? 'Replayed without drift.' : 'The replay drifted from the recording.');
  return `${lines.join('\n')}\n`;
}

function driftLines(outcome: StepOutcome, pair: ComparedPair | undefined): string[] {
  if (!outcome.drift.length) return [];
  // A pair the comparison finds the same (a URL differing only in its query) leaves the replay's own words.
  const compared = pair && pair.status !== 'same' ? pair : undefined;
  const lines = (compared ? outcome.drift.filter(isFailure) : outcome.drift).flatMap(drift =>
    describeDrift(drift).split('\n'),
  );
  if (compared)
    lines.push(
      `${PAIR_MARK[compared.status]} ${compared.differences.join('; ')}`,
      ...(compared.ariaDiff?.split('\n').map(line => `  ${line}`) ?? []),
    );
  return lines;
}

function stepLine(outcome: StepOutcome): string {
  const who = outcome.actor === 'human' ? ' (by hand)' : outcome.via ? ` (via ${outcome.via})` : '';
  const status = outcome.status === 'skipped' ? `skipped: ${outcome.skipped}` : outcome.status;
  return `${String(outcome.seq).padStart(4)}  ${outcome.tool}${outcome.target ? ` ${outcome.target}` : ''}${who}  ${outcome.durationMs} ms  ${status}`;
}
