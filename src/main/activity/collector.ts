import type { BrowserContext, Request } from 'playwright';
import { ACTIVITY_LIMITS, type ConsoleActivity, type NetworkActivity, type StepActivity } from '../../shared/activity';
import { redactDeep } from '../secrets';
import { consoleEntry, durationOf, pageErrorEntry, requestEntry, responseFields, type Unplaced } from './entries';

/** The step an entry is placed on, once it is published. */
export interface StepPlace {
  seq: number;
  startedAt: number;
  endedAt: number;
}

interface RequestRecord {
  entry: Unplaced<NetworkActivity>;
  done?: true;
  /** Set when a step took it while still in flight: its completion is then sent with a later step. */
  placed?: { seq: number; between?: true };
}

/**
 * Unfinished requests followed at once. A page that keeps requests hanging (long polling, streams) step after step
 * would otherwise grow the map without end: beyond this the oldest are let go, and stay pending for good.
 */
const MAX_OPEN = 4 * ACTIVITY_LIMITS.perStep;

/**
 * What one session's pages do (console messages, page errors, requests), gathered from the first navigation on and
 * handed to each step as its event is published. Listens on the browser context, so popups and new tabs are covered;
 * never awaited by a tool call, and a listener that failed only loses its entry.
 */
export class ActivityCollector {
  /** Entries since the last step was published; at most ACTIVITY_LIMITS.perStep each, the rest counted. */
  private console: Unplaced<ConsoleActivity>[] = [];
  private network: RequestRecord[] = [];
  private dropped = { console: 0, network: 0 };
  /** Requests not finished yet, by their Playwright object. */
  private readonly open = new Map<Request, RequestRecord>();
  /** Requests placed on an earlier step while pending, finished since: sent again, complete, with the next step. */
  private completed: NetworkActivity[] = [];
  private nextId = 0;

  constructor(private readonly secrets: Record<string, string>) {}

  /** Starts listening to a (new) browser context of the session; before its first page, so nothing is missed. */
  attach(context: BrowserContext) {
    context.on(
      'console',
      guard(message => this.addConsole(consoleEntry(message, Date.now()))),
    );
    context.on(
      'weberror',
      guard(error => this.addConsole(pageErrorEntry(error.error(), Date.now()))),
    );
    context.on(
      'request',
      guard(request => this.addRequest(request)),
    );
    context.on(
      'response',
      guard(response => {
        const record = this.open.get(response.request());
        if (record) Object.assign(record.entry, responseFields(response));
      }),
    );
    context.on(
      'requestfinished',
      guard(request => this.finished(request)),
    );
    context.on(
      'requestfailed',
      guard(request => {
        const record = this.open.get(request);
        if (!record) return;
        record.entry.failure = request.failure()?.errorText ?? 'failed';
        this.finish(request, record);
      }),
    );
    // Requests of a closed context never finish: they stay pending.
    context.on('close', () => this.open.clear());
  }

  /**
   * The activity of the step being published, or undefined when there is none: entries up to its end (an entry
   * before its start is `between`), requests still in flight as pending copies, and earlier pending requests that
   * have finished since. Secrets are redacted.
   */
  take(step: StepPlace): StepActivity | undefined {
    const mine = <T extends { time: number }>(entry: T) => entry.time <= step.endedAt;
    const place = <T extends { time: number }>(entry: T): T & { seq: number; between?: true } => ({
      ...entry,
      seq: step.seq,
      ...(entry.time < step.startedAt && { between: true as const }),
    });

    const console = this.console.filter(mine).map(place);
    this.console = this.console.filter(entry => !mine(entry));
    const records = this.network.filter(record => mine(record.entry));
    this.network = this.network.filter(record => !mine(record.entry));
    const network = [
      ...this.completed,
      ...records.map(record => {
        const entry = place(record.entry);
        if (record.done) return entry;
        record.placed = { seq: entry.seq, ...(entry.between && { between: true as const }) };
        return { ...entry, pending: true as const };
      }),
    ];
    this.completed = [];
    const dropped = this.dropped;
    this.dropped = { console: 0, network: 0 };
    if (!console.length && !network.length && !dropped.console && !dropped.network) return undefined;
    return redactDeep(this.secrets, { console, network, ...((dropped.console || dropped.network) && { dropped }) });
  }

  private addConsole(entry: Unplaced<ConsoleActivity>) {
    if (this.console.length < ACTIVITY_LIMITS.perStep) this.console.push(entry);
    else this.dropped.console++;
  }

  private addRequest(request: Request) {
    if (this.network.length >= ACTIVITY_LIMITS.perStep) {
      this.dropped.network++;
      return;
    }
    const record: RequestRecord = { entry: requestEntry(request, ++this.nextId, Date.now()) };
    this.network.push(record);
    this.open.set(request, record);
    if (this.open.size > MAX_OPEN) this.open.delete(this.open.keys().next().value!);
  }

  /**
   * A finished request's size (when no content-length said it) and full headers (cookies included, for "Copy as
   * cURL") cost a round trip to the driver each: asked for here, off any call's path, before the entry completes.
   */
  private finished(request: Request) {
    const record = this.open.get(request);
    if (!record) return;
    const entry = record.entry;
    const durationMs = durationOf(request);
    if (durationMs !== undefined) entry.durationMs = durationMs;
    const size =
      entry.size === undefined
        ? request.sizes().then(
            sizes => void (entry.size = sizes.responseBodySize),
            () => {},
          )
        : undefined;
    const headers = entry.requestHeaders
      ? request.allHeaders().then(
          all => void (entry.requestHeaders = all),
          () => {},
        )
      : undefined;
    if (!size && !headers) return this.finish(request, record);
    void Promise.all([size, headers]).finally(() => this.finish(request, record));
  }

  private finish(request: Request, record: RequestRecord) {
    if (!this.open.delete(request)) return;
    record.done = true;
    if (record.placed) this.completed.push({ ...record.entry, ...record.placed });
  }
}

/** A listener that cannot throw into Playwright's event dispatch (and so into a tool call). */
function guard<A>(listener: (arg: A) => void): (arg: A) => void {
  return arg => {
    try {
      listener(arg);
    } catch {
      // The entry is lost; the session goes on.
    }
  };
}
