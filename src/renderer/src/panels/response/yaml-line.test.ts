import { expect, test } from '@playwright/test';
import { yamlPieces } from './yaml-line';

test('a snapshot line splits into role, name and ref pieces that join back into the line', () => {
  const line = '  - textbox "Full \\"name\\"" [ref=f1e5]: Ada';
  const pieces = yamlPieces(line);
  expect(pieces.map(piece => piece.text).join('')).toBe(line);
  expect(pieces.filter(piece => piece.kind !== 'text')).toEqual([
    { kind: 'role', text: 'textbox' },
    { kind: 'name', text: '"Full \\"name\\""' },
    { kind: 'ref', text: '[ref=f1e5]', ref: 'f1e5' },
  ]);
});

test('lines without tokens stay whole; a directive such as /url is not a role', () => {
  expect(yamlPieces('```yaml')).toEqual([{ kind: 'text', text: '```yaml' }]);
  expect(yamlPieces('    - /url: https://example.com').every(piece => piece.kind === 'text')).toBe(true);
});
