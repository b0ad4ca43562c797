import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import type { ToolCallEvent } from '../src/shared/events';
import { defaultCoreConfig } from '../src/main/config';
import { InspectorCore } from '../src/main/core';
import { createMcpServer } from '../src/main/mcp/server';
import { expect, test } from './support/fixtures';
import { inProcessCore } from './support/in-process';
import { connectHttp, connectStdio, McpTestClient, refOf, startHttpServer } from './support/mcp';

const STATE = '.playwright-mcp/browser-state';
const refsIn = (text: string, pattern: RegExp) => Array.from(text.matchAll(pattern), m => m[1]);

/** A named file, read the instant the answer arrives: it is complete on disk (seed 000), or this fails. */
function named(file: string): string {
  expect(existsSync(file), `${file} is named but not on disk`).toBe(true);
  return readFileSync(file, 'utf8');
}

test('navigate → click → fill: files, the Browser State section, the diff trail and the ref cross-reference', async ({
  mcp,
  site,
  workspace,
}) => {
  const nav = await mcp.call('browser_navigate', { url: `${site.url}/form.html` });
  expect(nav.parsed.browserState).toEqual({
    dom: `${STATE}/dom.html`,
    accessibilityTree: `${STATE}/accessibility-tree.yaml`,
  });
  // The section sits after Snapshot and before Events.
  expect(nav.text.indexOf('### Snapshot')).toBeLessThan(nav.text.indexOf('### Browser State'));

  const yaml = named(join(workspace, STATE, 'accessibility-tree.yaml'));
  expect(yaml).toBe(nav.parsed.snapshot!.yaml);
  const dom = named(join(workspace, STATE, 'dom.html'));
  // Every ref in the tree is stamped exactly once in dom.html — the very same refs.
  const treeRefs = refsIn(yaml, /\[ref=((?:f\d+)?e\d+)\]/g);
  expect(treeRefs.length).toBeGreaterThan(10);
  for (const ref of treeRefs) expect(dom.split(`ref="${ref}"`).length - 1, ref).toBe(1);
  expect(dom).toContain(`ref="${refOf(yaml, /button "Create account"/)}">Create account</button>`);
  expect(dom).not.toMatch(/<script|<style|<head/);

  const clicked = await mcp.call('browser_click', { target: refOf(yaml, /checkbox "I accept the terms"/) });
  expect(clicked.parsed.browserState!.diff).toBe(`${STATE}/diffs/001-click-${refOf(yaml, /checkbox "I accept/)}.diff`);

  const fieldRef = refOf(yaml, /textbox "Full name"/);
  const filled = await mcp.call('browser_fill_form', {
    fields: [{ name: 'Full name', type: 'textbox', target: fieldRef, value: 'John' }],
  });
  // Filling takes no snapshot (as @playwright/mcp), so it names no files: the next snapshot's diff has the value.
  expect(filled.parsed.browserState).toBeUndefined();
  const seen = await mcp.call('browser_snapshot');
  expect(seen.parsed.browserState!.diff).toBe(`${STATE}/diffs/002-snapshot.diff`);
  const diff = named(join(workspace, seen.parsed.browserState!.diff!));
  // Typing into a field is a one-line diff.
  expect(
    diff
      .split('\n')
      .filter(line => /^[-+][^-+]/.test(line))
      .map(l => l.trim()),
  ).toEqual(['-             value=""', '+             value="John"'].map(l => l.trim()));

  // A type that submits takes a snapshot, and names its diff after the target and the value.
  const typed = await mcp.call('browser_type', {
    target: refOf(yaml, /textbox "Email"/),
    text: 'john@x.example',
    submit: true,
  });
  expect(typed.parsed.browserState!.diff).toBe(
    `${STATE}/diffs/003-type-${refOf(yaml, /textbox "Email"/)}-john-x-example.diff`,
  );
  named(join(workspace, typed.parsed.browserState!.diff!));
  expect(readdirSync(join(workspace, STATE, 'diffs'))).toEqual([
    '001-click-' + refOf(yaml, /checkbox "I accept/) + '.diff',
    '002-snapshot.diff',
    `003-type-${refOf(yaml, /textbox "Email"/)}-john-x-example.diff`,
  ]);

  // Nothing changed: no new diff, no Diff line.
  const again = await mcp.call('browser_snapshot');
  expect(again.parsed.browserState!.diff).toBeUndefined();
  // Calls without a snapshot get no section.
  expect((await mcp.call('browser_console_messages', { level: 'info' })).parsed.browserState).toBeUndefined();
});

test('iframes and open shadow roots are inlined with their refs', async ({ mcp, site, workspace }) => {
  const nav = await mcp.call('browser_navigate', { url: `${site.url}/frames.html` });
  const yaml = nav.parsed.snapshot!.yaml!;
  const dom = named(join(workspace, STATE, 'dom.html'));
  const shadowButton = refOf(yaml, /button "Shadow action"/);
  const framed = refOf(yaml, /button "Pay now"/);
  expect(framed).toMatch(/^f\d+e\d+$/);
  expect(dom).toMatch(new RegExp(`#shadow-root\\n[\\s\\S]*<button ref="${shadowButton}">Shadow action</button>`));
  expect(dom).toMatch(
    new RegExp(
      `<iframe [\\s\\S]*?title="Payment"[\\s\\S]*?<body[^>]*>[\\s\\S]*<button ref="${framed}">Pay now</button>[\\s\\S]*</iframe>`,
    ),
  );
  for (const ref of refsIn(yaml, /\[ref=((?:f\d+)?e\d+)\]/g)) expect(dom.split(`ref="${ref}"`).length - 1, ref).toBe(1);
  expect(dom).not.toContain('a comment that must not appear');
  expect(dom).not.toContain('<path');
  expect(dom).toContain('<p class="help-text"');
});

test('a cross-site iframe (its own renderer process) is inlined too', async ({ mcp, site, workspace }) => {
  await mcp.call('browser_navigate', { url: `${site.url}/cross-site.html` });
  // The frame loads after the page: snapshot until its button shows.
  let yaml = '';
  await expect
    .poll(async () => (yaml = (await mcp.call('browser_snapshot')).parsed.snapshot!.yaml!), { timeout: 10_000 })
    .toContain('Pay now');
  const framed = refOf(yaml, /button "Pay now"/);
  const dom = named(join(workspace, STATE, 'dom.html'));
  expect(dom).toMatch(
    new RegExp(`title="Card form"[\\s\\S]*<button ref="${framed}">Pay now</button>[\\s\\S]*</iframe>`),
  );
  expect(dom).not.toContain('frame content not captured');
});

test('--no-dom-state: no files, no section', async ({ site, workspace }) => {
  const mcp = await connectStdio(['--no-dom-state'], { cwd: workspace });
  try {
    const nav = await mcp.call('browser_navigate', { url: `${site.url}/form.html` });
    expect(nav.parsed.browserState).toBeUndefined();
    expect(nav.parsed.snapshot!.yaml).toContain('Sign up');
    expect(() => readdirSync(join(workspace, STATE))).toThrow();
  } finally {
    await mcp.close();
  }
});

test('concurrent HTTP sessions write to their own folders', async ({ site }) => {
  const server = await startHttpServer([]);
  try {
    const [a, b] = await Promise.all([connectHttp(server.url), connectHttp(server.url)]);
    const [navA, navB] = await Promise.all([
      a.call('browser_navigate', { url: `${site.url}/form.html` }),
      b.call('browser_navigate', { url: `${site.url}/dialogs.html` }),
    ]);
    const [dirA, dirB] = [navA, navB].map(r => r.parsed.browserState!.dom.replace(/\/dom\.html$/, ''));
    expect(dirA).toMatch(new RegExp(`^${STATE}/[0-9a-f-]{36}$`));
    expect(dirB).toMatch(new RegExp(`^${STATE}/[0-9a-f-]{36}$`));
    expect(dirA).not.toBe(dirB);
    expect(named(join(server.cwd, dirA, 'dom.html'))).toContain('Create account');
    expect(named(join(server.cwd, dirB, 'dom.html'))).toContain('Show alert');
    await Promise.all([a.close(), b.close()]);
  } finally {
    await server.stop();
  }
});

test('each state is published on the event bus, read through the utility world (fails if Playwright moves refs)', async ({
  site,
  workspace,
}) => {
  const core = new InspectorCore(
    defaultCoreConfig({
      browser: { args: [], headless: true },
      outputDir: `${workspace}/.playwright-mcp`,
      snapshotMode: 'inline',
    }),
  );
  const events: ToolCallEvent[] = [];
  core.bus.subscribe(event => event.type === 'tool-call' && events.push(event));
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await createMcpServer(core, 'in-memory').connect(serverSide);
  const client = new Client({ name: 'dom-state-events', version: '1.0.0' });
  await client.connect(clientSide);
  const mcp = new McpTestClient(client);
  try {
    const nav = await mcp.call('browser_navigate', { url: `${site.url}/frames.html` });
    await mcp.call('browser_click', { target: refOf(nav.parsed.snapshot!.yaml, /button "Shadow action"/) });
    // Each event follows its answer, once its files are written.
    await expect.poll(() => events.length).toBe(2);
    const [navigated, clicked] = events;
    // The primary path must work on this Playwright: refs read from its utility world over CDP, frames included.
    expect(navigated.domState!.extraction).toBe('utility-world');
    // The event carries what was written; this in-memory session has its own folder.
    expect(nav.parsed.browserState!.dom).toMatch(/\/browser-state\/[0-9a-f-]{36}\/dom\.html$/);
    expect(readFileSync(resolve(nav.parsed.browserState!.dom), 'utf8')).toBe(events[0].domState!.dom);
    expect(navigated.domState!.dom).toContain(`ref="${refOf(nav.parsed.snapshot!.yaml, /button "Pay now"/)}"`);
    expect(clicked.domState!.extraction).toBe('utility-world');
  } finally {
    await mcp.close();
    await core.close();
  }
});

test('a burst of calls: every answer names files already written, and the folder ends complete and in call order', async ({
  site,
  workspace,
}) => {
  const { core, events, mcp } = await inProcessCore(workspace);
  const dir = (response: { parsed: { browserState?: { dom: string } } }) =>
    dirname(resolve(response.parsed.browserState!.dom));
  try {
    const nav = await mcp.call('browser_navigate', { url: `${site.url}/form.html` });
    const first = named(join(dir(nav), 'dom.html'));
    const target = refOf(nav.parsed.snapshot!.yaml, /textbox "Full name"/);
    // Sent together: the session runs them one after the other, each answered once its files are written.
    const values = ['b1', 'b2', 'b3', 'b4', 'b5', 'b6'];
    // Typed key by key (each answer has a snapshot), so each adds to the field.
    const filled = await Promise.all(values.map(text => mcp.call('browser_type', { target, text, slowly: true })));
    const diffs = values.map((value, i) => `00${i + 1}-type-${target}-${value}.diff`);
    expect(filled.map(r => r.parsed.browserState!.diff!.split('/').pop())).toEqual(diffs);
    const last = filled.at(-1)!;
    // The session ends at once: its end waits for the queued files and events.
    await mcp.close();
    await core.close();

    const state = dir(nav);
    expect(readdirSync(join(state, 'diffs'))).toEqual(diffs);
    expect(readdirSync(state, { recursive: true }).filter(name => String(name).endsWith('.tmp'))).toEqual([]);
    expect(readFileSync(join(state, 'accessibility-tree.yaml'), 'utf8')).toBe(last.parsed.snapshot!.yaml);
    // Each diff counts from the one before: patched in order, the first state becomes the last.
    const patched = join(workspace, 'patched.html');
    writeFileSync(patched, first);
    for (const response of filled)
      execFileSync('patch', ['--silent', patched, resolve(response.parsed.browserState!.diff!)]);
    const dom = readFileSync(join(state, 'dom.html'), 'utf8');
    expect(readFileSync(patched, 'utf8')).toBe(dom);
    expect(dom).toContain(`value="${values.join('')}"`);
    // One event per call, in seq order, each with the state its files have.
    const calls = events.filter(event => event.type === 'tool-call');
    expect(calls.map(call => [call.seq, call.tool])).toEqual([
      [1, 'browser_navigate'],
      ...values.map((_, i) => [i + 2, 'browser_type']),
    ]);
    expect(calls.at(-1)!.domState!.dom).toBe(dom);
    for (const [i, response] of filled.entries())
      expect(calls[i + 1].domState!.diff).toBe(readFileSync(resolve(response.parsed.browserState!.diff!), 'utf8'));
  } finally {
    await core.close();
  }
});

test('a navigation to another document: its diff says so instead of diffing two unrelated pages', async ({
  mcp,
  site,
  workspace,
}) => {
  await mcp.call('browser_navigate', { url: `${site.url}/semantic.html` });
  const next = await mcp.call('browser_navigate', { url: `${site.url}/form.html` });
  expect(next.parsed.browserState!.diff).toBe(`${STATE}/diffs/001-navigate.diff`);
  expect(named(join(workspace, next.parsed.browserState!.diff!))).toBe(
    `--- a/dom.html\t(before 001-navigate)\n+++ b/dom.html\t(after 001-navigate)\nNew document: ${site.url}/form.html\nThe whole DOM changed: dom.html has the new one.\n`,
  );
  const dom = named(join(workspace, STATE, 'dom.html'));
  expect(dom).toContain('Create account');
  expect(dom).not.toContain('Pro plan');
  // Within one document the diff is line by line, as before.
  const checkbox = refOf(next.parsed.snapshot!.yaml, /checkbox "I accept the terms"/);
  const clicked = await mcp.call('browser_click', { target: checkbox });
  expect(clicked.parsed.browserState!.diff).toBe(`${STATE}/diffs/002-click-${checkbox}.diff`);
  expect(named(join(workspace, clicked.parsed.browserState!.diff!))).toMatch(
    /^@@ -\d+,\d+ \+\d+,\d+ @@\n[\s\S]*^\+.*checked/m,
  );
});

test('a snapshot of an unchanged page reuses the last one, whose refs still act; typing then shows in the next one', async ({
  mcp,
  site,
  workspace,
}) => {
  const nav = await mcp.call('browser_navigate', { url: `${site.url}/form.html` });
  const again = await mcp.call('browser_snapshot');
  expect(again.parsed.snapshot!.yaml).toBe(nav.parsed.snapshot!.yaml);
  expect(again.parsed.browserState!.diff).toBeUndefined();
  const field = refOf(again.parsed.snapshot!.yaml, /textbox "Full name"/);
  await mcp.call('browser_type', { target: field, text: 'Ada' });
  const typed = await mcp.call('browser_snapshot');
  expect(typed.parsed.snapshot!.yaml).toMatch(/textbox "Full name"[^\n]*: Ada/);
  expect(named(join(workspace, typed.parsed.browserState!.diff!))).toContain('+             value="Ada"');
  // The refs of a reused snapshot act.
  const reused = await mcp.call('browser_snapshot');
  expect(reused.parsed.snapshot!.yaml).toBe(typed.parsed.snapshot!.yaml);
  const clicked = await mcp.call('browser_click', {
    target: refOf(reused.parsed.snapshot!.yaml, /checkbox "I accept the terms"/),
  });
  expect(clicked.isError, clicked.text).toBe(false);
  expect(clicked.parsed.snapshot!.yaml).toMatch(/checkbox "I accept the terms" \[checked\]/);
});

test('with frames (several round trips to serialize), the state is the one its snapshot saw and the next call acts after', async ({
  mcp,
  site,
  workspace,
}) => {
  await mcp.call('browser_navigate', { url: `${site.url}/frames.html` });
  await mcp.call('browser_evaluate', { function: '() => document.querySelector("user-card").remove()' });
  const after = await mcp.call('browser_snapshot');
  expect(named(join(workspace, after.parsed.browserState!.diff!))).toMatch(/^-.*Shadow action/m);
});

test('a change dom.html leaves out (a style) still names its diff file, which says there is nothing to show', async ({
  mcp,
  site,
  workspace,
}) => {
  await mcp.call('browser_navigate', { url: `${site.url}/form.html` });
  await mcp.call('browser_evaluate', { function: '() => { document.body.style.background = "pink"; }' });
  const styled = await mcp.call('browser_snapshot');
  expect(styled.parsed.browserState!.diff).toMatch(/diffs\/\d{3}-snapshot\.diff$/);
  expect(named(join(workspace, styled.parsed.browserState!.diff!))).toContain('No change in dom.html');
});

test('back on another tab whose page did not change, dom.html is that tab’s DOM again', async ({
  mcp,
  site,
  workspace,
}) => {
  await mcp.call('browser_navigate', { url: `${site.url}/form.html` });
  await mcp.call('browser_tabs', { action: 'new', url: `${site.url}/semantic.html` });
  await mcp.call('browser_snapshot');
  expect(named(join(workspace, STATE, 'dom.html'))).not.toContain('Create account');
  await mcp.call('browser_tabs', { action: 'select', index: 0 });
  await mcp.call('browser_snapshot');
  expect(named(join(workspace, STATE, 'dom.html'))).not.toContain('Pro plan');
});
