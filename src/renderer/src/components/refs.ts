// A ref as Browser State files write it: `ref="e12"` in dom.html, `[ref=e12]` in accessibility-tree.yaml.
const REF = /ref="?((?:f\d+)?e\d+)"?\]?/g;

/** The ref written at `column` of a line (or, when the click is elsewhere on the line, its only ref). */
export function refAt(line: string, column: number): string | undefined {
  const found = [...line.matchAll(REF)];
  const hit = found.find(match => column >= match.index! && column <= match.index! + match[0].length);
  return (hit ?? (found.length === 1 ? found[0] : undefined))?.[1];
}

/** The 1-based line that writes `ref`, if any. */
export function refLine(lines: string[], ref: string): number | undefined {
  const pattern = new RegExp(`ref="?${ref}(?![0-9])`);
  const index = lines.findIndex(line => pattern.test(line));
  return index < 0 ? undefined : index + 1;
}
