import type { Page } from 'playwright';
import { DomExtractor, type ExtractionPath } from './extract';
import { DomStateWriter, type DomStateFiles } from './writer';

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

  constructor(dir: string, private readonly redact: (text: string) => string) {
    this.writer = new DomStateWriter(dir);
  }

  async update(page: Page, refs: Iterable<string>, tool: string, args: Record<string, unknown>, ariaSnapshot: string): Promise<DomStateUpdate> {
    let extractor = this.extractors.get(page);
    if (!extractor) this.extractors.set(page, (extractor = new DomExtractor(page)));
    const { html, path } = await extractor.extract(refs);
    const dom = this.redact(html);
    const { files, diff } = await this.writer.write(tool, args, dom, this.redact(ariaSnapshot));
    return { files, dom, diff, extraction: path };
  }
}
