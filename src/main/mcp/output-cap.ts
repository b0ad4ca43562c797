import { join } from 'node:path';
import type { Context } from '../browser/context';
import { timestamp, writeOutput } from './files';

// Room for what follows the head: a closing fence and the line breaks around it.
const TAIL = '\n```\n'.length + 1;

/**
 * Keeps a response's text within `maxBytes` (--response-max-size): its head, cut at a line end, then a marker linking the
 * whole text, written under the output folder. An agent's context is not flooded, and nothing is lost.
 */
export async function capText(context: Context, text: string, maxBytes: number): Promise<string> {
  const size = Buffer.byteLength(text);
  if (size <= maxBytes) return text;
  const file = await writeOutput(context, join(context.workspace.outputDir, `response-${timestamp()}.md`), text);
  const marker = `[Response truncated: ${size} bytes, over the ${maxBytes}-byte limit (--response-max-size); the whole response is in ${file}]`;
  // A cut inside a multi-byte character leaves a replacement character, dropped here.
  let head = Buffer.from(text)
    .subarray(0, Math.max(0, maxBytes - Buffer.byteLength(marker) - TAIL))
    .toString('utf8')
    .replace(/\uFFFD$/, '');
  const lineEnd = head.lastIndexOf('\n');
  if (lineEnd > 0) head = head.slice(0, lineEnd);
  // A cut inside a code fence is closed, so the marker reads as text, not as part of a snapshot.
  const fences = head.split('\n').filter(line => line.startsWith('```')).length;
  return `${head}${fences % 2 ? '\n```' : ''}\n${marker}`;
}
