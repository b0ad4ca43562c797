import { expect, test } from '@playwright/test';
import { parseResponse, renderResponse, splitSections, type ParsedResponse } from './response';

const full: ParsedResponse = {
  error: 'Error: something went wrong',
  result: 'Line one\nLine two',
  code: "await page.getByRole('button', { name: 'Submit' }).click();\nawait page.keyboard.press('Enter');",
  tabs: [
    { index: 0, current: false, title: 'First', url: 'https://a.example/' },
    { index: 1, current: true, title: 'Second [beta]', url: 'https://b.example/x?y=1' },
  ],
  page: { url: 'https://b.example/x?y=1', title: 'Second', console: { errors: 2, warnings: 0 } },
  modalState: ['["alert" dialog with message "hi"]: can be handled by browser_handle_dialog'],
  snapshot: { yaml: '- heading "### not a heading" [ref=e1]\n- button "Go" [ref=e2]' },
  browserState: {
    dom: '.playwright-mcp/browser-state/dom.html',
    accessibilityTree: '.playwright-mcp/browser-state/accessibility-tree.yaml',
    diff: '.playwright-mcp/browser-state/diffs/001-navigate.diff',
  },
  events: ['[ERROR] boom @ https://b.example/app.js:3', 'Downloaded file a.txt to /tmp/a.txt'],
};

test('render → parse round-trips every section', () => {
  expect(parseResponse(renderResponse(full))).toEqual(full);
  const linked: ParsedResponse = {
    code: "await page.goto('https://a.example/');",
    snapshot: { file: '.playwright-mcp/page-1.yml' },
    pageChanges:
      '- added in main [ref=e1]:\n  - dialog "Confirm" [ref=e7]:\n    - button "Delete" [ref=e9]\n- removed in main [ref=e1]: button "Open" [ref=e3]',
  };
  expect(parseResponse(renderResponse(linked))).toEqual(linked);
});

test('sections render in the contract order', () => {
  const text = renderResponse(full);
  const titles = [...text.matchAll(/^### (.+)$/gm)].map(m => m[1]);
  expect(titles).toEqual([
    'Error',
    'Result',
    'Ran Playwright code',
    'Open tabs',
    'Page',
    'Modal state',
    'Snapshot',
    'Browser State',
    'Events',
  ]);
  const diff = renderResponse({
    page: { url: 'https://a.example/' },
    snapshot: { file: 'page.yml' },
    pageChanges: '- changed: x',
    browserState: { dom: 'd', accessibilityTree: 't' },
  });
  expect([...diff.matchAll(/^### (.+)$/gm)].map(m => m[1])).toEqual([
    'Page',
    'Snapshot',
    'Page changes',
    'Browser State',
  ]);
});

test('parses a @playwright/mcp response and keeps unknown sections', () => {
  const text = [
    '### Ran Playwright code',
    '```js',
    "await page.goto('http://127.0.0.1:1/');",
    '```',
    '### Page',
    '- Page URL: http://127.0.0.1:1/',
    '- Page Title: One',
    '- HTTP status: 404 Not Found',
    '- Console: 1 errors, 1 warnings',
    '### Snapshot',
    '- [Snapshot](.playwright-mcp/page-2026.yml)',
    '### Downloads',
    '- report.txt',
  ].join('\n');
  expect(parseResponse(text)).toEqual({
    code: "await page.goto('http://127.0.0.1:1/');",
    page: { url: 'http://127.0.0.1:1/', title: 'One', status: '404 Not Found', console: { errors: 1, warnings: 1 } },
    snapshot: { file: '.playwright-mcp/page-2026.yml' },
    other: { Downloads: '- report.txt' },
  });
});

test('empty input parses to no sections', () => {
  expect(parseResponse('')).toEqual({});
  expect(renderResponse({})).toBe('');
});

test('splitSections keeps the text whole, a preamble apart, and headings inside fences in their section', () => {
  const text = [
    'note first',
    '### Result',
    'ok',
    '',
    '### Snapshot',
    '```yaml',
    '- heading "### not a section"',
    '### still yaml',
    '```',
  ].join('\n');
  const sections = splitSections(text);
  expect(sections.map(section => section.title)).toEqual([undefined, 'Result', 'Snapshot']);
  expect(sections.map(section => section.text).join('\n')).toBe(text);
  expect(sections[1].body).toBe('ok');
  expect(sections[2].body).toContain('### still yaml');
});

test('splitSections: a text that starts with a heading has no preamble; an empty text has no sections', () => {
  expect(splitSections('### Result\nok\n').map(section => [section.title, section.text])).toEqual([
    ['Result', '### Result\nok\n'],
  ]);
  expect(splitSections('')).toEqual([]);
});
