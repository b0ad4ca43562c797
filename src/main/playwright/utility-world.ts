import type { CDPSession, Frame, Page } from 'playwright';

const UTILITY_WORLD = '__playwright_utility_world';

/**
 * Playwright keeps each element's aria ref as the `_ariaRef` expando in its isolated utility world, which
 * `page.evaluate` (main world) cannot see. Over CDP (Chromium) we can run code in that world: this tracks, for one
 * CDP session (one renderer target), the utility-world execution context of each frame.
 */
type Forget = (frameId: string, contextId?: number) => void;

export class UtilityWorlds {
  private static readonly byTarget = new WeakMap<Page | Frame, Promise<UtilityWorlds | undefined>>();
  readonly contexts = new Map<string, number>();
  /** Each frame's utility-world context by its uniqueId: unlike the number, never reused by another renderer process. */
  private readonly uniqueIds = new Map<string, string>();
  private readonly forgetListeners = new Set<Forget>();

  private constructor(readonly session: CDPSession) {}

  /**
   * The one CDP session of a page, or of a cross-process frame, shared by everything that needs the utility world.
   * Undefined where there is no CDP (not Chromium), or for a frame that lives in its parent's process.
   */
  static of(target: Page | Frame): Promise<UtilityWorlds | undefined> {
    let pending = UtilityWorlds.byTarget.get(target);
    if (!pending) {
      const page = 'mainFrame' in target ? target : target.page();
      pending = UtilityWorlds.attach(() => page.context().newCDPSession(target));
      UtilityWorlds.byTarget.set(target, pending);
    }
    return pending;
  }

  /**
   * Tells a frame's documents apart: its id and its utility world's context. Context numbers restart in each renderer
   * process, so a page that left a browser error page (its own process) and came back may get the same number again.
   */
  documentOf(frameId: string): string {
    return `${frameId}:${this.uniqueIds.get(frameId) ?? this.contexts.get(frameId)}`;
  }

  /** Called when a frame's utility world is gone (a navigation): whatever was cached for it is stale. */
  onForget(listener: Forget): void {
    this.forgetListeners.add(listener);
  }

  private forget(frameId: string, contextId?: number) {
    for (const listener of this.forgetListeners) listener(frameId, contextId);
  }

  /** Calls a self-contained function (its source) with JSON arguments in a frame's utility world. */
  async call<T>(frameId: string, functionDeclaration: string, args: unknown[]): Promise<T> {
    const executionContextId = this.contexts.get(frameId);
    if (executionContextId === undefined) throw new Error(`No Playwright utility world for frame ${frameId}`);
    const { result, exceptionDetails } = await this.session.send('Runtime.callFunctionOn', {
      functionDeclaration,
      executionContextId,
      arguments: args.map(value => ({ value })),
      returnByValue: true,
    });
    if (exceptionDetails)
      throw new Error(`In-page function failed: ${exceptionDetails.exception?.description ?? exceptionDetails.text}`);
    return result.value as T;
  }

  /**
   * Calls a function in the utility world of every frame of a page — same-process frames through the page's session,
   * cross-process ones through their own — and returns the answers by CDP frame id. Undefined when some frame cannot
   * be reached (no CDP, a frame whose world is not there yet): a caller that must see every document then knows it
   * cannot.
   */
  static async callInEveryFrame<T>(
    page: Page,
    functionDeclaration: string,
    args: unknown[],
  ): Promise<Map<string, T> | undefined> {
    const frames = page.frames();
    const sessions = await Promise.all([
      UtilityWorlds.of(page),
      ...frames.slice(1).map(frame => UtilityWorlds.of(frame)),
    ]);
    if (!sessions[0]) return undefined;
    const calls: Promise<[string, T]>[] = [];
    for (const worlds of new Set(sessions)) {
      for (const frameId of worlds?.contexts.keys() ?? [])
        calls.push(worlds!.call<T>(frameId, functionDeclaration, args).then(value => [frameId, value]));
    }
    if (calls.length < frames.length) return undefined;
    return new Map(await Promise.all(calls));
  }

  /** The CDP id of the target's top frame (a page's main frame keeps it across navigations). */
  async topFrameId(): Promise<string> {
    const { frameTree } = await this.session.send('Page.getFrameTree');
    return frameTree.frame.id;
  }

  private static async attach(open: () => Promise<CDPSession>): Promise<UtilityWorlds | undefined> {
    try {
      const worlds = new UtilityWorlds(await open());
      const { session, contexts } = worlds;
      session.on('Runtime.executionContextCreated', ({ context }) => {
        const frameId = (context.auxData as { frameId?: string } | undefined)?.frameId;
        if (!frameId || !context.name.startsWith(UTILITY_WORLD)) return;
        contexts.set(frameId, context.id);
        if (context.uniqueId) worlds.uniqueIds.set(frameId, context.uniqueId);
        else worlds.uniqueIds.delete(frameId);
      });
      session.on('Runtime.executionContextDestroyed', ({ executionContextId }) => {
        for (const [frameId, id] of contexts) {
          if (id !== executionContextId) continue;
          contexts.delete(frameId);
          worlds.uniqueIds.delete(frameId);
          worlds.forget(frameId, id);
        }
      });
      session.on('Runtime.executionContextsCleared', () => {
        for (const frameId of contexts.keys()) worlds.forget(frameId);
        contexts.clear();
        worlds.uniqueIds.clear();
      });
      await session.send('Runtime.enable');
      return worlds;
    } catch {
      return undefined; // Not Chromium, or a connection without CDP.
    }
  }
}
