/**
 * Turns an aria snapshot as the agent saw it (mode 'ai': refs, pointer hints, focus, unnamed `generic` wrappers) into
 * a `toMatchAriaSnapshot` template that a fresh run of the same page matches:
 * - refs, `[active]`, `[cursor=pointer]` and `[box=…]` go: they change from run to run;
 * - an unnamed `generic` is not in Playwright's default snapshot: its children move up a level, and its inline text
 *   becomes a `text` node;
 * - a masked password or a redacted secret is no value to compare: the textbox is kept without it;
 * - text with a date or a time becomes a regular expression that accepts any date or time there;
 * - an iframe's content is left out: Playwright's default snapshot does not enter frames.
 */
export function ariaTemplate(aiYaml: string): string {
  const out: string[] = [];
  // Indentation removed for the lines under each dropped `generic`, innermost last.
  const dropped: { indent: number }[] = [];
  let insideFrame: number | undefined;
  for (const raw of aiYaml.replace(/\r\n/g, '\n').split('\n')) {
    if (!raw.trim()) continue;
    const indent = raw.length - raw.trimStart().length;
    if (insideFrame !== undefined && indent > insideFrame) continue;
    insideFrame = undefined;
    while (dropped.length && indent <= dropped[dropped.length - 1].indent) dropped.pop();
    const shift = dropped.length * 2;
    const line = stripVolatile(raw).slice(Math.min(shift, indent));
    const lineIndent = indent - Math.min(shift, indent);
    const generic = line.trimStart().match(/^- generic(?::\s*(.*))?$/);
    if (generic) {
      const inline = generic[1];
      if (inline) out.push(`${' '.repeat(lineIndent)}- text: ${valueTemplate(inline)}`);
      else dropped.push({ indent });
      continue;
    }
    if (/^- iframe\b/.test(line.trimStart())) {
      insideFrame = indent;
      out.push(line.replace(/:$/, ''));
      continue;
    }
    out.push(withValueTemplate(line));
  }
  return out.join('\n');
}

const VOLATILE = [/ \[ref=(?:f\d+)?e\d+\]/g, / \[active\]/g, / \[cursor=pointer\]/g, / \[box=[\d.,-]+\]/g];

function stripVolatile(line: string): string {
  return VOLATILE.reduce((text, pattern) => text.replace(pattern, ''), line).trimEnd();
}

/** `- role "name" [attrs]: value`: the value part rewritten when it must not be compared literally. */
function withValueTemplate(line: string): string {
  const match = line.match(/^(\s*- (?:[a-z]+)(?: "(?:[^"\\]|\\.)*")?(?: \[[^\]]+\])*): (.+)$/);
  if (!match) return line;
  const [, head, value] = match;
  if (/^\s*- textbox/.test(head) && (value === '••••••••' || value.includes('<secret>'))) return head;
  return `${head}: ${valueTemplate(value)}`;
}

// A date (2026-11-23, 23/11/2026) or a clock time (10:00, 9:05:12 PM) inside a text.
const DATE_OR_TIME =
  /\b\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?)?\b|\b\d{1,2}[/.]\d{1,2}[/.]\d{2,4}\b|\b\d{1,2}:\d{2}(?::\d{2})?(?:\s?[AaPp][Mm])?\b/g;

function valueTemplate(value: string): string {
  // A quoted YAML scalar is compared as written; only plain text may carry dates to loosen.
  if (value.startsWith('"') || value.startsWith('/') || value.search(DATE_OR_TIME) < 0) return value;
  const parts = value.split(DATE_OR_TIME).map(escapeRegExp);
  return `/${parts.join('[\\d/.:T+\\- ]+(?:\\s?[AaPp][Mm])?')}/`;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
