import { appendFile, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { ReceivedSpan } from '../../shared/spans';

/**
 * The agent's own spans (model turns and whatever else it traced), received over OTLP or attached after the fact:
 * one ReceivedSpan per line beside events.jsonl, masked before they are written, so they travel in the session's zip
 * and are scrubbed by `redact` with everything else.
 */
export const SPANS_FILE = 'spans.jsonl';

const key = (span: ReceivedSpan) => `${span.traceId}:${span.spanId}`;

/** The keys of the spans a file holds: what `appendSpans` is given by a writer that appends to the same file again. */
export async function spanKeysOf(dir: string): Promise<Set<string>> {
  return new Set((await readSpans(dir)).spans.map(key));
}

/**
 * Appends the spans not already in the file (a span sent twice, or attached again, is kept once); returns how many.
 * `known` (the file's keys, kept up to date here) spares a writer rereading the whole file on every batch.
 */
export async function appendSpans(dir: string, spans: ReceivedSpan[], known?: Set<string>): Promise<number> {
  known ??= await spanKeysOf(dir);
  const fresh = spans.filter(span => !known.has(key(span)) && known.add(key(span)));
  if (fresh.length) await appendFile(join(dir, SPANS_FILE), fresh.map(span => `${JSON.stringify(span)}\n`).join(''));
  return fresh.length;
}

/** The session's spans, in file order; a line that does not parse (a write torn by a crash) is skipped and said. */
export async function readSpans(dir: string): Promise<{ spans: ReceivedSpan[]; warnings: string[] }> {
  const text = await readFile(join(dir, SPANS_FILE), 'utf8').catch(() => '');
  const spans: ReceivedSpan[] = [];
  const warnings: string[] = [];
  text.split('\n').forEach((line, index) => {
    if (!line) return;
    try {
      spans.push(JSON.parse(line) as ReceivedSpan);
    } catch {
      warnings.push(`${SPANS_FILE} line ${index + 1} is not valid JSON and was skipped.`);
    }
  });
  return { spans, warnings };
}
