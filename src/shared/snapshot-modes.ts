import { NO_CHANGES, outline, outlineNodes, OUTLINE_REASON, snapshotChangeLines } from './page-changes';
import { renderResponse, type ParsedResponse } from './response';

/** What an action's response carries of the page after it (the server's --snapshot-mode). */
export type SnapshotMode = 'inline' | 'file' | 'none' | 'diff';
export const SNAPSHOT_MODES: readonly SnapshotMode[] = ['inline', 'file', 'none', 'diff'];

/**
 * A mode as a user names it, in our terms: @playwright/mcp's `full` (its default) links the whole snapshot in a file,
 * which is our `file`, so that the peer's flags and config files behave as they do there.
 */
export const peerSnapshotMode = (value: string): string => (value === 'full' ? 'file' : value);

/** Stands for the snapshot link a mode would have written, where the recording has none. */
const SAMPLE_LINK = '.playwright-mcp/page-2026-01-01T00-00-00-000Z.yml';

/** The mode a response was produced in, read from its sections; `tookSnapshot`: the call took a whole snapshot. */
export function producedMode(response: ParsedResponse, tookSnapshot: boolean): SnapshotMode | undefined {
  if (response.snapshot?.file !== undefined) return response.pageChanges !== undefined ? 'diff' : 'file';
  // A recording keeps an inline snapshot as its aria artifact and leaves `snapshot: {}` in the response.
  if (response.snapshot) return 'inline';
  return tookSnapshot && !response.modalState ? 'none' : undefined;
}

/**
 * The bytes of the text each mode would have sent for a step that took the whole snapshot `aria`: the same response
 * with the snapshot inline, linked, left out, or linked with the changes since `previous` (the step before's snapshot,
 * when in the same document) — an estimate where the agent's last snapshot was another, and outlines list every
 * interactive element, not only those in the viewport, which a recording cannot tell.
 */
export function modeBytes(
  response: ParsedResponse,
  aria: string,
  previous: string | undefined,
  maxLines: number,
): Record<SnapshotMode, number> {
  const { snapshot: _snapshot, pageChanges: _changes, ...rest } = response;
  const link = { file: response.snapshot?.file ?? SAMPLE_LINK };
  const size = (sections: ParsedResponse) => new TextEncoder().encode(renderResponse(sections)).length;
  return {
    inline: size({ ...rest, snapshot: { yaml: aria } }),
    file: size({ ...rest, snapshot: link }),
    none: size(rest),
    diff: size({
      ...rest,
      snapshot: link,
      pageChanges: pageChanges(aria, previous, response.page?.title ?? '', maxLines),
    }),
  };
}

/** `### Page changes` as the server words it (see Response.pageChanges), from recorded snapshots. */
function pageChanges(aria: string, previous: string | undefined, title: string, maxLines: number): string {
  if (previous !== undefined) {
    const lines = snapshotChangeLines(previous, aria, maxLines);
    if (lines) return lines.length ? lines.join('\n') : NO_CHANGES;
  } else {
    const lines = aria.split('\n');
    if (lines.length < maxLines) return [`${OUTLINE_REASON.newDocument}: its whole tree.`, ...lines].join('\n');
  }
  const reason = previous !== undefined ? OUTLINE_REASON.overBound(maxLines) : OUTLINE_REASON.newDocument;
  return outline(outlineNodes(aria), { title, reason, maxLines }).join('\n');
}
