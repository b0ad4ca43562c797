import type { Page } from 'playwright';
import { DomExtractor, type ExtractionPath } from './extract';
import { DomStateWriter, type DomStateFiles } from './writer';

const DEBUG = (process.env.AGENT_INSPECTOR_DEBUG ?? '').split(',').includes('dom-state');

/** One call's Browser State, on disk: the files a response may name, and what they hold for the event bus. */
export interface DomStateUpdate {
  files: DomStateFiles;
  /** dom.html's content (secrets redacted). */
  dom: string;
  diff?: string;
  extraction: ExtractionPath;
}

/**
 * The DomState of one session: after each call that took a full aria snapshot, the page's DOM with the same refs,
 * the snapshot, and the diff from the previous state, written into the session's browser-state folder.
 *
 * A response names only files that are complete on disk (seed 000: the section lists what `update()` produced), so
 * the call waits for them; what keeps that cheap: the page is first asked whether anything changed at all
 * (DomExtractor.probe: an unchanged page is not serialized), a changed one sends back only the lines that changed,
 * and the diff is counted from those lines alone (see domDiff). Updates run one at a time, in call order: each diff
 * counts from the state written before it.
 */
export class DomState {
  private readonly writer: DomStateWriter;
  private readonly extractors = new WeakMap<Page, DomExtractor>();
  private queue: Promise<unknown> = Promise.resolve();
  private lastPath: ExtractionPath = 'utility-world';
  /** The page, snapshot generation and document of the last state written. */
  private last?: { page: Page; generation?: number; document?: string };

  /** `dir`: the session's Browser State folder (dom.html, accessibility-tree.yaml, diffs/). */
  constructor(
    readonly dir: string,
    private readonly redact: (text: string) => string,
  ) {
    this.writer = new DomStateWriter(dir);
  }

  /**
   * Serializes what changed and writes the state; settles once its files are on disk, or rejects (then the next
   * state is written whole). `generation`: the tab's snapshot generation (see Tab.snapshotGeneration); the same one
   * as this session's last state, on the same page, means no frame's document changed since: the page is not asked.
   */
  update(
    page: Page,
    refs: Iterable<string>,
    tool: string,
    args: Record<string, unknown>,
    ariaSnapshot: string,
    generation?: number,
  ): Promise<DomStateUpdate> {
    const refList = Array.from(refs);
    const written = this.queue.then(() => this.write(page, refList, tool, args, ariaSnapshot, generation));
    // A state that could not be written leaves the writer without a base: the next one is taken whole.
    this.queue = written.catch(() => {
      this.last = undefined;
    });
    return written;
  }

  private async write(
    page: Page,
    refs: string[],
    tool: string,
    args: Record<string, unknown>,
    ariaSnapshot: string,
    generation?: number,
  ): Promise<DomStateUpdate> {
    const started = performance.now();
    let extractor = this.extractors.get(page);
    if (!extractor) this.extractors.set(page, (extractor = new DomExtractor(page)));
    const last = this.last;
    const sameTab = last?.page === page;
    // The same snapshot generation on the same tab: no frame's document changed, the page need not be asked. Another
    // tab's last state: this one is extracted whatever its page would say.
    const probe = !sameTab
      ? { changed: true }
      : generation !== undefined && last.generation === generation
        ? { changed: false, document: last.document }
        : await extractor.probe(refs);
    const probedAt = performance.now();
    const extracted = probe.changed ? await extractor.extract(refs, { tree: probe.tree }) : undefined;
    const extractedAt = performance.now();
    const document = extracted?.document ?? probe.document;
    this.last = { page, generation, document };
    if (extracted) this.lastPath = extracted.path;
    const plan = this.writer.plan(tool, this.redactArgs(args), {
      changed: probe.changed,
      ariaSnapshot: this.redact(ariaSnapshot),
      document,
      url: this.redact(page.url()),
    });
    const { dom, diff, diffMs } = await this.writer.write(plan, extracted && this.redact(extracted.html));
    // AGENT_INSPECTOR_DEBUG=dom-state: where the call's time goes (bench:dom-state reads these lines).
    if (DEBUG) {
      const ms = (n: number) => n.toFixed(1);
      process.stderr.write(
        `[dom-state] ${tool} changed=${probe.changed} probe=${ms(probedAt - started)}ms extract=${ms(extractedAt - probedAt)}ms diff=${ms(diffMs)}ms ` +
          `total=${ms(performance.now() - started)}ms bytes=${dom.length} diffBytes=${diff?.length ?? 0} path=${this.lastPath}\n`,
      );
    }
    return { files: plan.files, dom, diff, extraction: this.lastPath };
  }

  /** The arguments as a diff file may be named after them: a value typed into a secret field is masked. */
  private redactArgs(args: Record<string, unknown>): Record<string, unknown> {
    const redact = (value: unknown): unknown =>
      typeof value === 'string' ? this.redact(value) : Array.isArray(value) ? value.map(redact) : value;
    return Object.fromEntries(Object.entries(args).map(([name, value]) => [name, redact(value)]));
  }

  /** Waits until every state started so far is on disk (or failed): at session end and when the browser closes. */
  flush(): Promise<void> {
    return this.queue.then(() => {});
  }
}
