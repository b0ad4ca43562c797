/**
 * What people say around a step without it being the step: openers ("please could you"), wrappers with words of their
 * own ("I'd love it if you could"), interjections ("perfect, next …"), closing words ("…, thanks"), and a place said
 * first ("under Alerts, …"). Reads the masked text (quoted spans as \u0000N\u0000).
 */
import { verbOfGerund } from './first-person';
import { REMARK } from './statements';

/** Verbs that start a step: after "and" or a comma they mean a new step, not more of a name or a value. */
export const STEP_VERBS = new Set([
  'click',
  'tap',
  'press',
  'hit',
  'push',
  'type',
  'enter',
  'input',
  'write',
  'put',
  'fill',
  'select',
  'choose',
  'pick',
  'tick',
  'check',
  'uncheck',
  'untick',
  'open',
  'go',
  'navigate',
  'visit',
  'scroll',
  'wait',
  'submit',
  'save',
  'search',
  'set',
  'change',
  'add',
  'sign',
  'log',
  'delete',
  'remove',
  'archive',
  'refund',
  'export',
  'view',
  'share',
  'send',
  'verify',
  'confirm',
  'close',
  'toggle',
  'enable',
  'disable',
  'switch',
  'use',
  'clear',
  'reset',
  'apply',
  'hover',
]);

/** Words that open a request without being part of it: "please could you…", "ok now…", "hi!". */
const OPENERS =
  /^(?:(?:please|kindly|now|then|just|also|and|ok|okay|hi|hey|finally|actually)\b[\s,!.:]*|(?:can|could|would|will)\s+you\s+|(?:next\s+up|up\s+next|first\s+(?:up|off)|step\s+\d+)\s*[:,.)-]\s*)+/i;
/**
 * Chatty wrappers with words of their own, which are never words of the target: "I'd love it if you could …", "go on
 * and …", "(would you) mind clicking …", "let's …", "it's time to …".
 */
const WRAPPERS =
  /^(?:i(?:'d|\s+would)?\s+(?:love|like)\s+(?:it\s+)?if\s+you\s+(?:could|would|can)|i(?:'d|\s+would)\s+like\s+(?:you\s+)?to|i\s+(?:want|need)\s+(?:you\s+)?to|go\s+(?:on|ahead)\s+and|would\s+you\s+be\s+so\s+kind\s+as\s+to|do\s+me\s+a\s+favou?r\s+and|(?:(?:could|would|can)\s+you\s+)?be\s+a\s+(?:dear|star|love)\s+and|i(?:'d|\s+would)\s+(?:really\s+)?(?:appreciate(?:\s+it)?|be\s+(?:ever\s+so\s+|very\s+|really\s+|so\s+)?grateful)\s+if\s+you(?:'d|\s+would|\s+could|\s+can)?|if\s+(?:it's|it\s+is)\s+not\s+too\s+much\s+(?:trouble|bother)\s*,?|if\s+it\s+(?:isn't|is\s+not)\s+too\s+much\s+(?:trouble|bother)\s*,?|i\s+wonder\s+if\s+you\s+(?:might|could|would|can)|(?:let's|lets|let\s+us|let\s+me|lemme)|(?:can|could|shall|should)\s+we|i\s+(?:think|guess|suppose|reckon)(?:\s+that)?|any\s+chance\s+(?:you\s+)?(?:could|can|would|might)(?:\s+you)?|(?:would|is)\s+it\s+(?:be\s+)?possible\s+(?:for\s+you\s+)?to|can\s+i\s+get\s+you\s+to|i\s+was\s+(?:hoping|wondering\s+if)\s+you\s+(?:could|would|can|might)|(?:do\s+you\s+)?think\s+you\s+(?:could|can|would)|help\s+me(?:\s+to)?|be\s+so\s+(?:good|kind)\s+as\s+to|when\s+you\s+get\s+a\s+(?:chance|sec|second|minute|moment)\s*,?|(?:it's\s+|it\s+is\s+)?time\s+to|(?:can|could|would|will)\s+you(?:\s+please)?)\s+/i;
/**
 * Interjections ("hmm,", "perfect,", "next …"): dropped before a comma or a verb that starts a step, kept otherwise —
 * "Next" alone, or "next page", names a control. Not "right": "right click" is a verb no action carries out.
 */
const INTERJECTIONS =
  /^(hm+|um+|uh+|er+m?|oh|ah+|ugh|argh|oof|phew|whew|ooh|meh|wow|yo|nah|ngl|tbh|well|alright|all\s+right|great|perfect|cool|nice|good|fine|sure|thanks|thank\s+you|next|so|yes|yeah|yep|actually)\b\s*([,.!]?)\s*/i;

/**
 * Without its openers, wrappers, interjections and remarks, however many there are ("okay, go on and …", "perfect, next
 * …", "hmm actually, …", "all done I think, …"). An interjection closed by a full stop is a sentence of its own.
 */
export function dropOpeners(text: string): string {
  let out = text;
  for (;;) {
    const before = out;
    out = out
      .replace(OPENERS, '')
      .replace(REMARK, '')
      .replace(/^[\s,!.:;-]+/, '');
    const normal = out.replace(/’/g, "'");
    const wrapper = normal.match(WRAPPERS);
    if (wrapper) out = out.slice(wrapper[0].length);
    // "(would you) mind clicking Save": the verb out of its -ing form.
    const gerund = out.match(/^(?:you\s+)?mind\s+(?:(?:terribly|awfully|at\s+all|just)\s+)?([a-z]+ing)\b/i);
    if (gerund) out = `${verbOfGerund(gerund[1])}${out.slice(gerund[0].length)}`;
    const interjection = out.match(INTERJECTIONS);
    if (interjection) {
      const rest = out.slice(interjection[0].length);
      const next = rest.match(/^[\p{L}'’]+/u)?.[0].toLowerCase() ?? '';
      if (
        rest &&
        (interjection[2] ||
          STEP_VERBS.has(next) ||
          /^(?:don't|don’t|do\s+not|never)\b/i.test(rest) ||
          // "perfect, next flag the one about lunch": a word before what it acts on is a verb.
          /^[\p{L}]+\s+(?:the|an?|my|this|that|these|those|it|all|every|his|her|their|our|your)\b/iu.test(rest) ||
          OPENERS.test(rest) ||
          INTERJECTIONS.test(rest) ||
          WRAPPERS.test(rest.replace(/’/g, "'")))
      )
        out = rest;
    }
    if (out === before) return out;
  }
}
/** Verbs that open the step after a place said first, besides the step verbs: "under visibility make …". */
const AFTER_PLACE = new Set([...STEP_VERBS, 'make', 'turn', 'pick', 'mark', 'star', 'pin', 'book', 'mute']);

/**
 * "under Alerts, would you tick the weekly digest", "in the Profile section set the time zone to X": where, then the
 * step — brought to the step, then where, so the step's own wrapper and closing words are dropped like any other's.
 * A field said first ("in the second street field type …") is statements.ts's. Unchanged when no step follows.
 */
export function placeLast(text: string): string {
  const words = text.split(/\s+/);
  if (!/^(?:under|in|within|inside|on)$/i.test(words[0] ?? '')) return text;
  for (let k = 2; k <= Math.min(6, words.length - 1); k++) {
    const comma = words[k - 1].endsWith(',');
    const place = words.slice(0, k).join(' ').replace(/,$/, '');
    if (/\b(?:field|box|input|dropdown)$/i.test(place)) return text;
    const rest = dropOpeners(words.slice(k).join(' '));
    const verb = rest.match(/^[\p{L}]+/u)?.[0].toLowerCase() ?? '';
    if (!AFTER_PLACE.has(verb)) {
      if (comma) return text;
      continue;
    }
    const step = dropClosers(rest).trim();
    // "set the time zone to New York": the place is the field's, before the value.
    const to = ['set', 'change', 'update', 'switch'].includes(verb) ? step.toLowerCase().indexOf(' to ') : -1;
    return to > 0 ? `${step.slice(0, to)} ${place}${step.slice(to)}` : `${step} ${place}`;
  }
  return text;
}

/** …and that close it: "…please", "…for me", "…?", and the adverbs that add no target: "…too", "…instead". */
const CLOSING_WORDS = [
  ' please',
  ' pls',
  ' plz',
  ' for me',
  ' um yeah',
  ' yeah',
  ' for us',
  ' thanks',
  ' thank you',
  ' too',
  ' as well',
  ' instead',
  ' actually',
  ' after all',
  ' real quick',
  ' quickly',
  ' right now',
  ' asap',
];

/** Without its closing words and question marks; a loop, as an end-anchored pattern would rescan from every position. */
export function dropClosers(text: string): string {
  const trimEnd = (value: string, chars: string) => {
    let end = value.length;
    while (end > 0 && chars.includes(value[end - 1])) end--;
    return value.slice(0, end);
  };
  // "… if they need it", "… if that matters": a condition of politeness, not of the step.
  // "… so I don't forget it", "… to check it works": why, which names nothing to act on.
  const purposeless = text
    .replace(/\s+if\s+(?:you|they|that|it|possible|at\s+all|necessary|needed)\b[^,]*$/i, '')
    .replace(/,?\s+so\s+(?:that\s+)?(?:i|we)\s+(?:don't|do\s+not|dont|can|won't|will|remember)\b[^,]*$/i, '')
    .replace(/,?\s+to\s+(?:check|see|make\s+sure)\s+(?:it|that|if|whether|what)\b[^,]*$/i, '');
  let out = trimEnd(purposeless, ' ?');
  for (;;) {
    // "…, thanks!": a closing word may end in its own exclamation mark or full stop.
    const bare = trimEnd(out, '.!');
    const low = bare.toLowerCase();
    const word = CLOSING_WORDS.find(closing => low.endsWith(closing));
    if (!word) return out;
    out = trimEnd(bare.slice(0, -word.length), ' .!?,');
  }
}
