import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { ConsoleLog, consoleLink } from './console-log';
import { delay } from './delay';
import { consoleLevel } from '../../shared/activity';
import type { ConsoleMessage, Download, Page, Request } from 'playwright';

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

/**
 * A console line as Playwright MCP prints it: `[LOG] text @ url:line` by message type; a page error as its stack, or
 * its message when the stack is empty (a SyntaxError in a script).
 */
export const formatConsoleEntry = (entry: ConsoleEntry) =>
  entry.type === undefined
    ? entry.stack || entry.text
    : `[${entry.type.toUpperCase()}] ${entry.text}${entry.location ? ` @ ${entry.location}` : ''}`;

const MAX_NETWORK_ENTRIES = 5_000;
const MAX_CONSOLE_ENTRIES = 5_000;
const MAX_RECENT_EVENTS = 50;
/** The longest takeEvents waits for downloads still being saved: as long as an action's default settle wait. */
const DOWNLOAD_TIMEOUT = 5_000;

export interface TabEventsOptions {
  /** The console messages written to the console log file: this level and the more severe (--console-level). */
  consoleLevel?: ConsoleLevel;
  /** How a file the tab wrote (a download, the console log) is shown to the agent. */
  showPath?: (file: string) => string;
  /** Takes the session's secrets out of what the console log file gets. */
  redact?: (text: string) => string;
}

/**
 * What happened in one page, recorded from its events as they come: console messages and page errors, requests and
 * their outcome, main-frame navigations, downloads. The tools list them, a response reports what is new since the
 * last one (takeEvents: downloads, and a link to the console entries written to the console log file meanwhile), a
 * planner what is new since its last step (takeRecentEvents).
 */
export class TabEvents {
  readonly console: ConsoleEntry[] = [];
  readonly network: NetworkEntry[] = [];
  private navigation = 0;
  private pendingEvents: string[] = [];
  private recentEvents: RecentEvent[] = [];
  private pendingDownloads = new Set<Promise<void>>();
  private consoleLog: ConsoleLog;

  constructor(
    private readonly page: Page,
    private readonly outputDir: string,
    private readonly options: TabEventsOptions,
  ) {
    this.consoleLog = this.newConsoleLog();
    page.on('console', message => this.addConsole(message));
    page.on('pageerror', error =>
      this.pushConsole(
        { level: 'error', text: error.message, stack: error.stack, navigation: this.navigation },
        Date.now(),
      ),
    );
    page.on('close', () => this.consoleLog.stop());
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
    page.on('download', download => this.trackDownload(download));
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
    // Chromium's [DOM] hints come as `verbose`, a type Playwright's typings lack; Playwright MCP counts them as info.
    const type: string = message.type();
    this.pushConsole(
      {
        level: type === 'verbose' ? 'info' : consoleLevel(type),
        type,
        text: message.text(),
        // Always, as the peer prints it: a script of an inline (data:) page has no URL and reads `@ :0`.
        location: `${url}:${lineNumber}`,
        navigation: this.navigation,
      },
      message.timestamp(),
    );
  }

  private pushConsole(entry: ConsoleEntry, time: number) {
    this.console.push(entry);
    if (this.console.length > MAX_CONSOLE_ENTRIES) this.console.shift();
    const written = CONSOLE_LEVELS.indexOf(this.options.consoleLevel ?? 'info');
    if (CONSOLE_LEVELS.indexOf(entry.level) <= written) this.consoleLog.append(time, formatConsoleEntry(entry));
    if (entry.level === 'error') this.addRecent({ type: 'console-error', text: entry.text, time: Date.now() });
  }

  /**
   * A note of the server's own in the console log file, as a page error reads there (`Error: …`): the agent finds it
   * with the page's entries, though the page never logged it (not listed by browser_console_messages nor counted).
   */
  logNote(text: string) {
    this.consoleLog.append(Date.now(), `Error: ${text}`);
  }

  private newConsoleLog() {
    return new ConsoleLog(this.outputDir, this.options.redact ?? (text => text));
  }

  /** Keeps an event for the planner; the tab adds the dialogs it sees here. */
  addRecent(event: RecentEvent) {
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

  private trackDownload(download: Download) {
    const file = join(this.outputDir, download.suggestedFilename());
    const shown = this.options.showPath?.(file) ?? file;
    // Both lines as Playwright MCP prints them: the start, then where the file is (quoted: a path may have spaces).
    this.pendingEvents.push(`Downloading file ${download.suggestedFilename()} ...`);
    const saved = mkdir(this.outputDir, { recursive: true })
      .then(() => download.saveAs(file))
      .then(
        () => void this.pendingEvents.push(`Downloaded file ${download.suggestedFilename()} to "${shown}"`),
        error => void this.pendingEvents.push(`Download of ${download.suggestedFilename()} failed: ${error.message}`),
      )
      .finally(() => this.pendingDownloads.delete(saved));
    this.pendingDownloads.add(saved);
  }

  /** Events since the previous call, for the response's Events section: the new console entries first, as the peer. */
  async takeEvents(): Promise<string[]> {
    if (this.pendingDownloads.size) await Promise.race([Promise.all(this.pendingDownloads), delay(DOWNLOAD_TIMEOUT)]);
    const chunk = await this.consoleLog.take();
    const shown = chunk && consoleLink(this.options.showPath?.(chunk.file) ?? chunk.file, chunk);
    const events = [...(shown ? [`New console entries: ${shown}`] : []), ...this.pendingEvents];
    this.pendingEvents = [];
    return events;
  }

  /**
   * What browser_navigate starts afresh, as the peer: the request list, so a list's numbers are those of the page asked
   * for, and the console log file, so a link's lines are those of that page.
   */
  clearCollected() {
    this.network.length = 0;
    this.consoleLog.stop();
    this.consoleLog = this.newConsoleLog();
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
}
