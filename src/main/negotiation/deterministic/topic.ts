/**
 * Steps that name their object first and say what to do with it after: "the 06:05 flight, pick it", "lemon chicken,
 * put it on Sunday", "INV-2044: send reminder", "push mentions on", "airport transfer yes". Brought to the command
 * with its object in place. Reads the masked text (quoted spans as \u0000N\u0000).
 */

/** Verbs that open the comment after a topic. */
const COMMENT_VERBS = new Set([
  'pick',
  'choose',
  'select',
  'book',
  'reserve',
  'take',
  'open',
  'view',
  'show',
  'put',
  'move',
  'add',
  'remove',
  'delete',
  'archive',
  'star',
  'pin',
  'mark',
  'send',
  'collect',
  'tick',
  'check',
  'uncheck',
  'untick',
  'click',
  'press',
  'hit',
  'download',
  'share',
  'renew',
  'cancel',
  'refund',
  'reply',
  'edit',
  'save',
  'enable',
  'disable',
  'turn',
  'switch',
  'toggle',
  'set',
  'change',
  'make',
]);
const POINTING = /\b(?:it|them|that|this\s+one|that\s+one)\b/i;
const LEAD = /^(?:(?:just|now|then|please|and|so)\s+)+/i;

/** "push mentions on", "SMS security alerts off", "airport transfer yes": a thing, then the state it should be in. */
const STATE = /^(.+?)[,:]?\s+(on|off|yes|no|enabled?|disabled?)$/i;
/** First words that make "<word> on/off" a verb of its own ("log off", "sign on"), not a thing's state. */
const PARTICLE_VERBS = new Set(['log', 'sign', 'turn', 'switch', 'toggle', 'flip', 'check', 'kick', 'back', 'set']);

/** The command a topic-first step asks for; the text unchanged when it is none. */
export function commandOnTopic(text: string): string {
  const state = text.match(STATE);
  const first = state?.[1].match(/^[\p{L}]+/u)?.[0].toLowerCase() ?? '';
  if (state && !PARTICLE_VERBS.has(first) && !COMMENT_VERBS.has(first) && state[1].split(/\s+/).length <= 5) {
    const on = /^(?:on|yes|enabled?)$/i.test(state[2]);
    return `turn ${on ? 'on' : 'off'} ${state[1].trim()}`;
  }
  const told = text.match(/^(.+?)\s*(?:,|:(?=\s))\s+(\S.*)$/);
  if (told) {
    const [, topic, rawComment] = told;
    const comment = rawComment.replace(LEAD, '');
    const verb = comment.match(/^[\p{L}]+/u)?.[0].toLowerCase() ?? '';
    const topicVerb = topic.match(/^[\p{L}]+/u)?.[0].toLowerCase() ?? '';
    if (COMMENT_VERBS.has(verb) && !COMMENT_VERBS.has(topicVerb) && !topic.includes('\u0000')) {
      if (POINTING.test(comment)) return comment.replace(POINTING, topic.trim());
      // "INV-2044: send reminder", "weekly digest: mark unread": what to do, for the thing named first.
      if (!/\s(?:for|of|on|to|in)\s/i.test(comment)) return `${comment} for ${topic.trim()}`;
    }
  }
  return text;
}
