import { randomBytes } from 'node:crypto';
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { domDiff } from '../../shared/dom-diff';

export interface DomStateFiles {
  dom: string;
  accessibilityTree: string;
  /** Only when this state differs from the previous one. */
  diff?: string;
}

const MAX_VALUE = 20;
const sanitize = (text: string) =>
  text
    .replace(/[^A-Za-z0-9-]+/g, '-')
    .replace(/-+/g, '-')
    .replace(/^-|-$/g, '');

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

/** What is known of a state before its DOM is serialized. */
export interface DomStateInput {
  /** Whether the DOM may differ from the previous state's (see DomExtractor.probe); a new document always does. */
  changed: boolean;
  ariaSnapshot: string;
  /** Tells documents apart (see DomExtractor.extract); undefined where that cannot be told. */
  document?: string;
  url: string;
}

/** What `plan` decided for one state: its file paths at once, what `write` has left to do. */
export interface DomStatePlan {
  files: DomStateFiles;
  ariaSnapshot: string;
  /** The diff to write at files.diff: of the DOM before, or a note when the document is another one. */
  diff?: { step: string; newDocument?: string };
}

/**
 * The diff file of a navigation: two unrelated documents would diff into both whole files (a megabyte of lines that
 * say nothing), so it says which document came instead; dom.html has it. Valid unified-diff headers, no hunk.
 */
export function newDocumentDiff(step: string, url: string): string {
  return diffNote(step, `New document: ${url}\nThe whole DOM changed: dom.html has the new one.`);
}

/** Unified-diff headers and a note instead of hunks, for a diff that has nothing to show line by line. */
function diffNote(step: string, note: string): string {
  return `--- a/dom.html\t(before ${step})\n+++ b/dom.html\t(after ${step})\n${note}\n`;
}

/**
 * The Browser State folder of one session: dom.html, accessibility-tree.yaml and the numbered diff trail. `plan`
 * decides which files a state writes from whether the page changed (before its DOM is serialized: an unchanged page
 * is not); `write` gets the serialized DOM and writes. Plans must be written in the order they were made: each diff
 * counts from the state written before it.
 */
export class DomStateWriter {
  /** The last state planned: the next plan compares documents with it. */
  private planned?: DomStateInput;
  /** The last state written: the next write diffs from it. */
  private written?: { dom: string; ariaSnapshot: string };
  private counter = 0;

  constructor(readonly dir: string) {}

  plan(tool: string, args: Record<string, unknown>, state: DomStateInput): DomStatePlan {
    const previous = this.planned;
    this.planned = state;
    const files: DomStateFiles = {
      dom: join(this.dir, 'dom.html'),
      accessibilityTree: join(this.dir, 'accessibility-tree.yaml'),
    };
    const newDocument =
      state.document !== undefined && previous?.document !== undefined && state.document !== previous.document;
    if (!previous || (!state.changed && !newDocument)) return { files, ariaSnapshot: state.ariaSnapshot };
    const name = diffFileName(++this.counter, tool, args);
    files.diff = join(this.dir, 'diffs', name);
    return {
      files,
      ariaSnapshot: state.ariaSnapshot,
      diff: { step: name.replace(/\.diff$/, ''), ...(newDocument && { newDocument: state.url }) },
    };
  }

  /**
   * `dom`: the state's serialized DOM, or undefined when the page had not changed (the last one stands). `diff` is
   * the change to show, undefined when dom.html did not change. A write that failed leaves the files behind the
   * plans: the next states are written whole.
   */
  async write(plan: DomStatePlan, dom: string | undefined): Promise<{ dom: string; diff?: string; diffMs: number }> {
    const before = this.written;
    const after = dom ?? before?.dom ?? '';
    try {
      await mkdir(join(this.dir, 'diffs'), { recursive: true });
      const started = performance.now();
      const changed = !before || after !== before.dom;
      const diff =
        !plan.diff || !before
          ? undefined
          : plan.diff.newDocument !== undefined
            ? newDocumentDiff(plan.diff.step, plan.diff.newDocument)
            : changed
              ? domDiff(before.dom, after, `(before ${plan.diff.step})`, `(after ${plan.diff.step})`)
              : undefined;
      const diffMs = performance.now() - started;
      // The response named the diff file: it exists, and says why it has no lines when there are none to show.
      const diffFile =
        plan.diff &&
        (diff ??
          diffNote(
            plan.diff.step,
            before
              ? 'No change in dom.html: what changed on the page is not kept there.'
              : 'No earlier state to compare with (it could not be written): dom.html has the whole DOM.',
          ));
      await Promise.all([
        diffFile !== undefined && writeAtomically(plan.files.diff!, diffFile),
        changed && dom !== undefined && writeAtomically(plan.files.dom, after),
        plan.ariaSnapshot !== before?.ariaSnapshot && writeAtomically(plan.files.accessibilityTree, plan.ariaSnapshot),
      ]);
      this.written = { dom: after, ariaSnapshot: plan.ariaSnapshot };
      return { dom: after, diff, diffMs };
    } catch (error) {
      this.written = undefined;
      this.planned = undefined;
      throw error;
    }
  }
}
