/**
 * What a step says besides the step: apologies, thanks, hurry, conditions of politeness, the reason before "so". People
 * wrap a step in them ("sorry, in a bit of a rush — could you refund Bruno's order please, thanks"); none of their
 * words is a word of the target. Reads the masked text (quoted spans as \u0000N\u0000), so a quote never splits.
 */

/** One courtesy: the pieces a remark is made of. The "if …", "sorry …" and "thanks …" ones run to the end. */
const ATOM = [
  String.raw`oh\s+dear`,
  'oops',
  String.raw`(?:sorry|apologies|my\s+apologies|thanks|thank\s+you|thank\s+u|cheers)\b.*`,
  'ta',
  'thx',
  String.raw`much\s+appreciated`,
  String.raw`(?:lovely|great|perfect|right|okay|ok|cool|brilliant|super)`,
  String.raw`(?:pretty\s+)?(?:please|pls|plz|kindly)`,
  String.raw`(?:be\s+)?quick(?:ly)?(?:\s+as\s+(?:you\s+can|possible))?`,
  String.raw`as\s+(?:quick(?:ly)?|soon|fast)\s+as\s+(?:you\s+can|possible)`,
  'asap',
  String.raw`(?:now|for\s+now|for\s+me|real\s+quick)`,
  String.raw`no\s+(?:rush|hurry|time\s+to\s+chat)`,
  String.raw`(?:i'?m|i\s+am|we'?re|we\s+are)\s+(?:in\s+a\s+(?:bit\s+of\s+a\s+)?(?:rush|hurry)|on\s+a\s+budget|feeling\s+[\p{L}]+(?:\s+today)?|short\s+on\s+time)`,
  String.raw`in\s+a\s+(?:bit\s+of\s+a\s+)?(?:rush|hurry)`,
  String.raw`if\b.*`,
  String.raw`for\s+what\s+it'?s\s+worth`,
  String.raw`while\s+you'?re\s+at\s+it`,
  String.raw`(?:i'?ve|i\s+have)\s+got\s+to\s+(?:run|go)`,
  String.raw`i\s+get\s+(?:far\s+)?too\s+many(?:\s+[\p{L}]+)?`,
].join('|');
const REMARK = new RegExp(String.raw`^(?:${ATOM})(?:\s+(?:and\s+)?(?:${ATOM}))*$`, 'iu');

/** Where a remark may end: a comma, a dash, a question or exclamation mark, a full stop before more text. */
const SEPARATOR = /\s*(?:,|\s[—–-]\s|[?!]+(?=\s|$)|\.(?=\s))\s*/u;

/**
 * The step without the remarks around it: "sorry, in a rush — refund Bruno's order, thanks" → "refund Bruno's
 * order"; "I speak German, so the language ought to be Deutsch" → "the language ought to be Deutsch". Empty when
 * it is nothing but remarks; unchanged when no part is one.
 */
export function withoutCourtesies(text: string): string {
  const parts = text.split(SEPARATOR).filter(part => part.trim());
  if (parts.length < 2) return text;
  // "<reason>, so <step>": the reason says why, the step what.
  const so = parts.findIndex((part, k) => k > 0 && /^so\s+\S/i.test(part));
  const from = so > 0 ? parts.slice(so).map((part, k) => (k ? part : part.replace(/^so\s+/i, ''))) : parts;
  const kept = from.filter(part => !REMARK.test(part.trim()));
  // Nothing but remarks ("right, thanks!"): no step, rather than a remark's word ("right") read as one.
  if (kept.length === parts.length) return text;
  return kept.join(', ');
}
