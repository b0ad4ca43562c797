import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { SESSION_FORMAT, SESSION_VERSION } from '../sessions/format';
import { zip } from '../sessions/zip-writer';
import { SessionTransfers } from './session-transfer';

let root: string;
test.beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'transfer-test-'));
});
test.afterEach(() => rmSync(root, { recursive: true, force: true }));

const meta = Buffer.from(JSON.stringify({ format: SESSION_FORMAT, version: SESSION_VERSION, id: 'abc', startedAt: 1, transport: 'stdio', writer: 'test' }));
const file = (name: string, data: Buffer | string = '') => ({ name, data: Buffer.from(data) });

async function upload(transfers: SessionTransfers, name: string, archive: Buffer, chunk = 7) {
  const { uploadId } = transfers.beginUpload(name, archive.length);
  for (let offset = 0; offset < archive.length; offset += chunk) {
    transfers.uploadChunk(uploadId, offset, archive.subarray(offset, offset + chunk).toString('base64'));
  }
  return transfers.finishUpload(uploadId);
}

test('an archive uploaded in chunks becomes a session folder beside the others, named after its folder', async () => {
  const transfers = new SessionTransfers(root);
  const archive = zip([file('2026-a/session.json', meta), file('2026-a/events.jsonl'), file('2026-a/artifacts/1.yml', 'x')]);
  expect(await upload(transfers, 'a.zip', archive)).toBe(join(root, '2026-a'));
  expect(await upload(transfers, 'a.zip', archive)).toBe(join(root, '2026-a-2'));
  // The staging folders are gone.
  expect(readdirSync(root).sort()).toEqual(['2026-a', '2026-a-2']);
});

test('archives that are not exactly one session are refused, with the reason', async () => {
  const transfers = new SessionTransfers(root);
  await expect(upload(transfers, 'x.zip', zip([file('a/events.jsonl')]))).rejects.toThrow('no session (no session.json)');
  await expect(upload(transfers, 'x.zip', zip([file('a/session.json', meta), file('b/session.json', meta)]))).rejects.toThrow('holds 2 sessions');
  await expect(upload(transfers, 'x.zip', zip([file('a/session.json', meta), file('a/events.jsonl'), file('a/run.sh', 'rm -rf /')]))).rejects.toThrow('a/run.sh, which is not part of a session folder');
  await expect(upload(transfers, 'x.zip', zip([file('a/session.json', '{"not":"a session"}'), file('a/events.jsonl')]))).rejects.toThrow();
  expect(readdirSync(root)).toEqual([]);
});

test('uploads are checked as they arrive: name, size, order and length', async () => {
  const transfers = new SessionTransfers(root);
  expect(() => transfers.beginUpload('notes.txt', 10)).toThrow('not a .zip');
  expect(() => transfers.beginUpload('big.zip', 300 * 2 ** 20)).toThrow('up to 256 MB');
  const { uploadId } = transfers.beginUpload('s.zip', 4);
  expect(() => transfers.uploadChunk(uploadId, 2, 'AAA=')).toThrow('Expected the chunk at offset 0');
  expect(() => transfers.uploadChunk(uploadId, 0, Buffer.alloc(5).toString('base64'))).toThrow('More data than the 4 bytes announced');
  transfers.uploadChunk(uploadId, 0, Buffer.alloc(2).toString('base64'));
  await expect(transfers.finishUpload(uploadId)).rejects.toThrow('incomplete: 2 of 4 bytes');
});
