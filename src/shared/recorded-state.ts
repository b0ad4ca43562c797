import type { StateFile, StateFileList } from './bridge';

/** Larger files are cut at this many bytes, with a note: past a few MB an editor (and the link to it) only gets slow. */
export const MAX_BYTES = 2 * 2 ** 20;

export const languageOf = (path: string): StateFile['language'] =>
  path.endsWith('.html')
    ? 'html'
    : path.endsWith('.yaml') || path.endsWith('.yml')
      ? 'yaml'
      : path.endsWith('.diff')
        ? 'diff'
        : 'plaintext';

/** UTF-8 text of at most MAX_BYTES; a character cut in two at the end is left out (`stream` holds its bytes back). */
export function cappedText(data: Uint8Array, cut = data.length > MAX_BYTES) {
  return { text: new TextDecoder().decode(data.subarray(0, MAX_BYTES), { stream: cut }), truncated: cut };
}

/** dom.html, accessibility-tree.yaml, then the diffs in their numbered order. */
export function byStateOrder(a: { path: string }, b: { path: string }): number {
  const rank = (path: string) => (path === 'dom.html' ? 0 : path === 'accessibility-tree.yaml' ? 1 : 2);
  return rank(a.path) - rank(b.path) || a.path.localeCompare(b.path, undefined, { numeric: true });
}

/** A recorded step as Browser State sees it: which states it wrote, and the name DomState gave its diff. */
export interface StateStep {
  seq: number;
  dom: boolean;
  aria: boolean;
  /** `diffs/<name>` when the step wrote a DOM diff. */
  diffFile?: string;
}

/** The texts of those states, read when a file is listed or opened. */
export interface StateTexts {
  dom(seq: number): Promise<string | undefined>;
  aria(seq: number): Promise<string | undefined>;
  domDiff(seq: number): Promise<string | undefined>;
}

/**
 * A recorded session's Browser State as of a step, rebuilt from its artifacts (main/bridge) or a report's data
 * (renderer/src/report): dom.html and accessibility-tree.yaml as they were after that step, and the DOM diffs DomState
 * wrote up to it. Names are looked up, never joined to a path.
 */
export class RecordedState {
  constructor(
    private readonly steps: StateStep[],
    private readonly texts: StateTexts,
    private readonly seq: number,
  ) {}

  private files() {
    const steps = this.steps.filter(step => step.seq <= this.seq);
    const dom = steps.findLast(step => step.dom);
    const aria = steps.findLast(step => step.aria);
    const entries = new Map<string, () => Promise<string | undefined>>();
    if (dom) entries.set('dom.html', () => this.texts.dom(dom.seq));
    if (aria) entries.set('accessibility-tree.yaml', () => this.texts.aria(aria.seq));
    for (const step of steps) {
      if (step.diffFile !== undefined) entries.set(`diffs/${step.diffFile}`, () => this.texts.domDiff(step.seq));
    }
    return entries;
  }

  async list(): Promise<StateFileList> {
    const encoder = new TextEncoder();
    const files = await Promise.all(
      [...this.files()].map(async ([path, read]) => ({ path, bytes: encoder.encode((await read()) ?? '').length })),
    );
    return {
      files: files.sort(byStateOrder),
      note: files.length
        ? `As after step ${this.seq}, rebuilt from the recording.`
        : 'The recording has no Browser State up to this step (DomState was off).',
    };
  }

  async read(path: string): Promise<StateFile> {
    const read = this.files().get(path);
    if (!read) throw new Error(`No file "${path}" in this session's Browser State as of step ${this.seq}.`);
    const whole = new TextEncoder().encode((await read()) ?? '');
    return { path, language: languageOf(path), bytes: whole.length, ...cappedText(whole) };
  }
}
