import { createHash } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { BridgeReply } from '../../shared/bridge';
import { IMAGE_DIR, LONG_TEXT, REPORT_GLOBAL, TEXT_REF, textChunkOf, type SearchChunk } from '../../shared/report';

/**
 * Each data script pushes an entry onto a queue the viewer drains (and then takes over): whichever loads first, nothing
 * is lost and no script of the report's has to run before another.
 */
const push = `(self.${REPORT_GLOBAL}=self.${REPORT_GLOBAL}||[]).push`;

const EXTENSIONS: Record<string, string> = { 'image/jpeg': 'jpg', 'image/png': 'png', 'image/webp': 'webp', 'image/gif': 'gif' };

/**
 * The report's data folder: each chunk a script that hands its answers, gzipped and in base64, to the viewer (a page
 * opened from file:// may run scripts beside it, but not fetch them); each image a file of its own, written once however
 * many answers show it, and shown by address — as large as in the session's zip, where base64 would add a third.
 */
export class ChunkWriter {
  private readonly images = new Set<string>();
  /** Long texts written, by hash: a page's DOM or snapshot that several steps (or runs) show is stored once. */
  private readonly texts = new Set<string>();
  /** Bytes written: chunks and images. */
  bytes = 0;

  /** `inlineImages`: images stay in the answers as data: addresses (a single-file report has nowhere else to keep them). */
  constructor(private readonly dataDir: string, private readonly inlineImages = false) {}

  /** A chunk: answers by key (shared/report.ts), or a run's search texts. */
  async write(path: string, data: Record<string, BridgeReply> | SearchChunk): Promise<void> {
    await this.script(path, JSON.stringify(await this.externalize(data)));
  }

  private async script(path: string, json: string) {
    await this.file(`${path}.js`, `${push}(["chunk",${JSON.stringify(path)},"${gzipSync(json, { level: 9 }).toString('base64')}"]);\n`);
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

  /**
   * Every `{ mimeType, base64 }` in the answers becomes `{ mimeType, base64: '', url }`, its bytes a file under images/;
   * every text of LONG_TEXT characters or more becomes a reference to a chunk of its own under texts/ (shared/report.ts).
   */
  private async externalize(value: unknown): Promise<unknown> {
    if (typeof value === 'string' && value.length >= LONG_TEXT) {
      const hash = createHash('sha256').update(value).digest('hex').slice(0, 24);
      if (!this.texts.has(hash)) {
        this.texts.add(hash);
        await this.script(textChunkOf(hash), JSON.stringify(value));
      }
      return { [TEXT_REF]: hash };
    }
    if (Array.isArray(value)) return Promise.all(value.map(item => this.externalize(item)));
    if (!value || typeof value !== 'object') return value;
    const record = value as Record<string, unknown>;
    if (typeof record.mimeType === 'string' && typeof record.base64 === 'string' && record.base64 && EXTENSIONS[record.mimeType]) {
      if (this.inlineImages) return { ...record, base64: '', url: `data:${record.mimeType};base64,${record.base64}` };
      const bytes = Buffer.from(record.base64, 'base64');
      const name = `${IMAGE_DIR}/${createHash('sha256').update(bytes).digest('hex').slice(0, 24)}.${EXTENSIONS[record.mimeType]}`;
      if (!this.images.has(name)) {
        this.images.add(name);
        await this.file(name, bytes);
      }
      return { ...record, base64: '', url: `data/${name}` };
    }
    const entries = await Promise.all(Object.entries(record).map(async ([key, item]) => [key, await this.externalize(item)] as const));
    return Object.fromEntries(entries);
  }
}
