import type { CDPSession, Page } from 'playwright';
import { serializeDom, type DomDelta } from './serializer';

export type ExtractionPath = 'utility-world' | 'fallback';

const SERIALIZER_SOURCE = serializeDom.toString();
const SERIALIZER = `(${SERIALIZER_SOURCE})`;
const UTILITY_WORLD = '__playwright_utility_world';
const MARK_FRAME = 'function (id) { this.__aiInspectorFrame = id; }';

interface FrameTree {
  frame: { id: string };
  childFrames?: FrameTree[];
}

interface Serialization {
  gen: number;
  lines: string[];
  html: string;
}

/** The frame's serialization after the page's answer: unchanged (null), whole, or the changed lines spliced in. */
function applyDelta(last: Serialization | undefined, delta: DomDelta | null): Serialization | undefined {
  if (!delta) return last;
  if ('full' in delta) return { gen: delta.gen, lines: delta.full.slice(0, -1).split('\n'), html: delta.full };
  if (!last) return undefined;
  const lines = [...last.lines.slice(0, delta.head), ...delta.middle, ...last.lines.slice(last.lines.length - delta.tail)];
  return { gen: delta.gen, lines, html: `${lines.join('\n')}\n` };
}

/** Replaces a `<!--frame:ID-->` line with the frame's lines, indented like the marker. */
function inlineFrame(html: string, frameId: string, inner: string): string {
  const marker = `<!--frame:${frameId}-->`;
  const at = html.indexOf(marker);
  if (at < 0) return html;
  const indent = html.slice(html.lastIndexOf('\n', at) + 1, at);
  return html.slice(0, at) + inner.trimEnd().split('\n').join(`\n${indent}`) + html.slice(at + marker.length);
}

/**
 * Serializes a page's DOM with the aria refs Playwright assigned. Primary path (Chromium): evaluate in Playwright's
 * utility world over CDP, where each element carries its ref as the `_ariaRef` expando — one round trip per frame,
 * whatever the page size. Fallback: resolve each ref of the last snapshot to an element handle and serialize in the
 * main world (slower, main frame only).
 */
export class DomExtractor {
  private session?: Promise<CDPSession | undefined>;
  private readonly utilityContexts = new Map<string, number>();
  /** Last serialization per frame document (frame id and context id): the base the page's deltas apply to. */
  private readonly last = new Map<string, Serialization>();

  constructor(private readonly page: Page) {}

  /** `incremental: false` serializes everything afresh, leaving the page's change tracking untouched. */
  async extract(refs: Iterable<string>, { incremental = true } = {}): Promise<{ html: string; path: ExtractionPath }> {
    const session = await this.cdp();
    if (session) {
      try {
        return { html: await this.viaUtilityWorld(session, Array.from(refs), incremental), path: 'utility-world' };
      } catch {
        // Fall through: a page mid-navigation or a Playwright that no longer keeps refs there.
      }
    }
    return { html: await this.viaMainWorld(refs), path: 'fallback' };
  }

  private cdp(): Promise<CDPSession | undefined> {
    this.session ??= (async () => {
      try {
        const session = await this.page.context().newCDPSession(this.page);
        session.on('Runtime.executionContextCreated', ({ context }) => {
          const frameId = (context.auxData as { frameId?: string } | undefined)?.frameId;
          if (frameId && context.name.startsWith(UTILITY_WORLD)) this.utilityContexts.set(frameId, context.id);
        });
        session.on('Runtime.executionContextDestroyed', ({ executionContextId }) => {
          for (const [frameId, id] of this.utilityContexts) {
            if (id !== executionContextId) continue;
            this.utilityContexts.delete(frameId);
            this.last.delete(`${frameId}:${id}`);
          }
        });
        session.on('Runtime.executionContextsCleared', () => {
          this.utilityContexts.clear();
          this.last.clear();
        });
        await session.send('Runtime.enable');
        return session;
      } catch {
        return undefined; // Not Chromium, or a connection without CDP.
      }
    })();
    return this.session;
  }

  private async viaUtilityWorld(session: CDPSession, refs: string[], incremental: boolean): Promise<string> {
    const { frameTree } = await session.send('Page.getFrameTree');
    return this.serializeFrame(session, frameTree as FrameTree, refs, incremental);
  }

  private async serializeFrame(session: CDPSession, tree: FrameTree, refs: string[], incremental: boolean): Promise<string> {
    const contextId = this.utilityContexts.get(tree.frame.id);
    if (contextId === undefined) throw new Error(`No Playwright utility world for frame ${tree.frame.id}`);
    const children = tree.childFrames ?? [];
    // Tell each <iframe> element which frame it hosts, so the serializer leaves a marker where it goes.
    await Promise.all(children.map(async child => {
      try {
        const { backendNodeId } = await session.send('DOM.getFrameOwner', { frameId: child.frame.id });
        const { object } = await session.send('DOM.resolveNode', { backendNodeId, executionContextId: contextId });
        await session.send('Runtime.callFunctionOn', { objectId: object.objectId!, functionDeclaration: MARK_FRAME, arguments: [{ value: child.frame.id }] });
      } catch {
        // A frame detached meanwhile: it is simply not inlined.
      }
    }));
    const cacheKey = `${tree.frame.id}:${contextId}`;
    const last = this.last.get(cacheKey);
    // A constant function source lets V8 reuse its compiled code; the arguments travel as plain JSON values.
    const { result, exceptionDetails } = await session.send('Runtime.callFunctionOn', {
      functionDeclaration: SERIALIZER_SOURCE,
      executionContextId: contextId,
      arguments: [{ value: null }, { value: { refs, onlyIfChanged: incremental, since: last?.gen ?? -1 } }],
      returnByValue: true,
    });
    if (exceptionDetails) throw new Error(`DOM serializer failed: ${exceptionDetails.exception?.description ?? exceptionDetails.text}`);
    let html: string;
    if (incremental) {
      const current = applyDelta(last, result.value as DomDelta | null);
      if (!current) throw new Error(`No previous serialization of frame ${tree.frame.id}`);
      this.last.set(cacheKey, current);
      html = current.html;
    } else {
      html = result.value as string;
    }
    for (const child of children) {
      // A cross-process frame has no context in this session; it stays an empty iframe with a note.
      const inner = await this.serializeFrame(session, child, refs, incremental).catch(() => '<!-- frame content not captured -->');
      html = inlineFrame(html, child.frame.id, inner);
    }
    return html;
  }

  private async viaMainWorld(refs: Iterable<string>): Promise<string> {
    const main = this.page.mainFrame();
    const resolved = await Promise.all(Array.from(refs, async ref => {
      const handle = await this.page.locator(`aria-ref=${ref}`).elementHandle({ timeout: 1_000 }).catch(() => null);
      if (handle && (await handle.ownerFrame()) === main) return { ref, handle };
      await handle?.dispose();
      return undefined;
    }));
    const found = resolved.filter(r => r !== undefined);
    try {
      return await this.page.evaluate(
        ([source, elements, names]) => {
          const refMap = new Map(elements.map((element, i) => [element as Element, names[i]]));
          return (0, eval)(source)(refMap, {}) as string;
        },
        [SERIALIZER, found.map(r => r.handle), found.map(r => r.ref)] as const,
      );
    } finally {
      await Promise.all(found.map(r => r.handle.dispose()));
    }
  }
}
