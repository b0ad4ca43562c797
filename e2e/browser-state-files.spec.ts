import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from './support/fixtures';
import { connectStdio, refOf, type ToolResult } from './support/mcp';

// Seed 000: the Browser State section lists the files update() produced. A path in a response is a file the agent
// can read the moment the answer arrives — not one still being written.
const PAGE = 'archive-of-our-own.html';
const REF = /\[ref=((?:f\d+)?e\d+)\]/g;

/** Every file a response names, read at once: each must be there, whole, and agree with the response. */
function readNamedFiles(workspace: string, step: string, response: ToolResult): number {
  const { browserState, snapshot } = response.parsed;
  if (!browserState) return 0;
  const read = (file: string) => {
    const path = join(workspace, file);
    expect(existsSync(path), `${step}: ${file} is named but not on disk`).toBe(true);
    return readFileSync(path, 'utf8');
  };
  const tree = read(browserState.accessibilityTree);
  const dom = read(browserState.dom);
  // The tree the agent was shown (inline, or in the snapshot file the response links) is the one on disk.
  const shown = snapshot?.file ? read(snapshot.file) : snapshot?.yaml;
  if (shown !== undefined) expect(tree, `${step}: accessibility-tree.yaml is this step's snapshot`).toBe(shown);
  // dom.html is this step's DOM: every ref of its tree is stamped there.
  const refs = Array.from(tree.matchAll(REF), match => match[1]);
  expect(refs.length, `${step}: refs in the tree`).toBeGreaterThan(0);
  const missing = refs.filter(ref => !dom.includes(`ref="${ref}"`));
  expect(missing, `${step}: refs of accessibility-tree.yaml missing from dom.html`).toEqual([]);
  if (browserState.diff)
    expect(read(browserState.diff), `${step}: ${browserState.diff}`).toMatch(
      /^--- a\/dom\.html\t\(before [^)]+\)\n\+\+\+ b\/dom\.html\t/,
    );
  return 1;
}

test('50 steps on a real page: every file a response names is complete on disk the instant the answer arrives', async ({
  site,
  workspace,
}) => {
  test.setTimeout(180_000);
  const url = `${site.url}/real/${PAGE}`;
  // Outside requests fail at once, as on a machine without internet: the page is what was saved. The default
  // snapshot mode, whose answers also link the snapshot's own file.
  const mcp = await connectStdio(['--allowed-origins', site.url, '--snapshot-mode', 'diff'], { cwd: workspace });
  try {
    let yaml = '';
    let steps = 0;
    let checked = 0;
    const call = async (tool: string, args: Record<string, unknown> = {}) => {
      const response = await mcp.call(tool, args);
      // Read synchronously, before anything else runs: no chance for a write still under way to finish first.
      checked += readNamedFiles(workspace, `step ${++steps} ${tool}`, response);
      if (response.parsed.snapshot?.file) yaml = readFileSync(join(workspace, response.parsed.snapshot.file), 'utf8');
      return response;
    };
    for (let round = 1; round <= 5; round++) {
      await call('browser_navigate', { url });
      await call('browser_type', { target: refOf(yaml, /textbox "User name or email:"/), text: `reader${round}` });
      await call('browser_click', { target: refOf(yaml, /checkbox "Remember Me"/) });
      await call('browser_fill_form', {
        fields: [
          { name: 'Name', type: 'textbox', target: refOf(yaml, /textbox "Name:"/), value: `Ada ${round}` },
          { name: 'Email', type: 'textbox', target: refOf(yaml, /textbox "Email:"/), value: `ada${round}@example.com` },
        ],
      });
      await call('browser_type', { target: refOf(yaml, /textbox "Comment"/), text: `note ${round}`, slowly: true });
      await call('browser_snapshot');
      await call('browser_press_key', { key: 'Tab' });
      await call('browser_hover', { target: refOf(yaml, /button "Kudos ♥"/) });
      await call('browser_evaluate', {
        function: `() => document.body.append(Object.assign(document.createElement('p'), { textContent: 'step ${round}' }))`,
      });
      await call('browser_snapshot');
    }
    expect(steps).toBe(50);
    // Most steps take a snapshot, and so name files: the check above ran on them.
    expect(checked).toBeGreaterThanOrEqual(30);
    const state = join(workspace, '.playwright-mcp/browser-state');
    expect(readdirSync(state, { recursive: true }).filter(name => String(name).endsWith('.tmp'))).toEqual([]);
  } finally {
    await mcp.close();
  }
});
