import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Comparison } from '../src/main/compare/compare';
import { expect, test } from './support/fixtures';
import { CLI, connectStdio, refOf } from './support/mcp';

/** Records one run of the form task over stdio; `plan` is the radio it picks, `peek` adds a snapshot first. */
async function recordRun(siteUrl: string, { plan, peek }: { plan: 'Free' | 'Pro'; peek?: boolean }): Promise<string> {
  const root = mkdtempSync(join(tmpdir(), 'ai-compare-'));
  const mcp = await connectStdio(['--session-dir', root], { cwd: root });
  const nav = await mcp.call('browser_navigate', { url: `${siteUrl}/form.html` });
  const yaml = nav.parsed.snapshot!.yaml!;
  if (peek) await mcp.call('browser_snapshot');
  await mcp.call('browser_type', { element: 'Full name', target: refOf(yaml, /textbox "Full name"/), text: 'Ada' });
  await mcp.call('browser_click', { element: plan, target: refOf(yaml, new RegExp(`radio "${plan}"`)) });
  await mcp.call('browser_click', { element: 'terms', target: refOf(yaml, /checkbox "I accept the terms"/) });
  await mcp.close();
  return join(root, readdirSync(root).find(name => existsSync(join(root, name, 'session.json')))!);
}

function compareCli(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise(done => execFile(process.execPath, [CLI, 'compare', ...args], (error, stdout, stderr) => {
    done({ code: error ? (typeof error.code === 'number' ? error.code : -1) : 0, stdout, stderr });
  }));
}

test('compare: two runs aligned despite an inserted step; the first divergence, each pair, exit codes and JSON', async ({ site }) => {
  const a = await recordRun(site.url, { plan: 'Free' });
  const again = await recordRun(site.url, { plan: 'Free' });
  const b = await recordRun(site.url, { plan: 'Pro', peek: true });

  // The same task twice: nothing differs beyond refs and times.
  const same = await compareCli([a, again]);
  expect(same.stderr).toBe('');
  expect(same.code).toBe(0);
  expect(same.stdout).toContain('No divergence');

  const differ = await compareCli([a, b]);
  expect(differ.code).toBe(1);
  expect(differ.stdout).toContain('First divergence at A (none) / B step 2: only in B');
  expect(differ.stdout).toMatch(/^~ 3 click radio "Free" +4 click radio "Pro" +target: radio "Free" → radio "Pro"; page: the aria snapshots differ$/m);
  expect(differ.stdout).toContain('same 2 · changed 2 · only in A 0 · only in B 1');

  const json = await compareCli([a, b, '--json']);
  expect(json.code).toBe(1);
  const comparison = JSON.parse(json.stdout) as Comparison;
  expect(comparison.pairs.map(pair => pair.status)).toEqual(['same', 'only-b', 'same', 'changed', 'changed']);
  expect(comparison.pairs.map(pair => [pair.a?.seq, pair.b?.seq])).toEqual([[1, 1], [undefined, 2], [2, 3], [3, 4], [4, 5]]);
  expect(comparison.firstDivergence?.index).toBe(1);
  expect(comparison.pairs[3].ariaDiff).toMatch(/^-.*radio "Free" \[checked\]/m);
  expect(comparison.a.steps).toBe(4);
  expect(comparison.b.steps).toBe(5);

  // Bad input: exit code 2, naming which run could not be read.
  const bad = await compareCli([a, join(tmpdir(), 'no-such-session')]);
  expect(bad.code).toBe(2);
  expect(bad.stderr).toContain('B (');
  expect(bad.stdout).toBe('');
});
