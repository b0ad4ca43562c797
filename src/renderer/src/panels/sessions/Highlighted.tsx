const WORD = /[\p{L}\p{N}]+/gu;
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** `text` with every occurrence of the query's words marked (the core matches words the same way, case-insensitively). */
export function Highlighted({ text, query }: { text: string; query: string }) {
  const words = [...new Set(query.match(WORD) ?? [])].sort((a, b) => b.length - a.length);
  if (!words.length) return <>{text}</>;
  const parts = text.split(new RegExp(`(${words.map(escape).join('|')})`, 'giu'));
  // split with one capturing group: the odd parts are the matches.
  return <>{parts.map((part, i) => (i % 2 ? <mark key={i}>{part}</mark> : part))}</>;
}
