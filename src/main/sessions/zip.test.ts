import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import {
  createWriteStream,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { expect, test } from '@playwright/test';
import yazl from 'yazl';
import { craftZip, type CraftedEntry } from '../../../e2e/support/crafted-zip';
import { openZip, type ZipLimits } from './zip-reader';
import { zipFolder } from './zip-writer';

const limits: ZipLimits = { maxEntries: 100, maxTotalBytes: 10 * 2 ** 20 };
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
  writeFileSync(join(folder, 'artifacts', 'empty.yml'), '');
  return folder;
}

/** A crafted archive on disk. */
function archive(entries: CraftedEntry[], name = 'crafted.zip') {
  const path = join(dir, name);
  writeFileSync(path, craftZip(entries));
  return path;
}

/** Opens, extracts into `out` and closes; returns the files written. */
async function extract(path: string, out = join(dir, 'out'), zipLimits = limits) {
  const zip = await openZip(path, zipLimits);
  try {
    return await zip.extract(out);
  } finally {
    zip.close();
  }
}

test("a zipped folder passes Python's zipfile test, with the same bytes inside; no partial file is left", async () => {
  const folder = sessionFolder();
  const path = join(dir, 'session.zip');
  const size = await zipFolder(folder, 'my-session', path);
  expect(size).toBe(readFileSync(path).length);
  expect(readdirSync(dir).sort()).toEqual(['2026-01-01-abc', 'session.zip']);
  const listed = execFileSync('python3', [
    '-c',
    `
import sys, zipfile
z = zipfile.ZipFile(sys.argv[1])
assert z.testzip() is None
for i in z.infolist(): print(i.filename, i.compress_type, i.file_size)
print(z.read('my-session/session.json').decode('utf-8'))
`,
    path,
  ]).toString();
  expect(listed).toContain('my-session/events.jsonl 8 6500');
  expect(listed).toContain('my-session/artifacts/001.jpg 0 5000');
  expect(listed).toContain('my-session/artifacts/empty.yml 0 0');
  expect(listed).toContain('Grüße ✓');
});

test('our reader extracts our archives and ones made by another tool, reading entries one by one too', async () => {
  const folder = sessionFolder();
  const ours = join(dir, 'ours.zip');
  await zipFolder(folder, 'my-session', ours);
  expect((await extract(ours, join(dir, 'out1'))).sort()).toEqual([
    'my-session/artifacts/001.jpg',
    'my-session/artifacts/empty.yml',
    'my-session/events.jsonl',
    'my-session/session.json',
  ]);
  expect(readFileSync(join(dir, 'out1/my-session/artifacts/001.jpg'))).toEqual(
    readFileSync(join(folder, 'artifacts/001.jpg')),
  );

  // Python's zipfile (the machine has python3; zip(1) may be absent) writes directory entries as zip(1) does.
  execFileSync('python3', [
    '-c',
    "import shutil, sys; shutil.make_archive(sys.argv[1], 'zip', sys.argv[2], '2026-01-01-abc')",
    join(dir, 'theirs'),
    dir,
  ]);
  const zip = await openZip(join(dir, 'theirs.zip'), limits);
  try {
    expect(
      zip.entries
        .filter(entry => entry.directory)
        .map(entry => entry.name)
        .sort(),
    ).toEqual(['2026-01-01-abc/', '2026-01-01-abc/artifacts/']);
    const events = zip.entries.find(entry => entry.name === '2026-01-01-abc/events.jsonl')!;
    expect(events.size).toBe(6500);
    expect((await zip.read(events)).toString()).toBe('{"type":"x"}\n'.repeat(500));
    await zip.extract(join(dir, 'out2'));
  } finally {
    zip.close();
  }
  expect(readFileSync(join(dir, 'out2/2026-01-01-abc/session.json'), 'utf8')).toContain('Grüße ✓');
});

test('names escaping the folder, absolute names, links, too many entries and too many bytes are refused before writing', async () => {
  for (const name of ['../evil.txt', 'a/../../evil.txt', '/etc/evil', 'C:/evil', 'a\\..\\..\\evil']) {
    await expect(
      extract(
        archive([
          { name: 'ok.txt', data: 'fine' },
          { name, data: 'x' },
        ]),
      ),
      name,
    ).rejects.toThrow(/escapes the folder/);
  }
  await expect(extract(archive([{ name: 'link', data: '/etc/passwd', symlink: true }]))).rejects.toThrow(
    'link is a symbolic link; archives with links are refused',
  );
  await expect(extract(archive(Array.from({ length: 101 }, (_, i) => ({ name: `f${i}` }))))).rejects.toThrow(
    '101 entries; at most 100',
  );
  // A small archive that would unpack to 11 MB.
  await expect(extract(archive([{ name: 'big', data: Buffer.alloc(11 * 2 ** 20) }]))).rejects.toThrow(
    'too large: it unpacks to more than 10 MB',
  );
  // Nothing was written by any of them, not even the entry before the bad one.
  expect(existsSync(join(dir, 'out'))).toBe(false);
});

test('what is not a zip, a truncated zip and a flipped byte are refused, naming what is wrong', async () => {
  writeFileSync(join(dir, 'text.zip'), 'not a zip at all');
  await expect(extract(join(dir, 'text.zip'))).rejects.toThrow('Not a ZIP archive');
  const whole = readFileSync(archive([{ name: 'a.txt', data: 'x'.repeat(1000) }]));
  writeFileSync(join(dir, 'cut.zip'), whole.subarray(0, whole.length - 30));
  await expect(extract(join(dir, 'cut.zip'))).rejects.toThrow('The archive is truncated');

  const text = 'All work and no play. '.repeat(50);
  const stored = craftZip([{ name: 'a.txt', data: text, stored: true }]);
  stored[stored.indexOf('no play')] ^= 0x01;
  writeFileSync(join(dir, 'flipped.zip'), stored);
  await expect(extract(join(dir, 'flipped.zip'))).rejects.toThrow('CRC mismatch in a.txt');

  const deflated = craftZip([{ name: 'b.txt', data: randomBytes(2000).toString('hex') }]);
  deflated[200] ^= 0xff;
  writeFileSync(join(dir, 'flipped-deflated.zip'), deflated);
  await expect(extract(join(dir, 'flipped-deflated.zip'))).rejects.toThrow(/CRC mismatch in b\.txt|damaged in b\.txt/);
});

test('an archive in ZIP64 format (sizes, offsets and count in ZIP64 records) is read', async () => {
  // What yazl writes past 4 GB or 65,535 entries, forced here on a small archive.
  const writer = new yazl.ZipFile();
  writer.addBuffer(Buffer.from('line\n'.repeat(100)), 's/events.jsonl', { forceZip64Format: true });
  writer.addBuffer(Buffer.from('{}'), 's/session.json', { forceZip64Format: true });
  writer.end({ forceZip64Format: true, comment: '' });
  const path = join(dir, 'zip64.zip');
  await pipeline(writer.outputStream, createWriteStream(path));
  // The ZIP64 end of central directory record is there.
  expect(readFileSync(path).includes(Buffer.from([0x50, 0x4b, 0x06, 0x06]))).toBe(true);
  expect((await extract(path)).sort()).toEqual(['s/events.jsonl', 's/session.json']);
  expect(readFileSync(join(dir, 'out/s/events.jsonl'), 'utf8')).toBe('line\n'.repeat(100));
});

test('more than 65,535 entries are written and read as ZIP64', async () => {
  // Writing 65,546 files and zipping them took 35-40 s on the 2-core CI machine (yazl's bookkeeping grows with the
  // entry count), far past a unit test's budget: run it on demand.
  test.skip(!process.env.ZIP64_TEST, 'slow (35-40 s): set ZIP64_TEST=1 to run it');
  test.setTimeout(180_000);
  const folder = join(dir, 'many');
  mkdirSync(folder);
  const count = 0x10000 + 10;
  for (let i = 0; i < count; i++) writeFileSync(join(folder, `${i}.txt`), i % 100 ? '' : `file ${i}`);
  const path = join(dir, 'many.zip');
  await zipFolder(folder, 'many', path);
  // The ZIP64 end of central directory record is there, and Python counts every entry.
  expect(readFileSync(path).includes(Buffer.from([0x50, 0x4b, 0x06, 0x06]))).toBe(true);
  expect(
    execFileSync('python3', ['-c', 'import sys, zipfile; print(len(zipfile.ZipFile(sys.argv[1]).infolist()))', path])
      .toString()
      .trim(),
  ).toBe(String(count));
  const zip = await openZip(path, { maxEntries: count, maxTotalBytes: 2 ** 20 });
  try {
    expect(zip.entries).toHaveLength(count);
    expect((await zip.read(zip.entries.find(entry => entry.name === 'many/65500.txt')!)).toString()).toBe('file 65500');
  } finally {
    zip.close();
  }
});
