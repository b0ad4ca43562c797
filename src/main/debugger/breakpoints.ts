import { randomUUID } from 'node:crypto';
import {
  conditionText,
  globRegExp,
  isAnswerCondition,
  parseCondition,
  type BreakCondition,
  type Breakpoint,
} from '../../shared/debugger';
import type { CallOutcome, CallPreview } from '../mcp/tool-host';

interface Entry {
  breakpoint: Breakpoint;
  condition: BreakCondition;
  /** target: and text: compare in lower case: the condition's text lowered once. */
  needle: string;
  /** url: its glob, compiled once. */
  glob?: RegExp;
}

/** A call about to run: its tool and arguments, and what a look at it found (only taken when a condition needs it). */
export interface PendingCall {
  tool: string;
  args: Record<string, unknown>;
  /** `selectors`: a target: condition also wants the role and name of a selector's element (a look at the page). */
  preview(selectors: boolean): Promise<CallPreview | undefined>;
}

/** `needle` is already in lower case. */
const contains = (value: string | undefined, needle: string) => !!value && value.toLowerCase().includes(needle);

/**
 * The breakpoints of one inspector process, from `--pause-on` and the Breakpoints panel. Testing a call costs a loop
 * over the enabled ones; a page is looked at only when a target: or url: condition is set.
 */
export class Breakpoints {
  private entries: Entry[] = [];

  constructor(private readonly changed: (breakpoints: Breakpoint[]) => void) {}

  list(): Breakpoint[] {
    return this.entries.map(entry => ({ ...entry.breakpoint }));
  }

  /** Throws an Error naming the accepted forms when the condition is none of them. */
  add(text: string, options: { sessionId?: string; fromFlag?: boolean } = {}): Breakpoint {
    const condition = parseCondition(text);
    const breakpoint: Breakpoint = {
      id: randomUUID().slice(0, 8),
      condition: conditionText(condition),
      enabled: true,
      hits: 0,
      ...(options.sessionId && { sessionId: options.sessionId }),
      ...(options.fromFlag && { fromFlag: true }),
    };
    const needle = condition.kind === 'target' || condition.kind === 'text' ? condition.text.toLowerCase() : '';
    this.entries.push({
      breakpoint,
      condition,
      needle,
      ...(condition.kind === 'url' && { glob: globRegExp(condition.glob) }),
    });
    this.changed(this.list());
    return breakpoint;
  }

  update(id: string, change: { enabled?: boolean; sessionId?: string | null }): void {
    const entry = this.find(id);
    if (change.enabled !== undefined) entry.breakpoint.enabled = change.enabled;
    if (change.sessionId === null) delete entry.breakpoint.sessionId;
    else if (change.sessionId !== undefined) entry.breakpoint.sessionId = change.sessionId;
    this.changed(this.list());
  }

  remove(id: string): void {
    this.find(id);
    this.entries = this.entries.filter(entry => entry.breakpoint.id !== id);
    this.changed(this.list());
  }

  /** The first enabled breakpoint a call hits before it runs (tool:, target:, url:), counted as hit. */
  async beforeCall(sessionId: string, call: PendingCall): Promise<Breakpoint | undefined> {
    let preview: CallPreview | undefined;
    let looked = false;
    const look = async () => {
      const selectors = this.active(sessionId).some(entry => entry.condition.kind === 'target');
      if (!looked) preview = await call.preview(selectors).catch(() => undefined);
      looked = true;
      return preview;
    };
    for (const entry of this.active(sessionId)) {
      const { condition } = entry;
      if (isAnswerCondition(condition)) continue;
      if (
        condition.kind === 'tool'
          ? condition.tools.includes(call.tool)
          : await this.matchesPage(entry, call, await look())
      ) {
        return this.hit(entry);
      }
    }
    return undefined;
  }

  /** The first enabled breakpoint a call's answer hits (error, console-error, text:), counted as hit. */
  onAnswer(sessionId: string, outcome: CallOutcome): Breakpoint | undefined {
    // An answer can be megabytes (a whole snapshot): lowered once for all text: conditions.
    let lower: string | undefined;
    for (const entry of this.active(sessionId)) {
      const { condition } = entry;
      const hit =
        condition.kind === 'error'
          ? outcome.isError
          : condition.kind === 'console-error'
            ? outcome.consoleErrors + outcome.failedRequests > 0
            : condition.kind === 'text'
              ? (lower ??= outcome.text.toLowerCase()).includes(entry.needle)
              : false;
      if (hit) return this.hit(entry);
    }
    return undefined;
  }

  /** Whether any answer condition applies to the session: without one, answers are not even looked at. */
  watchesAnswers(sessionId: string): boolean {
    return this.active(sessionId).some(entry => isAnswerCondition(entry.condition));
  }

  private async matchesPage(
    { condition, needle, glob }: Entry,
    call: PendingCall,
    preview: CallPreview | undefined,
  ): Promise<boolean> {
    if (condition.kind === 'url') {
      const destination =
        call.tool === 'browser_navigate' && typeof call.args.url === 'string' ? call.args.url : undefined;
      return [destination, preview?.url].some(url => url !== undefined && glob!.test(url));
    }
    if (condition.kind === 'target') {
      const targets = preview?.targets ?? [];
      return targets.some(
        ({ target, role, name }) =>
          contains(target, needle) ||
          contains(role, needle) ||
          contains(name, needle) ||
          contains(role && name ? `${role} "${name}"` : undefined, needle),
      );
    }
    return false;
  }

  private active(sessionId: string): Entry[] {
    return this.entries.filter(
      ({ breakpoint }) => breakpoint.enabled && (!breakpoint.sessionId || breakpoint.sessionId === sessionId),
    );
  }

  private hit(entry: Entry): Breakpoint {
    entry.breakpoint.hits++;
    this.changed(this.list());
    return { ...entry.breakpoint };
  }

  private find(id: string): Entry {
    const entry = this.entries.find(candidate => candidate.breakpoint.id === id);
    if (!entry) throw new Error(`No breakpoint ${JSON.stringify(id)}: it was removed, or never existed.`);
    return entry;
  }
}
