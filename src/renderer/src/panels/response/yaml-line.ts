/** One piece of a snapshot line, for colouring: a role word, a quoted name, a `[ref=eN]`, or plain text. */
export type Piece = { kind: 'text' | 'role' | 'name' | 'ref'; text: string; ref?: string };

const TOKENS = /(^\s*- )([a-z]+)|("(?:[^"\\]|\\.)*")|(\[ref=((?:f\d+)?e\d+)\])/g;

/** Splits a line of an aria snapshot (YAML) into pieces whose texts, joined, are the line unchanged. */
export function yamlPieces(line: string): Piece[] {
  const pieces: Piece[] = [];
  let at = 0;
  const text = (end: number) => {
    if (end > at) pieces.push({ kind: 'text', text: line.slice(at, end) });
  };
  for (const match of line.matchAll(TOKENS)) {
    const [whole, indent, role, name, ref, id] = match;
    text(match.index);
    if (role) pieces.push({ kind: 'text', text: indent }, { kind: 'role', text: role });
    else if (name) pieces.push({ kind: 'name', text: name });
    else if (ref) pieces.push({ kind: 'ref', text: ref, ref: id });
    at = match.index + whole.length;
  }
  text(line.length);
  return pieces;
}
