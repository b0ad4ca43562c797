import { appendFile, mkdir } from 'node:fs/promises';
import { join } from 'node:path';

/** The lines a response links: `<file>#L<from>-L<to>`, or `#L<n>` for one line. */
export interface ConsoleLogChunk {
  file: string;
  from: number;
  to: number;
}

/**
 * A page's console log file as @playwright/mcp writes it, `console-<start time>.log` in the output folder: each
 * entry appended as it arrives (`[   125ms] text`, the time since the log started), secrets redacted. A response
 * links the lines written since the previous one (take), so the agent reads entries only when it wants them.
 * The file is created with its first entry: a quiet page writes none.
 */
export class ConsoleLog {
  private file?: string;
  private lines = 0;
  private taken = 0;
  private stopped = false;
  /** Appends run one after another: a take sees every entry that arrived before it, at its line. */
  private writes: Promise<void> = Promise.resolve();

  constructor(
    private readonly dir: string,
    private readonly redact: (text: string) => string,
    private readonly startTime = Date.now(),
  ) {}

  append(time: number, text: string) {
    this.writes = this.writes.then(() => this.write(time, text)).catch(() => {});
  }

  /** Writes nothing more: a navigation starts the next file, and a closed page's entries are nobody's. */
  stop() {
    this.stopped = true;
  }

  /** The lines written since the previous take; undefined when there are none. */
  async take(): Promise<ConsoleLogChunk | undefined> {
    await this.writes;
    if (!this.file || this.lines === this.taken) return undefined;
    const chunk = { file: this.file, from: this.taken + 1, to: this.lines };
    this.taken = this.lines;
    return chunk;
  }

  private async write(time: number, text: string) {
    if (this.stopped) return;
    if (!this.file) {
      await mkdir(this.dir, { recursive: true });
      this.file = join(this.dir, `console-${new Date(this.startTime).toISOString().replace(/[:.]/g, '-')}.log`);
    }
    const line = `[${String(Math.round(time - this.startTime)).padStart(8, ' ')}ms] ${this.redact(text)}\n`;
    await appendFile(this.file, line);
    // A page error's stack spans several lines: the link's range covers them all.
    this.lines += line.split('\n').length - 1;
  }
}

/** How a response links a chunk: `<file>#L3`, `<file>#L3-L5`. */
export const consoleLink = (shown: string, chunk: ConsoleLogChunk) =>
  `${shown}#L${chunk.from}${chunk.to === chunk.from ? '' : `-L${chunk.to}`}`;
