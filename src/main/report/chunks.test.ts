import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { expect, test } from '@playwright/test';
import { IMAGE_REF, TEXT_REF, textChunkOf } from '../../shared/report';
import { chunkBytes, ChunkWriter } from './chunks';

const read = (dir: string, path: string) => gunzipSync(chunkBytes(readFileSync(join(dir, `${path}.js`)), path));
const json = (dir: string, path: string) => JSON.parse(read(dir, path).toString('utf8'));

/** A stored answer with its text references joined back, as the viewer does. */
function joined(dir: string, value: unknown): unknown {
  if (Array.isArray(value)) return value.map(item => joined(dir, item));
  if (!value || typeof value !== 'object') return value;
  const ref = (value as Record<string, unknown>)[TEXT_REF];
  if (typeof ref === 'string') return json(dir, textChunkOf(ref));
  if (Array.isArray(ref)) return ref.map(part => joined(dir, part)).join('');
  return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, joined(dir, item)]));
}

test('a response that shows a stored snapshot refers to it; texts and images are each written once', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'chunks-'));
  try {
    const chunks = new ChunkWriter(dir);
    chunks.startRun();
    const snapshot = Array.from({ length: 200 }, (_, i) => `- button "Item ${i}" [ref=e${i}]`).join('\n');
    const hash = await chunks.text(snapshot);
    const response = `### Page\n- Page URL: http://127.0.0.1/\n### Snapshot\n\`\`\`yaml\n${snapshot}\n\`\`\`\n${'x'.repeat(2_000)}`;
    const image = { mimeType: 'image/png', base64: Buffer.from('not really a png').toString('base64') };
    await chunks.write('runs/0/steps/1', {
      'getStep {}': { ok: true, result: { text: response, same: response, image, again: image } },
    });

    const stored = json(dir, 'runs/0/steps/1')['getStep {}'].result;
    expect(stored.text[TEXT_REF]).toEqual([
      '### Page\n- Page URL: http://127.0.0.1/\n### Snapshot\n```yaml\n',
      { [TEXT_REF]: hash },
      { [TEXT_REF]: expect.any(String) },
    ]);
    expect(joined(dir, stored.text)).toBe(response);
    expect(joined(dir, stored.same)).toBe(response);
    expect(stored.image).toEqual({
      mimeType: 'image/png',
      base64: '',
      [IMAGE_REF]: expect.stringMatching(/^images\//),
    });
    expect(stored.again[IMAGE_REF]).toBe(stored.image[IMAGE_REF]);
    expect(read(dir, stored.image[IMAGE_REF]).toString()).toBe('not really a png');

    // Another run's texts are not looked for: the snapshot is stored whole in its response.
    chunks.startRun();
    await chunks.write('runs/1/steps/1', { 'getStep {}': { ok: true, result: { text: response } } });
    expect(typeof json(dir, 'runs/1/steps/1')['getStep {}'].result.text[TEXT_REF]).toBe('string');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
