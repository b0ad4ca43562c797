import type { Page } from 'playwright';
import type { PageEvaluator } from '../dom-processor/dom-processor';
import type { TabInfo } from '../dom-processor/types';
import type { EventBus } from '../events/bus';
import type { McpSession } from '../mcp/session';
import type { ToolCallEvent } from '../../shared/events';
import type { ToolCallSummary } from './types';

/** The session the bridge drives: one created by the core, so its calls go through the tool layer and onto the bus. */
export type BridgeSession = Pick<McpSession, 'id' | 'callTool' | 'pages' | 'published'>;

/** A tool call that answered with an error; `message` is the response's Error section. */
export class BridgeError extends Error {
  override name = 'BridgeError';
  constructor(
    readonly tool: string,
    message: string,
  ) {
    super(message);
  }
}

/** How far one scroll step moves: most of a screen, keeping a little of the old one in view for orientation. */
const SCROLL_FRACTION = 0.8;

/**
 * The seed's PlaywrightBridgeService, on the inspector's own browser stack rather than a second one: every method that
 * changes the page is a tool call of an McpSession (browser_navigate, browser_click, …), so it is validated, waits
 * for what it sets off, generates Playwright code and is published on the event bus like any agent's call. Each
 * returns the call's summary (code, locator, URL) and throws BridgeError when the tool reports an error.
 *
 * Reading (the DOM extraction, URLs, tab titles, counting matches) uses the session's current page directly: it
 * changes nothing, so it has nothing to record.
 */
export class PlaywrightBridgeService implements PageEvaluator {
  private calls: ToolCallEvent[] = [];
  private readonly unsubscribe: () => void;

  constructor(
    private readonly session: BridgeSession,
    bus: EventBus,
  ) {
    this.unsubscribe = bus.subscribe(event => {
      if (event.type === 'tool-call' && event.sessionId === session.id) this.calls.push(event);
    });
  }

  async getPage(): Promise<Page> {
    const page = this.session.pages().current;
    if (!page || page.isClosed()) throw new Error('No page is open yet: navigate first.');
    return page;
  }

  navigateTo(url: string): Promise<ToolCallSummary> {
    return this.call('browser_navigate', { url });
  }

  goBack(): Promise<ToolCallSummary> {
    return this.call('browser_navigate_back', {});
  }

  async getCurrentUrl(): Promise<string> {
    return (await this.getPage()).url();
  }

  async getPageContent(): Promise<string> {
    return (await this.getPage()).content();
  }

  /** Evaluates a script (an expression, or a function with `args`) in the current page; read-only use only. */
  async evaluate<R>(script: string | ((args: unknown) => R), args?: unknown): Promise<R> {
    const page = await this.getPage();
    return (typeof script === 'string' ? page.evaluate(script) : page.evaluate(script, args)) as Promise<R>;
  }

  click(selector: string, element?: string): Promise<ToolCallSummary> {
    return this.call('browser_click', { target: selector, element });
  }

  type(selector: string, text: string, element?: string): Promise<ToolCallSummary> {
    return this.call('browser_type', { target: selector, text, element });
  }

  selectOption(selector: string, value: string | string[], element?: string): Promise<ToolCallSummary> {
    return this.call('browser_select_option', {
      target: selector,
      values: Array.isArray(value) ? value : [value],
      element,
    });
  }

  scrollIntoView(selector: string, element?: string): Promise<ToolCallSummary> {
    return this.call('browser_evaluate', {
      target: selector,
      element,
      function: '(element) => element.scrollIntoView({ block: "center" })',
    });
  }

  /** Scrolls the page, or the scrollable element `selector`, by most of its height. */
  scroll(direction: 'up' | 'down', selector?: string, element?: string): Promise<ToolCallSummary> {
    const sign = direction === 'up' ? '-' : '';
    return selector
      ? this.call('browser_evaluate', {
          target: selector,
          element,
          function: `(element) => element.scrollBy(0, ${sign}element.clientHeight * ${SCROLL_FRACTION})`,
        })
      : this.call('browser_evaluate', {
          function: `() => window.scrollBy(0, ${sign}window.innerHeight * ${SCROLL_FRACTION})`,
        });
  }

  pressKey(key: string): Promise<ToolCallSummary> {
    return this.call('browser_press_key', { key });
  }

  /** A pause (browser_wait_for cuts it to 30 s), or text appearing or going away within the action timeout. */
  waitFor(condition: { ms?: number; text?: string; textGone?: string }): Promise<ToolCallSummary> {
    return this.call('browser_wait_for', {
      ...(condition.ms !== undefined && { time: condition.ms / 1000 }),
      ...(condition.text !== undefined && { text: condition.text }),
      ...(condition.textGone !== undefined && { textGone: condition.textGone }),
    });
  }

  async waitForLoadState(
    state?: 'load' | 'domcontentloaded' | 'networkidle',
    options?: { timeout?: number },
  ): Promise<void> {
    await (await this.getPage()).waitForLoadState(state, options);
  }

  async getTabsInfo(): Promise<TabInfo[]> {
    const { all, current } = this.session.pages();
    return Promise.all(
      all.map(async (page, pageIndex) => ({
        pageIndex,
        url: page.url(),
        title: await page.title().catch(() => ''),
        current: page === current,
      })),
    );
  }

  switchToTab(pageIndex: number): Promise<ToolCallSummary> {
    return this.call('browser_tabs', { action: 'select', index: pageIndex });
  }

  /** Stops listening to the bus. The session and its browser belong to the core, which closes them (closeSession). */
  close(): void {
    this.unsubscribe();
  }

  /** How many elements a selector matches now (0 for one Playwright cannot parse): how a step picks a selector. */
  async count(selector: string): Promise<number> {
    return (await this.getPage())
      .locator(selector)
      .count()
      .catch(() => 0);
  }

  /** Whether the element is checked, or undefined when it is not a checkbox, radio or switch (or is gone). */
  async isChecked(selector: string): Promise<boolean | undefined> {
    return (await this.getPage())
      .locator(selector)
      .isChecked({ timeout: 1_000 })
      .catch(() => undefined);
  }

  /** The value of an input, textarea or select now, or undefined. */
  async inputValue(selector: string): Promise<string | undefined> {
    return (await this.getPage())
      .locator(selector)
      .inputValue({ timeout: 1_000 })
      .catch(() => undefined);
  }

  /** Runs one tool and sums up the call from the event it published (the code, the locator it resolved, the URL). */
  private async call(tool: string, args: Record<string, unknown>): Promise<ToolCallSummary> {
    this.calls = [];
    const result = await this.session.callTool(
      tool,
      Object.fromEntries(Object.entries(args).filter(([, value]) => value !== undefined)),
    );
    await this.session.published();
    const event = this.calls.findLast(call => call.tool === tool);
    this.calls = [];
    const error = event?.response.error ?? (result.isError ? textOf(result.content) : undefined);
    if (error !== undefined) throw new BridgeError(tool, error.replace(/^\w*Error: /, ''));
    return {
      tool,
      code: event?.code ?? '',
      ...(event?.targets?.[0] && { locator: event.targets[0].locator }),
      ...(event?.url && { url: event.url }),
    };
  }
}

const textOf = (content: unknown) =>
  (content as { type: string; text?: string }[]).find(part => part.type === 'text')?.text ?? '';
