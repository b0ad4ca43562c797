import type { BridgeCommand, BridgeReply, InspectorApi } from '../../../shared/bridge';
import { answerKey, chunkOf, INLINE_CHUNK_PREFIX, INLINE_INFO_ID, REPORT_COMMANDS, REPORT_GLOBAL, TEXT_REF, textChunkOf, type ReportInfo, type SearchChunk } from '../../../shared/report';
import { ReportSearch } from './report-search';

type Entry = ['info', ReportInfo] | ['chunk', string, string];
type Replies = Record<string, BridgeReply>;

/** Chunks kept decoded: a run's and its recent steps'; older ones are loaded again if asked for (the page's memory stays flat). */
const KEPT_CHUNKS = 80;
const REPORT_ONLY = new Set<string>(REPORT_COMMANDS);

/** The answers of a chunk: base64 of gzipped JSON, unpacked by the browser's own gzip. */
async function decode<T = Replies>(base64: string): Promise<T> {
  const bytes = Uint8Array.from(atob(base64), char => char.charCodeAt(0));
  const text = await new Response(new Blob([bytes]).stream().pipeThrough(new DecompressionStream('gzip'))).text();
  return JSON.parse(text) as T;
}

/**
 * The bridge of a static report (see shared/report.ts): each command is answered from the answers recorded when the
 * report was written, loading the chunk that holds it with a script tag; a command that needs a running inspector is
 * refused, naming it. Events never come: nothing happens in a report.
 */
export function staticBridge(): InspectorApi & { report: ReportInfo } {
  const global = self as unknown as Record<string, { push(entry: Entry): void } | Entry[] | undefined>;
  const queued = (global[REPORT_GLOBAL] as Entry[] | undefined) ?? [];
  const arrived = new Map<string, (base64: string) => void>();
  let info: ReportInfo | undefined;
  const take = (entry: Entry) => {
    if (entry[0] === 'info') info = entry[1];
    else arrived.get(entry[1])?.(entry[2]);
  };
  queued.forEach(take);
  global[REPORT_GLOBAL] = { push: take };
  // A single-file report keeps its data in blocks of the page itself.
  const inlineInfo = document.getElementById(INLINE_INFO_ID)?.textContent;
  if (!info && inlineInfo) info = JSON.parse(inlineInfo) as ReportInfo;
  if (!info) throw new Error('This report\'s data/index.js did not load: the report is incomplete (or was opened from somewhere else than its folder).');
  const report = info;

  const chunks = new Map<string, Promise<unknown>>();
  const fetchChunk = (path: string) => new Promise<string>((resolve, reject) => {
    const inline = document.getElementById(`${INLINE_CHUNK_PREFIX}${path}`);
    if (inline) return resolve(inline.textContent ?? '');
    const script = document.createElement('script');
    script.src = `data/${path}.js`;
    arrived.set(path, base64 => {
      arrived.delete(path);
      script.remove();
      resolve(base64);
    });
    script.onerror = () => {
      arrived.delete(path);
      script.remove();
      reject(new Error(`data/${path}.js is missing from this report.`));
    };
    document.head.append(script);
  });
  const search = new ReportSearch(report, async path => (await withTexts(await decode(await fetchChunk(path)))) as SearchChunk);
  const load = <T = Replies>(path: string): Promise<T> => {
    const held = chunks.get(path);
    if (held) {
      chunks.delete(path);
      chunks.set(path, held);
      return held as Promise<T>;
    }
    const loading = fetchChunk(path).then(base64 => decode<T>(base64));
    chunks.set(path, loading);
    loading.catch(() => chunks.delete(path));
    if (chunks.size > KEPT_CHUNKS) chunks.delete(chunks.keys().next().value!);
    return loading;
  };

  /** The answer with each long text it refers to loaded in its place (see LONG_TEXT). */
  const withTexts = async (value: unknown): Promise<unknown> => {
    if (Array.isArray(value)) return Promise.all(value.map(withTexts));
    if (!value || typeof value !== 'object') return value;
    const hash = (value as Record<string, unknown>)[TEXT_REF];
    if (typeof hash === 'string') return load<string>(textChunkOf(hash));
    return Object.fromEntries(await Promise.all(Object.entries(value).map(async ([key, item]) => [key, await withTexts(item)])));
  };

  return {
    report,
    async invoke(command, input) {
      const name = command as BridgeCommand;
      const fields = input as Record<string, unknown>;
      if (name === 'searchSessions') {
        return search.search(String(fields.query), { sessionId: fields.sessionId as string | undefined, limit: fields.limit as number | undefined }) as never;
      }
      const path = REPORT_ONLY.has(name) ? chunkOf(name, fields, report.runs) : undefined;
      if (!path) throw new Error(`${name} needs a running inspector: this is a static report of recorded runs.`);
      const reply = (await load(path))[answerKey(name, fields)];
      if (!reply) throw new Error(`This report does not hold that (${name}): it keeps what each step shows when selected.`);
      if (!reply.ok) throw new Error(reply.error);
      return (await withTexts(reply.result)) as never;
    },
    subscribe() {
      return () => {};
    },
  };
}
