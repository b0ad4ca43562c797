import { open } from 'node:fs/promises';
import { join } from 'node:path';
import type { SessionRecord, ToolCallRecord } from '../sessions/format';
import { EVENTS_FILE } from '../sessions/format';

/** Where a step's record is in events.jsonl: enough to read it back alone, for a hit's excerpt. */
export interface StepLine {
  offset: number;
  length: number;
}

export interface NewRecords {
  steps: { record: ToolCallRecord; line: StepLine }[];
  ended: boolean;
  /** The log is shorter than what was read before: it was replaced, and is read again from its start. */
  restarted: boolean;
}

/**
 * Reads a recorded session's events.jsonl incrementally: each call returns the complete lines appended since the
 * previous one, so a session still being written (by another process, or cut short) is picked up step by step
 * without reading it again. A torn or invalid line is skipped, as the session reader does.
 */
export class SessionLog {
  private consumed = 0;

  constructor(readonly dir: string) {}

  async readNew(): Promise<NewRecords> {
    const handle = await open(join(this.dir, EVENTS_FILE), 'r').catch(() => undefined);
    const result: NewRecords = { steps: [], ended: false, restarted: false };
    if (!handle) return result;
    try {
      const { size } = await handle.stat();
      if (size < this.consumed) {
        this.consumed = 0;
        result.restarted = true;
      }
      if (size === this.consumed) return result;
      const buffer = Buffer.alloc(size - this.consumed);
      await handle.read(buffer, 0, buffer.length, this.consumed);
      let start = 0;
      for (let end = buffer.indexOf(10); end >= 0; start = end + 1, end = buffer.indexOf(10, start)) {
        const record = parse(buffer.toString('utf8', start, end));
        if (record?.type === 'tool-call')
          result.steps.push({ record, line: { offset: this.consumed + start, length: end - start } });
        if (record?.type === 'session-ended') result.ended = true;
      }
      this.consumed += start;
      return result;
    } finally {
      await handle.close();
    }
  }
}

/** Reads steps back by where their lines are, with one open file for all of them. */
export async function readSteps(dir: string, lines: StepLine[]): Promise<(ToolCallRecord | undefined)[]> {
  const handle = await open(join(dir, EVENTS_FILE), 'r');
  try {
    const steps: (ToolCallRecord | undefined)[] = [];
    for (const { offset, length } of lines) {
      const buffer = Buffer.alloc(length);
      await handle.read(buffer, 0, length, offset);
      const record = parse(buffer.toString('utf8'));
      steps.push(record?.type === 'tool-call' ? record : undefined);
    }
    return steps;
  } finally {
    await handle.close();
  }
}

function parse(line: string): SessionRecord | undefined {
  if (!line.trim()) return undefined;
  try {
    return JSON.parse(line) as SessionRecord;
  } catch {
    return undefined;
  }
}
