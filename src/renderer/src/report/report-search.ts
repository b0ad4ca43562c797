import type { SearchResults } from '../../../shared/bridge';
import { searchChunkOf, type ReportInfo, type SearchChunk } from '../../../shared/report';
import { excerpt } from '../../../shared/search/excerpt';
import type { StepTexts } from '../../../shared/search/fields';
import { SearchIndex } from '../../../shared/search/search-index';

const DEFAULT_LIMIT = 50;

/**
 * "Search sessions" in a static report: the app's own index (shared/search), built in the page from each run's search
 * chunk the first time a search needs it (every run for the box, one run for the timeline's filter).
 */
export class ReportSearch {
  private readonly index = new SearchIndex();
  private readonly texts = new Map<string, Map<number, StepTexts>>();
  private readonly loading = new Map<string, Promise<void>>();

  constructor(
    private readonly report: ReportInfo,
    private readonly loadChunk: (path: string) => Promise<SearchChunk>,
  ) {}

  async search(query: string, options: { sessionId?: string; limit?: number }): Promise<SearchResults> {
    const started = performance.now();
    if (!/[\p{L}\p{N}]/u.test(query))
      throw new Error(`The query ${JSON.stringify(query)} has no letters or digits to search for.`);
    const runs = options.sessionId
      ? this.report.list.filter(run => run.sessionId === options.sessionId)
      : this.report.list;
    if (options.sessionId && !runs.length) throw new Error(`No run with id "${options.sessionId}" in this report.`);
    await Promise.all(runs.map(run => this.indexRun(run.sessionId, run.run)));
    const limit = options.limit ?? DEFAULT_LIMIT;
    const { matches, total } = this.index.search(query, { sessionId: options.sessionId, limit });
    const byId = new Map(this.report.list.map(run => [run.sessionId, run]));
    const hits = matches.map(match => {
      const texts = this.texts.get(match.sessionId)!.get(match.seq)!;
      const run = byId.get(match.sessionId)!;
      return {
        sessionId: match.sessionId,
        seq: match.seq,
        tool: texts.tool,
        ...excerpt(texts, match.terms, match.fields),
        session: { label: run.client, startedAt: run.startedAt },
      };
    });
    return {
      hits,
      more: total > limit,
      indexed: this.index.size,
      indexing: false,
      tookMs: Math.round(performance.now() - started),
    };
  }

  private indexRun(sessionId: string, run: number): Promise<void> {
    let loading = this.loading.get(sessionId);
    if (!loading) {
      loading = this.loadChunk(searchChunkOf(run)).then(chunk => {
        const texts = new Map(chunk.steps);
        this.texts.set(sessionId, texts);
        for (const [seq, stepTexts] of texts) this.index.add(sessionId, seq, stepTexts);
      });
      this.loading.set(sessionId, loading);
      loading.catch(() => this.loading.delete(sessionId));
    }
    return loading;
  }
}
