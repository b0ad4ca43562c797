import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from './support/fixtures';
import { connectPeer, connectStdio, type McpTestClient } from './support/mcp';

// --output-max-size is @playwright/mcp's threshold for evicting old files from the output folder. Both servers run
// the same calls with the same small threshold; the files left in each output folder must be the same.

const OUTPUT = '.playwright-mcp';
const FLAGS = ['--snapshot-mode', 'none', '--output-max-size', '700'];

/** Saves a result of about 300 bytes (or `bytes`) to `name` in the output folder. */
const save = (mcp: McpTestClient, name: string, bytes = 300) =>
  mcp.call('browser_evaluate', { function: `() => 'x'.repeat(${bytes})`, filename: `${OUTPUT}/${name}` });

/** The files the calls saved (named r*.json) left in the output folder. */
const saved = (root: string) =>
  readdirSync(join(root, OUTPUT))
    .filter(name => /^r\d\.json$/.test(name))
    .sort();

test('--output-max-size evicts the oldest output files before a write, as @playwright/mcp does', async ({
  site,
  workspace,
}) => {
  const roots = { ours: join(workspace, 'ours'), peer: join(workspace, 'peer') };
  const [ours, peer] = await Promise.all([connectStdio(FLAGS, { cwd: roots.ours }), connectPeer(roots.peer, FLAGS)]);
  try {
    const steps: { name: string; bytes?: number; left: string[] }[] = [
      { name: 'r1.json', left: ['r1.json'] },
      { name: 'r2.json', left: ['r1.json', 'r2.json'] },
      // Three do not fit in 700 bytes: the oldest goes.
      { name: 'r3.json', left: ['r2.json', 'r3.json'] },
      { name: 'r4.json', left: ['r3.json', 'r4.json'] },
      // Larger than the threshold alone: everything else goes, and it is still written.
      { name: 'r5.json', bytes: 2000, left: ['r5.json'] },
    ];
    for (const server of [ours, peer]) await server.call('browser_navigate', { url: `${site.url}/form.html` });
    for (const step of steps) {
      for (const server of [ours, peer]) expect((await save(server, step.name, step.bytes)).isError).toBe(false);
      expect(saved(roots.peer), `the peer after ${step.name}`).toEqual(step.left);
      expect(saved(roots.ours), `ours after ${step.name}`).toEqual(step.left);
    }
  } finally {
    await Promise.allSettled([ours.close(), peer.close()]);
  }
});

test('--output-max-size leaves a --save-session recording whole', async ({ site, workspace }) => {
  const mcp = await connectStdio([...FLAGS, '--save-session'], { cwd: workspace });
  try {
    await mcp.call('browser_navigate', { url: `${site.url}/form.html` });
    for (const name of ['r1.json', 'r2.json', 'r3.json']) await save(mcp, name);
    expect(saved(workspace)).toEqual(['r2.json', 'r3.json']);
    const recordings = readdirSync(join(workspace, OUTPUT), { withFileTypes: true }).filter(
      entry => entry.isDirectory() && existsSync(join(workspace, OUTPUT, entry.name, 'session.json')),
    );
    expect(recordings).toHaveLength(1);
    expect(existsSync(join(workspace, OUTPUT, recordings[0].name, 'events.jsonl'))).toBe(true);
  } finally {
    await mcp.close();
  }
});
