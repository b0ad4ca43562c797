// The text of a step as the planner reads it: quoted spans kept aside as one value each, spaces collapsed, chat
// spellings and counts in words read as what they stand for.

/** Quoted spans, kept intact while a query is split or rewritten: "…", “…”, ‘…’ and '…' standing apart from words. */
const QUOTED = /"[^"]*"|“[^”]*”|‘[^’]*’|(?<=^|[\s(:,=])'[^']*'(?=$|[\s),.:;!?])/g;

export function masked(text: string): { text: string; restore: (part: string) => string } {
  const quotes: string[] = [];
  // Runs of spaces outside quotes become one: no pattern below then backtracks over a long run (queries go to 10,000 characters).
  const out = text
    .replace(QUOTED, match => `\u0000${quotes.push(match) - 1}\u0000`)
    .replace(/\s+/g, ' ')
    .replace(SLANG_WORDS, word => SLANG[word])
    .replace(/\be-mail/gi, 'email')
    // "my email address": the address of an email is the email; "address" alone names a street.
    .replace(/\bemail\s+address\b/gi, 'email')
    // "apartment number", "address line 2": the apartment field, however a form labels it.
    .replace(/\b(?:apartment|apt|flat)\s+(?:number|no\.?)|\baddress\s+line\s+2\b/gi, 'apartment')
    // "one room", "two adults": a count in words is the count ("one way" stays a name).
    .replace(COUNTED_WORDS, word => String(NUMBER_WORDS.indexOf(word.toLowerCase()) + 1));
  return { text: out, restore: part => part.replace(/\u0000(\d+)\u0000/g, (_m, k: string) => quotes[Number(k)]) };
}

/** Chat spellings, read as the words they stand for: "could u open …", "pls", "ok thats it". */
const SLANG: Record<string, string> = {
  u: 'you',
  ur: 'your',
  pls: 'please',
  plz: 'please',
  thx: 'thanks',
  thats: "that's",
  dont: "don't",
  cant: "can't",
  wont: "won't",
  im: "I'm",
};
const SLANG_WORDS = new RegExp(`\\b(?:${Object.keys(SLANG).join('|')})\\b(?!['’])`, 'g');

const NUMBER_WORDS = ['one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten'];
const COUNTED_WORDS = new RegExp(
  `\\b(?:${NUMBER_WORDS.join('|')})(?=\\s+(?:adult|child|children|kid|passenger|guest|room|night|ticket|seat|bag|person|people|traveller|traveler|star|bed|item|cop(?:y|ies))s?\\b)`,
  'gi',
);
