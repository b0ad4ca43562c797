import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { diffFileName, DomStateWriter } from './writer';

test('diff file names: counter, tool, target and a sanitized, shortened value', () => {
  expect(diffFileName(1, 'browser_navigate', { url: 'https://x.example/' })).toBe('001-navigate.diff');
  expect(diffFileName(2, 'browser_click', { target: 'e14' })).toBe('002-click-e14.diff');
  expect(diffFileName(3, 'browser_type', { target: 'e14', text: 'John' })).toBe('003-type-e14-John.diff');
  expect(diffFileName(4, 'browser_type', { ref: 'f1e2', text: 'john@example.com is a very long value' })).toBe('004-type-f1e2-john-example-com-is.diff');
  expect(diffFileName(5, 'browser_select_option', { target: 'e9', values: ['us', 'fr'] })).toBe('005-select-option-e9-us-fr.diff');
  expect(diffFileName(120, 'browser_press_key', { key: 'Enter' })).toBe('120-press-key-Enter.diff');
  expect(diffFileName(6, 'browser_click', { target: 'button:has-text("Go")' })).toBe('006-click-button-has-text-Go.diff');
});

test('writes the state, a diff only when something changed, and diffs that patch(1) applies', async () => {
  const dir = test.info().outputPath('state');
  const writer = new DomStateWriter(dir);
  const before = '<body>\n  <input name="a"\n         value=""\n         ref="e2">\n</body>\n';
  const after = before.replace('value=""', 'value="John"');

  const first = await writer.write('browser_navigate', {}, before, '- textbox [ref=e2]');
  expect(first.files.diff).toBeUndefined();
  expect(readFileSync(first.files.dom, 'utf8')).toBe(before);
  expect(readFileSync(first.files.accessibilityTree, 'utf8')).toBe('- textbox [ref=e2]');

  const same = await writer.write('browser_snapshot', {}, before, '- textbox [ref=e2]');
  expect(same.files.diff).toBeUndefined();

  const typed = await writer.write('browser_type', { target: 'e2', text: 'John' }, after, '- textbox [ref=e2]: John');
  expect(typed.files.diff).toBe(join(dir, 'diffs', '001-type-e2-John.diff'));
  const diff = readFileSync(typed.files.diff!, 'utf8');
  expect(diff.split('\n').filter(line => /^[-+][^-+]/.test(line))).toEqual(['-         value=""', '+         value="John"']);
  expect(diff).toMatch(/^--- a\/dom\.html\t\(before 001-type-e2-John\)\n\+\+\+ b\/dom\.html\t\(after 001-type-e2-John\)\n@@ -1,5 \+1,5 @@/);

  // The standard tool agrees: the diff turns the old state into the new one.
  const target = test.info().outputPath('old.html');
  writeFileSync(target, before);
  execFileSync('patch', [target, typed.files.diff!]);
  expect(readFileSync(target, 'utf8')).toBe(after);
  expect(readdirSync(dir).filter(f => f.endsWith('.tmp'))).toEqual([]);
});
