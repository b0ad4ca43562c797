/**
 * Steps said about oneself or against something, brought to the command they ask for: "I'll take the 06:05" → "take
 * the 06:05", "we're flying to Munich" → "fly to Munich", "don't show prices on the slip" → "turn off prices on the
 * slip", "stop emailing me about comments" → "turn off email comments". Each reads the masked text (quoted spans as
 * \u0000N\u0000), so a quote stays one value.
 */

/** Verbs a gerund is read back to when its stem alone is ambiguous ("leaving" → "leave", not "leav"). */
const KNOWN_VERBS = new Set([
  'book',
  'leave',
  'make',
  'take',
  'have',
  'give',
  'change',
  'move',
  'remove',
  'save',
  'use',
  'share',
  'close',
  'archive',
  'reserve',
  'choose',
  'type',
  'write',
  'come',
  'unsubscribe',
  'subscribe',
  'receive',
  'arrive',
  'continue',
  'delete',
  'decline',
  'renew',
  'star',
  'unstar',
  'pin',
  'unpin',
  'show',
  'fly',
  'travel',
  'go',
  'send',
  'open',
  'view',
  'select',
  'add',
  'pick',
]);

/** "booking" → "book", "leaving" → "leave", "unstarring" → "unstar", "flying" → "fly"; the word unchanged otherwise. */
export function verbOfGerund(word: string): string {
  const low = word.toLowerCase();
  if (!low.endsWith('ing') || low.length < 5) return word;
  const stem = low.slice(0, -3);
  if (KNOWN_VERBS.has(stem)) return stem;
  if (KNOWN_VERBS.has(`${stem}e`)) return `${stem}e`;
  // A doubled last consonant is the gerund's: "pinning", "stopping"; not "calling" or "pressing".
  if (/([b-df-hj-km-rtv-z])\1$/.test(stem)) return stem.slice(0, -1);
  // "leaving", "dancing": no English verb ends in "v" or a lone "c"; the gerund dropped an "e".
  return /(?:v|[^c]c)$/.test(stem) ? `${stem}e` : stem;
}

/** "I'll", "I'd rather", "we would like to", "I'm going to": a speaker saying what they will do, before the verb. */
const INTENT =
  /^(?:i|we)(?:'ll|’ll|'d|’d|\s+will|\s+would|\s+shall)\s+(?:(?:rather|like\s+to|love\s+to|prefer\s+to|want\s+to|need\s+to)\s+)?|^(?:i|we)(?:'m|’m|'re|’re|\s+am|\s+are)\s+going\s+to\s+/i;
const WISH =
  /^(?:i|we)(?:'d|’d|\s+would)\s+(?:like|love|prefer)\s+(?!to\b)|^(?:i|we)\s+(?:want|need|prefer)\s+(?!to\b)|^(?:can|could|may)\s+(?:i|we)\s+(?:have|get)\s+/i;
/** "I'm leaving from Paris", "we're flying to Munich", "we're 3 adults": a speaker saying what they are doing or are. */
const BEING = /^(?:i'm|i’m|i\s+am|we're|we’re|we\s+are)\s+/i;

/** Verbs that only carry what a negation refuses: "don't show prices", "I don't want read receipts", "never send …". */
const CARRIER_VERBS =
  /^(?:show|display|see|get|receive|want|need|send|include|use|have|let|allow|give|keep|notify|put)(?:s|ing)?\s+(?:(?:me|us|them|him|her|any|anymore)\s+)*/i;
/** "emailing me about", "texting me": how to be told is what is turned off, as a word of the target. */
const TELLING =
  /^(email|text|message|notify|ping|alert|remind|call)(?:s|ing|ed)?\s+(?:(?:me|us)\s+)?(?:about\s+|for\s+|of\s+|with\s+)?/i;
const NEGATION =
  /^(?:(?:i|we)\s+)?(?:don't|don’t|dont|do\s+not|never|no\s+longer|no\s+more|(?:stop|quit)(?=\s+\w+ing\b))\s+(?:(?:want|need)\s+(?:to\s+)?)?/i;

/** The command a first-person or negated step asks for; the text unchanged when it is neither. */
export function asCommand(text: string): string {
  const negation = text.match(NEGATION);
  if (negation) {
    let rest = text.slice(negation[0].length);
    const telling = rest.match(TELLING);
    if (telling) rest = `${telling[1].toLowerCase()} ${rest.slice(telling[0].length)}`;
    else rest = rest.replace(CARRIER_VERBS, '');
    // "no more" before a noun, "stop" before a gerund ("stop the timer" is a Stop control's): what is turned off.
    return rest ? `turn off ${rest}` : text;
  }
  // "actually it's not a gift", "this isn't a business order": what the thing is not is turned off.
  const isNot = text.match(/^(?:it|this|that)(?:'s|’s|\s+is)?\s+(?:not|isn't|isn’t)\s+(?:a\s+|an\s+)?(\S.*)$/i);
  if (isNot) return `turn off ${isNot[1]}`;
  // "I'd like product news emails after all", "we want the sea view": a wish for a thing is a choice of it.
  const wish = text.match(WISH);
  if (wish) return `choose ${text.slice(wish[0].length)}`;
  const intent = text.match(INTENT);
  // "I'd rather have the blanket in sage": having a thing is choosing it.
  if (intent) return text.slice(intent[0].length).replace(/^(?:have|get)\s+(?=the\s|a\s|an\s)/i, 'choose ');
  const being = text.match(BEING);
  if (being) {
    const rest = text.slice(being[0].length);
    const [first = '', ...others] = rest.split(' ');
    return first.toLowerCase().endsWith('ing') ? [verbOfGerund(first), ...others].join(' ') : rest;
  }
  return text;
}
