/**
 * Word handling shared by query parsing and matching. Queries and element names go through the same normalisation,
 * so "Add to cart" and "add the item to carts" compare on the same footing.
 */

/** Words that say nothing about which element is meant; dropped from queries and names alike. */
export const STOP_WORDS = new Set([
  'the',
  'a',
  'an',
  'on',
  'in',
  'into',
  'to',
  'of',
  'for',
  'with',
  'please',
  'kindly',
  'at',
  'by',
  'from',
  'onto',
  'this',
  'that',
  'these',
  'those',
  'my',
  'your',
  'our',
  'its',
  'it',
  'and',
  'then',
  'now',
  'just',
  'also',
  'one',
  'element',
  'me',
  'i',
  'we',
  'you',
  'can',
  'could',
  'would',
  'will',
  'should',
  'inside',
  'within',
  'is',
  'are',
  'be',
  // Pronouns and clause words: "the one where Dana mentioned me", "order them by sender", "it's a present, so …".
  'them',
  'they',
  'he',
  'she',
  'him',
  'her',
  // What is left of a contraction: "I've", "you'd", "we're", "I'll", "I'm".
  've',
  'd',
  're',
  'll',
  'm',
  // A particle no control is named by: "file away the lunch email".
  'away',
  'where',
  'when',
  'what',
  'so',
  // Words about the request, not the target: "put it on my wishlist instead", "quickly open …".
  'instead',
  'anyway',
  'anymore',
  'very',
  'quickly',
  'actually',
  'his',
  'their',
  // Fillers and chat: "um pin Priya's email", "yo reply to Alex lol", "nah archive it", "make Tom an owner fr".
  'um',
  'umm',
  'uh',
  'erm',
  'yo',
  'nah',
  'ngl',
  'tbh',
  'fr',
  'lol',
  'haha',
  'yeah',
]);

/** Lowercased alphanumeric runs, accents stripped: punctuation and symbols (×, ›, …) separate words. */
export function rawTokens(text: string): string[] {
  const low = text.toLowerCase();
  // Plain ASCII (most names) has no accents to strip: the Unicode normalisation is the costly part on big trees.
  const plain = /^[\x00-\x7f]*$/.test(low) ? low : low.normalize('NFKD').replace(/\p{M}/gu, '');
  return plain.split(/[^\p{L}\p{N}]+/u).filter(Boolean);
}

/** A crude singular: enough that "plans"/"plan" and "boxes"/"box" meet; both sides get the same treatment. */
export function normalizeWord(word: string): string {
  const w = word.toLowerCase().replace(/['’]s$/, '');
  if (w.length > 4 && w.endsWith('ies')) return `${w.slice(0, -3)}y`;
  if (w.length > 4 && /(?:s|x|z|ch|sh)es$/.test(w)) return w.slice(0, -2);
  if (w.length > 3 && w.endsWith('s') && !/(?:ss|us|is)$/.test(w)) return w.slice(0, -1);
  return w;
}

/** The meaningful words of a text, normalised; a name made only of stop words ("On") keeps them. */
export function contentWords(text: string): string[] {
  const tokens = rawTokens(text);
  const content = tokens.filter(token => !STOP_WORDS.has(token));
  return (content.length ? content : tokens).map(normalizeWord);
}

/** One substitution, insertion, deletion or swap of neighbours at most: editDistance(a, b) <= 1, without a table. */
function withinOneEdit(a: string, b: string): boolean {
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  if (a.length === b.length) {
    if (a.slice(i + 1) === b.slice(i + 1)) return true;
    return a[i] === b[i + 1] && a[i + 1] === b[i] && a.slice(i + 2) === b.slice(i + 2);
  }
  const [short, long] = a.length < b.length ? [a, b] : [b, a];
  return short.slice(i) === long.slice(i + 1);
}

/** Edits between two words, a swap of neighbours counting as one ("frist"/"first"): optimal string alignment. */
export function editDistance(a: string, b: string): number {
  const rows: number[][] = [Array.from({ length: b.length + 1 }, (_, j) => j)];
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    for (let j = 1; j <= b.length; j++) {
      row[j] = Math.min(rows[i - 1][j] + 1, row[j - 1] + 1, rows[i - 1][j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        row[j] = Math.min(row[j], rows[i - 2][j - 2] + 1);
    }
    rows.push(row);
  }
  return rows[a.length][b.length];
}

/**
 * How well two normalised words match: 1 when equal, 0.8 for a short extension ("log"/"login", "save"/"saved": at
 * most two more letters, so "add" never meets "address"), 0.7 for a one-letter typo (or two letters swapped) in words of five letters or more.
 * Numbers match only exactly: "Page 10" is not "Page 100".
 */
export function wordSimilarity(a: string, b: string): number {
  if (a === b) return 1;
  if (/\d/.test(a) || /\d/.test(b)) return 0;
  const [short, long] = a.length <= b.length ? [a, b] : [b, a];
  if (short.length >= 3 && long.length - short.length <= 2 && long.startsWith(short)) return 0.8;
  if (short.length >= 5 && long.length - short.length <= 1 && withinOneEdit(a, b)) return 0.7;
  if (a[0] === b[0] && a.slice(0, 4) === b.slice(0, 4) && stemOf(a) === stemOf(b)) return 0.75;
  return 0;
}

// Endings that make another word of the same root: "invitation"/"invited"/"invite", "departure"/"depart",
// "booking"/"book". Not -er/-or: an "Editor" role is no "Edit" button.
const ENDINGS = /(?:ations?|itions?|ments?|ures?|ings?|ed)$/;
const stems = new Map<string, string>();

/** The word without one such ending (and a doubled last letter: "shipping" → "ship"), kept to four letters or more. */
function stemOf(word: string): string {
  let stem = stems.get(word);
  if (stem === undefined) {
    const cut = word.replace(ENDINGS, '').replace(/e$/, '');
    const single = /([b-df-hj-np-tv-z])\1$/.test(cut) ? cut.slice(0, -1) : cut;
    stem = single.length >= 4 ? single : word;
    if (stems.size > 20_000) stems.clear();
    stems.set(word, stem);
  }
  return stem;
}

/** Character-bigram overlap (Dice) of two texts: for naming the closest elements when no word matched at all. */
export function textSimilarity(a: string, b: string): number {
  return similarityTo(b)(a);
}

function bigrams(text: string): string[] {
  const clean = text.toLowerCase().replace(/\s+/g, ' ').trim();
  const out: string[] = [];
  for (let i = 0; i < clean.length - 1; i++) out.push(clean.slice(i, i + 2));
  return out;
}

/** textSimilarity against a fixed text, its bigrams counted once: for comparing thousands of names with one query. */
export function similarityTo(b: string): (a: string) => number {
  const right = bigrams(b);
  const counts = new Map<string, number>();
  for (const gram of right) counts.set(gram, (counts.get(gram) ?? 0) + 1);
  return a => {
    const left = bigrams(a);
    if (!left.length || !right.length) return 0;
    const used = new Map<string, number>();
    let shared = 0;
    for (const gram of left) {
      const seen = used.get(gram) ?? 0;
      if (seen < (counts.get(gram) ?? 0)) {
        shared++;
        used.set(gram, seen + 1);
      }
    }
    return (2 * shared) / (left.length + right.length);
  };
}

/** Lowercase, whitespace collapsed, edge punctuation trimmed: for exact-name comparison of quoted values. */
export function normalizePhrase(text: string): string {
  return text
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .replace(/^[\s\p{P}]+|[\s\p{P}]+$/gu, '');
}
