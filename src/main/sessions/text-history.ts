import { mkdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { applyPatch } from 'diff';
import { domDiff } from '../../shared/dom-diff';
import { writeAtomically } from '../dom-state/writer';
import type { TextRef } from './format';

/** A full copy at least this often, so rebuilding a version applies a bounded number of diffs. */
const KEYFRAME_EVERY = 20;
/** A diff this large relative to the text (a navigation) is stored as a keyframe instead. */
const MAX_DIFF_SHARE = 0.5;

/**
 * Successive versions of one kind of text (the aria snapshot, the DOM) of a session: each stored as a gzip keyframe
 * or as a diff against the previous version, identical versions stored once. Keeps 500 steps of a 1 MB page small.
 */
export class TextHistoryWriter {
  private previous?: { text: string; ref: TextRef; step: number };
  private sinceKeyframe = 0;

  constructor(
    private readonly dir: string,
    private readonly kind: string,
    private readonly extension: string,
  ) {}

  async add(step: number, text: string): Promise<TextRef> {
    if (this.previous?.text === text) return this.previous.ref;
    await mkdir(this.dir, { recursive: true });
    const name = `${String(step).padStart(4, '0')}-${this.kind}`;
    let ref: TextRef | undefined;
    // The line diff does not record a change of the final newline alone; such a version gets a keyframe.
    const sameEnding = this.previous?.text.endsWith('\n') === text.endsWith('\n');
    if (this.previous && sameEnding && this.sinceKeyframe < KEYFRAME_EVERY) {
      const diff = domDiff(
        this.previous.text,
        text,
        `(step ${this.previous.step})`,
        `(step ${step})`,
        `${this.kind}.${this.extension}`,
      )!;
      if (diff.length < text.length * MAX_DIFF_SHARE) {
        ref = { file: `${name}.diff`, base: this.previous.step };
        await writeAtomically(join(this.dir, ref.file), diff);
        this.sinceKeyframe++;
      }
    }
    if (!ref) {
      ref = { file: `${name}.${this.extension}.gz` };
      await writeAtomically(join(this.dir, ref.file), gzipSync(text));
      this.sinceKeyframe = 0;
    }
    this.previous = { text, ref, step };
    return ref;
  }
}

/** Rebuilds the text a ref stands for, given the refs of earlier steps (by step number) to follow diffs back. */
export async function readText(
  dir: string,
  ref: TextRef,
  refAt: (step: number) => TextRef | undefined,
): Promise<string> {
  if (ref.base === undefined) return gunzipSync(await readFile(join(dir, ref.file))).toString('utf8');
  const baseRef = refAt(ref.base);
  if (!baseRef) throw new Error(`${ref.file} is a diff against step ${ref.base}, which the session does not contain.`);
  const base = await readText(dir, baseRef, refAt);
  const patched = applyPatch(base, await readFile(join(dir, ref.file), 'utf8'));
  if (patched === false)
    throw new Error(`${ref.file} does not apply to the text of step ${ref.base}: the session's artifacts are damaged.`);
  return patched;
}
