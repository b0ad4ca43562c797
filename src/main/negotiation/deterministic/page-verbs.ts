// The arguments of the verbs that act on the page, not on an element: scroll's direction, wait's duration, navigate's URL.
import type { ParsedQuery } from './query';
import type { Token } from './tokens';
import { table } from './vocabulary';
import { rawTokens, STOP_WORDS } from './words';

const UP_WORDS = new Set(['up', 'upward', 'upwards', 'top']);
const DOWN_WORDS = new Set(['down', 'downward', 'downwards', 'bottom']);
const SCROLL_FILLER = new Set(['scroll', 'page', 'way', 'all', 'bit', 'little', 'more', 'further', 'until']);

/** "scroll down", "scroll up in the results list": a direction and the words naming a container, if any. */
export function readScroll(tokens: Token[]): ParsedQuery {
  const q: ParsedQuery = { verb: 'scroll', words: [], names: [], roles: [], direction: 'down' };
  for (const token of tokens) {
    if (token.quote) q.names.push(token.raw);
    else if (UP_WORDS.has(token.low)) q.direction = 'up';
    else if (DOWN_WORDS.has(token.low)) q.direction = 'down';
    else if (!SCROLL_FILLER.has(token.low)) q.words.push(...rawTokens(token.raw).filter(word => !STOP_WORDS.has(word)));
  }
  return q;
}

const UNIT_MS = table<number>({
  ms: 1,
  millisecond: 1,
  milliseconds: 1,
  s: 1000,
  sec: 1000,
  secs: 1000,
  second: 1000,
  seconds: 1000,
  m: 60_000,
  min: 60_000,
  mins: 60_000,
  minute: 60_000,
  minutes: 60_000,
  moment: 1000,
});

/** "wait 2 seconds", "wait 500ms", "wait a second"; a bare number is seconds unless it is 100 or more. 1 s by default. */
export function waitOf(tokens: Token[]): number {
  for (let k = 0; k < tokens.length; k++) {
    const number = tokens[k].low.match(/^(\d+(?:\.\d+)?)([a-z]*)$/);
    if (number) {
      const amount = Number(number[1]);
      const unit = UNIT_MS[number[2]] ?? UNIT_MS[tokens[k + 1]?.low ?? ''];
      return Math.round(unit !== undefined ? amount * unit : amount >= 100 ? amount : amount * 1000);
    }
    if ((tokens[k].low === 'a' || tokens[k].low === 'one') && UNIT_MS[tokens[k + 1]?.low ?? ''])
      return UNIT_MS[tokens[k + 1].low];
  }
  return 1000;
}

/** A URL, a host ("example.com", "localhost:3000") or an absolute path ("/docs"). */
export function isUrlLike(text: string): boolean {
  return (
    /^[a-z][a-z0-9+.-]*:\/\/\S+$/i.test(text) ||
    /^(?:about|data|file):\S+$/i.test(text) ||
    /^\/\S*$/.test(text) ||
    /^(?:localhost|\d{1,3}(?:\.\d{1,3}){3})(?::\d+)?(?:[/?#]\S*)?$/i.test(text) ||
    /^(?:[a-z0-9-]+\.)+[a-z]{2,}(?::\d+)?(?:[/?#]\S*)?$/i.test(text)
  );
}
