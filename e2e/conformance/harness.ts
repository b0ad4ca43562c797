import { mkdirSync, mkdtempSync, readdirSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { connectClient, startEndpoint, type HttpEndpoint } from '../support/http-servers';
import {
  connectPeer,
  connectStdio,
  peerBrowserFlags,
  refOf,
  type McpTestClient,
  type ToolResult,
} from '../support/mcp';
import { DIFFERENCES, type Difference } from './differences';
import { splitSections } from '../../src/shared/response';

/**
 * One conformance case: a few tool calls run on ours and on @playwright/mcp, every answer compared section by section.
 * Cases live in tables (cases/*.ts), one table per tool group or flag group.
 */
export interface Call {
  tool: string;
  /** A RegExp value stands for the ref of the matching line in that server's current snapshot. */
  args?: Record<string, unknown>;
  /** Calls that only set the page up: run on both, not compared. */
  setup?: boolean;
  /** Milliseconds to let pass before the call: what the browser does on its own meanwhile (a crashed page's event) has arrived. */
  pauseBefore?: number;
  /** Made by a second client of the same server (a case over HTTP). */
  second?: boolean;
}

export interface Case {
  name: string;
  /** Calls; `{url}` in any string argument becomes the fixture site's address. */
  calls: Call[];
  /**
   * Flags given to both servers, `{root}` standing for each one's workspace folder; cases with the same flags (and
   * environment) share one pair of servers.
   */
  flags?: string[];
  /** Added to both servers' environment (PLAYWRIGHT_MCP_* variables). */
  env?: Record<string, string>;
  /** Added to our server's environment: what only ours needs (AGENT_INSPECTOR_ALLOW_UNSAFE_CODE). */
  oursEnv?: Record<string, string>;
  /** Files written into each server's workspace root before the calls, by name relative to it. */
  files?: Record<string, string>;
  /** Files the servers write that are compared too, after the calls: their paths relative to the workspace root match this. */
  compareFiles?: RegExp;
  /** Ours cannot do this yet: the reason, counted as failing in the summary. */
  fixme?: string;
  /** Both servers listen on a port and the calls go over this transport. */
  transport?: Transport;
}

export type Transport = 'http' | 'sse';

export interface CaseTable {
  group: string;
  cases: Case[];
}

export type Outcome = 'identical' | 'kept' | 'failing';

export interface CaseRecord {
  group: string;
  name: string;
  outcome: Outcome;
  /** The peer answered every call without an error it was not asked for. */
  peerPassed: boolean;
  kept: string[];
  mismatch?: string;
}

type Side = 'ours' | 'peer';

/** Ours and the peer, started with the same flags, each in its own workspace folder; over stdio unless `transport`. */
export class Pair {
  /** Second clients over HTTP, connected on first use. */
  private readonly seconds: Partial<Record<Side, Promise<McpTestClient>>> = {};

  private constructor(
    readonly ours: McpTestClient,
    readonly peer: McpTestClient,
    readonly roots: Record<Side, string>,
    private readonly base: string,
    private readonly http?: { transport: Transport; endpoints: Record<Side, HttpEndpoint> },
  ) {}

  /** `env` adds to both servers' environment, `oursEnv` to ours only: what only ours needs (AGENT_INSPECTOR_ALLOW_UNSAFE_CODE). */
  static async start(
    flags: string[],
    oursEnv: Record<string, string> = {},
    env: Record<string, string> = {},
    transport?: Transport,
  ): Promise<Pair> {
    const base = realpathSync(mkdtempSync(join(tmpdir(), 'ai-conformance-')));
    const roots = { ours: join(base, 'ours'), peer: join(base, 'peer') };
    for (const root of Object.values(roots)) mkdirSync(root, { recursive: true });
    const flagsIn = (root: string) => flags.map(flag => flag.replaceAll('{root}', root));
    // The same flags and each server's own defaults: the peer's `full` and our `diff` both link the snapshot file
    // (ours adds `### Page changes`). playwright.config.ts sets `full` (inline) for the older specs: not here. Ours
    // also gets the browser the peer is given, so that a configuration both report is the same.
    const oursFlags = [...peerBrowserFlags(), ...flagsIn(roots.ours)];
    const oursEnvironment = { AGENT_INSPECTOR_SNAPSHOT_MODE: undefined, ...env, ...oursEnv };
    if (transport) {
      const [ours, peer] = await Promise.all([
        startEndpoint('ours', oursFlags, oursEnvironment, roots.ours),
        startEndpoint('peer', flagsIn(roots.peer), env, roots.peer),
      ]);
      const endpoints = { ours, peer };
      const clients = await Promise.all([connectClient(ours, transport), connectClient(peer, transport)]);
      return new Pair(clients[0].mcp, clients[1].mcp, roots, base, { transport, endpoints });
    }
    const [ours, peer] = await Promise.all([
      connectStdio(oursFlags, { cwd: roots.ours, env: oursEnvironment }),
      connectPeer(roots.peer, flagsIn(roots.peer), env),
    ]);
    return new Pair(ours, peer, roots, base);
  }

  /** The client of `side` that makes `call`. */
  client(side: Side, call: Call): Promise<McpTestClient> {
    if (!call.second) return Promise.resolve(this[side]);
    if (!this.http) throw new Error('A second client needs a case over HTTP (`transport`).');
    const { transport, endpoints } = this.http;
    return (this.seconds[side] ??= connectClient(endpoints[side], transport).then(client => client.mcp));
  }

  async close() {
    const seconds = Object.values(this.seconds).map(async client => (await client).close());
    await Promise.allSettled([this.ours.close(), this.peer.close(), ...seconds]);
    await Promise.allSettled(Object.values(this.http?.endpoints ?? {}).map(endpoint => endpoint.stop()));
    rmSync(this.base, { recursive: true, force: true });
  }
}

/**
 * Fills `{url}` in and turns RegExp values, at any depth (browser_fill_form's fields), into that server's ref for the
 * matching line of its current snapshot.
 */
async function resolveArgs(server: McpTestClient, args: Record<string, unknown>, url: string) {
  let yaml: string | undefined;
  const resolve = async (value: unknown): Promise<unknown> => {
    if (value instanceof RegExp) {
      yaml ??= (await server.call('browser_snapshot')).parsed.snapshot?.yaml;
      return refOf(yaml, value);
    }
    if (typeof value === 'string') return value.replaceAll('{url}', url);
    // One after another: the first RegExp takes the snapshot the others read.
    if (Array.isArray(value)) {
      const items = [];
      for (const item of value) items.push(await resolve(item));
      return items;
    }
    if (value && typeof value === 'object') {
      const fields: Record<string, unknown> = {};
      for (const [key, item] of Object.entries(value)) fields[key] = await resolve(item);
      return fields;
    }
    return value;
  };
  return resolve(args) as Promise<Record<string, unknown>>;
}

/** Our own sections, which the peer's clients ignore (README: "Extra sections"). */
const OUR_SECTIONS = new Set(['Page changes', 'Browser State']);

/** A response's `### Title` sections (headings inside code fences do not count); text before the first heading is kept under ''. */
export function sections(text: string): Map<string, string> {
  const result = new Map(splitSections(text).map(section => [section.title ?? '', section.body.trim()]));
  for (const ours of OUR_SECTIONS) result.delete(ours);
  if (result.get('') === '') result.delete('');
  return result;
}

/** What changes between runs and between the two servers without meaning anything: ports, times, folders. */
export function normalise(text: string, root: string, siteUrl: string): string {
  return (
    text
      .replaceAll(root, '<ROOT>')
      .replaceAll(siteUrl, '<SITE>')
      .replace(/127\.0\.0\.1:\d+/g, '<HOST>')
      .replace(/\d{4}-\d\d-\d\dT\d\d[-:]\d\d[-:]\d\d[-.]\d{3}Z/g, '<TIME>')
      .replace(/\b\d{13}\b/g, '<EPOCH>')
      .replace(/\b\d+(\.\d+)?ms\b/g, '<MS>')
      // An HTTP date header, and how many times a retrying action's call log says it tried: the clock, not the server.
      .replace(/\b\w{3}, \d\d \w{3} \d{4} \d\d:\d\d:\d\d GMT\b/g, '<DATE>')
      .replace(/\b\d+ × /g, '<N> × ')
      // The browser builds each server's Playwright release expects (ffmpeg-1011 beside ffmpeg-1013): the install, not the server.
      .replace(/(ms-playwright\/[a-z-]+-)\d+\//g, '$1<REVISION>/')
      // From an action's first retry on, a call log counts the clock's ticks: both end in a timeout, compared above.
      .replace(/\n[^\n]*- retrying [^\n]*(\n[^\n#][^\n]*)*/g, '\n<RETRIES>')
  );
}

/** A stack frame in a server's own code or Node's (`at Context.ensureTab (/…/coreBundle.js:1:2)`), not in the page's. */
const SERVER_FRAME = /^\s+at (?:async )?(?:.* \()?(?:\/|[A-Za-z]:\\|node:)/;

/**
 * The console lines an answer points at, read from the files it links: the range of `New console entries: …` and the
 * whole of a `- [Console](<file>)` result. Each line's time since the log started (`[   125ms] `) is the clock's. The
 * stack frames of a server's own code are left out, and the answer's ranges counted without them: the peer writes
 * its stack under a note of its own (a crashed page's reset), which says nothing of the page.
 */
function consoleView(text: string, root: string): { text: string; lines: string[] } {
  const lines: string[] = [];
  const counted = text.replace(
    /(New console entries: (\S+?))#L(\d+)(?:-L(\d+))?$/gm,
    (_, link: string, file: string, from: string, to = from) => {
      const all = readFileSync(resolve(root, file), 'utf8').split('\n');
      const kept = (start: number, end: number) => all.slice(start, end).filter(line => !SERVER_FRAME.test(line));
      const linked = kept(Number(from) - 1, Number(to));
      lines.push(...linked);
      const first = kept(0, Number(from) - 1).length + 1;
      return `${link}#L${first}${linked.length > 1 ? `-L${first + linked.length - 1}` : ''}`;
    },
  );
  for (const [, file] of text.matchAll(/^- \[Console\]\((.+)\)$/gm))
    lines.push(
      ...readFileSync(resolve(root, file), 'utf8')
        .split('\n')
        .filter(line => !SERVER_FRAME.test(line)),
    );
  return { text: counted, lines: lines.map(line => line.replace(/^\[ *\d+ms\] /, '[<MS>] ')) };
}

interface Answer {
  text: string;
  isError: boolean;
  images: string[];
}

const answerOf = (result: ToolResult): Answer => ({
  text: result.text,
  isError: result.isError,
  images: result.images.map(image => image.mimeType),
});

/**
 * Compares two answers to one call: equal after normalising (identical), equal once the kept differences are applied
 * (kept, naming them), or a mismatch described section by section.
 */
export function compare(
  tool: string,
  mine: Answer,
  theirs: Answer,
  roots: { ours: string; peer: string },
  siteUrl: string,
) {
  const ourSections = sections(normalise(mine.text, roots.ours, siteUrl));
  const peerSections = sections(normalise(theirs.text, roots.peer, siteUrl));
  const kept = new Set<string>();
  const problems: string[] = [];
  if (mine.isError !== theirs.isError) problems.push(`isError: ours ${mine.isError}, peer ${theirs.isError}`);
  if (mine.images.join() !== theirs.images.join())
    problems.push(`images: ours [${mine.images}], peer [${theirs.images}]`);
  for (const title of new Set([...peerSections.keys(), ...ourSections.keys()])) {
    const a = ourSections.get(title);
    const b = peerSections.get(title);
    if (a === b) continue;
    const applied = applyDifferences(tool, title, a, b, { ours: mine.text, peer: theirs.text });
    if (applied) {
      applied.forEach(id => kept.add(id));
      continue;
    }
    problems.push(`### ${title || '(no heading)'}\n--- ours\n${a ?? '(absent)'}\n--- peer\n${b ?? '(absent)'}`);
  }
  return { kept: [...kept], problems };
}

/** The ids of kept differences that, applied to both sides, make a section equal; undefined when none does. */
function applyDifferences(
  tool: string,
  title: string,
  ours: string | undefined,
  peer: string | undefined,
  answers: { ours: string; peer: string },
): string[] | undefined {
  const relevant = DIFFERENCES.filter((difference: Difference) => difference.applies(tool, title, answers));
  if (!relevant.length) return undefined;
  let a = ours;
  let b = peer;
  for (const difference of relevant) {
    a = difference.normalise(a, 'ours');
    b = difference.normalise(b, 'peer');
  }
  return a === b ? relevant.map(difference => difference.id) : undefined;
}

/** Runs one case on a pair and says how it compares; the pair is reset first (browser closed, state gone). */
export async function runCase(
  pair: Pair,
  testCase: Case,
  siteUrl: string,
): Promise<Omit<CaseRecord, 'group' | 'name'>> {
  await Promise.all([pair.ours.call('browser_close'), pair.peer.call('browser_close')]);
  for (const [name, text] of Object.entries(testCase.files ?? {}))
    for (const root of Object.values(pair.roots)) writeFileSync(join(root, name), text);
  const kept = new Set<string>();
  const problems: string[] = [];
  let peerPassed = true;
  for (const call of testCase.calls) {
    if (call.pauseBefore) await new Promise(resolve => setTimeout(resolve, call.pauseBefore));
    const args = call.args ?? {};
    const [mine, theirs] = await Promise.all(
      (['ours', 'peer'] as const).map(async side => {
        const client = await pair.client(side, call);
        return client.call(call.tool, await resolveArgs(client, args, siteUrl));
      }),
    );
    if (call.setup) continue;
    if (theirs.isError && !expectsError(testCase)) peerPassed = false;
    const ourConsole = consoleView(mine.text, pair.roots.ours);
    const peerConsole = consoleView(theirs.text, pair.roots.peer);
    const outcome = compare(
      call.tool,
      { ...answerOf(mine), text: ourConsole.text },
      { ...answerOf(theirs), text: peerConsole.text },
      pair.roots,
      siteUrl,
    );
    const ourLines = normalise(ourConsole.lines.join('\n'), pair.roots.ours, siteUrl);
    const peerLines = normalise(peerConsole.lines.join('\n'), pair.roots.peer, siteUrl);
    if (ourLines !== peerLines)
      outcome.problems.push(
        `console file lines\n--- ours\n${ourLines || '(none)'}\n--- peer\n${peerLines || '(none)'}`,
      );
    outcome.kept.forEach(id => kept.add(id));
    if (outcome.problems.length)
      problems.push(
        `${call.tool} ${JSON.stringify(args, (_, v) => (v instanceof RegExp ? String(v) : v))}\n${outcome.problems.join('\n')}`,
      );
  }
  if (testCase.compareFiles) {
    // The peer writes some files (its session log) just after it answers.
    await new Promise(resolve => setTimeout(resolve, 500));
    const ours = writtenFiles(pair.roots.ours, testCase.compareFiles, siteUrl);
    const peer = writtenFiles(pair.roots.peer, testCase.compareFiles, siteUrl);
    if (ours !== peer)
      problems.push(`files ${testCase.compareFiles}\n--- ours\n${ours || '(none)'}\n--- peer\n${peer || '(none)'}`);
  }
  const outcome: Outcome = problems.length ? 'failing' : kept.size ? 'kept' : 'identical';
  return { outcome, peerPassed, kept: [...kept], mismatch: problems.join('\n\n') || undefined };
}

/** Each file under `root` whose relative path matches `pattern`: its path, then its text, both normalised. */
function writtenFiles(root: string, pattern: RegExp, siteUrl: string): string {
  const paths = readdirSync(root, { recursive: true, encoding: 'utf8' })
    .filter(path => pattern.test(path))
    .sort();
  return paths.map(path => normalise(`${path}\n${readFileSync(join(root, path), 'utf8')}`, root, siteUrl)).join('\n');
}

/** Cases named "error: …" are about the error answer: the peer erring there is its pass. */
const expectsError = (testCase: Case) => testCase.name.startsWith('error:');
