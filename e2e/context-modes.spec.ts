import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { expect, test } from './support/fixtures';
import { connectStdio, McpTestClient, refOf } from './support/mcp';

// What each --snapshot-mode puts in an action's response, on e2e/fixtures/context.html (a list, a dialog that opens,
// a button that adds 200 rows, a link to another page).

const LINK = /^\.playwright-mcp\/page-\d{4}-\d\d-\d\dT\d\d-\d\d-\d\d-\d{3}Z\.yml$/;

test('full: the whole snapshot inline after each action, no page changes', async ({ site, workspace }) => {
  const mcp = await connectStdio(['--snapshot-mode', 'inline'], { cwd: workspace });
  try {
    const nav = await mcp.call('browser_navigate', { url: `${site.url}/context.html` });
    expect(nav.parsed.snapshot).toEqual({ yaml: expect.stringContaining('button "Delete order"') });
    expect(nav.parsed.pageChanges).toBeUndefined();
  } finally {
    await mcp.close();
  }
});

test("the config file's sessions section gives one MCP client its own mode over the server's", async ({
  site,
  workspace,
}) => {
  mkdirSync(workspace, { recursive: true });
  const config = join(workspace, 'config.json');
  // connectStdio's client calls itself agent-inspector-e2e in its initialize.
  writeFileSync(
    config,
    JSON.stringify({
      sessions: {
        'agent-inspector-e2e': { snapshot: { mode: 'inline' } },
        'other-agent': { snapshot: { mode: 'diff' } },
      },
    }),
  );
  const mcp = await connectStdio(['--snapshot-mode', 'none', '--config', config], { cwd: workspace });
  try {
    const nav = await mcp.call('browser_navigate', { url: `${site.url}/context.html` });
    expect(nav.parsed.snapshot).toEqual({ yaml: expect.stringContaining('button "Delete order"') });
  } finally {
    await mcp.close();
  }
});

test('file: the snapshot linked in ### Snapshot exactly as @playwright/mcp links it', async ({ site, workspace }) => {
  const ours = await connectStdio(['--snapshot-mode', 'file'], { cwd: workspace });
  const peerClient = new Client({ name: 'context-modes', version: '1.0.0' });
  await peerClient.connect(
    new StdioClientTransport({
      command: process.execPath,
      args: [
        `${process.cwd()}/node_modules/@playwright/mcp/cli.js`,
        '--headless',
        '--isolated',
        '--no-sandbox',
        '--executable-path',
        '/usr/bin/chromium',
      ],
      cwd: workspace,
      stderr: 'ignore',
    }),
  );
  const peer = new McpTestClient(peerClient);
  try {
    const url = `${site.url}/context.html`;
    const [mine, theirs] = [await ours.call('browser_navigate', { url }), await peer.call('browser_navigate', { url })];
    const section = (text: string) => text.match(/### Snapshot\n.*/)![0].replace(/page-[\w-]+\.yml/, 'page-<time>.yml');
    expect(section(mine.text)).toBe(section(theirs.text));
    expect(mine.parsed.snapshot!.file).toMatch(LINK);
    expect(theirs.parsed.snapshot!.file).toMatch(LINK);
    expect(mine.parsed.pageChanges).toBeUndefined();
    expect(readFileSync(join(workspace, mine.parsed.snapshot!.file!), 'utf8')).toContain('button "Delete order"');
  } finally {
    await Promise.all([ours.close(), peer.close()]);
  }
});

test('none: no snapshot after actions; browser_snapshot still returns the whole tree inline', async ({
  site,
  workspace,
}) => {
  const mcp = await connectStdio(['--snapshot-mode', 'none'], { cwd: workspace });
  try {
    const nav = await mcp.call('browser_navigate', { url: `${site.url}/context.html` });
    expect(nav.parsed.page!.url).toBe(`${site.url}/context.html`);
    expect(nav.parsed.snapshot).toBeUndefined();
    expect(nav.parsed.pageChanges).toBeUndefined();
    const snapshot = await mcp.call('browser_snapshot');
    expect(snapshot.parsed.snapshot!.yaml).toContain('button "Delete order"');
  } finally {
    await mcp.close();
  }
});

test('diff: a small new page whole, then only what changed, with refs that browser_click takes', async ({
  site,
  workspace,
}) => {
  const mcp = await connectStdio(['--snapshot-mode', 'diff'], { cwd: workspace });
  try {
    const nav = await mcp.call('browser_navigate', { url: `${site.url}/context.html` });
    expect(nav.parsed.snapshot!.file).toMatch(LINK);
    expect(nav.parsed.pageChanges).toMatch(/^New page: its whole tree\.\n- main \[ref=e\d+\]:\n/);
    const open = refOf(nav.parsed.pageChanges, /button "Delete order"/);

    const opened = await mcp.call('browser_click', { target: open });
    const changes = opened.parsed.pageChanges!;
    expect(changes).toMatch(
      /^- added in main \[ref=e\d+\]:\n  - dialog "Confirm deletion" \[ref=e\d+\]:\n    - paragraph \[ref=e\d+\]: Delete order 1\?\n    - button "Delete" \[ref=e\d+\]\n    - button "Cancel" \[ref=e\d+\]$/,
    );
    // The elements that stayed kept their refs: the linked snapshot has the same ones.
    const [before, after] = [nav, opened].map(step =>
      readFileSync(join(workspace, step.parsed.snapshot!.file!), 'utf8'),
    );
    for (const element of [/heading "Orders"/, /button "Delete order"/, /list "Orders"/])
      expect(refOf(after, element)).toBe(refOf(before, element));

    const deleted = await mcp.call('browser_click', { target: refOf(changes, /button "Delete"/) });
    expect(deleted.isError).toBe(false);
    expect(deleted.parsed.pageChanges!.split('\n')).toEqual([
      expect.stringMatching(
        /^- changed in main \[ref=e\d+\]: status: No order deleted → status \[ref=e\d+\]: Order 1 deleted$/,
      ),
      expect.stringMatching(/^- removed in main \[ref=e\d+\]: dialog "Confirm deletion" \[ref=e\d+\]$/),
    ]);

    // browser_snapshot returns the whole tree inline; the next diff counts from it.
    const snapshot = await mcp.call('browser_snapshot');
    expect(snapshot.parsed.snapshot!.yaml).toContain('status [ref=');
    const again = await mcp.call('browser_click', {
      target: refOf(snapshot.parsed.snapshot!.yaml, /button "Delete order"/),
    });
    expect(again.parsed.pageChanges).toMatch(/^- added in main .*\n  - dialog "Confirm deletion"/);
  } finally {
    await mcp.close();
  }
});

test('diff: changes over --max-change-lines, and a new document too large to show, give an outline that says so', async ({
  site,
  workspace,
}) => {
  const mcp = await connectStdio(['--snapshot-mode', 'diff', '--max-change-lines', '12'], { cwd: workspace });
  try {
    const nav = await mcp.call('browser_navigate', { url: `${site.url}/context.html` });
    const more = await mcp.call('browser_click', { target: refOf(nav.parsed.pageChanges, /button "Load 200 orders"/) });
    const lines = more.parsed.pageChanges!.split('\n');
    expect(lines[0]).toBe(
      'The changes take more than 12 lines: an outline of "Orders" (headings, the interactive elements in the viewport and the navigation links) follows; the full tree is in the linked snapshot file, or one browser_snapshot away.',
    );
    expect(lines.length).toBeLessThanOrEqual(12);
    expect(lines).toContainEqual(expect.stringMatching(/^- heading "Orders" \[level=1\] \[ref=e\d+\]$/));
    expect(lines.at(-1)).toMatch(/^- … and \d+ more$/);
    // Row 200 is far below the fold: not in the outline, but in the linked file.
    expect(more.text).not.toContain('Open order 200');
    expect(readFileSync(join(workspace, more.parsed.snapshot!.file!), 'utf8')).toContain('button "Open order 200"');
    const row = refOf(more.parsed.pageChanges, /button "Open order 3"/);
    expect((await mcp.call('browser_click', { target: row })).isError).toBe(false);

    // The link is below the 200 rows, out of the viewport: a selector reaches it.
    const form = await mcp.call('browser_click', { target: 'text=Sign up' });
    expect(form.parsed.page!.title).toBe('Sign up');
    const formLines = form.parsed.pageChanges!.split('\n');
    expect(formLines[0]).toMatch(/^New page: an outline of "Sign up" .* one browser_snapshot away\.$/);
    expect(formLines).toContainEqual(expect.stringMatching(/^- textbox "Full name" \[ref=\w+\]$/));
    expect(formLines.length).toBeLessThanOrEqual(12);
  } finally {
    await mcp.close();
  }
});

test('browser_snapshot scope: a target (ref or selector) gives its subtree, depth cuts it; --snapshot-boxes adds boxes unless a call says no', async ({
  site,
  workspace,
}) => {
  const mcp = await connectStdio(['--snapshot-mode', 'inline', '--snapshot-boxes'], { cwd: workspace });
  try {
    const nav = await mcp.call('browser_navigate', { url: `${site.url}/form.html` });
    expect(nav.parsed.snapshot!.yaml).toMatch(/heading "Sign up" \[level=1\] \[ref=e\d+\] \[box=\d+,\d+,\d+,\d+\]/);
    expect((await mcp.call('browser_snapshot', { boxes: false })).parsed.snapshot!.yaml).not.toContain('[box=');

    const plan = await mcp.call('browser_snapshot', {
      target: refOf(nav.parsed.snapshot!.yaml, /group "Plan"/),
      boxes: false,
    });
    // Under ### Snapshot, as @playwright/mcp answers an element's snapshot.
    expect(plan.parsed.snapshot!.yaml).toMatch(/^- group "Plan" \[ref=e\d+\]:\n/);
    expect(plan.parsed.snapshot!.yaml).toContain('radio "Pro"');
    expect(plan.parsed.snapshot!.yaml).not.toContain('Sign up');
    const shallow = await mcp.call('browser_snapshot', { target: 'form', depth: 1, boxes: false });
    expect(shallow.parsed.snapshot!.yaml).toContain('button "Create account"');
    expect(shallow.parsed.snapshot!.yaml).not.toContain('radio "Pro"');
    const missing = await mcp.call('browser_snapshot', { target: '#nothing-here' });
    expect(missing.isError).toBe(true);
    expect(missing.parsed.error).toBe('Error: "#nothing-here" does not match any elements.');
  } finally {
    await mcp.close();
  }
});

test('--response-max-size cuts a response at a line end, closes its fence and links the whole text', async ({
  site,
  workspace,
}) => {
  const mcp = await connectStdio(['--snapshot-mode', 'inline', '--response-max-size', '700'], { cwd: workspace });
  try {
    const nav = await mcp.call('browser_navigate', { url: `${site.url}/context.html` });
    expect(Buffer.byteLength(nav.text)).toBeLessThanOrEqual(700);
    const marker = nav.text.split('\n').at(-1)!;
    expect(marker).toMatch(
      /^\[Response truncated: \d+ bytes, over the 700-byte limit \(--response-max-size\); the whole response is in \.playwright-mcp\/response-[\w-]+\.md\]$/,
    );
    expect(nav.text).toContain('```\n[Response truncated');
    expect(nav.parsed.snapshot!.yaml).toContain('heading "Orders"');
    const whole = readFileSync(join(workspace, marker.match(/is in (\S+)\]$/)![1]), 'utf8');
    expect(whole).toContain('link "Sign up"');
    expect(whole.startsWith(nav.text.split('\n```\n[Response')[0])).toBe(true);
    // Small answers are untouched.
    const small = await mcp.call('browser_evaluate', { function: '() => 1 + 1' });
    expect(small.text).not.toContain('truncated');
  } finally {
    await mcp.close();
  }
});
