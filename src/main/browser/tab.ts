import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { jsString } from './codegen';
import { elementFactsOf } from './element-facts';
import { pageStamp } from './page-stamp';
import { SettleWatch } from './settle';
import { UtilityWorlds } from './utility-world';
import { consoleLevel } from '../../shared/activity';
import { snapshotNode } from '../../shared/aria-snapshot';
import type { ResolvedTarget } from '../../shared/events';
import type { ConsoleMessage, Dialog, Download, FileChooser, Locator, Page, Request } from 'playwright';

export type ModalState =
  | { type: 'dialog'; description: string; clearedBy: 'browser_handle_dialog'; dialog: Dialog }
  | { type: 'fileChooser'; description: string; clearedBy: 'browser_file_upload'; fileChooser: FileChooser };

export type ConsoleLevel = 'error' | 'warning' | 'info' | 'debug';
export const CONSOLE_LEVELS: ConsoleLevel[] = ['error', 'warning', 'info', 'debug'];

export interface ConsoleEntry {
  level: ConsoleLevel;
  /** The browser's message type (`log`, `warning`, `table`…); absent for an uncaught page error. */
  type?: string;
  text: string;
  /** An uncaught page error's stack, which names the error and where it was thrown. */
  stack?: string;
  location?: string;
  /** Index of the main-frame navigation this entry belongs to. */
  navigation: number;
}

export interface NetworkEntry {
  request: Request;
  status?: number;
  statusText?: string;
  failure?: string;
}

/** A navigation, dialog or console error, kept for a planner's `recentEvents` (seed 003). */
export interface RecentEvent {
  type: 'navigation' | 'dialog' | 'console-error';
  text?: string;
  url?: string;
  time: number;
}

/** The longest target (ref or selector) `locator()` accepts. */
export const MAX_TARGET_CHARS = 10_000;

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
  const refs = await worlds?.call<string[]>(await worlds.topFrameId(), FILLED_PASSWORD_REFS, []).catch(() => []) ?? [];
  return refs.reduce((masked, ref) => masked.replace(new RegExp(`(\\[ref=${ref}\\][^\n]*?: ).*`), `$1${PASSWORD_MASK}`), yaml);
}

/** Thrown for a ref that is not in the last snapshot; the text is the one @playwright/mcp uses. */
export class RefNotFoundError extends Error {
  constructor(ref: string) {
    super(`Ref ${ref} not found in the current page snapshot. Try capturing new snapshot.`);
  }
}

const REF = /^(?:f\d+)?e\d+$/;
const REF_IN_SNAPSHOT = /\[ref=((?:f\d+)?e\d+)\]/g;
const MAX_NETWORK_ENTRIES = 5_000;
const MAX_CONSOLE_ENTRIES = 5_000;
const MAX_RECENT_EVENTS = 50;
const SETTLE_TIMEOUT = 5_000;
const SNAPSHOT_TIMEOUT = 30_000;

/** A console line as Playwright MCP prints it: `[LOG] text @ url:line` by message type; a page error as its stack. */
export const formatConsoleEntry = (entry: ConsoleEntry) => entry.type === undefined
  ? entry.stack ?? entry.text
  : `[${entry.type.toUpperCase()}] ${entry.text}${entry.location ? ` @ ${entry.location}` : ''}`;

export interface TabOptions {
  /** The longest an action waits for the navigation and requests it triggered (--timeout-settle; default 5 s). */
  settleMs?: number;
  /** The console messages a response's Events section reports: this level and the more severe (--console-level). */
  consoleLevel?: ConsoleLevel;
  /** How a file the tab wrote (a download) is shown to the agent. */
  showPath?: (file: string) => string;
  /** Whether the answers' snapshots carry element boxes (--snapshot-boxes): what a snapshot taken ahead must match. */
  snapshotBoxes?: boolean;
}

/** One page of a session: its events (console, network, dialogs, downloads), its snapshot refs, and its actions. */
export class Tab {
  readonly console: ConsoleEntry[] = [];
  readonly network: NetworkEntry[] = [];
  modalStates: ModalState[] = [];
  private navigation = 0;
  private refs = new Set<string>();
  private lastSnapshot = '';
  /**
   * The aria tree the agent last received for this page (a whole snapshot inline, or the one a diff-mode response
   * linked) and the document it was taken in: what the next diff-mode response's changes are counted from.
   */
  sentSnapshot?: { document: number; yaml: string };
  /** The Page section the agent last received for this tab (URL, title, status, console counts), as JSON. */
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
  private pendingEvents: string[] = [];
  private recentEvents: RecentEvent[] = [];
  private pendingDownloads = new Set<Promise<void>>();
  private modalListeners = new Set<() => void>();

  constructor(
    readonly page: Page,
    private readonly downloadsDir: string,
    onClose: (tab: Tab) => void,
    private readonly options: TabOptions = {},
  ) {
    page.on('console', message => this.addConsole(message));
    page.on('pageerror', error => this.pushConsole({ level: 'error', text: error.message, stack: error.stack, navigation: this.navigation }));
    page.on('framenavigated', frame => {
      if (frame !== page.mainFrame()) return;
      this.navigation++;
      this.addRecent({ type: 'navigation', url: frame.url(), time: Date.now() });
    });
    page.on('request', request => {
      this.network.push({ request });
      if (this.network.length > MAX_NETWORK_ENTRIES) this.network.shift();
    });
    page.on('response', response => {
      const entry = this.findNetworkEntry(response.request());
      if (entry) Object.assign(entry, { status: response.status(), statusText: response.statusText() });
    });
    page.on('requestfailed', request => {
      const entry = this.findNetworkEntry(request);
      if (entry) entry.failure = request.failure()?.errorText ?? 'failed';
    });
    page.on('dialog', dialog => this.addModal({
      type: 'dialog',
      description: `"${dialog.type()}" dialog with message "${dialog.message()}"`,
      clearedBy: 'browser_handle_dialog',
      dialog,
    }));
    page.on('filechooser', fileChooser => this.addModal({
      type: 'fileChooser',
      description: 'File chooser',
      clearedBy: 'browser_file_upload',
      fileChooser,
    }));
    page.on('download', download => this.trackDownload(download));
    page.on('close', () => onClose(this));
  }

  /** How many times the main frame has navigated: a call that changes it navigated the page. */
  get navigations(): number {
    return this.navigation;
  }

  /** Console entries of the current document (since the last main-frame navigation). */
  currentConsole(): ConsoleEntry[] {
    return this.console.filter(entry => entry.navigation === this.navigation);
  }

  private addConsole(message: ConsoleMessage) {
    const { url, lineNumber } = message.location();
    this.pushConsole({
      level: consoleLevel(message.type()),
      type: message.type(),
      text: message.text(),
      location: url ? `${url}:${lineNumber}` : undefined,
      navigation: this.navigation,
    });
  }

  private pushConsole(entry: ConsoleEntry) {
    this.console.push(entry);
    if (this.console.length > MAX_CONSOLE_ENTRIES) this.console.shift();
    const shown = CONSOLE_LEVELS.indexOf(this.options.consoleLevel ?? 'info');
    if (CONSOLE_LEVELS.indexOf(entry.level) <= shown) this.pendingEvents.push(formatConsoleEntry(entry));
    if (entry.level === 'error') this.addRecent({ type: 'console-error', text: entry.text, time: Date.now() });
  }

  private addRecent(event: RecentEvent) {
    this.recentEvents.push(event);
    if (this.recentEvents.length > MAX_RECENT_EVENTS) this.recentEvents.shift();
  }

  /** Navigations, dialogs and console errors since the previous call: what happened since the planner's last step. */
  takeRecentEvents(): RecentEvent[] {
    const events = this.recentEvents;
    this.recentEvents = [];
    return events;
  }

  private findNetworkEntry(request: Request) {
    for (let i = this.network.length - 1; i >= 0; i--) if (this.network[i].request === request) return this.network[i];
    return undefined;
  }

  private addModal(state: ModalState) {
    this.modalStates.push(state);
    if (state.type === 'dialog') this.addRecent({ type: 'dialog', text: state.description, time: Date.now() });
    for (const listener of this.modalListeners) listener();
  }

  clearModal(state: ModalState) {
    this.modalStates = this.modalStates.filter(s => s !== state);
  }

  private trackDownload(download: Download) {
    const file = join(this.downloadsDir, download.suggestedFilename());
    const shown = this.options.showPath?.(file) ?? file;
    // Both lines as Playwright MCP prints them: the start, then where the file is (quoted: a path may have spaces).
    this.pendingEvents.push(`Downloading file ${download.suggestedFilename()} ...`);
    const saved = mkdir(this.downloadsDir, { recursive: true })
      .then(() => download.saveAs(file))
      .then(
        () => void this.pendingEvents.push(`Downloaded file ${download.suggestedFilename()} to "${shown}"`),
        error => void this.pendingEvents.push(`Download of ${download.suggestedFilename()} failed: ${error.message}`),
      )
      .finally(() => this.pendingDownloads.delete(saved));
    this.pendingDownloads.add(saved);
  }

  /** Events since the previous call, for the response's Events section. */
  async takeEvents(): Promise<string[]> {
    if (this.pendingDownloads.size) await Promise.race([Promise.all(this.pendingDownloads), delay(SETTLE_TIMEOUT)]);
    const events = this.pendingEvents;
    this.pendingEvents = [];
    return events;
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
    const yaml = await maskPasswords(this.page, await this.page.ariaSnapshot({ mode: 'ai', timeout: SNAPSHOT_TIMEOUT, ...options }));
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
    const found = await worlds.call<string[]>(await worlds.topFrameId(), REFS_IN_VIEWPORT, [refs]).catch(() => undefined);
    return found && new Set(found);
  }

  /**
   * Resolves a tool's `target`: a ref from the last snapshot (`e12`, `f1e3`) or a Playwright selector. Fails fast with
   * a message naming the target instead of waiting for an element that will never come. `look: true` only looks (a
   * check before the call that acts): the target is not counted among the call's resolved targets.
   */
  async locator(target: string, { look = false } = {}): Promise<{ locator: Locator; code: string }> {
    // A ref is a few characters and a selector rarely a hundred; a huge one only makes the page parse it (and the
    // error quote it): refuse it by its length.
    if (target.length > MAX_TARGET_CHARS) {
      throw new Error(`The target is ${target.length.toLocaleString('en-US')} characters long; a ref or selector is at most ${MAX_TARGET_CHARS.toLocaleString('en-US')}. Use a ref from the page snapshot.`);
    }
    if (REF.test(target)) {
      if (!this.refs.has(target)) throw new RefNotFoundError(target);
      const locator = this.page.locator(`aria-ref=${target}`);
      // normalize() resolves the element once, so it doubles as the check that the ref is still on the page. The box
      // and the element's facts (for locator candidates) are read alongside, so they cost no extra round trip.
      const [normalized, box, element] = await Promise.all([locator.normalize().catch(() => undefined), boxOf(locator), look ? undefined : elementFactsOf(locator)]);
      if (!normalized) throw new RefNotFoundError(target);
      const code = `page.${normalized.toString()}`;
      const node = snapshotNode(this.lastSnapshot, target);
      if (!look) this.resolvedTargets.push({ target, ref: target, role: node?.role, name: node?.name, locator: code, ...(box && { box }), ...(element && { element }) });
      return { locator, code };
    }
    let locator: Locator;
    let count: number;
    try {
      locator = this.page.locator(target);
      count = await locator.count();
    } catch (error) {
      throw new Error(`"${target}" is neither a ref from the snapshot nor a valid selector: ${firstLine(error)}`);
    }
    if (count === 0) throw new Error(`Selector "${target}" matches no element. Use a ref from the page snapshot.`);
    if (count > 1) throw new Error(`Selector "${target}" matches ${count} elements; use a ref from the page snapshot or a more specific selector.`);
    // The code names the element as Playwright normalizes the selector (getByTestId, getByRole…) where it can: an
    // exported spec outlives a CSS path or an XPath (README, "Differences from Playwright MCP").
    const [code, box, element] = await Promise.all([
      locator.normalize().then(normalized => `page.${normalized.toString()}`, () => `page.locator(${jsString(target)})`),
      boxOf(locator),
      look ? undefined : elementFactsOf(locator),
    ]);
    if (!look) this.resolvedTargets.push({ target, locator: code, ...(box && { box }), ...(element && { element }) });
    return { locator, code };
  }

  /** The targets `locator()` resolved since the previous call: what a tool call acted on, for its event. */
  /** The role and name a ref stands for in the last whole snapshot, without asking the page. */
  refNode(ref: string) {
    return snapshotNode(this.lastSnapshot, ref);
  }

  takeResolvedTargets(): ResolvedTarget[] {
    const targets = this.resolvedTargets;
    this.resolvedTargets = [];
    return targets;
  }

  /** Starts the request list afresh: browser_navigate does, so a list's numbers are those of the page asked for. */
  clearRequests() {
    this.network.length = 0;
  }

  /** The response status of the document shown now (its main-frame navigation); undefined for data: or about: pages. */
  documentStatus(): { status: number; statusText: string } | undefined {
    const shown = this.page.url().split('#')[0];
    for (let i = this.network.length - 1; i >= 0; i--) {
      const { request, status, statusText = '' } = this.network[i];
      if (!request.isNavigationRequest() || request.frame() !== this.page.mainFrame()) continue;
      return status !== undefined && request.url().split('#')[0] === shown ? { status, statusText } : undefined;
    }
    return undefined;
  }

  /**
   * Runs an action and waits until the page has settled after it, as a user would see it (SettleWatch): a navigation's
   * DOMContentLoaded, then a short quiet window, never the full cap on a page whose content is ready. A dialog or file
   * chooser that opens meanwhile ends the wait, since the page is blocked until a tool handles it. `waitForLater`:
   * see SettleWatch.settled. `snapshotAfter`: the answer shows the page's snapshot, which may be taken ahead while
   * the action's quiet window runs out.
   */
  async runAction<T>(action: () => Promise<T>, { waitForLater = true, snapshotAfter = false } = {}): Promise<T | undefined> {
    const watch = new SettleWatch(this.page);
    const prefetch = snapshotAfter ? () => this.prefetchSnapshot() : undefined;
    try {
      const result = await this.raceModal(action);
      if (!this.modalStates.length) await watch.settled(this.options.settleMs ?? SETTLE_TIMEOUT, () => this.modalStates.length > 0, { waitForLater, prefetch });
      return result;
    } finally {
      watch.dispose();
    }
  }

  /** The snapshot an answer takes after an action, taken now; Tab.snapshot reuses it when the page has not changed. */
  private prefetchSnapshot(): Promise<void> {
    const taken = this.takeSnapshot({ boxes: this.options.snapshotBoxes }).then(() => {}, () => {});
    this.prefetched = taken;
    return taken;
  }

  private raceModal<T>(action: () => Promise<T>): Promise<T | undefined> {
    return new Promise<T | undefined>((resolve, reject) => {
      const onModal = () => resolve(undefined);
      this.modalListeners.add(onModal);
      action().then(resolve, error => {
        // An action blocked by a dialog fails once the dialog is dismissed; the modal state already answered.
        if (this.modalStates.length) resolve(undefined);
        else reject(error);
      }).finally(() => this.modalListeners.delete(onModal));
    });
  }
}

/** The element's bounding box now, or undefined when it has none (hidden) or does not resolve quickly. */
const boxOf = (locator: Locator) => locator.boundingBox({ timeout: 1_000 }).then(box => box ?? undefined, () => undefined);

export const delay = (ms: number) => new Promise<void>(resolve => setTimeout(resolve, ms));
export const firstLine = (error: unknown) => String(error instanceof Error ? error.message : error).split('\n')[0];
