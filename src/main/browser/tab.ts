import { pageStamp } from './page-stamp';
import { SettleWatch } from './settle';
import type { StepPhases } from './step-phases';
import { TabEvents, type ConsoleEntry, type NetworkEntry, type RecentEvent, type TabEventsOptions } from './tab-events';
import { locateTarget, targetLocator } from './target-locator';
import { UtilityWorlds } from '../playwright/utility-world';
import { snapshotNode } from '../../shared/aria-snapshot';
import type { ResolvedTarget } from '../../shared/events';
import type { Dialog, FileChooser, Locator, Page } from 'playwright';

export type ModalState =
  | { type: 'dialog'; description: string; clearedBy: 'browser_handle_dialog'; dialog: Dialog }
  | { type: 'fileChooser'; description: string; clearedBy: 'browser_file_upload'; fileChooser: FileChooser };

// In-page (utility world): which of the given refs are elements at least partly inside the viewport.
const REFS_IN_VIEWPORT = `(refs) => {
  const wanted = new Set(refs);
  const found = [];
  const walker = document.createTreeWalker(document.documentElement, NodeFilter.SHOW_ELEMENT);
  for (let element = walker.currentNode; element; element = walker.nextNode()) {
    const ref = element._ariaRef?.ref;
    if (!ref || !wanted.has(ref)) continue;
    const box = element.getBoundingClientRect();
    if (box.bottom > 0 && box.right > 0 && box.top < innerHeight && box.left < innerWidth) found.push(ref);
  }
  return found;
}`;

const PASSWORD_MASK = '••••••••';
// In-page (utility world): the refs of password fields that hold a value.
const FILLED_PASSWORD_REFS = `() => Array.from(document.querySelectorAll('input[type=password]'))
  .filter(input => input.value).map(input => input._ariaRef?.ref).filter(Boolean)`;

/**
 * The aria snapshot shows a textbox's value, password fields included; what a user or agent typed there must not
 * reach the agent, the event bus or a session file. Main frame only, where login forms live.
 */
async function maskPasswords(page: Page, yaml: string): Promise<string> {
  if (!/- textbox [^\n]*\[ref=[^\]]+\][^\n]*: /.test(yaml)) return yaml;
  const worlds = await UtilityWorlds.of(page);
  const refs =
    (await worlds?.call<string[]>(await worlds.topFrameId(), FILLED_PASSWORD_REFS, []).catch(() => [])) ?? [];
  return refs.reduce(
    (masked, ref) => masked.replace(new RegExp(`(\\[ref=${ref}\\][^\n]*?: ).*`), `$1${PASSWORD_MASK}`),
    yaml,
  );
}

const REF_IN_SNAPSHOT = /\[ref=((?:f\d+)?e\d+)\]/g;
const SETTLE_TIMEOUT = 5_000;
const SNAPSHOT_TIMEOUT = 30_000;

export interface TabOptions extends TabEventsOptions {
  /** The longest an action waits for the navigation and requests it triggered (--timeout-settle; default 5 s). */
  settleMs?: number;
  /** Whether the answers' snapshots carry element boxes (--snapshot-boxes): what a snapshot taken ahead must match. */
  snapshotBoxes?: boolean;
  /**
   * Whether a call's targets are recorded with their box and element facts (the inspector's highlight and locator
   * candidates): two more reads in the page before the action, worth it only where someone looks at the steps.
   */
  targetDetails?: boolean;
  /** The context's clock of the running call's phases: an action and its settle wait are timed here. */
  phases?: StepPhases;
}

/**
 * One page of a session: its events (console, network, downloads: TabEvents), the dialogs and file choosers that
 * block it, its snapshot refs, and its actions.
 */
export class Tab {
  modalStates: ModalState[] = [];
  /** The page's renderer crashed: the next tool for this tab replaces it with a blank one (Context.ensureTab). */
  crashed = false;
  private readonly events: TabEvents;
  private refs = new Set<string>();
  private lastSnapshot = '';
  /**
   * The aria tree the agent last received for this page (a whole snapshot inline, or the one a diff-mode response
   * linked) and the document it was taken in: what the next diff-mode response's changes are counted from.
   */
  sentSnapshot?: { document: number; yaml: string };
  /** This tab as the last answer read it (URL, title, current, crashed, status, console counts), as JSON: see Response. */
  reportedPage?: string;
  /** The last full snapshot and the page's stamp just before it: what a snapshot of an unchanged page returns. */
  private reusable?: { stamp: string; boxes?: boolean; yaml: string };
  /** A snapshot taken ahead while an action settles (see runAction), until it is done. */
  private prefetched?: Promise<unknown>;
  /** Counts forgetSnapshot calls: a snapshot that was under way when one came is not kept for reuse. */
  private forgotten = 0;
  /**
   * Counts full snapshots taken afresh: a snapshot reused (no frame's document changed) keeps the number of the one
   * it repeats, so two equal numbers mean nothing changed in between.
   */
  snapshotGeneration = 0;
  private resolvedTargets: ResolvedTarget[] = [];
  private modalListeners = new Set<() => void>();

  constructor(
    readonly page: Page,
    outputDir: string,
    onClose: (tab: Tab) => void,
    private readonly options: TabOptions = {},
  ) {
    this.events = new TabEvents(page, outputDir, options);
    page.on('dialog', dialog =>
      this.addModal({
        type: 'dialog',
        description: `"${dialog.type()}" dialog with message "${dialog.message()}"`,
        clearedBy: 'browser_handle_dialog',
        dialog,
      }),
    );
    page.on('filechooser', fileChooser =>
      this.addModal({
        type: 'fileChooser',
        description: 'File chooser',
        clearedBy: 'browser_file_upload',
        fileChooser,
      }),
    );
    page.on('crash', () => (this.crashed = true));
    page.on('close', () => onClose(this));
  }

  /** Writes a note of the server's into this page's console log file (see TabEvents.logNote). */
  logNote(text: string) {
    this.events.logNote(text);
  }

  // What happened in the page, recorded by TabEvents: the tools and the responses read it here.

  get console(): ConsoleEntry[] {
    return this.events.console;
  }

  get network(): NetworkEntry[] {
    return this.events.network;
  }

  get navigations(): number {
    return this.events.navigations;
  }

  currentConsole(): ConsoleEntry[] {
    return this.events.currentConsole();
  }

  takeRecentEvents(): RecentEvent[] {
    return this.events.takeRecentEvents();
  }

  takeEvents(): Promise<string[]> {
    return this.events.takeEvents();
  }

  clearCollected() {
    this.events.clearCollected();
  }

  documentStatus(): { status: number; statusText: string } | undefined {
    return this.events.documentStatus();
  }

  private addModal(state: ModalState) {
    this.modalStates.push(state);
    if (state.type === 'dialog') this.events.addRecent({ type: 'dialog', text: state.description, time: Date.now() });
    for (const listener of this.modalListeners) listener();
  }

  clearModal(state: ModalState) {
    this.modalStates = this.modalStates.filter(s => s !== state);
  }

  /** Puts back a modal a tool cleared and then failed to handle: it is still open in the page. */
  restoreModal(state: ModalState) {
    if (!this.modalStates.includes(state)) this.modalStates.push(state);
  }

  /** The refs of the last full snapshot: the ones an agent may target. */
  get snapshotRefs(): ReadonlySet<string> {
    return this.refs;
  }

  /**
   * Takes the full aria snapshot (mode 'ai'); its refs become the ones targets are checked against. A full snapshot
   * of a page whose stamp has not changed since the last one (see pageStamp) is that one again: Playwright still
   * resolves its refs, as no other snapshot was taken since (forgetSnapshot is told of anything else).
   */
  async snapshot(options: { depth?: number; boxes?: boolean } = {}): Promise<string> {
    // One snapshot at a time: a later one reuses the one taken ahead when nothing changed since.
    await this.prefetched;
    return this.takeSnapshot(options);
  }

  private async takeSnapshot(options: { depth?: number; boxes?: boolean }): Promise<string> {
    const whole = options.depth === undefined;
    const forgotten = this.forgotten;
    // Taken before the snapshot: a change while it is taken makes the next stamp differ.
    const stamp = whole ? await pageStamp(this.page) : undefined;
    const last = this.reusable;
    if (last && stamp !== undefined && last.stamp === stamp && last.boxes === options.boxes) return last.yaml;
    this.reusable = undefined;
    if (whole) this.snapshotGeneration++;
    // Large pages under load can take seconds; the short action timeout is for waiting on elements, not this.
    const yaml = await maskPasswords(
      this.page,
      await this.page.ariaSnapshot({ mode: 'ai', timeout: SNAPSHOT_TIMEOUT, ...options }),
    );
    // A depth-limited snapshot shows only some refs; the ones below it stay valid.
    const refs = Array.from(yaml.matchAll(REF_IN_SNAPSHOT), m => m[1]);
    this.refs = whole ? new Set(refs) : new Set([...this.refs, ...refs]);
    if (whole) this.lastSnapshot = yaml;
    if (stamp !== undefined && forgotten === this.forgotten) this.reusable = { stamp, boxes: options.boxes, yaml };
    return yaml;
  }

  /** Something may change the page unseen by its stamp (an action, another aria snapshot): take the next one afresh. */
  forgetSnapshot(): void {
    this.reusable = undefined;
    this.forgotten++;
  }

  /**
   * Tells documents apart: the main frame's time origin is new with each document (a reload included) and stays
   * through same-document navigations, whose refs stay valid.
   */
  documentId(): Promise<number> {
    return this.page.mainFrame().evaluate(() => performance.timeOrigin);
  }

  /** Which of these refs (main frame) are elements inside the viewport; undefined where that cannot be told. */
  async refsInViewport(refs: string[]): Promise<Set<string> | undefined> {
    const worlds = await UtilityWorlds.of(this.page);
    if (!worlds) return undefined;
    const found = await worlds
      .call<string[]>(await worlds.topFrameId(), REFS_IN_VIEWPORT, [refs])
      .catch(() => undefined);
    return found && new Set(found);
  }

  /**
   * Resolves a tool's `target` (see locateTarget) and, unless `look: true` only looks (a check before the call that
   * acts), counts it among the call's resolved targets.
   */
  async locator(target: string, { look = false } = {}): Promise<{ locator: Locator; code: string }> {
    const { locator, code, resolved } = await locateTarget(this, target, look);
    if (resolved) this.resolvedTargets.push(resolved);
    return { locator, code };
  }

  /** The element a target names, unchecked: for a read that runs beside `locator()`'s own checks. */
  uncheckedLocator(target: string): Locator {
    return targetLocator(this.page, target);
  }

  get targetDetails(): boolean {
    return this.options.targetDetails ?? true;
  }

  /** The role and name a ref stands for in the last whole snapshot, without asking the page. */
  refNode(ref: string) {
    return snapshotNode(this.lastSnapshot, ref);
  }

  /** The targets `locator()` resolved since the previous call: what a tool call acted on, for its event. */
  takeResolvedTargets(): ResolvedTarget[] {
    const targets = this.resolvedTargets;
    this.resolvedTargets = [];
    return targets;
  }

  /**
   * Runs an action and waits until the page has settled after it, as a user would see it (SettleWatch): a navigation's
   * DOMContentLoaded, then a short quiet window, never the full cap on a page whose content is ready. A dialog or file
   * chooser that opens meanwhile ends the wait, since the page is blocked until a tool handles it. `waitForLater`:
   * see SettleWatch.settled. `snapshotAfter`: the answer shows the page's snapshot, which may be taken ahead while
   * the action's quiet window runs out.
   */
  async runAction<T>(
    action: () => Promise<T>,
    { waitForLater = true, snapshotAfter = false } = {},
  ): Promise<T | undefined> {
    const watch = new SettleWatch(this.page);
    const prefetch = snapshotAfter ? () => this.prefetchSnapshot() : undefined;
    const time = <R>(name: 'action' | 'settle', run: () => Promise<R>) =>
      this.options.phases ? this.options.phases.time(name, run) : run();
    try {
      const result = await time('action', () => this.raceModal(action));
      if (!this.modalStates.length)
        await time('settle', () =>
          watch.settled(this.options.settleMs ?? SETTLE_TIMEOUT, () => this.modalStates.length > 0, {
            waitForLater,
            prefetch,
          }),
        );
      return result;
    } finally {
      watch.dispose();
    }
  }

  /** The snapshot an answer takes after an action, taken now; Tab.snapshot reuses it when the page has not changed. */
  private prefetchSnapshot(): Promise<void> {
    const taken = this.takeSnapshot({ boxes: this.options.snapshotBoxes }).then(
      () => {},
      () => {},
    );
    this.prefetched = taken;
    return taken;
  }

  private raceModal<T>(action: () => Promise<T>): Promise<T | undefined> {
    return new Promise<T | undefined>((resolve, reject) => {
      const onModal = () => resolve(undefined);
      this.modalListeners.add(onModal);
      action()
        .then(resolve, error => {
          // An action blocked by a dialog fails once the dialog is dismissed; the modal state already answered.
          if (this.modalStates.length) resolve(undefined);
          else reject(error);
        })
        .finally(() => this.modalListeners.delete(onModal));
    });
  }
}
