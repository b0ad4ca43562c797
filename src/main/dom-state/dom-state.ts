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

/**
 * The DomState of one session: after each call that took a full aria snapshot, the page's DOM with the same refs,
 * the snapshot, and the diff from the previous state, written into the session's browser-state folder.
 */
export class DomState {
  private readonly writer: DomStateWriter;
  private readonly extractors = new WeakMap<Page, DomExtractor>();

  /** `dir`: the session's Browser State folder (dom.html, accessibility-tree.yaml, diffs/). */
  constructor(readonly dir: string, private readonly redact: (text: string) => string) {
    this.writer = new DomStateWriter(dir);
  }

  async update(page: Page, refs: Iterable<string>, tool: string, args: Record<string, unknown>, ariaSnapshot: string): Promise<DomStateUpdate> {
    const started = performance.now();
    let extractor = this.extractors.get(page);
    if (!extractor) this.extractors.set(page, (extractor = new DomExtractor(page)));
    const { html, path } = await extractor.extract(refs);
    const extracted = performance.now();
    const dom = this.redact(html);
    const { files, diff, diffMs } = await this.writer.write(tool, args, dom, this.redact(ariaSnapshot));
    // AGENT_INSPECTOR_DEBUG=dom-state: where the time goes (bench:dom-state reads these lines).
    if (DEBUG) {
      const ms = (n: number) => n.toFixed(1);
      process.stderr.write(`[dom-state] ${tool} extract=${ms(extracted - started)}ms diff=${ms(diffMs)}ms ` +
        `total=${ms(performance.now() - started)}ms bytes=${dom.length} diffBytes=${diff?.length ?? 0} path=${path}\n`);
    }
    return { files, dom, diff, extraction: path };
  }
}
