// What the commands answer about one step: its summary, detail, images, diff, Browser State files and activity.
import type { ActivityCounts, ConsoleActivity, NetworkActivity } from '../activity';
import type { AriaChange } from '../aria-diff';
import type { StepTokensEvent, ToolCallEvent } from '../events';
import type { ParsedResponse } from '../response';
import type { SnapshotMode } from '../snapshot-modes';

/** A tool call as the timeline lists it: the event without its heavy artifacts, which `getStep` fetches on demand. */
export type StepSummary = Omit<
  ToolCallEvent,
  | 'type'
  | 'sessionId'
  | 'response'
  | 'responseText'
  | 'ariaSnapshot'
  | 'screenshot'
  | 'before'
  | 'domState'
  | 'storageState'
  | 'activity'
> & {
  /** The response's Error section, when the call failed. */
  error?: string;
  hasScreenshot: boolean;
  hasBefore: boolean;
  hasSnapshot: boolean;
  /** What the response cost the agent's context, once counted (a live step's count arrives as a `step-tokens` event). */
  tokens?: StepTokensEvent['tokens'];
  /** Console and network entries that belong to this step (see shared/activity.ts), for the timeline's badges. */
  activity?: ActivityCounts;
};

export interface StepImage {
  mimeType: string;
  base64: string;
  /** In a static report, where the image is (relative to the page); `base64` is then empty. */
  url?: string;
}

export interface StepDetail {
  step: StepSummary;
  /** The response as the agent received it, without the inline snapshot (that is `aria`). */
  response: ParsedResponse;
  /**
   * The response's content items exactly as the agent received them, in order (secrets redacted): the Response tab.
   * Images are by reference (`screenshot`), so the detail does not carry them twice.
   */
  content: ({ type: 'text'; text: string } | { type: 'image'; mimeType: string; source: 'screenshot' })[];
  /** The viewport before the call acted (see ToolCallEvent.before). */
  before?: StepImage;
  /** The aria snapshot of this step or, when it took none, of the nearest earlier step (`seq` says which). */
  aria?: { yaml: string; seq: number };
  /** The image the call returned, or the viewport after it (see ToolCallEvent.screenshot). */
  screenshot?: StepImage;
  /**
   * For a step that took the whole snapshot: the snapshot mode its response was produced in, and the bytes of the text
   * each mode would have sent (see shared/snapshot-modes.ts), so a user can pick a mode for their agent.
   */
  modes?: { produced?: SnapshotMode; bytes: Record<SnapshotMode, number> };
}

/** What a step changed (or what changed between two steps): see src/main/bridge/step-diff.ts. */
export interface StepDiff {
  seq: number;
  /** Unified diff of dom.html from step `domFrom` to step `domTo`; null with `domNote` saying why there is none. */
  dom: string | null;
  domFrom?: number;
  domTo?: number;
  domNote?: string;
  /** Aria tree nodes added, removed and changed from step `ariaFrom` to step `ariaTo`. */
  aria: AriaChange[] | null;
  ariaFrom?: number;
  ariaTo?: number;
  ariaNote?: string;
}

/** The files of a session's Browser State folder (dom.html, accessibility-tree.yaml, diffs/…), paths relative to it. */
export interface StateFileList {
  files: { path: string; bytes: number }[];
  /** Where the files come from, or why there are none. */
  note?: string;
}

export interface StateFile {
  path: string;
  text: string;
  language: 'html' | 'yaml' | 'diff' | 'plaintext';
  /** The whole file's size; `text` is cut to the first 2 MB of it when `truncated`. */
  bytes: number;
  truncated: boolean;
}

/** Console messages and network requests of one step, or of every step up to it (`upTo`). */
export interface StepActivityView {
  console: ConsoleActivity[];
  network: NetworkActivity[];
  /** Entries not kept (beyond the per-step bound), summed over the steps shown. */
  dropped: { console: number; network: number };
  /**
   * Why there is nothing, or not everything, to show: a proxied session's browser is not ours, capture is off
   * (--no-activity), or a live session no longer holds its older steps' entries in memory.
   */
  note?: string;
}
