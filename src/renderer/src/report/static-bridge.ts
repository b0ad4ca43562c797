import type { BridgeCommand, BridgeReply, InspectorApi } from '../../../shared/bridge';
import {
  answerKey,
  chunkOf,
  INLINE_CHUNK_PREFIX,
  INLINE_INFO_ID,
  REPORT_COMMANDS,
  REPORT_GLOBAL,
  STATE_COMMANDS,
  statesChunkOf,
  IMAGE_REF,
  TEXT_REF,
  textChunkOf,
  type ReportInfo,
  type SearchChunk,
  type StatesChunk,
} from '../../../shared/report';
import { decodeBytes } from '../../../shared/report-codec';
import { ReportSearch } from './report-search';
import { RunStates } from './run-states';

type Entry = ['info', ReportInfo] | ['chunk', path: string, text: string, bytes: number];
type Replies = Record<string, BridgeReply>;

/** Chunks kept decoded: a run's and its recent steps'; older ones are loaded again if asked for (the page's memory stays flat). */
const KEPT_CHUNKS = 80;
const REPORT_ONLY = new Set<string>(REPORT_COMMANDS);
const FROM_STATES = new Set<string>(STATE_COMMANDS);

/** A chunk's bytes unpacked by the browser's own gzip. */
const gunzip = (bytes: Uint8Array<ArrayBuffer>) =>
  new Response(new Blob([bytes]).stream().pipeThrough(new DecompressionStream('gzip')));
const decode = async <T = Replies>(bytes: Uint8Array<ArrayBuffer>): Promise<T> =>
  JSON.parse(await gunzip(bytes).text()) as T;

/**
 * The bridge of a static report (see shared/report.ts): each command is answered from the answers recorded when the
 * report was written, loading the chunk that holds it with a script tag; a command that needs a running inspector is
 * refused, naming it. Events never come: nothing happens in a report.
 */
export function staticBridge(): InspectorApi & { report: ReportInfo } {
  const global = self as unknown as Record<string, { push(entry: Entry): void } | Entry[] | undefined>;
  const queued = (global[REPORT_GLOBAL] as Entry[] | undefined) ?? [];
  const arrived = new Map<string, (bytes: Uint8Array<ArrayBuffer>) => void>();
  let info: ReportInfo | undefined;
  const take = (entry: Entry) => {
    if (entry[0] === 'info') info = entry[1];
    else arrived.get(entry[1])?.(decodeBytes(entry[2], entry[3]) as Uint8Array<ArrayBuffer>);
  };
  queued.forEach(take);
  global[REPORT_GLOBAL] = { push: take };
  // A single-file report keeps its data in blocks of the page itself.
  const inlineInfo = document.getElementById(INLINE_INFO_ID)?.textContent;
  if (!info && inlineInfo) info = JSON.parse(inlineInfo) as ReportInfo;
  if (!info)
    throw new Error(
      "This report's data/index.js did not load: the report is incomplete (or was opened from somewhere else than its folder).",
    );
  const report = info;

  const chunks = new Map<string, Promise<unknown>>();
  const fetchChunk = (path: string) =>
    new Promise<Uint8Array<ArrayBuffer>>((resolve, reject) => {
      // A single-file report's blocks are in base64 (see main/report/single-file.ts).
      const inline = document.getElementById(`${INLINE_CHUNK_PREFIX}${path}`);
      if (inline) return resolve(Uint8Array.from(atob(inline.textContent ?? ''), char => char.charCodeAt(0)));
      const script = document.createElement('script');
      script.src = `data/${path}.js`;
      arrived.set(path, bytes => {
        arrived.delete(path);
        script.remove();
        resolve(bytes);
      });
      script.onerror = () => {
        arrived.delete(path);
        script.remove();
        reject(new Error(`data/${path}.js is missing from this report.`));
      };
      document.head.append(script);
    });
  const search = new ReportSearch(
    report,
    async path => (await resolveRefs(await decode(await fetchChunk(path)))) as SearchChunk,
  );
  const load = <T = Replies>(path: string): Promise<T> => {
    const held = chunks.get(path);
    if (held) {
      chunks.delete(path);
      chunks.set(path, held);
      return held as Promise<T>;
    }
    const loading = fetchChunk(path).then(bytes => decode<T>(bytes));
    chunks.set(path, loading);
    loading.catch(() => chunks.delete(path));
    if (chunks.size > KEPT_CHUNKS) chunks.delete(chunks.keys().next().value!);
    return loading;
  };

  /** Images as blob: addresses, made once each: an <img> showing one keeps its address for as long as the page lives. */
  const images = new Map<string, Promise<string>>();
  const imageUrl = (path: string, type: string) => {
    let url = images.get(path);
    if (!url) {
      url = fetchChunk(path)
        .then(bytes => gunzip(bytes).blob())
        .then(blob => URL.createObjectURL(new Blob([blob], { type })));
      images.set(path, url);
      url.catch(() => images.delete(path));
    }
    return url;
  };

  /** The answer with each long text and image it refers to in its place (see LONG_TEXT, IMAGE_REF). */
  const resolveRefs = async (value: unknown): Promise<unknown> => {
    if (Array.isArray(value)) return Promise.all(value.map(resolveRefs));
    if (!value || typeof value !== 'object') return value;
    const { [TEXT_REF]: text, [IMAGE_REF]: image, ...rest } = value as Record<string, unknown>;
    if (typeof text === 'string') return load<string>(textChunkOf(text));
    if (Array.isArray(text)) return (await Promise.all(text.map(resolveRefs))).join('');
    if (typeof image === 'string') return { ...rest, url: await imageUrl(image, String(rest.mimeType)) };
    return Object.fromEntries(
      await Promise.all(Object.entries(value).map(async ([key, item]) => [key, await resolveRefs(item)])),
    );
  };

  /** A run's states, for the commands the viewer answers itself (see StatesChunk). */
  const statesOf = async (sessionId: unknown): Promise<RunStates> => {
    const run = typeof sessionId === 'string' ? report.runs[sessionId] : undefined;
    if (run === undefined) throw new Error(`This report holds no session ${String(sessionId)}.`);
    return new RunStates(await load<StatesChunk>(statesChunkOf(run)), hash => load<string>(textChunkOf(hash)));
  };
  const fromStates = async (name: string, fields: Record<string, unknown>): Promise<unknown> => {
    const states = await statesOf(fields.sessionId);
    const seq = Number(fields.seq);
    if (name === 'stepDiff') return states.diff(seq, fields.fromSeq === undefined ? undefined : Number(fields.fromSeq));
    if (name === 'stateFiles') return states.files(seq);
    return states.read(seq, String(fields.path));
  };

  return {
    report,
    async invoke(command, input) {
      const name = command as BridgeCommand;
      const fields = input as Record<string, unknown>;
      if (name === 'searchSessions') {
        return search.search(String(fields.query), {
          sessionId: fields.sessionId as string | undefined,
          limit: fields.limit as number | undefined,
        }) as never;
      }
      if (FROM_STATES.has(name)) return (await fromStates(name, fields)) as never;
      const path = REPORT_ONLY.has(name) ? chunkOf(name, fields, report.runs) : undefined;
      if (!path) throw new Error(`${name} needs a running inspector: this is a static report of recorded runs.`);
      const reply = (await load(path))[answerKey(name, fields)];
      if (!reply)
        throw new Error(`This report does not hold that (${name}): it keeps what each step shows when selected.`);
      if (!reply.ok) throw new Error(reply.error);
      return (await resolveRefs(reply.result)) as never;
    },
    subscribe() {
      return () => {};
    },
  };
}
