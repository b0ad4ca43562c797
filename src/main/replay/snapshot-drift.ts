import { domDiff } from '../../shared/dom-diff';

/** A report shows this much of a snapshot diff; the rest is counted, not printed. */
const MAX_DIFF_LINES = 40;

// What differs between two runs of the same page without the page being different: refs are handed out per run,
// focus and the pointer hint follow the last action, boxes (browser_snapshot {boxes}) follow fonts, and clocks move.
const VOLATILE: [RegExp, string][] = [
  [/ \[ref=(?:f\d+)?e\d+\]/g, ''],
  [/ \[active\]/g, ''],
  [/ \[cursor=pointer\]/g, ''],
  [/ \[box=[\d.,-]+\]/g, ''],
  [/\b\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?)?\b/g, '<date>'],
  [/\b\d{1,2}[/.]\d{1,2}[/.]\d{2,4}\b/g, '<date>'],
  [/\b\d{1,2}:\d{2}(?::\d{2})?(?:\s?[AaPp][Mm])?\b/g, '<time>'],
];

/** An aria snapshot with what changes from run to run (refs, focus, pointer hints, times and dates) taken out. */
export function normalizeSnapshot(yaml: string): string {
  let text = yaml.replace(/\r\n/g, '\n');
  for (const [pattern, replacement] of VOLATILE) text = text.replace(pattern, replacement);
  return text
    .split('\n')
    .map(line => line.trimEnd())
    .join('\n')
    .trim();
}

/**
 * A short unified diff of the recorded and the replayed snapshot after normalising both; undefined when they agree.
 * Long diffs are cut to their first lines, with a count of the rest.
 */
export function snapshotDiff(recorded: string, replayed: string, maxLines = MAX_DIFF_LINES): string | undefined {
  const before = normalizeSnapshot(recorded);
  const after = normalizeSnapshot(replayed);
  if (before === after) return undefined;
  const diff = domDiff(`${before}\n`, `${after}\n`, 'recorded', 'replayed', 'aria-snapshot.yaml');
  if (!diff) return undefined;
  const lines = diff.trimEnd().split('\n');
  if (lines.length <= maxLines) return lines.join('\n');
  return [...lines.slice(0, maxLines), `… ${lines.length - maxLines} more lines`].join('\n');
}
