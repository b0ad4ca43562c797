import type { Page } from 'playwright';
import { DomExtractor, type ExtractionPath } from './extract';
import { DomStateWriter, type DomStateFiles } from './writer';

const DEBUG = (process.env.AGENT_INSPECTOR_DEBUG ?? '').split(',').includes('dom-state');

export interface DomStateUpdate {
  files: DomStateFiles;
  /** dom.html's content (secrets redacted), for the event bus. */
  dom: string;
  diff?: string;
  extraction: ExtractionPath;
}

/** One call's state: its file paths at once, and the update once the files are on disk. */
export interface DomStateStep {
  files: DomStateFiles;
  /** Settles after every earlier step's files; rejects when this step's could not be written. */
  written: Promise<DomStateUpdate>;
}

/**
 * The DomState of one session: after each call that took a full aria snapshot, the page's DOM with the same refs,
 * the snapshot, and the diff from the previous state, written into the session's browser-state folder.
 *
 * The call itself only asks the page whether anything changed (DomExtractor.probe), which names the files. The DOM is
 * serialized right after, while the answer goes out, and before the session's next call touches the page (see
 * `extracted`): the refs it stamps are still the snapshot's. The diff and the files are written by a queue, in call
 * order. A page that did not change is not serialized at all.
 */
export class DomState {
  private readonly writer: DomStateWriter;
  private readonly extractors = new WeakMap<Page, DomExtractor>();
  private extracting: Promise<unknown> = Promise.resolve();
  private queue: Promise<unknown> = Promise.resolve();
  private lastPath: ExtractionPath = 'utility-world';
  /** The page, snapshot generation and document of the last state planned. */
  private last?: { page: Page; generation?: number };
  private lastDocument?: string;

  /** `dir`: the session's Browser State folder (dom.html, accessibility-tree.yaml, diffs/). */
  constructor(readonly dir: string, private readonly redact: (text: string) => string) {
    this.writer = new DomStateWriter(dir);
  }

  /**
   * `generation`: the tab's snapshot generation (see Tab.snapshotGeneration). The same one as this session's last
   * state, on the same page, means no frame's document changed since: the page need not even be asked.
   */
  async update(page: Page, refs: Iterable<string>, tool: string, args: Record<string, unknown>, ariaSnapshot: string, generation?: number): Promise<DomStateStep> {
    const started = performance.now();
    let extractor = this.extractors.get(page);
    if (!extractor) this.extractors.set(page, (extractor = new DomExtractor(page)));
    const refList = Array.from(refs);
    const last = this.last;
    this.last = { page, generation };
    // The last state is another tab's: this one is extracted whatever it says.
    const { changed, document } = last?.page !== page ? { changed: true, document: await extractor.document() }
      : generation !== undefined && last.generation === generation ? { changed: false, document: this.lastDocument }
      : await extractor.probe(refList);
    this.lastDocument = document;
    const plan = this.writer.plan(tool, args, { changed, ariaSnapshot: this.redact(ariaSnapshot), document, url: page.url() });
    const inlineMs = performance.now() - started;
    const extraction = this.extracting.then(() => (changed ? extractor.extract(refList) : undefined));
    this.extracting = extraction.catch(() => {});
    const written = this.queue.then(async () => {
      const extracted = await extraction;
      const extractedAt = performance.now();
      if (extracted) this.lastPath = extracted.path;
      const { dom, diff, diffMs } = await this.writer.write(plan, extracted && this.redact(extracted.html));
      // AGENT_INSPECTOR_DEBUG=dom-state: where the time goes (bench:dom-state reads these lines); `inline` is what
      // the call waited for, `total` includes the serialization and the writing after the answer.
      if (DEBUG) {
        const ms = (n: number) => n.toFixed(1);
        process.stderr.write(`[dom-state] ${tool} changed=${changed} inline=${ms(inlineMs)}ms extract=${ms(extractedAt - started)}ms diff=${ms(diffMs)}ms ` +
          `total=${ms(performance.now() - started)}ms bytes=${dom.length} diffBytes=${diff?.length ?? 0} path=${this.lastPath}\n`);
      }
      return { files: plan.files, dom, diff, extraction: this.lastPath };
    });
    // A state that could not be written leaves the writer without a base: the next one is taken whole.
    this.queue = written.catch(() => {
      this.last = undefined;
    });
    return { files: plan.files, written };
  }

  /** Settles once every serialization started so far is done: until then the page must not be acted on. */
  extracted(): Promise<void> {
    return this.extracting.then(() => {});
  }

  /** Waits until every state planned so far is on disk (or failed): at session end and when the browser closes. */
  flush(): Promise<void> {
    return this.queue.then(() => {});
  }
}
