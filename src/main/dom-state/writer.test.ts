import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { diffFileName, DomStateWriter, newDocumentDiff } from './writer';

test('diff file names: counter, tool, target and a sanitized, shortened value', () => {
  expect(diffFileName(1, 'browser_navigate', { url: 'https://x.example/' })).toBe('001-navigate.diff');
  expect(diffFileName(2, 'browser_click', { target: 'e14' })).toBe('002-click-e14.diff');
  expect(diffFileName(3, 'browser_type', { target: 'e14', text: 'John' })).toBe('003-type-e14-John.diff');
  expect(diffFileName(4, 'browser_type', { ref: 'f1e2', text: 'john@example.com is a very long value' })).toBe(
    '004-type-f1e2-john-example-com-is.diff',
  );
  expect(diffFileName(5, 'browser_select_option', { target: 'e9', values: ['us', 'fr'] })).toBe(
    '005-select-option-e9-us-fr.diff',
  );
  expect(diffFileName(120, 'browser_press_key', { key: 'Enter' })).toBe('120-press-key-Enter.diff');
  expect(diffFileName(6, 'browser_click', { target: 'button:has-text("Go")' })).toBe(
    '006-click-button-has-text-Go.diff',
  );
});

const state = (ariaSnapshot: string, changed = true, document = 'F1:1') => ({
  changed,
  ariaSnapshot,
  document,
  url: 'http://127.0.0.1/form.html',
});

test('writes the state, a diff only when something changed, and diffs that patch(1) applies', async () => {
  const dir = test.info().outputPath('state');
  const writer = new DomStateWriter(dir);
  const before = '<body>\n  <input name="a"\n         value=""\n         ref="e2">\n</body>\n';
  const after = before.replace('value=""', 'value="John"');

  const first = writer.plan('browser_navigate', {}, state('- textbox [ref=e2]'));
  expect(first.files.diff).toBeUndefined();
  expect(await writer.write(first, before)).toEqual({ dom: before, diff: undefined, diffMs: expect.any(Number) });
  expect(readFileSync(first.files.dom, 'utf8')).toBe(before);
  expect(readFileSync(first.files.accessibilityTree, 'utf8')).toBe('- textbox [ref=e2]');

  // The page said nothing changed: no diff, and the last DOM stands.
  const same = writer.plan('browser_snapshot', {}, state('- textbox [ref=e2]', false));
  expect(same.files).toEqual(first.files);
  expect(await writer.write(same, undefined)).toEqual({ dom: before, diff: undefined, diffMs: expect.any(Number) });

  const typed = writer.plan('browser_type', { target: 'e2', text: 'John' }, state('- textbox [ref=e2]: John'));
  expect(typed.files.diff).toBe(join(dir, 'diffs', '001-type-e2-John.diff'));
  await writer.write(typed, after);
  const diff = readFileSync(typed.files.diff!, 'utf8');
  expect(diff.split('\n').filter(line => /^[-+][^-+]/.test(line))).toEqual([
    '-         value=""',
    '+         value="John"',
  ]);
  expect(diff).toMatch(
    /^--- a\/dom\.html\t\(before 001-type-e2-John\)\n\+\+\+ b\/dom\.html\t\(after 001-type-e2-John\)\n@@ -1,5 \+1,5 @@/,
  );

  // The standard tool agrees: the diff turns the old state into the new one.
  const target = test.info().outputPath('old.html');
  writeFileSync(target, before);
  execFileSync('patch', [target, typed.files.diff!]);
  expect(readFileSync(target, 'utf8')).toBe(after);
  expect(readdirSync(dir).filter(f => f.endsWith('.tmp'))).toEqual([]);

  // The page changed in a way dom.html leaves out: the named diff file exists and says so; no diff to show.
  const styled = writer.plan('browser_hover', { target: 'e2' }, state('- textbox [ref=e2]: John'));
  expect(await writer.write(styled, after)).toEqual({ dom: after, diff: undefined, diffMs: expect.any(Number) });
  expect(readFileSync(styled.files.diff!, 'utf8')).toContain('No change in dom.html');
});

test('plans name every path at once and count from each other; writing them in order leaves the last state', async () => {
  const dir = test.info().outputPath('burst');
  const writer = new DomStateWriter(dir);
  const doms = ['<body>\n  <p>0</p>\n</body>\n', '<body>\n  <p>1</p>\n</body>\n', '<body>\n  <p>2</p>\n</body>\n'];
  // Planned one after the other, before anything is written (as calls in a burst are).
  const plans = doms.map((_, i) => writer.plan('browser_click', { target: `e${i}` }, state(`- paragraph: "${i}"`)));
  expect(plans.map(plan => plan.files.diff && plan.files.diff.slice(dir.length + 1))).toEqual([
    undefined,
    'diffs/001-click-e1.diff',
    'diffs/002-click-e2.diff',
  ]);
  for (const [i, plan] of plans.entries()) await writer.write(plan, doms[i]);
  expect(readFileSync(join(dir, 'dom.html'), 'utf8')).toBe(doms[2]);
  expect(readFileSync(join(dir, 'accessibility-tree.yaml'), 'utf8')).toBe('- paragraph: "2"');
  // Each diff goes from the state written before it.
  expect(readFileSync(plans[2].files.diff!, 'utf8')).toContain('-  <p>1</p>\n+  <p>2</p>');
});

test('another document: the diff says so instead of diffing two unrelated pages', async () => {
  const dir = test.info().outputPath('navigation');
  const writer = new DomStateWriter(dir);
  await writer.write(
    writer.plan('browser_navigate', {}, state('- paragraph: one', true, 'F1:1')),
    '<body>\n  <p>one</p>\n</body>\n',
  );
  const next = { changed: true, ariaSnapshot: '- heading "two"', document: 'F1:2', url: 'http://127.0.0.1/two.html' };
  const dom = '<body>\n  <h1>two</h1>\n</body>\n';
  const plan = writer.plan('browser_navigate', { url: next.url }, next);
  const { diff } = await writer.write(plan, dom);
  expect(diff).toBe(newDocumentDiff('001-navigate', 'http://127.0.0.1/two.html'));
  expect(readFileSync(plan.files.diff!, 'utf8')).toBe(
    '--- a/dom.html\t(before 001-navigate)\n+++ b/dom.html\t(after 001-navigate)\nNew document: http://127.0.0.1/two.html\nThe whole DOM changed: dom.html has the new one.\n',
  );
  expect(readFileSync(plan.files.dom, 'utf8')).toBe(dom);
  // Where documents cannot be told apart (the fallback extraction), the DOM is diffed.
  const unknown = writer.plan('browser_snapshot', {}, { ...next, document: undefined });
  expect((await writer.write(unknown, '<body>\n  <h1>three</h1>\n</body>\n')).diff).toContain('+  <h1>three</h1>');
});
