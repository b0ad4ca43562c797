import type { Frame, Page, Request } from 'playwright';

/**
 * After an action that did not navigate (yet), how long nothing may happen before it counts as done. Handlers often
 * navigate or fetch a moment after the click (a timer, a submit handler's validation; 300 ms is common), which a wait
 * that ends with the action would miss. Below Playwright MCP's fixed 500 ms, still above those delays.
 */
const ACTION_QUIET_MS = 400;
/**
 * After a navigation reached DOMContentLoaded but not `load`: how long no request that can change the content may be
 * in flight. Short: it only has to bridge the gap between chained requests (a script that loads, then fetches).
 */
const LOADING_QUIET_MS = 100;
/**
 * The longest one request other than the page's own document holds the wait: a long poll or a stalled third-party
 * script then costs this much, not the whole settle cap.
 */
const REQUEST_HOLD_MS = 2_000;
/**
 * The same once the page fired `load` (where Playwright MCP stops waiting): long enough for the quick data fetch a
 * script starts at load time, short enough that a long poll opened then costs little.
 */
const LOADED_HOLD_MS = 300;
/** Requests whose answer can change what the page shows. Images, fonts, media, beacons, event streams never do. */
const CONTENT_TYPES = new Set(['document', 'stylesheet', 'script', 'xhr', 'fetch']);
// AGENT_INSPECTOR_DEBUG=settle: how long each wait took and why it ended (bench:real reads these lines).
const DEBUG = (process.env.AGENT_INSPECTOR_DEBUG ?? '').split(',').includes('settle');
/** How often the wait looks again when nothing wakes it: for a dialog that opened or a page that closed. */
const POLL_MS = 50;
/**
 * Into the action's quiet window, when the snapshot the answer needs is taken ahead (see `prefetch`): late enough for
 * what a handler does at once (a menu that opens, a fetch it starts), early enough that the snapshot is done before
 * the delayed work the window waits for (a 300 ms timer) is due.
 */
const PREFETCH_AFTER_MS = 50;
/**
 * A snapshot keeps the page's main thread busy: a timer due meanwhile runs right after it. The wait lasts this long
 * past the snapshot's end, so what that timer starts (a navigation, a fetch) is seen before the wait ends.
 */
const PREFETCH_GRACE_MS = 150;
/** A page that keeps fetching makes each snapshot taken ahead stale: after this many, the answer takes its own. */
const MAX_PREFETCHES = 2;

/**
 * Why a wait ended: the page went quiet, loaded, showed the error page of a document that failed, the cap came, or
 * waiting became pointless (a dialog, a closed page).
 */
export type SettleEnd = 'quiet' | 'loaded' | 'failed' | 'cap' | 'stopped';

/**
 * Watches what an action sets off, from just before it starts, and tells when the page has settled as a user would
 * see it: a navigation committed and reached DOMContentLoaded, then no content request in flight for a short window
 * (or the page's `load` fired), never waiting on long polls, images or fonts. Context-wide, so a popup the action
 * opens counts too. `dispose()` once done.
 */
export class SettleWatch {
  /** The content requests in flight that the action started, with when each started. */
  private readonly inFlight = new Map<Request, number>();
  /** A main-frame navigation committed that the wait has not yet followed to DOMContentLoaded. */
  private committed = false;
  /**
   * A request for a new main-frame document was seen: the navigation that commits loads a new document, rather than
   * changing the URL of this one (pushState, a fragment), after which the action's own quiet window still applies.
   */
  private newDocument = false;
  /**
   * The main frame's `load` fired after the last navigation this watch saw. Only then: a page still loading from
   * before the action may fire it in the middle of the action's quiet window, which it must not cut short.
   */
  private loaded = false;
  private navigated = false;
  /**
   * The new main-frame document's request failed (blocked, unreachable host): what commits is the browser's own error
   * page, built from memory as it commits. A snapshot taken at once runs after it is parsed, and its load is not
   * worth waiting for.
   */
  private documentFailed = false;
  /** The snapshot taken ahead during the quiet window, while it runs; when the last one ended. */
  private prefetching?: Promise<void>;
  private prefetchEnded?: number;
  private prefetches = 0;
  private wake?: () => void;

  private readonly onRequest = (request: Request) => {
    if (!CONTENT_TYPES.has(request.resourceType())) return;
    if (this.isMainDocument(request)) {
      this.newDocument = true;
      this.documentFailed = false;
    }
    this.inFlight.set(request, Date.now());
    this.wake?.();
  };
  private readonly onRequestDone = (request: Request) => {
    if (this.inFlight.delete(request)) this.wake?.();
  };
  private readonly onRequestFailed = (request: Request) => {
    if (this.isMainDocument(request)) this.documentFailed = true;
    this.onRequestDone(request);
  };
  private readonly onNavigated = (frame: Frame) => {
    if (frame !== this.page.mainFrame()) return;
    this.committed = true;
    this.navigated = true;
    this.loaded = false;
    this.wake?.();
  };
  private readonly onLoad = () => {
    this.loaded = this.navigated;
    this.wake?.();
  };

  constructor(private readonly page: Page) {
    const context = page.context();
    context.on('request', this.onRequest);
    context.on('requestfinished', this.onRequestDone);
    context.on('requestfailed', this.onRequestFailed);
    page.on('framenavigated', this.onNavigated);
    page.on('load', this.onLoad);
  }

  dispose() {
    const context = this.page.context();
    context.off('request', this.onRequest);
    context.off('requestfinished', this.onRequestDone);
    context.off('requestfailed', this.onRequestFailed);
    this.page.off('framenavigated', this.onNavigated);
    this.page.off('load', this.onLoad);
  }

  /**
   * Resolves once the page has settled after the action, at the latest after `capMs` (--timeout-settle), or as soon as
   * `stop()` says waiting is pointless (a dialog blocks the page). `waitForLater: false` waits only for what the action
   * had started when it returned (a navigation, requests), not for a handler's later work: for a plain fill, which
   * sets one value. `prefetch`: takes the snapshot the answer will need, started inside the action's quiet window so
   * that the window's wait hides its cost; the answer reuses it when the page did not change after (Tab.snapshot).
   */
  async settled(
    capMs: number,
    stop: () => boolean,
    { waitForLater = true, prefetch }: { waitForLater?: boolean; prefetch?: () => Promise<void> } = {},
  ): Promise<SettleEnd> {
    const started = Date.now();
    const why = await this.settle(
      started + capMs,
      stop,
      waitForLater ? ACTION_QUIET_MS : 0,
      waitForLater ? prefetch : undefined,
    );
    if (DEBUG)
      process.stderr.write(
        `[settle] ${Date.now() - started}ms ${why}${this.prefetchEnded !== undefined ? ' prefetched' : ''}\n`,
      );
    return why;
  }

  /** The wait itself. */
  private async settle(
    deadline: number,
    stop: () => boolean,
    actionQuietMs: number,
    prefetch?: () => Promise<void>,
  ): Promise<SettleEnd> {
    let quietMs = actionQuietMs;
    let quietSince = Date.now();
    for (let now = Date.now(); now < deadline; now = Date.now()) {
      if (stop() || this.page.isClosed()) return 'stopped';
      if (this.committed && this.documentFailed) return 'failed';
      if (this.committed) {
        // The snapshot needs the new document's DOM. (A same-document navigation resolves this at once.)
        this.committed = false;
        await this.page.waitForLoadState('domcontentloaded', { timeout: deadline - now }).catch(() => {});
        // A new document is snapshotted once loaded, not ahead: it is still changing.
        if (this.newDocument) {
          quietMs = LOADING_QUIET_MS;
          prefetch = undefined;
        }
        quietSince = Date.now();
        continue;
      }
      const heldUntil = this.heldUntil(now);
      if (heldUntil !== undefined) {
        quietSince = now;
        await this.nap(Math.min(heldUntil, deadline) - now);
        continue;
      }
      if (this.loaded) return 'loaded';
      if (this.prefetching) {
        // Its end wakes the wait, as does any request it sees meanwhile.
        await this.nap(deadline - now);
        continue;
      }
      // One per quiet spell: a request that restarts the window may have made the last one stale.
      const prefetchAt =
        prefetch && this.prefetches < MAX_PREFETCHES && (this.prefetchEnded ?? -Infinity) < quietSince
          ? quietSince + PREFETCH_AFTER_MS
          : Infinity;
      if (now >= prefetchAt) {
        this.startPrefetch(prefetch!);
        continue;
      }
      const quietUntil = Math.max(quietSince + quietMs, (this.prefetchEnded ?? -Infinity) + PREFETCH_GRACE_MS);
      if (now >= quietUntil) return 'quiet';
      await this.nap(Math.min(quietUntil, prefetchAt, deadline) - now);
    }
    return 'cap';
  }

  /** Runs the prefetch beside the wait; its end wakes the wait. A failed prefetch only means no snapshot to reuse. */
  private startPrefetch(prefetch: () => Promise<void>) {
    this.prefetches++;
    this.prefetching = prefetch()
      .catch(() => {})
      .finally(() => {
        this.prefetching = undefined;
        this.prefetchEnded = Date.now();
        this.wake?.();
      });
  }

  /**
   * Until when the requests in flight hold the wait; undefined when none does. The page's own document holds it as
   * long as it takes (the cap bounds it); any other request for REQUEST_HOLD_MS at most, LOADED_HOLD_MS after `load`.
   */
  private heldUntil(now: number): number | undefined {
    const hold = this.loaded ? LOADED_HOLD_MS : REQUEST_HOLD_MS;
    let until: number | undefined;
    for (const [request, start] of this.inFlight) {
      const end = this.isMainDocument(request) ? Infinity : start + hold;
      if (end > now) until = Math.max(until ?? 0, end);
    }
    return until;
  }

  private isMainDocument(request: Request): boolean {
    if (!request.isNavigationRequest()) return false;
    try {
      return request.frame() === this.page.mainFrame();
    } catch {
      // A popup's first navigation has no frame yet (frame() throws): not this page's document.
      return false;
    }
  }

  /** Waits `ms`, or less when a request starts or ends, a navigation commits or the page loads. */
  private nap(ms: number): Promise<void> {
    return new Promise(resolve => {
      const timer = setTimeout(done, Math.max(0, Math.min(ms, POLL_MS)));
      function done() {
        clearTimeout(timer);
        resolve();
      }
      this.wake = done;
    });
  }
}
