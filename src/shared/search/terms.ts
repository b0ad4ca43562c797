/**
 * How text becomes search terms. Words are runs of letters and digits, so a URL, a ref or an identifier splits at
 * its punctuation ("api/items?id=3" → api, items, id, 3; "browser_evaluate" → browser, evaluate) and a query written
 * the same way finds it. The index also keeps the parts of camelCase words ("getByRole" → getbyrole, get, by, role),
 * so a part can be searched on its own; queries are not split that way, so "getByRole" stays one exact term.
 */

/** Longer words are cut: base64 and hashes would each add a long distinct term no one types in full. */
const MAX_TERM = 32;
const WORD = /[\p{L}\p{N}]+/gu;
const CAMEL_BOUNDARY = /(?<=\p{Ll})(?=\p{Lu})|(?<=\p{Lu})(?=\p{Lu}\p{Ll})/u;

const term = (word: string) => word.toLowerCase().slice(0, MAX_TERM);

/** The terms of a query, in order. */
export function queryTerms(text: string): string[] {
  return (text.match(WORD) ?? []).map(term);
}

/** The terms a document's text is indexed under. */
export function indexTerms(text: string): string[] {
  const terms: string[] = [];
  for (const word of text.match(WORD) ?? []) {
    const lower = word.toLowerCase();
    terms.push(lower.slice(0, MAX_TERM));
    // Only a word with capitals can have camelCase parts (and most words have none: this keeps indexing fast).
    if (lower !== word) {
      const parts = word.split(CAMEL_BOUNDARY);
      if (parts.length > 1) for (const part of parts) terms.push(term(part));
    }
  }
  return terms;
}
