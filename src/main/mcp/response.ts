import { join } from 'node:path';
import type { Context } from '../browser/context';
import { firstLine, type Tab } from '../browser/tab';
import type { DomStateUpdate } from '../dom-state/dom-state';
import type { BrowserStateSection, ParsedResponse } from '../../shared/response';
import { displayPath, timestamp, writeOutput } from './files';

export interface ResponseImage {
  mimeType: string;
  data: Buffer;
}

/**
 * Collects what a tool call produced and assembles the response sections. Rendering to Markdown and redaction happen
 * in the session, so the agent and the event bus see exactly the same text.
 */
export class Response {
  private readonly results: string[] = [];
  private readonly errors: string[] = [];
  private readonly code: string[] = [];
  readonly images: ResponseImage[] = [];
  private snapshotOptions?: { depth?: number; boxes?: boolean };
  private pageWanted = false;
  private tabsWanted = false;
  /** The full aria snapshot taken for this call, published on the event bus. */
  ariaSnapshot?: string;
  /** The Browser State this call wrote, published on the event bus. */
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

  get isError() {
    return this.errors.length > 0;
  }

  /** One Playwright statement, e.g. `await page.goto('https://example.com');`. */
  addCode(statement: string) {
    this.code.push(statement);
  }

  addImage(image: ResponseImage) {
    this.images.push(image);
  }

  /** Ask for the page state and a full aria snapshot after the call. */
  includeSnapshot(options: { depth?: number; boxes?: boolean } = {}) {
    this.snapshotOptions = options;
    this.pageWanted = true;
  }

  includePage() {
    this.pageWanted = true;
  }

  includeTabs() {
    this.tabsWanted = true;
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
    const { tabs, page, modalState, snapshot, browserState, events } = sections;
    this.adopted = { tabs, page, modalState, snapshot, browserState, events };
  }

  async finish(): Promise<ParsedResponse> {
    const sections: ParsedResponse = {};
    const tab = this.context.currentTab;
    if (this.adopted) {
      for (const [key, value] of Object.entries(this.adopted)) if (value !== undefined) Object.assign(sections, { [key]: value });
    } else if (tab && !tab.page.isClosed()) {
      await this.addPageSections(tab, sections);
    }
    if (this.errors.length) sections.error = this.errors.join('\n');
    if (this.results.length) sections.result = this.results.join('\n');
    if (this.code.length) sections.code = this.code.join('\n');
    return sections;
  }

  private async addPageSections(tab: Tab, sections: ParsedResponse) {
    if (this.tabsWanted || this.context.tabs.length > 1) sections.tabs = await this.tabList();
    if (this.pageWanted || tab.modalStates.length) {
      const console = tab.currentConsole();
      sections.page = {
        url: tab.page.url(),
        title: await tab.page.title().catch(() => ''),
        console: {
          errors: console.filter(e => e.level === 'error').length,
          warnings: console.filter(e => e.level === 'warning').length,
        },
      };
    }
    if (tab.modalStates.length) {
      sections.modalState = tab.modalStates.map(state => `[${state.description}]: can be handled by ${state.clearedBy}`);
    } else if (this.snapshotOptions) {
      sections.snapshot = await this.snapshotSection(tab, this.snapshotOptions);
      sections.browserState = await this.browserStateSection(tab);
    }
    const events = await tab.takeEvents();
    if (events.length) sections.events = events;
  }

  private async tabList() {
    return Promise.all(this.context.tabs.map(async (tab, index) => ({
      index,
      current: tab === this.context.currentTab,
      title: await tab.page.title().catch(() => ''),
      url: tab.page.url(),
    })));
  }

  /** After a full snapshot (the refs are fresh on every element), write dom.html, the tree and the diff. */
  private async browserStateSection(tab: Tab): Promise<BrowserStateSection | undefined> {
    const domState = this.context.domState;
    if (!domState || this.ariaSnapshot === undefined) return undefined;
    try {
      this.domState = await domState.update(tab.page, tab.snapshotRefs, this.tool, this.args, this.ariaSnapshot);
    } catch (error) {
      this.addResult(`Could not write the Browser State files (${firstLine(error)}).`);
      return undefined;
    }
    const { files } = this.domState;
    const shown = (file: string) => displayPath(this.context.workspace, file);
    return { dom: shown(files.dom), accessibilityTree: shown(files.accessibilityTree), diff: files.diff && shown(files.diff) };
  }

  private async snapshotSection(tab: Tab, options: { depth?: number; boxes?: boolean }) {
    try {
      const yaml = await tab.snapshot(options);
      if (options.depth === undefined) this.ariaSnapshot = yaml;
      if (this.context.config.snapshotMode === 'inline') return { yaml };
      const file = join(this.context.workspace.outputDir, `page-${timestamp()}.yml`);
      return { file: await writeOutput(this.context, file, yaml) };
    } catch (error) {
      // The action itself completed: flagging the call as failed could make an agent repeat it (a second submit).
      this.addResult(`Could not capture the page snapshot (${firstLine(error)}); call browser_snapshot to try again.`);
      return undefined;
    }
  }
}
