import { expect, test } from '@playwright/test';
import { snapshotNode, snapshotNodes } from './aria-snapshot';

test('snapshot lines with refs become nodes: quoted names, inline text of clickable generics, frame refs', () => {
  const yaml = [
    '- generic [active] [ref=e1]:',
    '  - heading "Sign \\"up\\" now" [level=1] [ref=e2]',
    '  - listbox "Items" [ref=e4]:',
    '    - option "One" [ref=e5]',
    '  - generic [ref=e9] [cursor=pointer]: Pro plan',
    '  - text: no ref here',
    '  - iframe [ref=e10]:',
    '    - button "Pay: now" [ref=f1e2]',
  ].join('\n');
  expect(snapshotNodes(yaml)).toEqual([
    { ref: 'e1', role: 'generic', name: undefined, pointer: false },
    { ref: 'e2', role: 'heading', name: 'Sign "up" now', pointer: false },
    { ref: 'e4', role: 'listbox', name: 'Items', pointer: false },
    { ref: 'e5', role: 'option', name: 'One', pointer: false },
    { ref: 'e9', role: 'generic', name: 'Pro plan', pointer: true },
    { ref: 'e10', role: 'iframe', name: undefined, pointer: false },
    { ref: 'f1e2', role: 'button', name: 'Pay: now', pointer: false },
  ]);
});

test('snapshotNode finds the one line carrying a ref', () => {
  const yaml = '- main [ref=e1]:\n  - button "Save" [ref=e12]\n  - button "Save draft" [ref=e120]';
  expect(snapshotNode(yaml, 'e12')).toEqual({ ref: 'e12', role: 'button', name: 'Save', pointer: false });
  expect(snapshotNode(yaml, 'e120')?.name).toBe('Save draft');
  expect(snapshotNode(yaml, 'e7')).toBeUndefined();
});

test('keys Playwright single-quotes for YAML (a name holding " #" or ": ") are read, not dropped', () => {
  // As Chromium's snapshot writes them: <button>Close #12</button>, <a href="#">Issue #7</a>, <button>Don't: stop</button>.
  const yaml = [
    `- 'button "Close #12" [ref=e2]'`,
    `- 'link "Issue #7" [ref=e3] [cursor=pointer]':`,
    `  - /url: "#"`,
    `- 'textbox "Ticket #12" [ref=e5]': typed #1`,
    `- 'button "Don''t: stop" [ref=e6]'`,
    `- button "#general" [ref=e7]`,
  ].join('\n');
  expect(snapshotNodes(yaml)).toEqual([
    { ref: 'e2', role: 'button', name: 'Close #12', pointer: false },
    { ref: 'e3', role: 'link', name: 'Issue #7', pointer: true },
    { ref: 'e5', role: 'textbox', name: 'Ticket #12', pointer: false },
    { ref: 'e6', role: 'button', name: "Don't: stop", pointer: false },
    { ref: 'e7', role: 'button', name: '#general', pointer: false },
  ]);
  expect(snapshotNode(yaml, 'e6')?.name).toBe("Don't: stop");
});
