/** A word of a query, or a quoted value: what the action parse and the verification parse both read. */
export interface Token {
  raw: string;
  /** Lowercased, possessive dropped; empty for a quoted value. */
  low: string;
  quote?: boolean;
}

// "…", “…”, ‘…’, and '…' when the single quotes stand apart from words (so "field's" stays a word).
const QUOTED = /"([^"]*)"|“([^”]*)”|‘([^’]*)’|(?<=^|[\s(:,=])'([^']*)'(?=$|[\s),.:;!?])/g;

/** The query's words and quoted values, in order, with the punctuation around words dropped. */
export function tokenize(query: string): Token[] {
  const quotes: string[] = [];
  const marked = query.replace(QUOTED, (_match, ...groups: (string | undefined)[]) => {
    quotes.push(groups.slice(0, 4).find(group => group !== undefined) ?? '');
    return ` \u0000${quotes.length - 1} `;
  });
  const tokens: Token[] = [];
  for (const piece of marked.split(/\s+/)) {
    const quote = piece.match(/^\u0000(\d+)$/);
    if (quote) {
      tokens.push({ raw: quotes[Number(quote[1])], low: '', quote: true });
      continue;
    }
    const raw = piece.replace(/^[([{"'“‘]+|[)\]}"'”’,.;:!?]+$/g, '');
    if (raw) tokens.push({ raw, low: raw.toLowerCase().replace(/['’]s$/, '') });
  }
  return tokens;
}
