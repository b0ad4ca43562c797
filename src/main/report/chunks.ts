import { createHash } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { BridgeReply } from '../../shared/bridge';
import {
  imageChunkOf,
  IMAGE_REF,
  LONG_TEXT,
  REPORT_GLOBAL,
  TEXT_REF,
  textChunkOf,
  type SearchChunk,
  type StatesChunk,
} from '../../shared/report';
import { decodeBytes, encodeBytes, SCRIPT_BOM, SCRIPT_ENCODING } from '../../shared/report-codec';

/**
 * Each data script pushes an entry onto a queue the viewer drains (and then takes over): whichever loads first, nothing
 * is lost and no script of the report's has to run before another.
 */
const push = `(self.${REPORT_GLOBAL}=self.${REPORT_GLOBAL}||[]).push`;

/** How much of a text's start finds the texts it may hold (see `embeddedIn`). */
const OPENING = 64;
const hashOf = (value: string) => createHash('sha256').update(value).digest('hex').slice(0, 24);
type TextPart = string | { [TEXT_REF]: string };

const IMAGE_TYPES = new Set(['image/jpeg', 'image/png', 'image/webp', 'image/gif']);

/**
 * The report's data folder: each chunk a script that hands its answers, gzipped (shared/report-codec.ts), to the viewer
 * (a page opened from file:// may run scripts beside it, but not fetch them); each image and each long text a chunk of
 * its own, written once however many answers show it.
 */
export class ChunkWriter {
  private readonly images = new Set<string>();
  /** Long texts written, by hash: a page's DOM or snapshot that several steps (or runs) show is stored once. */
  private readonly texts = new Set<string>();
  /** The current run's long texts by their opening (`OPENING`): a later text holding one whole refers to it. */
  private readonly embeddable = new Map<string, string[]>();
  /** Bytes written. */
  bytes = 0;

  constructor(private readonly dataDir: string) {}

  /** A chunk: answers by key (shared/report.ts), or a run's search texts. */
  async write(path: string, data: Record<string, BridgeReply> | SearchChunk | StatesChunk): Promise<void> {
    await this.script(path, JSON.stringify(await this.externalize(data)));
  }

  /** `payload`: JSON, or an image's bytes. */
  private async script(path: string, payload: string | Buffer) {
    const gzipped = gzipSync(payload, { level: 9 });
    const script = `${SCRIPT_BOM}${push}(["chunk",${JSON.stringify(path)},"${encodeBytes(gzipped)}",${gzipped.length}]);\n`;
    await this.file(`${path}.js`, Buffer.from(script, SCRIPT_ENCODING));
  }

  /** The index: the runs (plain JSON: small, and read before the viewer starts) and the front page's answers. */
  async writeIndex(info: unknown, replies: Record<string, BridgeReply>): Promise<void> {
    await this.file('index.js', `${push}(["info",${JSON.stringify(info)}]);\n`);
    await this.write('front', replies);
  }

  private async file(path: string, content: string | Buffer) {
    const full = join(this.dataDir, path);
    await mkdir(dirname(full), { recursive: true });
    await writeFile(full, content);
    this.bytes += Buffer.byteLength(content);
  }

  /** A new run: its texts are looked for inside its own later texts only (they are held in memory for that). */
  startRun(): void {
    this.embeddable.clear();
  }

  /** A text in a chunk of its own (`textChunkOf`), written once however often it is stored: its hash. */
  async text(value: string): Promise<string> {
    const hash = hashOf(value);
    if (!this.texts.has(hash)) {
      this.texts.add(hash);
      await this.script(textChunkOf(hash), JSON.stringify(value));
    }
    if (value.length >= LONG_TEXT) {
      const opening = value.slice(0, OPENING);
      const known = this.embeddable.get(opening) ?? [];
      if (!known.includes(value)) this.embeddable.set(opening, [...known, value]);
    }
    return hash;
  }

  /** A long text as answers hold it (shared/report.ts, LONG_TEXT): its own chunk, or its parts around a text stored before. */
  private async longText(value: string): Promise<string | TextPart[]> {
    const found = this.embeddedIn(value);
    if (!found) return this.text(value);
    const before = value.slice(0, found.at);
    const after = value.slice(found.at + found.text.length);
    const part = async (text: string): Promise<TextPart[]> => {
      if (text.length < LONG_TEXT) return text ? [text] : [];
      const stored = await this.longText(text);
      return typeof stored === 'string' ? [{ [TEXT_REF]: stored }] : stored;
    };
    return [...(await part(before)), { [TEXT_REF]: hashOf(found.text) }, ...(await part(after))];
  }

  /** The longest text stored before that `value` holds whole, starting at one of its lines. */
  private embeddedIn(value: string): { at: number; text: string } | undefined {
    let best: { at: number; text: string } | undefined;
    for (let at = 0; at >= 0 && at < value.length; at = value.indexOf('\n', at) + 1 || -1) {
      for (const text of this.embeddable.get(value.slice(at, at + OPENING)) ?? []) {
        if (text.length < value.length && text.length > (best?.text.length ?? 0) && value.startsWith(text, at))
          best = { at, text };
      }
    }
    return best;
  }

  /**
   * Every `{ mimeType, base64 }` in the answers becomes `{ mimeType, base64: '', [IMAGE_REF]: path }`, its bytes a chunk;
   * every text of LONG_TEXT characters or more becomes a reference to a chunk of its own under texts/ (shared/report.ts).
   */
  private async externalize(value: unknown): Promise<unknown> {
    if (typeof value === 'string' && value.length >= LONG_TEXT) return { [TEXT_REF]: await this.longText(value) };
    if (Array.isArray(value)) return Promise.all(value.map(item => this.externalize(item)));
    if (!value || typeof value !== 'object') return value;
    const record = value as Record<string, unknown>;
    if (
      typeof record.mimeType === 'string' &&
      typeof record.base64 === 'string' &&
      record.base64 &&
      IMAGE_TYPES.has(record.mimeType)
    ) {
      const bytes = Buffer.from(record.base64, 'base64');
      const path = imageChunkOf(createHash('sha256').update(bytes).digest('hex').slice(0, 24));
      if (!this.images.has(path)) {
        this.images.add(path);
        await this.script(path, bytes);
      }
      return { ...record, base64: '', [IMAGE_REF]: path };
    }
    const entries = await Promise.all(
      Object.entries(record).map(async ([key, item]) => [key, await this.externalize(item)] as const),
    );
    return Object.fromEntries(entries);
  }
}

/** The gzipped bytes a chunk script carries (as `ChunkWriter` wrote it), for a single-file report to inline them. */
export function chunkBytes(script: Buffer, path: string): Buffer {
  const entry = /"chunk","[^"]*","([^"]*)",(\d+)\]/.exec(script.toString(SCRIPT_ENCODING));
  if (!entry) throw new Error(`data/${path}.js is not in the form report writes.`);
  return Buffer.from(decodeBytes(entry[1], Number(entry[2])));
}
