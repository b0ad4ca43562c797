import MiniSearch from 'minisearch';
import { SEARCH_FIELDS, type StepTexts } from './step-text';
import { indexTerms, queryTerms } from './terms';

/** A step the query matched: which terms of it matched, and in which fields. */
export interface StepMatch {
  sessionId: string;
  seq: number;
  /** The indexed terms that matched (a prefix's completions included). */
  terms: string[];
  fields: Set<string>;
}

/** The last query word is searched as a prefix (as you type) once it has this many characters: a single letter would expand to a large part of the vocabulary. */
const MIN_PREFIX = 2;

const docId = (sessionId: string, seq: number) => `${sessionId}:${seq}`;

/**
 * The full-text index of every step of every session, one document per step (id `sessionId:seq`). It keeps only
 * the inverted index, not the texts: 100,000 steps' texts would take hundreds of MB, and a hit's excerpt is rebuilt
 * from the step itself (see session-search.ts). Words of a query must all match (AND); results are ranked by BM25.
 */
export class SearchIndex {
  private readonly index = new MiniSearch<{ id: string } & StepTexts>({
    fields: [...SEARCH_FIELDS],
    tokenize: indexTerms,
    // indexTerms and queryTerms already lower-case.
    processTerm: term => term,
    searchOptions: {
      tokenize: queryTerms,
      combineWith: 'AND',
      prefix: (term, index, terms) => index === terms.length - 1 && term.length >= MIN_PREFIX,
      // A match in the tool's name or the page says more about a step than one deep in its response.
      boost: { tool: 2, url: 1.5 },
    },
  });
  /** The seqs indexed per session, to drop a session's documents or scope a search to it. */
  private readonly seqs = new Map<string, Set<number>>();

  get size(): number {
    return this.index.documentCount;
  }

  has(sessionId: string, seq: number): boolean {
    return !!this.seqs.get(sessionId)?.has(seq);
  }

  /** Indexes a step; a step already indexed is replaced. */
  add(sessionId: string, seq: number, texts: StepTexts) {
    const seqs = this.seqs.get(sessionId) ?? new Set();
    this.seqs.set(sessionId, seqs);
    if (seqs.has(seq)) this.index.discard(docId(sessionId, seq));
    seqs.add(seq);
    this.index.add({ id: docId(sessionId, seq), ...texts });
  }

  dropSession(sessionId: string) {
    for (const seq of this.seqs.get(sessionId) ?? []) this.index.discard(docId(sessionId, seq));
    this.seqs.delete(sessionId);
  }

  /** Steps holding every word of `query`, best first; `sessionId` keeps one session's. */
  search(query: string, sessionId?: string): StepMatch[] {
    const results = this.index.search(query, sessionId === undefined ? {} : { filter: result => sessionOf(result.id as string) === sessionId });
    return results.map(result => {
      const id = result.id as string;
      return {
        sessionId: sessionOf(id),
        seq: Number(id.slice(id.lastIndexOf(':') + 1)),
        terms: result.terms,
        fields: new Set(Object.values(result.match).flat()),
      };
    });
  }
}

/** A document id's session (a session id may itself hold colons; the seq never does). */
const sessionOf = (id: string) => id.slice(0, id.lastIndexOf(':'));
