import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { craftZip, type CraftedEntry } from '../../../e2e/support/crafted-zip';
import { SESSION_FORMAT, SESSION_VERSION } from '../sessions/format';
import { CHUNK_BYTES, SessionTransfers } from './session-transfer';

let root: string;
test.beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'transfer-test-'));
});
test.afterEach(() => rmSync(root, { recursive: true, force: true }));

const meta = Buffer.from(
  JSON.stringify({
    format: SESSION_FORMAT,
    version: SESSION_VERSION,
    id: 'abc',
    startedAt: 1,
    transport: 'stdio',
    writer: 'test',
  }),
);
const file = (name: string, data: Buffer | string = '', stored = false): CraftedEntry => ({ name, data, stored });

async function upload(transfers: SessionTransfers, name: string, archive: Buffer, chunk = 7) {
  const { uploadId } = await transfers.beginUpload(name, archive.length);
  for (let offset = 0; offset < archive.length; offset += chunk) {
    await transfers.uploadChunk(uploadId, offset, archive.subarray(offset, offset + chunk).toString('base64'));
  }
  return transfers.finishUpload(uploadId);
}

test('an archive uploaded in chunks becomes a session folder beside the others, named after its folder', async () => {
  const transfers = new SessionTransfers(root);
  const archive = craftZip([
    file('2026-a/session.json', meta),
    file('2026-a/events.jsonl'),
    file('2026-a/artifacts/1.yml', 'x'),
  ]);
  expect(await upload(transfers, 'a.zip', archive)).toBe(join(root, '2026-a'));
  expect(await upload(transfers, 'a.zip', archive)).toBe(join(root, '2026-a-2'));
  // The staging folders are gone.
  expect(readdirSync(root).sort()).toEqual(['2026-a', '2026-a-2']);
});

test('archives that are not exactly one session are refused, with the reason', async () => {
  const transfers = new SessionTransfers(root);
  await expect(upload(transfers, 'x.zip', craftZip([file('a/events.jsonl')]))).rejects.toThrow(
    'no session (no session.json)',
  );
  await expect(
    upload(transfers, 'x.zip', craftZip([file('a/session.json', meta), file('b/session.json', meta)])),
  ).rejects.toThrow('holds 2 sessions');
  await expect(
    upload(
      transfers,
      'x.zip',
      craftZip([file('a/session.json', meta), file('a/events.jsonl'), file('a/run.sh', 'rm -rf /')]),
    ),
  ).rejects.toThrow('a/run.sh, which is not part of a session folder');
  await expect(
    upload(transfers, 'x.zip', craftZip([file('a/session.json', '{"not":"a session"}'), file('a/events.jsonl')])),
  ).rejects.toThrow();
  expect(readdirSync(root)).toEqual([]);
});

test('a truncated archive or a flipped byte is refused by name, and nothing is left behind', async () => {
  const transfers = new SessionTransfers(root);
  const events = '{"type":"step"}\n'.repeat(200);
  const archive = craftZip([
    file('a/session.json', meta),
    file('a/events.jsonl', events, true),
    file('a/artifacts/1.yml', 'x'),
  ]);
  await expect(upload(transfers, 'cut.zip', archive.subarray(0, Math.floor(archive.length * 0.7)))).rejects.toThrow(
    'The archive is truncated',
  );
  const flipped = Buffer.from(archive);
  flipped[flipped.indexOf('{"type":"step"}', flipped.indexOf('a/events.jsonl')) + 3] ^= 0x01;
  await expect(upload(transfers, 'flipped.zip', flipped)).rejects.toThrow('CRC mismatch in a/events.jsonl');
  // The same through a path (the CLI and the Open… input).
  writeFileSync(join(root, 'flipped.zip'), flipped);
  await expect(transfers.importFile(join(root, 'flipped.zip'))).rejects.toThrow('CRC mismatch in a/events.jsonl');
  expect(readdirSync(root)).toEqual(['flipped.zip']);
});

test('a zipped session folder downloads in chunks and comes back the same', async () => {
  const folder = join(root, 'recorded', '2026-b');
  mkdirSync(join(folder, 'artifacts'), { recursive: true });
  writeFileSync(join(folder, 'session.json'), meta);
  writeFileSync(join(folder, 'events.jsonl'), '{"type":"x"}\n'.repeat(100_000));
  writeFileSync(join(folder, 'artifacts', '1.jpg'), randomBytes(3 * CHUNK_BYTES));
  const transfers = new SessionTransfers(join(root, 'imported'));
  const { transferId, fileName, size } = await transfers.zip(folder);
  expect(fileName).toBe('2026-b.zip');
  const chunks: Buffer[] = [];
  for (let offset: number | undefined = 0; offset !== undefined; ) {
    const chunk: { base64: string; next?: number } = await transfers.read(transferId, offset);
    chunks.push(Buffer.from(chunk.base64, 'base64'));
    offset = chunk.next;
  }
  expect(chunks.length).toBeGreaterThan(3);
  const archive = Buffer.concat(chunks);
  expect(archive.length).toBe(size);
  // The download is forgotten (and its file removed) once read to the end.
  await expect(transfers.read(transferId, 0)).rejects.toThrow(`No download ${transferId}`);

  const imported = await upload(transfers, fileName, archive, CHUNK_BYTES);
  expect(imported).toBe(join(root, 'imported', '2026-b'));
  for (const name of ['session.json', 'events.jsonl', 'artifacts/1.jpg'])
    expect(readFileSync(join(imported, name))).toEqual(readFileSync(join(folder, name)));
});

test('uploads are checked as they arrive: name, size, order and length', async () => {
  const transfers = new SessionTransfers(root);
  await expect(transfers.beginUpload('notes.txt', 10)).rejects.toThrow('not a .zip');
  await expect(transfers.beginUpload('big.zip', 300 * 2 ** 20)).rejects.toThrow('up to 256 MB');
  const { uploadId } = await transfers.beginUpload('s.zip', 4);
  await expect(transfers.uploadChunk(uploadId, 2, 'AAA=')).rejects.toThrow('Expected the chunk at offset 0');
  await expect(transfers.uploadChunk(uploadId, 0, Buffer.alloc(5).toString('base64'))).rejects.toThrow(
    'More data than the 4 bytes announced',
  );
  await transfers.uploadChunk(uploadId, 0, Buffer.alloc(2).toString('base64'));
  await expect(transfers.finishUpload(uploadId)).rejects.toThrow('incomplete: 2 of 4 bytes');
  await expect(transfers.uploadChunk(uploadId, 2, 'AAA=')).rejects.toThrow(`No upload ${uploadId}`);
});
