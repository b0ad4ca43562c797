/**
 * Splits a unified diff into pieces of about `maxLines` lines, each a valid diff of its own (the file headers
 * repeated, long hunks cut into hunks with recomputed ranges), so a 5,000-line diff can be rendered a piece at a time.
 */
export function splitUnifiedDiff(diff: string, maxLines: number): string[] {
  const lines = diff.replace(/\n$/, '').split('\n');
  const firstHunk = lines.findIndex(line => line.startsWith('@@'));
  if (firstHunk < 0) return diff.trim() ? [diff] : [];
  const header = lines.slice(0, firstHunk).filter(line => line.startsWith('--- ') || line.startsWith('+++ '));
  const chunks: string[] = [];
  let current: string[] = [];
  const flush = () => {
    if (current.length) chunks.push(`${[...header, ...current].join('\n')}\n`);
    current = [];
  };

  let index = firstHunk;
  while (index < lines.length) {
    const range = lines[index].match(/^@@ -(\d+)(?:,\d+)? \+(\d+)(?:,\d+)? @@(.*)$/);
    if (!range) {
      index++;
      continue;
    }
    let oldLine = Number(range[1]);
    let newLine = Number(range[2]);
    const title = range[3];
    let end = index + 1;
    while (end < lines.length && !lines[end].startsWith('@@')) end++;
    const body = lines.slice(index + 1, end);
    for (let start = 0; start < body.length || start === 0; start += maxLines) {
      const piece = body.slice(start, start + maxLines);
      const oldCount = piece.filter(line => line[0] === ' ' || line[0] === '-').length;
      const newCount = piece.filter(line => line[0] === ' ' || line[0] === '+').length;
      if (current.length + piece.length > maxLines) flush();
      // An empty range names the line before it (unified diff convention): `-7,0` inserts after line 7.
      const range = (line: number, count: number) => `${count ? line : line - 1},${count}`;
      current.push(
        `@@ -${range(oldLine, oldCount)} +${range(newLine, newCount)} @@${start === 0 ? title : ''}`,
        ...piece,
      );
      oldLine += oldCount;
      newLine += newCount;
      if (!body.length) break;
    }
    index = end;
  }
  flush();
  return chunks;
}

/** Lines added and removed in a unified diff (file headers not counted). */
export function diffStats(diff: string): { added: number; removed: number } {
  let added = 0;
  let removed = 0;
  for (const line of diff.split('\n')) {
    if (line.startsWith('+') && !line.startsWith('+++ ')) added++;
    else if (line.startsWith('-') && !line.startsWith('--- ')) removed++;
  }
  return { added, removed };
}
