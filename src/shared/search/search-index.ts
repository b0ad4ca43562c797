import { SEARCH_FIELDS, type SearchField, type StepTexts } from './fields';
import { indexTerms, queryTerms } from './terms';
import { top } from './top';

/** A step the query matched, and the fields its words were found in. */
export interface StepMatch {
  sessionId: string;
  seq: number;
  /** The query's terms (the last one may be a prefix of what matched). */
  terms: string[];
  fields: Set<SearchField>;
}

/** The last query word is searched as a prefix (as you type) once it has this many characters: a single letter would expand to a large part of the vocabulary. */
const MIN_PREFIX = 2;
/** A posting packs the document's number and the mask of the fields holding the term: doc << FIELD_BITS | mask. */
const FIELD_BITS = SEARCH_FIELDS.length;
const MAX_DOCS = 2 ** (32 - FIELD_BITS);
/** A word in the tool's name, the page or the arguments says more about a step than one in its response or logs. */
const FIELD_WEIGHT: Record<SearchField, number> = {
  tool: 3,
  url: 2,
  args: 2,
  response: 1,
  console: 1,
  network: 1,
  model: 1,
};
const WEIGHT_OF_MASK = Array.from({ length: 2 ** FIELD_BITS }, (_, mask) =>
  Math.max(0, ...SEARCH_FIELDS.filter((_, bit) => mask & (1 << bit)).map(field => FIELD_WEIGHT[field])),
);

/** A growable sorted list of postings (documents are numbered in the order they are added). */
class Postings {
  items = new Uint32Array(2);
  length = 0;

  push(value: number) {
    if (this.length === this.items.length) {
      const grown = new Uint32Array(this.length * 2);
      grown.set(this.items);
      this.items = grown;
    }
    this.items[this.length++] = value;
  }
}

/**
 * The full-text index of every step of every session: one document per step, an inverted index from each term to
 * the steps holding it, packed 4 bytes a posting with the fields it is in. MiniSearch (measured first) kept a Map
 * entry per posting per field: ~13 KB a step, 1.3 GB and 100 s of indexing for 100,000 steps, and slower than a
 * linear scan on common words. This keeps no texts either: a hit's excerpt is rebuilt from the step itself (see
 * session-search.ts). Every word of a query must match (AND), the last as a prefix; results are ranked by the
 * words' rarity (idf) weighted by the field they are in, newer steps first among equals.
 */
export class SearchIndex {
  private readonly postings = new Map<string, Postings>();
  private docSession = new Int32Array(1024);
  private docSeq = new Int32Array(1024);
  private dead = new Uint8Array(1024);
  private docs = 0;
  private deadCount = 0;
  private readonly sessionIds: string[] = [];
  /** Per session: its number, and its documents by seq. */
  private readonly sessions = new Map<string, { index: number; docs: Map<number, number> }>();

  /** Steps indexed (a replaced or dropped step no longer counts). */
  get size(): number {
    return this.docs - this.deadCount;
  }

  has(sessionId: string, seq: number): boolean {
    return !!this.sessions.get(sessionId)?.docs.has(seq);
  }

  /** Indexes a step; a step already indexed is replaced. */
  add(sessionId: string, seq: number, texts: StepTexts) {
    if (this.docs === MAX_DOCS) throw new Error(`The search index is full (${MAX_DOCS} steps).`);
    let session = this.sessions.get(sessionId);
    if (!session) {
      session = { index: this.sessionIds.push(sessionId) - 1, docs: new Map() };
      this.sessions.set(sessionId, session);
    }
    const previous = session.docs.get(seq);
    if (previous !== undefined) this.kill(previous);
    const doc = this.docs++;
    if (doc === this.docSeq.length) this.grow();
    this.docSession[doc] = session.index;
    this.docSeq[doc] = seq;
    session.docs.set(seq, doc);

    const masks = new Map<string, number>();
    SEARCH_FIELDS.forEach((field, bit) => {
      for (const term of indexTerms(texts[field])) masks.set(term, (masks.get(term) ?? 0) | (1 << bit));
    });
    for (const [term, mask] of masks) {
      let list = this.postings.get(term);
      if (!list) this.postings.set(term, (list = new Postings()));
      list.push(((doc << FIELD_BITS) | mask) >>> 0);
    }
  }

  dropSession(sessionId: string) {
    const session = this.sessions.get(sessionId);
    if (!session) return;
    for (const doc of session.docs.values()) this.kill(doc);
    session.docs.clear();
  }

  /** The `limit` best steps holding every word of `query`, and how many hold them; `sessionId` keeps one session's. */
  search(query: string, options: { sessionId?: string; limit?: number } = {}): { matches: StepMatch[]; total: number } {
    const { sessionId, limit = Infinity } = options;
    const terms = queryTerms(query);
    const scope = sessionId === undefined ? undefined : this.sessions.get(sessionId)?.index;
    if (!terms.length || (sessionId !== undefined && scope === undefined)) return { matches: [], total: 0 };
    // Per query term: each document's field mask (0: absent), and the term's weight by rarity.
    const perTerm = terms.map((term, i) => this.lookUp(term, i === terms.length - 1 && term.length >= MIN_PREFIX));
    const rarest = perTerm.reduce((a, b) => (b.count < a.count ? b : a));

    const docs = new Int32Array(rarest.count);
    const scores = new Float64Array(rarest.count);
    let total = 0;
    for (const doc of rarest.docs) {
      if (this.dead[doc] || (scope !== undefined && this.docSession[doc] !== scope)) continue;
      let score = 0;
      for (const found of perTerm) {
        const fields = found.masks[doc];
        if (!fields) {
          score = 0;
          break;
        }
        score += found.idf * WEIGHT_OF_MASK[fields];
      }
      if (score > 0) {
        docs[total] = doc;
        scores[total++] = score;
      }
    }
    const better = (a: number, b: number) => scores[a] > scores[b] || (scores[a] === scores[b] && docs[a] > docs[b]);
    const matches = top(total, Math.min(limit, total), better).map(i => {
      const doc = docs[i];
      const mask = perTerm.reduce((union, found) => union | found.masks[doc], 0);
      return {
        sessionId: this.sessionIds[this.docSession[doc]],
        seq: this.docSeq[doc],
        terms,
        fields: new Set(SEARCH_FIELDS.filter((_, bit) => mask & (1 << bit))),
      };
    });
    return { matches, total };
  }

  /** The documents holding a term (or, as a prefix, any term it begins), each with its fields' mask. */
  private lookUp(term: string, prefix: boolean) {
    const lists: Postings[] = [];
    if (prefix) {
      for (const [key, list] of this.postings) if (key.startsWith(term)) lists.push(list);
    } else {
      const list = this.postings.get(term);
      if (list) lists.push(list);
    }
    const masks = new Uint8Array(this.docs);
    const docs: number[] = [];
    for (const list of lists) {
      for (let i = 0; i < list.length; i++) {
        const doc = list.items[i] >>> FIELD_BITS;
        if (!masks[doc]) docs.push(doc);
        masks[doc] |= list.items[i] & (2 ** FIELD_BITS - 1);
      }
    }
    return { masks, docs, count: docs.length, idf: Math.log(1 + this.docs / Math.max(1, docs.length)) };
  }

  private kill(doc: number) {
    if (this.dead[doc]) return;
    this.dead[doc] = 1;
    this.deadCount++;
  }

  private grow() {
    const size = this.docSeq.length * 2;
    const grow = <T extends Int32Array | Uint8Array>(array: T, next: T) => (next.set(array), next);
    this.docSession = grow(this.docSession, new Int32Array(size));
    this.docSeq = grow(this.docSeq, new Int32Array(size));
    this.dead = grow(this.dead, new Uint8Array(size));
  }
}
