import type { Frame, Page } from 'playwright';
import { testIdAttribute } from '../playwright/test-id';
import { UtilityWorlds } from '../playwright/utility-world';
import { KNOWN_TEST_ID_ATTRIBUTES } from '../../shared/locators';
import { serializeDom, type DomDelta } from './serializer';

export type ExtractionPath = 'utility-world' | 'fallback';

const SERIALIZER_SOURCE = serializeDom.toString();
/** The test id attributes dom.html keeps: the session's and the usual ones (see ElementFacts.testIds). */
const testIdAttributes = () => [...new Set([testIdAttribute(), ...KNOWN_TEST_ID_ATTRIBUTES])];
const SERIALIZER = `(${SERIALIZER_SOURCE})`;
const MARK_FRAME = 'function (id) { this.__aiInspectorFrame = id; }';

export interface FrameTree {
  frame: { id: string; url: string; name?: string };
  childFrames?: FrameTree[];
}

interface Serialization {
  gen: number;
  lines: string[];
  html: string;
  /** The refs the page was given for this generation. */
  refs?: Set<string>;
}

function refsChange(before: Set<string> | undefined, after: Set<string>) {
  if (!before) return undefined;
  return { added: [...after].filter(ref => !before.has(ref)), removed: [...before].filter(ref => !after.has(ref)) };
}

const INDENTS: string[] = [];
/** A line as the serializer packed it for the trip (see DomDelta), with its indentation back. */
function unpackLine(line: string): string {
  const spaces = line.charCodeAt(0) - 33;
  if (spaces < 0) return line.slice(1);
  return (INDENTS[spaces] ??= ' '.repeat(spaces)) + line.slice(1);
}

/** The frame's serialization after the page's answer: unchanged (null), whole, or the changed lines spliced in. */
function applyDelta(last: Serialization | undefined, delta: DomDelta | null): Serialization | undefined {
  if (!delta) return last;
  if ('full' in delta) {
    const lines = delta.full.split('\n').map(unpackLine);
    return { gen: delta.gen, lines, html: `${lines.join('\n')}\n` };
  }
  if (!last) return undefined;
  const lines = [
    ...last.lines.slice(0, delta.head),
    ...delta.middle.map(unpackLine),
    ...last.lines.slice(last.lines.length - delta.tail),
  ];
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
 * whatever the page size; a cross-process (cross-site) frame is reached through its own CDP session. Fallback:
 * resolve each ref of the last snapshot to an element handle and serialize in the main world (slower, main frame
 * only).
 */
export class DomExtractor {
  private main?: Promise<UtilityWorlds | undefined>;
  /** Sessions of cross-process frames, by CDP frame id. */
  private readonly outOfProcess = new Map<string, Promise<UtilityWorlds | undefined>>();
  /** Last serialization per frame document (frame id and context id): the base the page's deltas apply to. */
  private readonly last = new Map<string, Serialization>();
  /**
   * The child frames whose <iframe> each frame document has marked: the mark stays on the element, whose frame keeps
   * its id, so a page with a dozen ad frames is not marked again on every call.
   */
  private readonly marked = new Map<string, Set<string>>();
  private mainFrameId?: string;

  constructor(private readonly page: Page) {}

  /**
   * `incremental: false` serializes everything afresh, leaving the page's change tracking untouched. `document` tells
   * the top document apart from any other (its frame and utility-world context), where the utility world is reached.
   * `tree`: the frame tree `probe` just read, so it is not read twice.
   */
  async extract(
    refs: Iterable<string>,
    { incremental = true, tree }: { incremental?: boolean; tree?: FrameTree } = {},
  ): Promise<{ html: string; path: ExtractionPath; document?: string }> {
    this.main ??= this.subscribe(UtilityWorlds.of(this.page));
    const worlds = await this.main;
    if (worlds) {
      try {
        const top = tree ?? (await this.frameTree(worlds));
        const document = worlds.documentOf(top.frame.id);
        return {
          html: await this.serializeFrame(worlds, top, Array.from(refs), incremental),
          path: 'utility-world',
          document,
        };
      } catch {
        // Fall through: a page mid-navigation or a Playwright that no longer keeps refs there.
      }
    }
    return { html: await this.viaMainWorld(refs), path: 'fallback' };
  }

  /**
   * Whether the page may have changed since the last extraction (then `extract` has work to do), which document it
   * shows, and the frame tree read to tell (for `extract`). One small call in each frame, no serialization. A frame
   * that cannot be asked counts as changed.
   */
  async probe(refs: string[]): Promise<{ changed: boolean; document?: string; tree?: FrameTree }> {
    this.main ??= this.subscribe(UtilityWorlds.of(this.page));
    const worlds = await this.main;
    if (!worlds) return { changed: true };
    try {
      const tree = await this.frameTree(worlds);
      const document = worlds.documentOf(tree.frame.id);
      const last = this.last.get(document);
      const refsChanged = refsChange(last?.refs, new Set(refs));
      if (!last || !refsChanged || refsChanged.added.length || refsChanged.removed.length)
        return { changed: true, document, tree };
      // Every frame's document: a change inside an iframe changes dom.html too.
      const answers = await UtilityWorlds.callInEveryFrame<boolean>(this.page, SERIALIZER_SOURCE, [
        null,
        { probe: true, onlyIfChanged: true },
      ]);
      return { changed: !answers || [...answers.values()].some(Boolean), document, tree };
    } catch {
      return { changed: true };
    }
  }

  /**
   * The page's frames as CDP knows them. A page without child frames skips the round trip: its main frame's CDP id
   * is the page target's and does not change across navigations.
   */
  private async frameTree(worlds: UtilityWorlds): Promise<FrameTree> {
    if (this.mainFrameId && this.page.frames().length === 1)
      return { frame: { id: this.mainFrameId, url: this.page.url() } };
    const { frameTree } = await worlds.session.send('Page.getFrameTree');
    this.mainFrameId = (frameTree as FrameTree).frame.id;
    return frameTree as FrameTree;
  }

  private readonly forget = (frameId: string, contextId?: number) => {
    for (const cache of [this.last, this.marked]) {
      for (const key of cache.keys())
        if (contextId === undefined ? key.startsWith(`${frameId}:`) : key === `${frameId}:${contextId}`)
          cache.delete(key);
    }
  };

  /** The session that hosts a frame: the parent's, or for a cross-process frame its own. */
  private async worldsFor(parent: UtilityWorlds, frame: FrameTree['frame']): Promise<UtilityWorlds | undefined> {
    if (parent.contexts.has(frame.id)) return parent;
    const worlds = await this.outOfProcess.get(frame.id);
    return worlds?.contexts.has(frame.id) ? worlds : undefined;
  }

  /** A frame's own CDP session, when it runs in another renderer process (cross-site); undefined otherwise. */
  private ownSession(frame: Frame): Promise<UtilityWorlds | undefined> {
    return this.subscribe(UtilityWorlds.of(frame));
  }

  /** Subscribing twice is harmless: the listener is one stable function, kept in a set. */
  private async subscribe(pending: Promise<UtilityWorlds | undefined>): Promise<UtilityWorlds | undefined> {
    const worlds = await pending;
    worlds?.onForget(this.forget);
    return worlds;
  }

  /**
   * Children CDP's frame tree of this target leaves out: cross-process frames, which Playwright still lists. Each is
   * reached through its own session, whose frame tree names it.
   */
  private async crossProcessChildren(tree: FrameTree): Promise<FrameTree[]> {
    const frame =
      tree.frame.id === this.mainFrameId
        ? this.page.mainFrame()
        : this.page.frames().find(f => f.url() === tree.frame.url && f.name() === (tree.frame.name ?? ''));
    if (!frame?.childFrames().length) return [];
    const known = new Set((tree.childFrames ?? []).map(child => child.frame.id));
    const found: FrameTree[] = [];
    for (const child of frame.childFrames()) {
      const worlds = await this.ownSession(child);
      if (!worlds) continue;
      const { frameTree } = await worlds.session.send('Page.getFrameTree').catch(() => ({ frameTree: undefined }));
      if (!frameTree || known.has(frameTree.frame.id)) continue;
      this.outOfProcess.set(frameTree.frame.id, Promise.resolve(worlds));
      found.push(frameTree as FrameTree);
    }
    return found;
  }

  private async serializeFrame(
    parent: UtilityWorlds,
    tree: FrameTree,
    refs: string[],
    incremental: boolean,
  ): Promise<string> {
    const worlds = await this.worldsFor(parent, tree.frame);
    const contextId = worlds?.contexts.get(tree.frame.id);
    if (!worlds || contextId === undefined) throw new Error(`No Playwright utility world for frame ${tree.frame.id}`);
    const { session } = worlds;
    const children = [...(tree.childFrames ?? []), ...(await this.crossProcessChildren(tree))];
    // The frames' own serializations go first, side by side with marking and serializing this one: each is its own
    // round trip, and real pages carry dozens (ads, embeds).
    const inner = Promise.all(
      children.map(child =>
        this.serializeFrame(worlds, child, refs, incremental).catch(() => '<!-- frame content not captured -->'),
      ),
    );
    const cacheKey = `${tree.frame.id}:${contextId}`;
    const marked = this.marked.get(cacheKey) ?? new Set<string>();
    this.marked.set(cacheKey, marked);
    // Tell each <iframe> element which frame it hosts, so the serializer leaves a marker where it goes.
    await Promise.all(
      children
        .filter(child => !marked.has(child.frame.id))
        .map(async child => {
          try {
            const { backendNodeId } = await session.send('DOM.getFrameOwner', { frameId: child.frame.id });
            const { object } = await session.send('DOM.resolveNode', { backendNodeId, executionContextId: contextId });
            await session.send('Runtime.callFunctionOn', {
              objectId: object.objectId!,
              functionDeclaration: MARK_FRAME,
              arguments: [{ value: child.frame.id }],
            });
            marked.add(child.frame.id);
          } catch {
            // A frame detached meanwhile: it is simply not inlined.
          }
        }),
    );
    const last = this.last.get(cacheKey);
    // A constant function source lets V8 reuse its compiled code; the arguments travel as plain JSON values. A page
    // that already holds the previous refs gets only their change, not thousands of refs on every call.
    const since = last?.gen ?? -1;
    const serialize = (refArgs: { refs: string[] } | { refsDelta: { added: string[]; removed: string[] } }) =>
      worlds.call<DomDelta | string | null>(tree.frame.id, SERIALIZER_SOURCE, [
        null,
        { ...refArgs, onlyIfChanged: incremental, since, testIdAttributes: testIdAttributes() },
      ]);
    const refSet = new Set(refs);
    const delta = incremental && last ? refsChange(last.refs, refSet) : undefined;
    const value = delta
      ? await serialize({ refsDelta: delta }).catch(() => serialize({ refs }))
      : await serialize({ refs });
    let html: string;
    if (incremental) {
      const current = applyDelta(last, value as DomDelta | null);
      if (!current) throw new Error(`No previous serialization of frame ${tree.frame.id}`);
      this.last.set(cacheKey, { ...current, refs: refSet });
      html = current.html;
    } else {
      html = value as string;
    }
    const frames = await inner;
    children.forEach((child, i) => (html = inlineFrame(html, child.frame.id, frames[i])));
    return html;
  }

  private async viaMainWorld(refs: Iterable<string>): Promise<string> {
    const main = this.page.mainFrame();
    const resolved = await Promise.all(
      Array.from(refs, async ref => {
        const handle = await this.page
          .locator(`aria-ref=${ref}`)
          .elementHandle({ timeout: 1_000 })
          .catch(() => null);
        if (handle && (await handle.ownerFrame()) === main) return { ref, handle };
        await handle?.dispose();
        return undefined;
      }),
    );
    const found = resolved.filter(r => r !== undefined);
    try {
      return await this.page.evaluate(
        ([source, elements, names, testIdAttributes]) => {
          const refMap = new Map(elements.map((element, i) => [element as Element, names[i]]));
          return (0, eval)(source)(refMap, { testIdAttributes }) as string;
        },
        [SERIALIZER, found.map(r => r.handle), found.map(r => r.ref), testIdAttributes()] as const,
      );
    } finally {
      await Promise.all(found.map(r => r.handle.dispose()));
    }
  }
}
