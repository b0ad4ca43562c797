import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { extractZip, readEntries } from './zip-reader';
import { zip, zipFolder } from './zip-writer';

const limits = { maxEntries: 100, maxTotalBytes: 10 * 2 ** 20 };
let dir: string;
test.beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'zip-test-'));
});
test.afterEach(() => rmSync(dir, { recursive: true, force: true }));

function sessionFolder() {
  const folder = join(dir, '2026-01-01-abc');
  mkdirSync(join(folder, 'artifacts'), { recursive: true });
  writeFileSync(join(folder, 'session.json'), JSON.stringify({ id: 'abc', note: 'Grüße ✓' }));
  writeFileSync(join(folder, 'events.jsonl'), '{"type":"x"}\n'.repeat(500));
  // Incompressible, like a JPEG: stored rather than deflated.
  writeFileSync(join(folder, 'artifacts', '001.jpg'), randomBytes(5000));
  return folder;
}

test('a zipped folder passes unzip -t and Python\'s zipfile, with the same bytes inside', async () => {
  const folder = sessionFolder();
  const archive = join(dir, 'session.zip');
  writeFileSync(archive, await zipFolder(folder, 'my-session'));
  const tested = execFileSync('unzip', ['-t', archive]).toString();
  expect(tested).toContain('No errors detected');
  const listed = execFileSync('python3', ['-c', `
import sys, zipfile
z = zipfile.ZipFile(sys.argv[1])
assert z.testzip() is None
for i in z.infolist(): print(i.filename, i.compress_type, i.file_size)
print(z.read('my-session/session.json').decode('utf-8'))
`, archive]).toString();
  expect(listed).toContain('my-session/events.jsonl 8 6500');
  expect(listed).toContain('my-session/artifacts/001.jpg 0 5000');
  expect(listed).toContain('Grüße ✓');
});

test('our reader extracts our archives and ones made by zip(1)', async () => {
  const folder = sessionFolder();
  const ours = await zipFolder(folder, 'my-session');
  await extractZip(ours, join(dir, 'out1'), limits);
  expect(readFileSync(join(dir, 'out1/my-session/artifacts/001.jpg'))).toEqual(readFileSync(join(folder, 'artifacts/001.jpg')));

  execFileSync('zip', ['-qr', join(dir, 'theirs.zip'), '2026-01-01-abc'], { cwd: dir });
  const written = await extractZip(readFileSync(join(dir, 'theirs.zip')), join(dir, 'out2'), limits);
  expect(written.sort()).toEqual(['2026-01-01-abc/artifacts/001.jpg', '2026-01-01-abc/events.jsonl', '2026-01-01-abc/session.json']);
  expect(readFileSync(join(dir, 'out2/2026-01-01-abc/events.jsonl'), 'utf8')).toBe('{"type":"x"}\n'.repeat(500));
});

test('names escaping the folder, absolute names, too many entries and too many bytes are refused before writing', async () => {
  const entry = (name: string, size = 3) => ({ name, data: Buffer.alloc(size, 97) });
  for (const name of ['../evil.txt', 'a/../../evil.txt', '/etc/evil', 'C:/evil', 'a\\..\\..\\evil']) {
    await expect(extractZip(zip([entry(name)]), join(dir, 'out'), limits), name).rejects.toThrow(/escapes|absolute/);
  }
  expect(() => readEntries(zip(Array.from({ length: 101 }, (_, i) => entry(`f${i}`))), limits)).toThrow('101 entries; at most 100');
  // A small archive that would unpack to 11 MB.
  expect(() => readEntries(zip([entry('big', 11 * 2 ** 20)]), limits)).toThrow('unpacks to more than 10 MB');
  expect(() => readEntries(Buffer.from('not a zip at all'), limits)).toThrow('Not a ZIP archive');
});

test('a damaged entry is caught by its CRC', async () => {
  const archive = zip([{ name: 'a.txt', data: Buffer.from('x'.repeat(1000)) }]);
  archive[40] ^= 0xff;
  await expect(extractZip(archive, join(dir, 'out'), limits)).rejects.toThrow(/does not inflate|damaged/);
});
