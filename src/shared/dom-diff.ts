import { FILE_HEADERS_ONLY, formatPatch, structuredPatch, type StructuredPatch } from 'diff';

const CONTEXT = 3;
/** Beyond this many changed lines a line-by-line diff costs more than it tells (a navigation renumbers every ref). */
const MAX_EDIT_LENGTH = 300;

const linesOf = (text: string) => (text === '' ? [] : (text.endsWith('\n') ? text.slice(0, -1) : text).split('\n'));

/**
 * A unified diff (3 lines of context, standard headers) of two serialized DOMs (or any line-oriented text). The common head and tail are cut
 * before diffing, so a one-attribute change on a 1 MB page diffs a few lines; a change too large to diff line by
 * line (a navigation) becomes one hunk replacing the changed region.
 */
export function domDiff(
  before: string,
  after: string,
  oldHeader: string,
  newHeader: string,
  fileName = 'dom.html',
): string | undefined {
  if (before === after) return undefined;
  const a = linesOf(before);
  const b = linesOf(after);
  let head = 0;
  while (head < a.length && head < b.length && a[head] === b[head]) head++;
  let tail = 0;
  while (tail < a.length - head && tail < b.length - head && a[a.length - 1 - tail] === b[b.length - 1 - tail]) tail++;
  const start = Math.max(0, head - CONTEXT);
  const oldEnd = Math.min(a.length, a.length - tail + CONTEXT);
  const newEnd = Math.min(b.length, b.length - tail + CONTEXT);
  const oldPart = a.slice(start, oldEnd);
  const newPart = b.slice(start, newEnd);
  const join = (lines: string[]) => (lines.length ? `${lines.join('\n')}\n` : '');

  let patch = structuredPatch(`a/${fileName}`, `b/${fileName}`, join(oldPart), join(newPart), oldHeader, newHeader, {
    context: CONTEXT,
    maxEditLength: MAX_EDIT_LENGTH,
  }) as StructuredPatch | undefined;
  if (patch) {
    for (const hunk of patch.hunks) {
      hunk.oldStart += start;
      hunk.newStart += start;
    }
  } else {
    const leading = head - start;
    const trailingOld = oldPart.length - (a.length - tail - start);
    patch = {
      oldFileName: `a/${fileName}`,
      newFileName: `b/${fileName}`,
      oldHeader,
      newHeader,
      hunks: [
        {
          oldStart: start + 1,
          oldLines: oldPart.length,
          newStart: start + 1,
          newLines: newPart.length,
          lines: [
            ...oldPart.slice(0, leading).map(line => ` ${line}`),
            ...oldPart.slice(leading, oldPart.length - trailingOld).map(line => `-${line}`),
            ...newPart.slice(leading, newPart.length - trailingOld).map(line => `+${line}`),
            ...oldPart.slice(oldPart.length - trailingOld).map(line => ` ${line}`),
          ],
        },
      ],
    };
  }
  return formatPatch(patch, FILE_HEADERS_ONLY);
}
