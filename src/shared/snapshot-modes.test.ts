import { expect, test } from '@playwright/test';
import { renderResponse, type ParsedResponse } from './response';
import { modeBytes, producedMode } from './snapshot-modes';

const before = '- main [ref=e1]:\n  - button "Delete order" [ref=e2]\n  - status [ref=e3]: No order deleted';
const after = `${before}\n  - dialog "Confirm" [ref=e4]:\n    - button "Delete" [ref=e5]`;
const page = { url: 'http://127.0.0.1/orders', title: 'Orders' };
const bytes = (response: ParsedResponse) => Buffer.byteLength(renderResponse(response));

test('the mode a response was produced in is read from its sections', () => {
  expect(producedMode({ page, snapshot: { yaml: after } }, true)).toBe('inline');
  // A recording keeps the inline snapshot apart.
  expect(producedMode({ page, snapshot: {} }, true)).toBe('inline');
  expect(producedMode({ page, snapshot: { file: 'p.yml' } }, true)).toBe('file');
  expect(producedMode({ page, snapshot: { file: 'p.yml' }, pageChanges: '- x' }, true)).toBe('diff');
  expect(producedMode({ page }, true)).toBe('none');
  expect(producedMode({ code: 'await page.keyboard.press("a");' }, false)).toBeUndefined();
});

test("each mode's bytes are the same response with the snapshot inline, linked, left out, or linked with the changes", () => {
  const response: ParsedResponse = {
    code: 'await page.click();',
    page,
    snapshot: { file: '.playwright-mcp/page-1.yml' },
    pageChanges: 'old',
  };
  const sizes = modeBytes(response, after, before, 60);
  expect(sizes.inline).toBe(bytes({ code: response.code, page, snapshot: { yaml: after } }));
  expect(sizes.file).toBe(bytes({ code: response.code, page, snapshot: { file: '.playwright-mcp/page-1.yml' } }));
  expect(sizes.none).toBe(bytes({ code: response.code, page }));
  expect(sizes.diff).toBe(
    bytes({
      code: response.code,
      page,
      snapshot: { file: '.playwright-mcp/page-1.yml' },
      pageChanges: '- added in main [ref=e1]:\n  - dialog "Confirm" [ref=e4]:\n    - button "Delete" [ref=e5]',
    }),
  );
  // Without a snapshot before it (a new page), diff gives the small tree whole.
  expect(modeBytes(response, after, undefined, 60).diff).toBeGreaterThan(sizes.diff);
});
