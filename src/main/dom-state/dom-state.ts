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
 * Only the extraction runs in the call, in the same page turn as the snapshot (the refs must be the snapshot's); the
 * diff and the files are written by a queue, in call order, so the agent's answer does not wait for them.
 */
export class DomState {
  private readonly writer: DomStateWriter;
  private readonly extractors = new WeakMap<Page, DomExtractor>();
  private queue: Promise<unknown> = Promise.resolve();

  /** `dir`: the session's Browser State folder (dom.html, accessibility-tree.yaml, diffs/). */
  constructor(readonly dir: string, private readonly redact: (text: string) => string) {
    this.writer = new DomStateWriter(dir);
  }

  async update(page: Page, refs: Iterable<string>, tool: string, args: Record<string, unknown>, ariaSnapshot: string): Promise<DomStateStep> {
    const started = performance.now();
    let extractor = this.extractors.get(page);
    if (!extractor) this.extractors.set(page, (extractor = new DomExtractor(page)));
    const { html, path, document } = await extractor.extract(refs);
    const extracted = performance.now();
    const dom = this.redact(html);
    const plan = this.writer.plan(tool, args, { dom, ariaSnapshot: this.redact(ariaSnapshot), document, url: page.url() });
    const inlineMs = performance.now() - started;
    const written = this.queue.then(async () => {
      const { diff, diffMs } = await this.writer.write(plan);
      // AGENT_INSPECTOR_DEBUG=dom-state: where the time goes (bench:dom-state reads these lines); `inline` is what
      // the call waited for, `total` includes the queued writing.
      if (DEBUG) {
        const ms = (n: number) => n.toFixed(1);
        process.stderr.write(`[dom-state] ${tool} extract=${ms(extracted - started)}ms diff=${ms(diffMs)}ms inline=${ms(inlineMs)}ms ` +
          `total=${ms(performance.now() - started)}ms bytes=${dom.length} diffBytes=${diff?.length ?? 0} path=${path}\n`);
      }
      return { files: plan.files, dom, diff, extraction: path };
    });
    this.queue = written.catch(() => {});
    return { files: plan.files, written };
  }

  /** Waits until every state planned so far is on disk (or failed): at session end and when the browser closes. */
  flush(): Promise<void> {
    return this.queue.then(() => {});
  }
}
