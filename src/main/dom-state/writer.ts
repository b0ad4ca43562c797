import { randomBytes } from 'node:crypto';
import { mkdir, rename, writeFile } from 'node:fs/promises';
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
  await writeFile(temp, content);
  await rename(temp, file);
}

/** The Browser State folder of one session: dom.html, accessibility-tree.yaml and the numbered diff trail. */
export class DomStateWriter {
  private previous?: string;
  private counter = 0;

  constructor(readonly dir: string) {}

  async write(tool: string, args: Record<string, unknown>, dom: string, ariaSnapshot: string): Promise<{ files: DomStateFiles; diff?: string; diffMs: number }> {
    await mkdir(join(this.dir, 'diffs'), { recursive: true });
    const files: DomStateFiles = { dom: join(this.dir, 'dom.html'), accessibilityTree: join(this.dir, 'accessibility-tree.yaml') };
    let diff: string | undefined;
    let diffMs = 0;
    if (this.previous !== undefined && this.previous !== dom) {
      const name = diffFileName(++this.counter, tool, args);
      const step = name.replace(/\.diff$/, '');
      const started = performance.now();
      diff = domDiff(this.previous, dom, `(before ${step})`, `(after ${step})`)!;
      diffMs = performance.now() - started;
      files.diff = join(this.dir, 'diffs', name);
      await writeAtomically(files.diff, diff);
    }
    await Promise.all([writeAtomically(files.dom, dom), writeAtomically(files.accessibilityTree, ariaSnapshot)]);
    this.previous = dom;
    return { files, diff, diffMs };
  }
}
