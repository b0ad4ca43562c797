import { join } from 'node:path';
import type { Context } from '../browser/context';
import { renderStatement, type CodeAction, type CodeStatement } from '../codegen/action';
import { firstLine } from '../browser/error-text';
import type { Tab } from '../browser/tab';
import type { DomStateUpdate } from '../dom-state/dom-state';
import { NO_CHANGES, outline, outlineNodes, OUTLINE_REASON, snapshotChangeLines } from '../../shared/page-changes';
import type { BrowserStateSection, ParsedResponse } from '../../shared/response';
import { displayPath } from '../browser/workspace-paths';
import { timestamp, writeOutput } from './files';

/** What a tool asks of the page snapshot after it; `inline` returns the whole tree whatever the snapshot mode. */
// AGENT_INSPECTOR_DEBUG=page-changes: how long the change list took (bench:context reads these lines).
/** "404 Not Found" when the page shown came with a status outside 2xx: an agent would not tell an error page otherwise. */
function httpStatusLine(tab: Tab): string | undefined {
  const shown = tab.documentStatus();
  if (!shown || (shown.status >= 200 && shown.status < 300)) return undefined;
  return shown.statusText ? `${shown.status} ${shown.statusText}` : `${shown.status}`;
}

/** What @playwright/mcp answers where a tab list would be and none is open (browser_close, browser_tabs). */
export const NO_OPEN_TABS = 'No open tabs. Navigate to a URL to create one.';

const DEBUG = (process.env.AGENT_INSPECTOR_DEBUG ?? '').split(',').includes('page-changes');

export interface SnapshotRequest {
  depth?: number;
  boxes?: boolean;
  inline?: boolean;
}

export interface ResponseImage {
  mimeType: string;
  data: Buffer;
  /** Kept for the recording (the step's screenshot) but not sent to the agent, which was told where the file is. */
  recordOnly?: boolean;
}

/**
 * Collects what a tool call produced and assembles the response sections. Rendering to Markdown and redaction happen
 * in the session, so the agent and the event bus see exactly the same text.
 */
export class Response {
  private readonly results: string[] = [];
  private readonly errors: string[] = [];
  private readonly code: CodeStatement[] = [];
  readonly images: ResponseImage[] = [];
  private snapshotOptions?: SnapshotRequest;
  private explicitSnapshot?: ParsedResponse['snapshot'];
  private pageWanted = false;
  private pageIfChanged = false;
  /** The tool threw (or its arguments were refused): the agent reads the error alone, as @playwright/mcp answers. */
  private thrown = false;
  private pageAfterError = false;
  /** The full aria snapshot taken for this call, published on the event bus. */
  ariaSnapshot?: string;
  /** The Browser State this call wrote (its files are on disk), published on the event bus. */
  domState?: DomStateUpdate;
  /** Page sections taken over from a tool run on this call's behalf; no second snapshot is taken. */
  private adopted?: ParsedResponse;

  constructor(
    private readonly context: Context,
    private readonly tool: string,
    private readonly args: Record<string, unknown>,
  ) {}

  addResult(text: string) {
    this.results.push(text);
  }

  addError(text: string) {
    this.errors.push(text);
  }

  /**
   * What the tool threw. As the peer, the answer is this error alone: no code, page, modal or events (the events wait
   * for the next answer). An error a tool adds itself (addError) comes with its code and the page.
   */
  addThrown(text: string) {
    this.errors.push(text);
    this.thrown = true;
  }

  get isError() {
    return this.errors.length > 0;
  }

  /** The answer is the error alone (see addThrown); a snapshot asked for after it (a person took over) shows the page. */
  get errorOnly() {
    return this.thrown && !this.pageAfterError;
  }

  /** One Playwright statement, e.g. `await page.goto('https://example.com');`. */
  addCode(statement: string) {
    this.code.push(statement);
  }

  /** What the tool did as an action: TypeScript here and in the recording, the `--codegen` language for the agent. */
  addAction(action: CodeAction) {
    this.code.push(action);
  }

  /** The code so far, actions unrendered (see codeInLanguage). */
  get statements(): readonly CodeStatement[] {
    return this.code;
  }

  addImage(image: ResponseImage) {
    this.images.push(image);
  }

  /** Ask for the page state and a full aria snapshot after the call, sent as the snapshot mode says. */
  includeSnapshot(options: SnapshotRequest = {}) {
    this.snapshotOptions = options;
    this.pageWanted = true;
    this.pageAfterError = this.thrown;
  }

  /** A snapshot the tool took itself (of an element, or saved to a file), shown as is under `### Snapshot` with the page. */
  setSnapshot(snapshot: NonNullable<ParsedResponse['snapshot']>) {
    this.explicitSnapshot = snapshot;
    this.pageWanted = true;
  }

  includePage() {
    this.pageWanted = true;
  }

  /** The Page section only when it would say something new since the agent last received it, as the peer does. */
  includePageIfChanged() {
    this.pageIfChanged = true;
  }

  /**
   * Takes over what a tool run on this call's behalf produced (see ToolSession.runTool): its code, errors, images,
   * snapshot and page sections, so the agent gets one complete answer without a second snapshot of the page.
   */
  adopt(nested: Response, sections: ParsedResponse) {
    if (sections.code) this.code.push(...sections.code.split('\n'));
    if (sections.error) this.addError(sections.error);
    if (sections.result) this.addResult(sections.result);
    this.images.push(...nested.images);
    this.ariaSnapshot = nested.ariaSnapshot;
    this.domState = nested.domState;
    const { tabs, page, modalState, snapshot, pageChanges, browserState, events } = sections;
    this.adopted = { tabs, page, modalState, snapshot, pageChanges, browserState, events };
  }

  async finish(): Promise<ParsedResponse> {
    const sections: ParsedResponse = {};
    const tab = this.context.currentTab;
    if (this.adopted) {
      for (const [key, value] of Object.entries(this.adopted)) if (value !== undefined) Object.assign(sections, { [key]: value });
    } else if (tab && !tab.page.isClosed() && !this.errorOnly) {
      await this.addPageSections(tab, sections);
    }
    if (this.errors.length) sections.error = this.errors.join('\n');
    if (this.results.length) sections.result = this.results.join('\n');
    if (this.code.length) sections.code = this.code.map(statement => renderStatement(statement, 'typescript')).join('\n');
    return sections;
  }

  private async addPageSections(tab: Tab, sections: ParsedResponse) {
    // An open modal shows the page with it, except on a refusal, which names the modal alone (as the peer).
    const modal = tab.modalStates.length > 0 && !this.isError;
    // Under way while the title is read: after a navigation, each waits for the new document.
    const snapshot = !tab.modalStates.length && !this.explicitSnapshot && this.snapshotOptions ? this.snapshotSections(tab, this.snapshotOptions) : undefined;
    if (this.pageWanted || this.pageIfChanged || modal) {
      const console = tab.currentConsole();
      const errors = console.filter(e => e.level === 'error').length;
      const warnings = console.filter(e => e.level === 'warning').length;
      // Lines with nothing to say are left out (no title, a 2xx status, a quiet console), as in Playwright MCP.
      const page = {
        url: tab.page.url(),
        title: await tab.page.title().catch(() => '') || undefined,
        status: httpStatusLine(tab),
        console: errors || warnings ? { errors, warnings } : undefined,
      };
      const reported = JSON.stringify(page);
      if (this.pageWanted || modal || reported !== tab.reportedPage) {
        this.pageWanted = true;
        sections.page = page;
        tab.reportedPage = reported;
      }
    }
    // Several tabs are listed with the page, as the peer does; a tool that asked for no page says nothing of them.
    if (this.pageWanted && this.context.tabs.length > 1) sections.tabs = await this.tabList();
    if (tab.modalStates.length) {
      sections.modalState = tab.modalStates.map(state => `[${state.description}]: can be handled by ${state.clearedBy}`);
    } else if (this.explicitSnapshot) {
      sections.snapshot = this.explicitSnapshot;
    } else if (snapshot) {
      Object.assign(sections, await snapshot);
    }
    const events = await tab.takeEvents();
    if (events.length) sections.events = events;
  }

  /** The open tabs as @playwright/mcp lists them in a result (browser_tabs). */
  async tabsText(): Promise<string> {
    const tabs = await this.tabList();
    if (!tabs.length) return NO_OPEN_TABS;
    return tabs.map(tab => `- ${tab.index}:${tab.current ? ' (current)' : ''} [${tab.title}](${tab.url})${tab.crashed ? ' [crashed]' : ''}`).join('\n');
  }

  private async tabList() {
    return Promise.all(this.context.tabs.map(async (tab, index) => ({
      index,
      current: tab === this.context.currentTab,
      // A crashed page has no title to read, as the peer lists it: `[](url) [crashed]`.
      title: tab.crashed ? '' : await tab.page.title().catch(() => ''),
      url: tab.page.url(),
      crashed: tab.crashed,
    })));
  }

  /**
   * After a full snapshot (the refs are fresh on every element), serialize the DOM and write dom.html, the tree and the
   * diff: the section names them once they are on disk, and not at all when they could not be written.
   */
  private async browserStateSection(tab: Tab): Promise<BrowserStateSection | undefined> {
    const domState = this.context.domState;
    if (!domState || this.ariaSnapshot === undefined) return undefined;
    try {
      this.domState = await domState.update(tab.page, tab.snapshotRefs, this.tool, this.args, this.ariaSnapshot, tab.snapshotGeneration);
    } catch (error) {
      this.addResult(`Could not write the Browser State files (${firstLine(error)}).`);
      return undefined;
    }
    const { files } = this.domState;
    const shown = (file: string) => displayPath(this.context.workspace, file);
    return { dom: shown(files.dom), accessibilityTree: shown(files.accessibilityTree), diff: files.diff && shown(files.diff) };
  }

  /** The `### Snapshot` section, in diff mode `### Page changes`, as the snapshot mode says, and the Browser State section. */
  private async snapshotSections(tab: Tab, options: SnapshotRequest): Promise<Pick<ParsedResponse, 'snapshot' | 'pageChanges' | 'browserState'>> {
    const { snapshotBoxes } = this.context.config;
    const whole = options.depth === undefined;
    // The document is told apart only where a diff will be counted from this snapshot.
    const tracked = this.context.config.snapshotMode === 'diff' && whole;
    try {
      const [yaml, document] = await Promise.all([
        tab.snapshot({ depth: options.depth, boxes: options.boxes ?? snapshotBoxes }),
        tracked ? tab.documentId() : undefined,
      ]);
      if (whole) this.ariaSnapshot = yaml;
      // Side by side: the DOM's serialization runs in the page while the change list is counted and the files are
      // written here.
      const [shown, browserState] = await Promise.all([this.shownSnapshot(tab, options, yaml, tracked ? document : undefined), this.browserStateSection(tab)]);
      return { ...shown, browserState };
    } catch (error) {
      // The action itself completed: flagging the call as failed could make an agent repeat it (a second submit).
      this.addResult(`Could not capture the page snapshot (${firstLine(error)}); call browser_snapshot to try again.`);
      return {};
    }
  }

  /** How the agent gets the snapshot: inline, as a file, as changes (`document` given: a diff is counted), or not. */
  private async shownSnapshot(tab: Tab, options: SnapshotRequest, yaml: string, document: number | undefined): Promise<Pick<ParsedResponse, 'snapshot' | 'pageChanges'>> {
    const mode = options.inline ? 'inline' : this.context.config.snapshotMode;
    if (mode === 'none') return {};
    if (mode === 'inline') {
      if (document !== undefined) tab.sentSnapshot = { document, yaml };
      return { snapshot: { yaml } };
    }
    const [file, pageChanges] = await Promise.all([
      writeOutput(this.context, join(this.context.workspace.outputDir, `page-${timestamp()}.yml`), yaml),
      mode === 'diff' && document !== undefined ? this.pageChanges(tab, yaml, document) : undefined,
    ]);
    return pageChanges === undefined ? { snapshot: { file } } : { snapshot: { file }, pageChanges };
  }

  /**
   * The changes since the tree the agent last received for this tab; on a new document the whole tree when it fits,
   * else (or when the changes do not fit) an outline. The agent has this tree from now on: the next diff counts from it.
   */
  private async pageChanges(tab: Tab, yaml: string, document: number): Promise<string> {
    const maxLines = this.context.config.maxChangeLines;
    const sent = tab.sentSnapshot;
    tab.sentSnapshot = { document, yaml };
    const sameDocument = sent?.document === document;
    if (sameDocument) {
      const start = performance.now();
      const lines = snapshotChangeLines(sent.yaml, yaml, maxLines);
      if (DEBUG) process.stderr.write(`[page-changes] ${this.tool} bytes=${yaml.length} ms=${(performance.now() - start).toFixed(2)} fits=${!!lines}\n`);
      if (lines) return lines.length ? lines.join('\n') : NO_CHANGES;
    } else {
      const lines = yaml.split('\n');
      if (lines.length < maxLines) return [`${OUTLINE_REASON.newDocument}: its whole tree.`, ...lines].join('\n');
    }
    const nodes = outlineNodes(yaml);
    const [visible, title] = await Promise.all([
      tab.refsInViewport(nodes.map(node => node.ref!)).catch(() => undefined),
      tab.page.title().catch(() => ''),
    ]);
    const reason = sameDocument ? OUTLINE_REASON.overBound(maxLines) : OUTLINE_REASON.newDocument;
    return outline(nodes, { title, reason, maxLines, visible }).join('\n');
  }
}
