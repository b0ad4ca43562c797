import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { MAX_BYTES } from '../../shared/recorded-state';
import { StateFolder } from './state-files';

/** A Browser State folder next to a file it must never hand out, and a symlinked alias of the folder itself. */
function workspace() {
  const root = mkdtempSync(join(tmpdir(), 'state-files-'));
  const dir = join(root, 'browser-state', 'session-1');
  mkdirSync(join(dir, 'diffs'), { recursive: true });
  writeFileSync(join(dir, 'dom.html'), '<body ref="e1"></body>');
  writeFileSync(join(dir, 'accessibility-tree.yaml'), '- generic [ref=e1]');
  writeFileSync(join(dir, 'diffs', '010-click-e2.diff'), '+b');
  writeFileSync(join(dir, 'diffs', '002-type-e1.diff'), '+a');
  writeFileSync(join(dir, 'dom.html.tmp'), 'half written');
  writeFileSync(join(root, 'secret.txt'), 'not for the inspector');
  symlinkSync(join(root, 'secret.txt'), join(dir, 'out.txt'));
  symlinkSync(join(dir, 'dom.html'), join(dir, 'same.html'));
  symlinkSync(dir, join(root, 'alias'));
  return { root, dir, done: () => rmSync(root, { recursive: true, force: true }) };
}

test('lists the folder in reading order: dom.html, the tree, then the diffs by number; no temporary files or symlinks', async () => {
  const { dir, done } = workspace();
  try {
    const { files } = await new StateFolder(dir).list();
    expect(files.map(file => file.path)).toEqual([
      'dom.html',
      'accessibility-tree.yaml',
      'diffs/002-type-e1.diff',
      'diffs/010-click-e2.diff',
    ]);
    expect(files[0].bytes).toBe(22);
  } finally {
    done();
  }
});

test("reads only the folder's own files: traversal, absolute paths, NUL and symlinks out are refused, naming the path", async () => {
  const { root, dir, done } = workspace();
  try {
    const folder = new StateFolder(dir);
    await expect(folder.read('../../secret.txt')).rejects.toThrow(
      '"../../secret.txt" is outside the session\'s Browser State folder',
    );
    await expect(folder.read('diffs/../../../secret.txt')).rejects.toThrow(
      "is outside the session's Browser State folder",
    );
    await expect(folder.read(join(root, 'secret.txt'))).rejects.toThrow(
      `"${join(root, 'secret.txt')}" is not a path inside`,
    );
    await expect(folder.read('dom.html\0.png')).rejects.toThrow('is not a path inside');
    await expect(folder.read('out.txt')).rejects.toThrow('"out.txt" is outside the session\'s Browser State folder');
    await expect(folder.read('diffs')).rejects.toThrow('"diffs" is a folder, not a file');
    await expect(folder.read('nope.html')).rejects.toThrow('No file "nope.html"');
    // A symlink that stays inside is the file it points to; so is the folder reached through a symlinked alias.
    expect((await folder.read('same.html')).text).toBe('<body ref="e1"></body>');
    expect(await new StateFolder(join(root, 'alias')).read('diffs/002-type-e1.diff')).toEqual({
      path: 'diffs/002-type-e1.diff',
      language: 'diff',
      bytes: 2,
      text: '+a',
      truncated: false,
    });
    await expect(new StateFolder(join(root, 'alias')).read('../session-1/../../secret.txt')).rejects.toThrow(
      'is outside',
    );
  } finally {
    done();
  }
});

test('a file over the cap is cut at it, never in the middle of a character, and says how large it is', async () => {
  const { dir, done } = workspace();
  try {
    // "é" is two bytes: MAX_BYTES - 1 ASCII bytes, then one that the cap cuts in half.
    writeFileSync(join(dir, 'dom.html'), 'a'.repeat(MAX_BYTES - 1) + 'é'.repeat(1000));
    const file = await new StateFolder(dir).read('dom.html');
    expect(file.truncated).toBe(true);
    expect(file.bytes).toBe(MAX_BYTES - 1 + 2000);
    expect(file.text.length).toBe(MAX_BYTES - 1);
    expect(file.text.endsWith('a')).toBe(true);
  } finally {
    done();
  }
});

test('a folder that does not exist yet lists nothing and says why', async () => {
  const list = await new StateFolder(join(tmpdir(), 'no-such-state-folder')).list();
  expect(list).toEqual({ files: [], note: expect.stringContaining('No Browser State files yet') });
});
