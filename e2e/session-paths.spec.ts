import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { promisify } from 'node:util';
import { SessionTransfers } from '../src/main/bridge/session-transfer';
import { listSessions } from '../src/main/sessions/session-reader';
import { expect, test } from './support/fixtures';
import { CLI, connectStdio } from './support/mcp';

const run = promisify(execFile);

/** The CLI's exit code and what it printed, never throwing. */
async function cli(args: string[], env: Record<string, string> = {}) {
  try {
    const { stdout, stderr } = await run(process.execPath, [CLI, ...args], { env: { ...process.env, ...env } });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

test('export and replay find a session by folder, .zip, recording folder with --session or --latest, or id; paths are made, files kept', async ({
  site,
  workspace,
}) => {
  test.setTimeout(120_000);
  const root = mkdtempSync(join(tmpdir(), 'ai-paths-'));
  for (const page of ['form.html', 'tabs.html']) {
    const mcp = await connectStdio(['--session-dir', root], { cwd: workspace });
    await mcp.call('browser_navigate', { url: `${site.url}/${page}` });
    await mcp.close();
  }
  const [newest, older] = await listSessions(root);
  expect(newest.url).toContain('tabs.html');

  // A recording folder of two sessions: which one? The error lists them.
  const ambiguous = await cli(['export', root]);
  expect(ambiguous.code).not.toBe(0);
  expect(ambiguous.stderr).toContain('holds 2 sessions');
  expect(ambiguous.stderr).toContain(newest.meta.id);
  expect(ambiguous.stderr).toContain(older.meta.id);

  // --latest, into folders that do not exist yet.
  const out = join(workspace, 'tests', 'new', 'flow.spec.ts');
  const latest = await cli(['export', '--session-dir', root, '--latest', '-o', out]);
  expect(latest.stderr).toContain('Wrote');
  expect(readFileSync(out, 'utf8')).toContain('tabs.html');

  // An existing file is kept unless --force.
  writeFileSync(out, '// edited by hand\n');
  const kept = await cli(['export', '--session-dir', root, '--latest', '-o', out]);
  expect(kept.code).not.toBe(0);
  expect(kept.stderr).toContain('exists; add --force');
  expect(readFileSync(out, 'utf8')).toBe('// edited by hand\n');
  expect((await cli(['export', '--session-dir', root, '--latest', '-o', out, '--force'])).code).toBe(0);
  expect(readFileSync(out, 'utf8')).toContain('tabs.html');

  // An id prefix, with the recording folder from the environment; the session's own folder; a .zip of it.
  const byId = await cli(['export', older.meta.id.slice(0, 8)], { AGENT_INSPECTOR_SESSION_DIR: root });
  expect(byId.stdout).toContain('form.html');
  expect((await cli(['export', '--session-dir', root, '--session', older.meta.id])).stdout).toContain('form.html');
  expect((await cli(['export', older.dir])).stdout).toContain('form.html');
  const zip = join(workspace, 'older.zip');
  await new SessionTransfers().saveZip(older.dir, zip);
  expect((await cli(['export', zip])).stdout).toContain('form.html');
  // The recorded folder comes back from its zip byte for byte.
  const unpacked = await new SessionTransfers(join(workspace, 'unpacked')).importFile(zip);
  const filesOf = (dir: string) => readdirSync(dir, { recursive: true, encoding: 'utf8' }).sort();
  expect(filesOf(unpacked)).toEqual(filesOf(older.dir));
  for (const name of filesOf(older.dir).filter(name => statSync(join(older.dir, name)).isFile())) {
    expect(readFileSync(join(unpacked, name)), name).toEqual(readFileSync(join(older.dir, name)));
  }

  // Unknown ids name what exists; a corrupt zip is refused by name.
  const unknown = await cli(['export', 'no-such-session'], { AGENT_INSPECTOR_SESSION_DIR: root });
  expect(unknown.code).not.toBe(0);
  expect(unknown.stderr).toContain('No session "no-such-session"');
  expect(unknown.stderr).toContain(newest.meta.id);
  // A truncated zip and one with a flipped byte are refused by name, and leave nothing in the temp folder.
  const scratch = mkdtempSync(join(tmpdir(), 'ai-paths-tmp-'));
  const corrupt = join(workspace, 'corrupt.zip');
  writeFileSync(corrupt, readFileSync(zip).subarray(0, 100));
  const refused = await cli(['export', corrupt], { TMPDIR: scratch });
  expect(refused.code).not.toBe(0);
  expect(refused.stderr).toContain(`${corrupt}: The archive is truncated`);
  const flipped = readFileSync(zip);
  // A byte of session.json's data: past its local header (30 bytes, then the name and the extra field).
  const header = flipped.indexOf(`${basename(older.dir)}/session.json`) - 30;
  flipped[header + 30 + flipped.readUInt16LE(header + 26) + flipped.readUInt16LE(header + 28) + 2] ^= 0x01;
  writeFileSync(corrupt, flipped);
  const damaged = await cli(['export', corrupt], { TMPDIR: scratch });
  expect(damaged.code).not.toBe(0);
  expect(damaged.stderr).toMatch(
    new RegExp(`${corrupt}: (CRC mismatch in|The archive is damaged in) ${basename(older.dir)}/session.json`),
  );
  expect(readdirSync(scratch)).toEqual([]);

  // replay takes the same ways in.
  const replayed = await cli(['replay', '--session-dir', root, '--session', older.meta.id, '--json']);
  expect(replayed.code).toBe(0);
  expect(JSON.parse(replayed.stdout).steps[0].status).toBe('ok');
  expect(existsSync(out)).toBe(true);
});
