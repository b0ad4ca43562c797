import { cp, mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { basename, dirname, join, resolve } from 'node:path';
import { isSensitiveHeader } from '../../shared/activity';
import type { BridgeReply, InspectorStatus, OpenedSession, SessionInfo, StepActivityView } from '../../shared/bridge';
import { PAIR_STATUS, type Comparison } from '../../shared/comparison';
import { runStats } from '../../shared/run-stats';
import type { DebuggerState } from '../../shared/debugger';
import {
  answerKey,
  chunkOf,
  INLINE_INFO_ID,
  searchChunkOf,
  statesChunkOf,
  type ReportInfo,
  type ReportRun,
  type SearchChunk,
  type StatesChunk,
} from '../../shared/report';
import { BridgeHost } from '../bridge/bridge-host';
import { stateSourceOf } from '../bridge/state-files';
import { defaultCoreConfig } from '../config';
import { InspectorCore } from '../core';
import { modelTextsOf } from '../search/model-text';
import { stepTexts } from '../search/step-text';
import { openSession, type RecordedSession } from '../sessions/session-reader';
import { readSpans } from '../sessions/spans-file';
import { zipFolder } from '../sessions/zip-writer';
import { VERSION } from '../version';
import { ChunkWriter } from './chunks';
import { unmaskedSecrets } from './masking-check';
import { reportPage } from './report-page';
import { runAnswers, type Answer } from './run-answers';
import { singleFilePage } from './single-file';

export interface ReportOptions {
  /** Session folders, in the order given. */
  sessions: string[];
  output: string;
  /** The built viewer (out/report-viewer): copied into the report. */
  viewerDir: string;
  /**
   * Each run's session zip beside its data, for "Download session" (default). The zip is the recording as it is, with
   * what the viewer's data leaves out (request credentials); without it the report is also about half the size.
   */
  zips?: boolean;
  /** One .html file at `output` with everything inline (no zips), for mail or a chat. */
  singleFile?: boolean;
  /** Said as each run is written: `run 3 of 20: …`. */
  progress?(line: string): void;
}

export interface ReportResult {
  runs: number;
  steps: number;
  /** Bytes of the viewer's data (chunks and images), of the sessions' zips, and of the viewer itself. */
  dataBytes: number;
  zipBytes: number;
  viewerBytes: number;
}

/** The marker of a folder `report` wrote: only such a folder (or an empty one) is replaced. */
const MARKER = 'data/index.js';

/**
 * Writes a static report: index.html, the viewer, and per run the answers the read-only UI asks for (see
 * shared/report.ts), asked of the bridge the app itself runs, so the report shows what the app shows. Written into a
 * scratch folder beside `output` and moved into place at the end: a failure leaves the previous report as it was.
 */
export async function writeReport(options: ReportOptions): Promise<ReportResult> {
  const output = resolve(options.output);
  await (options.singleFile ? refuseForeignFile(output) : refuseForeignFolder(output));
  const scratch = `${output}.writing-${process.pid}`;
  await rm(scratch, { recursive: true, force: true });
  const core = new InspectorCore(defaultCoreConfig({ tokenCount: false }));
  const bridge = new BridgeHost(core, { mode: 'web', demoWorkspace: { root: scratch, outputDir: scratch } });
  try {
    const ask = (command: Parameters<BridgeHost['invoke']>[0], input: unknown) => bridge.invoke(command, input);
    const chunks = new ChunkWriter(join(scratch, 'data'));
    const zips = options.zips !== false && !options.singleFile;
    for (const dir of options.sessions) {
      const clear = unmaskedSecrets((await openSession(dir)).steps);
      if (clear.length) {
        throw new Error(
          `${dir} holds values typed in clear into secret fields (${clear.slice(0, 3).join(', ')}${clear.length > 3 ? ', …' : ''}): it was recorded before secrets were masked. Scrub it first: agent-inspector redact ${dir} --value <each value>, then write the report.`,
        );
      }
    }
    const ids = [];
    for (const dir of options.sessions) ids.push(await bridge.addSessionFolder(dir, false));
    const runs = Object.fromEntries(ids.map((id, run) => [id, run]));
    const list: ReportRun[] = [];
    let steps = 0;
    let zipBytes = 0;
    for (const [run, sessionId] of ids.entries()) {
      options.progress?.(`run ${run + 1} of ${ids.length}: ${basename(options.sessions[run])}`);
      // The states first: a response that shows its step's snapshot then refers to it (ChunkWriter.longText).
      chunks.startRun();
      const recorded = await openSession(options.sessions[run]);
      await chunks.write(statesChunkOf(run), await runStates(recorded, chunks));
      // A chunk is written once no new answer goes to it: steps come in order, so a group is done when the next begins.
      const pending = new Map<string, Record<string, BridgeReply>>();
      let opened: OpenedSession | undefined;
      for await (const answers of runAnswers(ask, sessionId)) {
        const openedReply = answers.find(answer => answer.command === 'openSession')?.reply;
        if (openedReply?.ok) opened = openedReply.result as OpenedSession;
        const touched = byChunk(answers, runs);
        for (const [path, replies] of pending) {
          if (touched.has(path)) continue;
          await chunks.write(path, replies);
          pending.delete(path);
        }
        for (const [path, replies] of touched) pending.set(path, { ...pending.get(path), ...replies });
      }
      for (const [path, replies] of pending) await chunks.write(path, replies);
      await chunks.write(searchChunkOf(run), await searchTexts(recorded, options.sessions[run]));
      const zip = !zips ? undefined : `data/runs/${run}/${basename(options.sessions[run])}.zip`;
      if (zip) {
        await mkdir(dirname(join(scratch, zip)), { recursive: true });
        zipBytes += await zipFolder(options.sessions[run], basename(options.sessions[run]), join(scratch, zip));
      }
      list.push(runSummary(opened!, run, zip));
      steps += opened!.steps.length;
    }
    for (const run of list)
      if (run.forkOf && runs[run.forkOf.session] !== undefined)
        run.divergence = await divergence(ask, run.sessionId, run.forkOf.session);
    list.sort((a, b) => b.startedAt - a.startedAt);
    const info: ReportInfo = { writer: `agent-inspector ${VERSION}`, createdAt: Date.now(), list, runs };
    await chunks.writeIndex(info, await indexAnswers(ask, new Set(ids)));
    await cp(options.viewerDir, join(scratch, 'viewer'), { recursive: true });
    const viewerBytes = await folderBytes(join(scratch, 'viewer'));
    await mkdir(dirname(output), { recursive: true });
    if (options.singleFile) {
      const page = await singleFilePage(scratch);
      await writeFile(`${scratch}.html`, page);
      await rename(`${scratch}.html`, output);
      await rm(scratch, { recursive: true, force: true });
      return { runs: ids.length, steps, dataBytes: Buffer.byteLength(page), zipBytes, viewerBytes };
    }
    await writeFile(join(scratch, 'index.html'), reportPage());
    await rm(output, { recursive: true, force: true });
    await rename(scratch, output);
    return { runs: ids.length, steps, dataBytes: chunks.bytes, zipBytes, viewerBytes };
  } catch (error) {
    await rm(scratch, { recursive: true, force: true });
    await rm(`${scratch}.html`, { force: true });
    throw error;
  } finally {
    bridge.close();
    await core.close();
  }
}

/** Where a fork parts from its parent, from the bridge's own comparison (A the parent, B the fork). */
async function divergence(
  ask: (command: 'compareSessions', input: unknown) => Promise<BridgeReply>,
  fork: string,
  parent: string,
): Promise<ReportRun['divergence']> {
  const reply = await ask('compareSessions', { sessionId: parent, withSessionId: fork });
  const first = reply.ok ? (reply.result as Comparison).firstDivergence?.pair : undefined;
  if (!reply.ok) return undefined;
  if (!first) return { parts: false };
  return {
    parts: true,
    ...(first.b && { forkSeq: first.b.seq }),
    ...(first.a && { parentSeq: first.a.seq }),
    what: first.differences[0] ?? PAIR_STATUS[first.status],
  };
}

/** What "Search sessions" finds a run's steps by: the same texts the app's index holds (search/step-text.ts). */
async function searchTexts(session: RecordedSession, dir: string): Promise<SearchChunk> {
  const models = modelTextsOf((await readSpans(dir)).spans, session.steps);
  return { steps: session.steps.map(step => [step.seq, stepTexts(step, models.get(step.seq))]) };
}

/** The run's page states, each text stored once (shared/report.ts, StatesChunk). */
async function runStates(session: RecordedSession, chunks: ChunkWriter): Promise<StatesChunk> {
  const { steps, texts } = stateSourceOf(session);
  const stored = async (text: Promise<string | undefined>) => {
    const value = await text;
    return value === undefined ? undefined : chunks.text(value);
  };
  const states: StatesChunk['steps'] = [];
  for (const { seq, dom, aria, diffFile } of steps) {
    states.push({
      seq,
      ...(dom && { dom: await stored(texts.dom(seq)) }),
      ...(aria && { aria: await stored(texts.aria(seq)) }),
      ...(diffFile !== undefined && { domDiff: await stored(texts.domDiff(seq)), diffFile }),
    });
  }
  return { steps: states };
}

/** The answers grouped by the chunk that holds them; a session's folder path is left out (it is the writer's machine's). */
function byChunk(answers: Answer[], runs: ReportInfo['runs']): Map<string, Record<string, BridgeReply>> {
  const chunks = new Map<string, Record<string, BridgeReply>>();
  for (const { command, input, reply } of answers) {
    const path = chunkOf(command, input, runs);
    if (!path) throw new Error(`The report has no place for ${command} answers.`);
    if (!chunks.has(path)) chunks.set(path, {});
    chunks.get(path)![answerKey(command, input)] = !reply.ok
      ? reply
      : command === 'openSession'
        ? { ok: true, result: withoutDir(reply.result as OpenedSession) }
        : command === 'stepActivity'
          ? { ok: true, result: withoutCredentials(reply.result as StepActivityView) }
          : reply;
  }
  return chunks;
}

/** A report is made to be passed around: the credentials requests carried (cookies, authorization, keys) are left out. */
function withoutCredentials(view: StepActivityView): StepActivityView {
  const network = view.network.map(entry =>
    entry.requestHeaders
      ? {
          ...entry,
          requestHeaders: Object.fromEntries(
            Object.entries(entry.requestHeaders).map(([name, value]) => [
              name,
              isSensitiveHeader(name) ? REMOVED : value,
            ]),
          ),
        }
      : entry,
  );
  return { ...view, network };
}

const REMOVED = '(left out of the report)';

function withoutDir(opened: OpenedSession): OpenedSession {
  const { dir: _dir, ...session } = opened.session;
  return { ...opened, session };
}

/** The front page's answers: no agent, no browser, the report's sessions only. */
async function indexAnswers(
  ask: (command: 'listSessions', input: unknown) => Promise<BridgeReply>,
  ids: Set<string>,
): Promise<Record<string, BridgeReply>> {
  const listed = await ask('listSessions', {});
  const sessions = listed.ok
    ? (listed.result as SessionInfo[])
        .filter(session => ids.has(session.id))
        .map(({ dir: _dir, ...session }) => session)
    : [];
  const status: InspectorStatus = {
    version: VERSION,
    mode: 'web',
    mcpUrl: '',
    access: { tokenRequired: false },
    agents: [],
    browser: { state: 'stopped', description: 'A static report: no browser' },
    demo: { state: 'idle' },
  };
  return {
    [answerKey('status', {})]: { ok: true, result: status },
    [answerKey('listSessions', {})]: { ok: true, result: sessions },
    [answerKey('debugState', {})]: {
      ok: true,
      result: { sessions: {}, breakpoints: [], pauseTimeoutMs: 0, pauseOnStart: false } satisfies DebuggerState,
    },
  };
}

function runSummary({ session, steps }: OpenedSession, run: number, zip: string | undefined): ReportRun {
  return {
    sessionId: session.id,
    run,
    client: session.clientName ?? session.transport,
    startedAt: session.startedAt,
    steps: steps.length,
    ...runStats(steps.map(step => ({ ...step, tokens: step.tokens?.total.tokens }))),
    ...(session.forkOf && { forkOf: session.forkOf }),
    ...(zip && { zip }),
  };
}

/** An existing output folder is replaced only when it is empty or a report (a typo must not delete someone's folder). */
async function refuseForeignFolder(output: string) {
  const entries = await readdir(output).catch(() => undefined);
  if (!entries?.length) return;
  if (!(await stat(join(output, MARKER)).catch(() => undefined))) {
    throw new Error(
      `${output} exists and is not a report written by agent-inspector: choose another -o, or empty it first.`,
    );
  }
}

/** The same for --single-file: an existing file is replaced only when it is a single-file report. */
async function refuseForeignFile(output: string) {
  const head = await readFile(output, 'utf8').catch(() => undefined);
  if (head !== undefined && !head.includes(INLINE_INFO_ID)) {
    throw new Error(`${output} exists and is not a single-file report written by agent-inspector: choose another -o.`);
  }
}

async function folderBytes(dir: string): Promise<number> {
  let total = 0;
  for (const entry of await readdir(dir, { withFileTypes: true, recursive: true })) {
    if (entry.isFile()) total += (await stat(join(entry.parentPath, entry.name))).size;
  }
  return total;
}
