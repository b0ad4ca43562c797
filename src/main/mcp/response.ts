import { join } from 'node:path';
import type { Context } from '../browser/context';
import { renderStatement, type ActionText, type CodeAction, type CodeStatement } from '../codegen/action';
import { typescriptText } from '../codegen/typescript';
import { firstLine } from '../browser/error-text';
import type { Tab } from '../browser/tab';
import type { DomStateUpdate } from '../dom-state/dom-state';
import { NO_CHANGES, outline, outlineNodes, OUTLINE_REASON, snapshotChangeLines } from '../../shared/page-changes';
import { tabLine, type BrowserStateSection, type ParsedResponse } from '../../shared/response';
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

  /**
   * Typing key by key into `locator`: no action in Playwright's codegen, so TypeScript in every language (as the
   * peer's), a secret read from the environment.
   */
  addPressSequentially(locator: string, text: ActionText) {
    this.code.push(`await ${locator}.pressSequentially(${typescriptText(text)});`);
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
      for (const [key, value] of Object.entries(this.adopted))
        if (value !== undefined) Object.assign(sections, { [key]: value });
    } else if (tab && !tab.page.isClosed() && !this.errorOnly) {
      await this.addPageSections(tab, sections);
    }
    if (this.errors.length) sections.error = this.errors.join('\n');
    if (this.results.length) sections.result = this.results.join('\n');
    if (this.code.length)
      sections.code = this.code.map(statement => renderStatement(statement, 'typescript')).join('\n');
    return sections;
  }

  private async addPageSections(tab: Tab, sections: ParsedResponse) {
    // An open modal shows the page with it, except on a refusal, which names the modal alone (as the peer).
    const modal = tab.modalStates.length > 0 && !this.isError;
    // Under way while the titles are read: after a navigation, each waits for the new document.
    const snapshot =
      !tab.modalStates.length && !this.explicitSnapshot && this.snapshotOptions
        ? this.snapshotSections(tab, this.snapshotOptions)
        : undefined;
    // As the peer, every answer shows the page (and the tabs) when a tab changed since the last one: a console
    // message, a title, a navigation, a crash. A tool that asks for nothing gets it then too.
    const { headers, changed } = await this.tabHeaders();
    if (this.pageWanted || modal || changed) {
      const shown = headers.find(header => header.current) ?? headers[0];
      // Lines with nothing to say are left out (no title, a 2xx status, a quiet console), as in Playwright MCP.
      const { errors, warnings } = shown.console;
      sections.page = {
        url: shown.url,
        title: shown.title || undefined,
        status: shown.status,
        console: errors || warnings ? { errors, warnings } : undefined,
      };
      if (headers.length > 1)
        sections.tabs = headers.map(({ index, current, title, url, crashed }) => ({
          index,
          current,
          title,
          url,
          crashed: crashed || undefined,
        }));
    }
    if (tab.modalStates.length) {
      sections.modalState = tab.modalStates.map(
        state => `[${state.description}]: can be handled by ${state.clearedBy}`,
      );
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
    // Read as an answer reads them: the answer itself then has no change of its own to show.
    const { headers } = await this.tabHeaders();
    if (!headers.length) return NO_OPEN_TABS;
    return headers.map(header => `- ${tabLine(header)}`).join('\n');
  }

  /**
   * What @playwright/mcp calls each tab's header (URL, title, whether current or crashed, HTTP status, console
   * counts), and whether any differs from the last time an answer read them; each tab keeps what was read.
   */
  private async tabHeaders() {
    let changed = false;
    const headers = await Promise.all(
      this.context.tabs.map(async (tab, index) => {
        // A crashed page has no title to read: the peer lists it as `[](url) [crashed]`.
        const title = tab.crashed ? '' : await tab.page.title().catch(() => '');
        // Counted after that round trip to the browser: a message the page logged before it has arrived by then.
        const console = tab.currentConsole();
        const header = {
          index,
          current: tab === this.context.currentTab,
          title,
          url: tab.page.url(),
          crashed: tab.crashed,
          status: httpStatusLine(tab),
          console: {
            total: console.length,
            errors: console.filter(entry => entry.level === 'error').length,
            warnings: console.filter(entry => entry.level === 'warning').length,
          },
        };
        const reported = JSON.stringify(header);
        if (reported !== tab.reportedPage) changed = true;
        tab.reportedPage = reported;
        return header;
      }),
    );
    return { headers, changed };
  }

  /**
   * After a full snapshot (the refs are fresh on every element), serialize the DOM and write dom.html, the tree and the
   * diff: the section names them once they are on disk, and not at all when they could not be written.
   */
  private async browserStateSection(tab: Tab): Promise<BrowserStateSection | undefined> {
    const domState = this.context.domState;
    if (!domState || this.ariaSnapshot === undefined) return undefined;
    try {
      const ariaSnapshot = this.ariaSnapshot;
      this.domState = await this.context.phases.time('browser-state', () =>
        domState.update(tab.page, tab.snapshotRefs, this.tool, this.args, ariaSnapshot, tab.snapshotGeneration),
      );
    } catch (error) {
      this.addResult(`Could not write the Browser State files (${firstLine(error)}).`);
      return undefined;
    }
    const { files } = this.domState;
    const shown = (file: string) => displayPath(this.context.workspace, file);
    return {
      dom: shown(files.dom),
      accessibilityTree: shown(files.accessibilityTree),
      diff: files.diff && shown(files.diff),
    };
  }

  /** The `### Snapshot` section, in diff mode `### Page changes`, as the snapshot mode says, and the Browser State section. */
  private async snapshotSections(
    tab: Tab,
    options: SnapshotRequest,
  ): Promise<Pick<ParsedResponse, 'snapshot' | 'pageChanges' | 'browserState'>> {
    const { snapshotBoxes } = this.context.config;
    const whole = options.depth === undefined;
    // The document is told apart only where a diff will be counted from this snapshot.
    const tracked = this.context.config.snapshotMode === 'diff' && whole;
    try {
      const [yaml, document] = await Promise.all([
        this.context.phases.time('snapshot', () =>
          tab.snapshot({ depth: options.depth, boxes: options.boxes ?? snapshotBoxes }),
        ),
        tracked ? tab.documentId() : undefined,
      ]);
      if (whole) this.ariaSnapshot = yaml;
      // Side by side: the DOM's serialization runs in the page while the change list is counted and the files are
      // written here.
      const [shown, browserState] = await Promise.all([
        this.shownSnapshot(tab, options, yaml, tracked ? document : undefined),
        this.browserStateSection(tab),
      ]);
      return { ...shown, browserState };
    } catch (error) {
      // The action itself completed: flagging the call as failed could make an agent repeat it (a second submit).
      this.addResult(`Could not capture the page snapshot (${firstLine(error)}); call browser_snapshot to try again.`);
      return {};
    }
  }

  /** How the agent gets the snapshot: inline, as a file, as changes (`document` given: a diff is counted), or not. */
  private async shownSnapshot(
    tab: Tab,
    options: SnapshotRequest,
    yaml: string,
    document: number | undefined,
  ): Promise<Pick<ParsedResponse, 'snapshot' | 'pageChanges'>> {
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
      if (DEBUG)
        process.stderr.write(
          `[page-changes] ${this.tool} bytes=${yaml.length} ms=${(performance.now() - start).toFixed(2)} fits=${!!lines}\n`,
        );
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
