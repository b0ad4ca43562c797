import { randomBytes } from 'node:crypto';
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { domDiff } from './diff';

export interface DomStateFiles {
  dom: string;
  accessibilityTree: string;
  /** Only when this state differs from the previous one. */
  diff?: string;
}

const MAX_VALUE = 20;
const sanitize = (text: string) => text.replace(/[^A-Za-z0-9-]+/g, '-').replace(/-+/g, '-').replace(/^-|-$/g, '');

/**
 * `NNN-<tool>[-<target>][-<value>].diff`, e.g. `002-click-e14.diff`, `003-type-e14-John.diff`: the counter zero-padded
 * to 3, the tool without `browser_`, the value cut to 20 characters, everything sanitized to [A-Za-z0-9-].
 */
export function diffFileName(counter: number, tool: string, args: Record<string, unknown>): string {
  const target = args.target ?? args.ref;
  const rawValue = args.text ?? args.value ?? args.values ?? args.key;
  const value = Array.isArray(rawValue) ? rawValue.join(',') : rawValue;
  const parts = [
    String(counter).padStart(3, '0'),
    sanitize(tool.replace(/^browser_/, '')),
    typeof target === 'string' ? sanitize(target) : '',
    typeof value === 'string' ? sanitize(value.slice(0, MAX_VALUE)) : '',
  ].filter(Boolean);
  return `${parts.join('-')}.diff`;
}

/** Writes through a temporary file and a rename, so a reader never sees a half-written file. */
export async function writeAtomically(file: string, content: string | Uint8Array): Promise<void> {
  const temp = `${file}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
  try {
    await writeFile(temp, content);
    await rename(temp, file);
  } catch (error) {
    // A full disk leaves a partial temp file: take it away, so the space it holds is free again and nothing half-written stays.
    await rm(temp, { force: true }).catch(() => {});
    throw error;
  }
}

/** One DOM state: the serialized DOM and aria tree (secrets redacted) and the document they were taken in. */
export interface DomStateInput {
  dom: string;
  ariaSnapshot: string;
  /** Tells documents apart (see DomExtractor.extract); undefined where that cannot be told. */
  document?: string;
  url: string;
}

/** What `plan` decided for one state: its file paths at once, what `write` has left to do. */
export interface DomStatePlan {
  files: DomStateFiles;
  /** Contents to write; a file whose content did not change is left as it is. */
  dom?: string;
  ariaSnapshot?: string;
  /** The diff to write at files.diff: of the DOM before, or a note when the document is another one. */
  diff?: { step: string; before: string; after: string } | { step: string; newDocument: string };
}

/**
 * The diff file of a navigation: two unrelated documents would diff into both whole files (a megabyte of lines that
 * say nothing), so it says which document came instead; dom.html has it. Valid unified-diff headers, no hunk.
 */
export function newDocumentDiff(step: string, url: string): string {
  return `--- a/dom.html\t(before ${step})\n+++ b/dom.html\t(after ${step})\nNew document: ${url}\nThe whole DOM changed: dom.html has the new one.\n`;
}

/**
 * The Browser State folder of one session: dom.html, accessibility-tree.yaml and the numbered diff trail. `plan`
 * decides, in the call, what a state writes (so the paths can be named in the response); `write` writes it later.
 * Plans must be written in the order they were made: each diff counts from the state planned before it.
 */
export class DomStateWriter {
  private previous?: DomStateInput;
  private counter = 0;

  constructor(readonly dir: string) {}

  plan(tool: string, args: Record<string, unknown>, state: DomStateInput): DomStatePlan {
    const previous = this.previous;
    this.previous = state;
    const files: DomStateFiles = { dom: join(this.dir, 'dom.html'), accessibilityTree: join(this.dir, 'accessibility-tree.yaml') };
    if (!previous) return { files, dom: state.dom, ariaSnapshot: state.ariaSnapshot };
    const plan: DomStatePlan = {
      files,
      dom: previous.dom === state.dom ? undefined : state.dom,
      ariaSnapshot: previous.ariaSnapshot === state.ariaSnapshot ? undefined : state.ariaSnapshot,
    };
    if (plan.dom !== undefined) {
      const name = diffFileName(++this.counter, tool, args);
      const step = name.replace(/\.diff$/, '');
      files.diff = join(this.dir, 'diffs', name);
      const newDocument = state.document !== undefined && previous.document !== undefined && state.document !== previous.document;
      plan.diff = newDocument ? { step, newDocument: state.url } : { step, before: previous.dom, after: state.dom };
    }
    return plan;
  }

  /** A write that failed leaves the files behind the plans: the next state is written whole. */
  async write(plan: DomStatePlan): Promise<{ diff?: string; diffMs: number }> {
    try {
      await mkdir(join(this.dir, 'diffs'), { recursive: true });
      let diff: string | undefined;
      const started = performance.now();
      if (plan.diff) diff = 'newDocument' in plan.diff ? newDocumentDiff(plan.diff.step, plan.diff.newDocument)
        : domDiff(plan.diff.before, plan.diff.after, `(before ${plan.diff.step})`, `(after ${plan.diff.step})`)!;
      const diffMs = performance.now() - started;
      await Promise.all([
        diff !== undefined && writeAtomically(plan.files.diff!, diff),
        plan.dom !== undefined && writeAtomically(plan.files.dom, plan.dom),
        plan.ariaSnapshot !== undefined && writeAtomically(plan.files.accessibilityTree, plan.ariaSnapshot),
      ]);
      return { diff, diffMs };
    } catch (error) {
      this.previous = undefined;
      throw error;
    }
  }
}
