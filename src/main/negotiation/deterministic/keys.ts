import { KEY_NAMES, MODIFIER_NAMES } from './vocabulary';

/** The key of "press Enter", `press "Tab"`, "hit ctrl + a", "press the down arrow key"; undefined when not a key. */
export function keyOf(tokens: { raw: string }[]): string | undefined {
  return parseKey(tokens.map(token => token.raw).join(' '));
}

/** A Playwright key name from how people write keys: "ctrl+a" → "Control+a", "arrow down" → "ArrowDown". */
export function parseKey(text: string): string | undefined {
  const joined = text
    .replace(/\s*\+\s*/g, '+')
    .replace(
      /\b(?:arrow\s*(up|down|left|right)|(up|down|left|right)\s*arrow)\b/gi,
      (_m, a?: string, b?: string) => `arrow${a ?? b}`,
    )
    .replace(/\bpage\s+(up|down)\b/gi, 'page$1')
    .replace(/\bspace\s+bar\b/gi, 'space');
  const parts = joined.split(/[+\s]+/).filter(part => part && !/^(?:the|key|keys)$/i.test(part));
  if (!parts.length) return undefined;
  const names = parts.map(part => {
    const lower = part.toLowerCase();
    if (MODIFIER_NAMES[lower]) return { name: MODIFIER_NAMES[lower], modifier: true };
    if (KEY_NAMES[lower]) return { name: KEY_NAMES[lower], modifier: false };
    if (/^f(?:[1-9]|1[0-2])$/.test(lower)) return { name: lower.toUpperCase(), modifier: false };
    if (part.length === 1) return { name: part, modifier: false };
    return undefined;
  });
  if (names.some(name => !name)) return undefined;
  const keys = names as { name: string; modifier: boolean }[];
  // Modifiers first, then at most one key: "Control+Shift+T"; a modifier alone is a key too.
  if (keys.length > 1 && keys.slice(0, -1).some(key => !key.modifier)) return undefined;
  return keys.map(key => key.name).join('+');
}
