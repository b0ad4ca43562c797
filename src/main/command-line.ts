/**
 * Splits a command line the way a POSIX shell splits words: blanks separate, '…' keeps everything literally, "…"
 * keeps blanks and honours \" \\ \$ \`, and a backslash outside quotes escapes the next character. No expansion of
 * variables, globs or `~`: the command is spawned directly, without a shell.
 */
export function splitCommandLine(line: string): string[] {
  const words: string[] = [];
  let word = '';
  // A word exists once any character or quote pair was read, so `''` yields an empty argument.
  let inWord = false;
  for (let i = 0; i < line.length; i++) {
    const ch = line[i];
    if (/\s/.test(ch)) {
      if (inWord) words.push(word);
      word = '';
      inWord = false;
      continue;
    }
    inWord = true;
    if (ch === "'") {
      const end = line.indexOf("'", i + 1);
      if (end < 0) throw new SyntaxError(`Unterminated ' in command line: ${line}`);
      word += line.slice(i + 1, end);
      i = end;
    } else if (ch === '"') {
      let closed = false;
      for (i++; i < line.length; i++) {
        if (line[i] === '"') {
          closed = true;
          break;
        }
        if (line[i] === '\\' && '"\\$`'.includes(line[i + 1] ?? '')) i++;
        word += line[i];
      }
      if (!closed) throw new SyntaxError(`Unterminated " in command line: ${line}`);
    } else if (ch === '\\') {
      if (i + 1 < line.length) word += line[++i];
    } else {
      word += ch;
    }
  }
  if (inWord) words.push(word);
  return words;
}
